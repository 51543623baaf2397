// A world the size of a game level in the browser (#61): 400 x 300 x 500 voxels (60 million,
// under 1 % solid: rooms and corridors at eight storeys), written as a .3dmap by the native
// build's `cubepath world --kind storeys --size 400x300x500` (the file named in
// CUBEPATH_BIG_WORLD, as .ci/run writes it), picked in the page's file picker: it opens, is
// searched from corner to corner of its ground (the same cost as on the desktop) and is drawn.
import { readFile } from "node:fs/promises";

/// The line for this world, seed 1, opened from a file on a running page: its ends the ground's
/// corners, and the cost `cubepath solve --from 0,0,0 --to 399,299,0` gives on the desktop.
const ANSWER = /^world: 400x300x500 start=0,0,0 end=399,299,0 cost=522\.8499 voxels=400 walked=0 slice=499 over=-$/;

export async function bigWorld(browser, url, failures, keep) {
  const file = process.env.CUBEPATH_BIG_WORLD;
  if (!file) {
    failures.push("big world: CUBEPATH_BIG_WORLD names no .3dmap (.ci/run writes one with `cubepath world --kind storeys --size 400x300x500`)");
    return "no file";
  }
  const bytes = await readFile(file);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen = [];
  let ready = false;
  page.on("console", (m) => {
    const t = m.text();
    if (/panicked|RuntimeError|unreachable/.test(t)) failures.push(`console (big world): ${t}`);
    if (t.includes("cubepath ready")) ready = true;
    const r = t.match(/cubepath (world: .*?)(?: color:|$)/);
    if (r) seen.push(r[1]);
    const said = t.match(/cubepath says: (.*?)(?: color:|$)/);
    if (said) seen.push(`says: ${said[1]}`);
  });
  page.on("pageerror", (e) => failures.push(`page error (big world): ${e.message}`));
  await page.goto(`${url}/?rows=12&cols=12&seed=2`);
  const until = async (ok, ms) => {
    const t = Date.now() + ms;
    while (!ok() && Date.now() < t) await page.waitForTimeout(250);
    return ok();
  };
  if (!(await until(() => ready, 120_000))) {
    failures.push("big world: the page was not ready");
    await page.close();
    return "not ready";
  }
  const t0 = Date.now();
  await page.setInputFiles("#cubepath-open", { name: "storeys.3dmap", mimeType: "text/plain", buffer: bytes });
  const answered = await until(() => seen.some((l) => ANSWER.test(l)), 240_000);
  const ms = Date.now() - t0;
  if (!answered) failures.push(`big world: the ${(bytes.length / 1e6).toFixed(1)} MB world did not open and answer: ${seen.slice(-3).join(" | ") || "nothing said"}`);
  await keep(page, "14-big-world");
  await page.close();
  return answered ? `a 400 x 300 x 500 world (${(bytes.length / 1e6).toFixed(1)} MB) opened and answered in ${(ms / 1000).toFixed(1)} s` : "failed";
}
