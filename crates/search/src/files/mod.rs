//! Files: every reader and writer of outside bytes. The Moving AI benchmark's `.map` and
//! `.scen` ([`read_map`], [`read_scen`]), its 3D `.3dmap` and `.3dscen` ([`read_3dmap`],
//! [`read_3dscen`]), MagicaVoxel's `.vox` ([`read_vox`]), the game's board codes
//! ([`board_code`]) and Posthoc's search traces ([`read_posthoc`]). Each reader is strict: a malformed file is refused with a [`FileError`]
//! naming the file, the line (or byte) and what was wrong, never a panic.
//!
//! Owns: the formats. Uses the board and world rooms (what a file holds); never the searches.

pub(crate) mod board_code;
pub(crate) mod map;
pub(crate) mod map3d;
pub(crate) mod posthoc;
pub(crate) mod vox;

pub use board_code::{board_code, read_board_code};
pub use map::{
    FileError, Problem, SUM_ERROR, load_map, load_scen, read_map, read_map_from, read_scen, read_scen_from, stated_tolerance, stated_unit,
    write_map,
};
pub use map3d::{Problem3, Scenario3, load_3dmap, load_3dscen, read_3dmap, read_3dmap_from, read_3dscen, read_3dscen_from, write_3dmap};
pub use posthoc::{MAX_EVENTS, TraceEvent, read_posthoc};
pub use vox::{VOX_MOST_SIDE, is_vox_file, is_world_file, load_vox, load_world, read_vox, read_world, write_vox, write_world};
