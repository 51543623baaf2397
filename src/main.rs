fn main() {
    use bevy::prelude::*;
    let _ = App::new();
}
