//! Boards too large for a cube per cell (the 512 x 512 benchmark maps) are drawn flat: one
//! texture pixel per cell in the board's colours, on a plane that can be clicked like the cubes.

use bevy::asset::RenderAssetUsages;
use bevy::image::{Image, ImageSampler};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::cubes::drawn_flat;
use super::looks::{CellLooks, Look, looks_changed};
use crate::game::logic::board::Board;
use crate::game::logic::input::Action;
use crate::game::logic::settings::Palette;
use crate::game::phases::ViewSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, draw_flat_board.run_if(looks_changed).in_set(ViewSystems::Cubes)).add_observer(click_flat_board);
}

/// The flat board's plane.
#[derive(Component)]
pub struct FlatBoard {
    image: Handle<Image>,
    size: (usize, usize),
}

fn colour(look: Look, palette: Palette) -> [u8; 4] {
    look.colour_in(palette).to_srgba().to_u8_array()
}

fn draw_flat_board(
    mut commands: Commands,
    looks: CellLooks,
    mut images: ResMut<Assets<Image>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    flats: Query<(Entity, &FlatBoard)>,
) {
    let board = &looks.board;
    let (w, h) = (board.grid.width(), board.grid.height());
    let drawn_flat = drawn_flat(board);
    for (e, flat) in &flats {
        if !drawn_flat || flat.size != (w, h) {
            commands.entity(e).despawn();
        }
    }
    if !drawn_flat {
        return;
    }
    let palette = *looks.palette;
    let pixels: Vec<u8> = looks.all(false).into_iter().flat_map(|l| colour(l, palette)).collect();
    if let Some((_, flat)) = flats.iter().find(|(_, f)| f.size == (w, h)) {
        if let Some(mut image) = images.get_mut(&flat.image) {
            image.data = Some(pixels);
        }
        return;
    }
    let (image, mesh, material) = pixel_plane(&mut images, &mut meshes, &mut materials, (w, h), pixels, Vec2::new(w as f32, h as f32));
    commands.spawn((Name::new("Flat board"), FlatBoard { image, size: (w, h) }, mesh, material, Transform::default()));
}

/// An unlit plane of `size` in the world showing `pixels` (RGBA, rows of `texels.0`), a texel
/// each, sharp: the flat board and the race's flat lanes. Returns the image to repaint it by.
pub(super) fn pixel_plane(
    images: &mut Assets<Image>,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    texels: (usize, usize),
    pixels: Vec<u8>,
    size: Vec2,
) -> (Handle<Image>, Mesh3d, MeshMaterial3d<StandardMaterial>) {
    let mut image = Image::new(
        Extent3d { width: texels.0 as u32, height: texels.1 as u32, depth_or_array_layers: 1 },
        TextureDimension::D2,
        pixels,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    image.sampler = ImageSampler::nearest();
    let image = images.add(image);
    let material = materials.add(StandardMaterial { base_color_texture: Some(image.clone()), unlit: true, ..default() });
    (image, Mesh3d(meshes.add(Plane3d::default().mesh().size(size.x, size.y))), MeshMaterial3d(material))
}

/// A click on the flat board selects (left) or paints (right) the cell under the pointer.
fn click_flat_board(ev: On<Pointer<Click>>, flats: Query<&FlatBoard>, board: Res<Board>, mut actions: MessageWriter<Action>) {
    if flats.get(ev.event_target()).is_err() {
        return;
    }
    let Some(at) = ev.event.hit.position else { return };
    let (w, h) = (board.grid.width() as f32, board.grid.height() as f32);
    let (x, y) = ((at.x + w / 2.0).floor(), (at.z + h / 2.0).floor());
    if x < 0.0 || y < 0.0 || x >= w || y >= h {
        return;
    }
    let p = (x as usize, y as usize);
    match ev.event.button {
        PointerButton::Primary => {
            actions.write(Action::Select(p));
        }
        PointerButton::Secondary => {
            actions.write(Action::ToggleBarrier(p));
        }
        _ => {}
    }
}
