//! The last message for the player: any module may say something; the panel shows it.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Status>();
}

/// The last message for the player.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Status(pub String);

impl Status {
    /// Replaces the message.
    pub fn say(&mut self, message: impl Into<String>) {
        self.0 = message.into();
    }
}
