//! In the browser: maps the player chose in the page's file picker or dropped on the page wait
//! in the page's `window.cubepathMaps` queue as `[name, text]` (a `.vox` model as `[name,
//! bytes]`, a `Uint8Array`); each frame they become
//! [`Action::LoadMap`] (a malformed one says why and keeps the board, as any loaded map).

use bevy::prelude::*;

use crate::game::logic::input::Action;
use crate::game::phases::Turn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_page_maps.in_set(Turn::PageMaps));
}

fn take_page_maps(mut actions: MessageWriter<Action>) {
    use web_sys::js_sys::{Array, Reflect, Uint8Array};
    use web_sys::wasm_bindgen::{JsCast, JsValue};
    let Some(window) = web_sys::window() else { return };
    let Ok(queue) = Reflect::get(&window, &JsValue::from_str("cubepathMaps")) else { return };
    let Ok(queue) = queue.dyn_into::<Array>() else { return };
    while queue.length() > 0 {
        let entry = Array::from(&queue.shift());
        let name = entry.get(0).as_string().unwrap_or_else(|| "dropped.map".into());
        let data = entry.get(1);
        let bytes = match data.dyn_ref::<Uint8Array>() {
            Some(binary) => binary.to_vec(),
            None => data.as_string().unwrap_or_default().into_bytes(),
        };
        actions.write(Action::LoadMap { name, bytes });
    }
}
