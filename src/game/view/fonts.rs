//! The Chinese panel's glyphs. egui's own fonts draw Latin text only, so when the player picks
//! Chinese the CJK subset (`assets/fonts/cubepath-zh.otf`, made by `assets/fonts/subset.sh`)
//! is added to egui as a fallback font, once. On the desktop it is in the binary; in the
//! browser the page downloads it only then (`window.cubepathFont`), so the English page carries
//! only the two glyphs of the language switch's "中文" (`cubepath-zh-name.otf`, 3.5 KB).

use bevy::prelude::*;
use bevy_egui::egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::logic::settings::Language;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CjkFont>()
        .add_systems(EguiPrimaryContextPass, (add_switch_font.run_if(run_once), add_cjk_font.run_if(wants_cjk_font)));
}

/// Whether egui has the CJK font.
#[derive(Resource, Default)]
pub struct CjkFont {
    pub added: bool,
}

fn wants_cjk_font(language: Res<Language>, font: Res<CjkFont>) -> bool {
    *language == Language::Chinese && !font.added
}

/// The language switch's "中文", in every language.
fn add_switch_font(mut contexts: EguiContexts) -> Result {
    let data = egui::FontData::from_static(include_bytes!("../../../assets/fonts/cubepath-zh-name.otf"));
    contexts.ctx_mut()?.add_font(FontInsert::new("cubepath-zh-name", data, fallback()));
    Ok(())
}

/// The families a CJK font serves, after egui's own fonts.
fn fallback() -> Vec<InsertFontFamily> {
    [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily { family, priority: FontPriority::Lowest })
        .collect()
}

/// Adds the font once its bytes are here (at once on the desktop; in the browser, the frame
/// after the download ends).
fn add_cjk_font(mut contexts: EguiContexts, mut font: ResMut<CjkFont>) -> Result {
    let Some(data) = cjk_font_data() else { return Ok(()) };
    let bytes = data.font.len();
    contexts.ctx_mut()?.add_font(FontInsert::new("cubepath-zh", data, fallback()));
    font.added = true;
    info!("cubepath font: the Chinese glyphs are in ({bytes} bytes)");
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
fn cjk_font_data() -> Option<egui::FontData> {
    Some(egui::FontData::from_static(include_bytes!("../../../assets/fonts/cubepath-zh.otf")))
}

/// The page's `window.cubepathFont()` starts the download on its first call and answers the
/// bytes once they are here (null before, and after a failed download, which it logs).
#[cfg(target_arch = "wasm32")]
fn cjk_font_data() -> Option<egui::FontData> {
    use web_sys::js_sys::{Function, Reflect, Uint8Array};
    use web_sys::wasm_bindgen::{JsCast, JsValue};
    let window = web_sys::window()?;
    let ask = Reflect::get(&window, &JsValue::from_str("cubepathFont")).ok()?.dyn_into::<Function>().ok()?;
    let bytes = ask.call0(&window).ok()?.dyn_into::<Uint8Array>().ok()?;
    Some(egui::FontData::from_owned(bytes.to_vec()))
}
