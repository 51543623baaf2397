//! The bench picture: search time and expansions against the optimal length, one colour per
//! algorithm, log scales, as a plain SVG file.

use std::fmt::Write;
use std::time::Duration;

use crate::search::Algorithm;

/// One algorithm's measurements: the best time and the expansions of each problem.
pub(super) struct Series<'a> {
    pub algorithm: Algorithm,
    pub problems: &'a [(Duration, usize)],
}

const COLOURS: [&str; 7] = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"];
const PANEL: (f64, f64) = (460.0, 320.0);
const MARGIN: (f64, f64) = (70.0, 50.0);

pub(super) fn draw(map: &str, lengths: &[f64], runs: &[Series]) -> String {
    let width = 2.0 * (PANEL.0 + MARGIN.0) + 80.0;
    let height = PANEL.1 + 2.0 * MARGIN.1 + 30.0 + 18.0 * runs.len() as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/>"#
    );
    let _ =
        writeln!(svg, r#"<text x="{}" y="20" text-anchor="middle" font-size="15">{} problems of {map}</text>"#, width / 2.0, lengths.len());
    let times = |r: &Series| r.problems.iter().map(|p| p.0.as_secs_f64() * 1e6).collect::<Vec<f64>>();
    let expansions = |r: &Series| r.problems.iter().map(|p| p.1 as f64).collect::<Vec<f64>>();
    panel(&mut svg, MARGIN.0, "search time (µs, log)", lengths, &runs.iter().map(times).collect::<Vec<_>>());
    panel(&mut svg, 2.0 * MARGIN.0 + PANEL.0 + 40.0, "nodes expanded (log)", lengths, &runs.iter().map(expansions).collect::<Vec<_>>());
    for (k, run) in runs.iter().enumerate() {
        let y = MARGIN.1 + PANEL.1 + 45.0 + 18.0 * k as f64;
        let _ = writeln!(
            svg,
            r#"<circle cx="{}" cy="{}" r="4" fill="{}"/><text x="{}" y="{}">{}</text>"#,
            MARGIN.0,
            y - 4.0,
            COLOURS[k % COLOURS.len()],
            MARGIN.0 + 10.0,
            y,
            run.algorithm.name()
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One scatter panel at `left`: x the optimal length, y on a log scale.
fn panel(svg: &mut String, left: f64, title: &str, xs: &[f64], series: &[Vec<f64>]) {
    let top = MARGIN.1;
    let x_max = xs.iter().cloned().fold(1.0, f64::max);
    let positive = series.iter().flatten().cloned().filter(|v| *v > 0.0);
    let (lo, hi) = positive.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo > hi { (1.0, 10.0) } else { (lo.log10().floor(), hi.log10().ceil().max(lo.log10().floor() + 1.0)) };
    let px = |x: f64| left + x / x_max * PANEL.0;
    let py = |v: f64| top + PANEL.1 - (v.max(10f64.powf(lo)).log10() - lo) / (hi - lo) * PANEL.1;
    let _ = writeln!(svg, r##"<rect x="{left}" y="{top}" width="{}" height="{}" fill="none" stroke="#444"/>"##, PANEL.0, PANEL.1);
    let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">{title}</text>"#, left + PANEL.0 / 2.0, top - 8.0);
    let _ =
        writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">optimal path length</text>"#, left + PANEL.0 / 2.0, top + PANEL.1 + 32.0);
    for e in lo as i32..=hi as i32 {
        let y = py(10f64.powi(e));
        let _ = writeln!(
            svg,
            r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/><text x="{}" y="{}" text-anchor="end">1e{e}</text>"##,
            left + PANEL.0,
            left - 6.0,
            y + 4.0
        );
    }
    for k in 0..=4 {
        let x = x_max * k as f64 / 4.0;
        let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="middle">{x:.0}</text>"#, px(x), top + PANEL.1 + 16.0);
    }
    for (k, ys) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        for (x, y) in xs.iter().zip(ys) {
            let _ = writeln!(svg, r#"<circle cx="{:.1}" cy="{:.1}" r="1.6" fill="{colour}" fill-opacity="0.6"/>"#, px(*x), py(*y));
        }
    }
}
