//! The bench picture: search time and expansions against the optimal length, one colour per
//! algorithm, log scales, drawn with plotters as an SVG file.

use std::time::Duration;

use crate::engine::search::Algorithm;

/// One algorithm's measurements: the best time and the expansions of each problem.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(super) struct Series<'a> {
    pub algorithm: Algorithm,
    pub problems: &'a [(Duration, usize)],
}

/// The picture as SVG text: two panels side by side, a point per problem and algorithm, a
/// legend.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn draw(map: &str, lengths: &[f64], runs: &[Series]) -> Result<String, String> {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1140, 480)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root.titled(&format!("{} problems of {map}", lengths.len()), ("sans-serif", 18)).map_err(|e| e.to_string())?;
        let (left, right) = root.split_horizontally(570);
        let times = |r: &Series| r.problems.iter().map(|p| p.0.as_secs_f64() * 1e6).collect::<Vec<f64>>();
        let expansions = |r: &Series| r.problems.iter().map(|p| p.1 as f64).collect::<Vec<f64>>();
        panel(&left, "search time (µs, log)", lengths, runs, times)?;
        panel(&right, "nodes expanded (log)", lengths, runs, expansions)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The command line does not run in the browser.
#[cfg(target_arch = "wasm32")]
pub(super) fn draw(_map: &str, _lengths: &[f64], _runs: &[Series]) -> Result<String, String> {
    Err("no plots in the browser".into())
}

/// One colour per algorithm (Tableau's, readable on white).
#[cfg(not(target_arch = "wasm32"))]
fn colour(k: usize) -> plotters::style::RGBColor {
    const COLOURS: [(u8, u8, u8); 7] = [
        (0xd6, 0x27, 0x28),
        (0x1f, 0x77, 0xb4),
        (0x2c, 0xa0, 0x2c),
        (0x94, 0x67, 0xbd),
        (0xff, 0x7f, 0x0e),
        (0x8c, 0x56, 0x4b),
        (0x17, 0xbe, 0xcf),
    ];
    let (r, g, b) = COLOURS[k % COLOURS.len()];
    plotters::style::RGBColor(r, g, b)
}

/// One scatter panel: x the optimal length, y on a log scale, a legend of the algorithms.
#[cfg(not(target_arch = "wasm32"))]
fn panel<DB: plotters::prelude::DrawingBackend>(
    area: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    xs: &[f64],
    runs: &[Series],
    ys: impl Fn(&Series) -> Vec<f64>,
) -> Result<(), String> {
    use plotters::prelude::*;
    let series: Vec<Vec<f64>> = runs.iter().map(ys).collect();
    let x_max = xs.iter().copied().fold(1.0, f64::max);
    let positive = series.iter().flatten().copied().filter(|v| *v > 0.0);
    let (lo, hi) = positive.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (10f64.powf(lo.log10().floor()), 10f64.powf(hi.log10().ceil()).max(lo * 10.0)) };
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 14))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..x_max, (lo..hi).log_scale())
        .map_err(|e| e.to_string())?;
    chart.configure_mesh().x_desc("optimal path length").y_label_formatter(&|v| format!("{v:.0e}")).draw().map_err(|e| e.to_string())?;
    for (k, (run, ys)) in runs.iter().zip(&series).enumerate() {
        let style = colour(k).mix(0.6).filled();
        let points = xs.iter().zip(ys).map(|(&x, &y)| Circle::new((x, y.max(lo)), 2, style));
        chart
            .draw_series(points)
            .map_err(|e| e.to_string())?
            .label(run.algorithm.name())
            .legend(move |(x, y)| Circle::new((x, y), 4, colour(k).filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}
