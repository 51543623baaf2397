//! Text the view writes in more than one place. A leaf.

/// A cell as the panel and the logs write it: `x,y`, or `-` for none.
pub(crate) fn cell_text(cell: Option<(usize, usize)>) -> String {
    cell.map_or("-".to_string(), |(x, y)| format!("{x},{y}"))
}
