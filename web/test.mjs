// Browser test of the wasm build: serves web/dist on localhost, opens a board with a path and
// walk=1 in Debian's headless Chromium (WebGL through SwiftShader), waits for the app's ready
// line and for the walk to finish, fails on any page error or panic, saves a screenshot and
// checks that it shows the start (green), end (red) and walked path (black) colours. Then it
// plays: clicks two cubes (start, end), right-clicks a cube on the path (the path must change),
// presses Space (cubes turn black) and A (a new board), checking each step exactly against the
// app's "cubepath state" lines and keeping a screenshot after each. Then it opens the other
// pages (a race, crowds, links, a lesson, the book, a world) and last plays the page on a
// phone with touch alone (web/phone.mjs).
//
//   npm install --prefix web && node web/test.mjs [screenshot.png]

import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { bigWorld } from "./big.mjs";
import { phone, sharpPhone } from "./phone.mjs";
import { dist, launch, serve } from "./serve.mjs";

const shot = process.argv[2] ?? join(dist, "browser-test.png");
const { server, url } = await serve();
const browser = await launch();
const failures = [];
let ready = null, finished = null;
const states = [];
const says = [];
const fontAsked = []; // requests of the English page for the Chinese font (there must be none)
const t0 = Date.now();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    const text = m.text();
    if (/panicked|RuntimeError|unreachable/.test(text)) failures.push(`console: ${text}`);
    if (text.includes("cubepath ready") && ready === null) ready = Date.now() - t0;
    if (text.includes("cubepath walk finished") && finished === null) finished = Date.now() - t0;
    const st = text.match(/cubepath state: (.*?)(?: color:|$)/);
    if (st) states.push(Object.fromEntries(st[1].trim().split(" ").map((kv) => kv.split("="))));
    const said = text.match(/cubepath says: (.*?)(?: color:|$)/);
    if (said) says.push(said[1]);
    if (process.env.VERBOSE) console.log(`[browser] ${text}`);
  });
  // the English page never downloads the Chinese font
  page.on("request", (r) => { if (r.url().includes("cubepath-zh")) fontAsked.push(r.url()); });
  await page.goto(`${url}/?rows=12&cols=12&barriers=20&seed=7&start=0,0&end=11,11&walk=1`);
  const deadline = Date.now() + 300_000;
  while ((ready === null || finished === null) && failures.length === 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
  }
  if (ready === null) failures.push("no 'cubepath ready' line");
  if (finished === null) failures.push("the walk did not finish");
  await page.waitForTimeout(1000);
  // frame time: the gaps between 120 animation frames while the game idles (Bevy draws one a frame)
  const frames = await page.evaluate(() => new Promise((ok) => {
    const t = [];
    const tick = (now) => { t.push(now); if (t.length < 121) requestAnimationFrame(tick); else ok(t); };
    requestAnimationFrame(tick);
  }));
  const gaps = frames.slice(1).map((v, i) => v - frames[i]).sort((a, b) => a - b);
  const frameMs = { mean: gaps.reduce((a, b) => a + b, 0) / gaps.length, p90: gaps[Math.floor(gaps.length * 0.9)] };
  const png = await capture(page);
  await writeFile(shot, png);

  // Count the game's colours in the screenshot, decoded by the browser itself.
  const counts = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let green = 0, red = 0, black = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      if (g > 120 && r < 0.6 * g && b < 0.6 * g) green++;
      if (r > 150 && g < 0.45 * r && b < 0.45 * r) red++;
      if (r < 8 && g < 8 && b < 8) black++;
    }
    return { green, red, black };
  }, png.toString("base64"));
  console.log(`first ready line after ${ready} ms, walk finished after ${finished} ms; frame time ${frameMs.mean.toFixed(1)} ms mean, ${frameMs.p90.toFixed(1)} ms p90; colours ${JSON.stringify(counts)}`);
  if (counts.green < 200) failures.push("no green start in the screenshot");
  if (counts.red < 200) failures.push("no red end in the screenshot");
  if (counts.black < 1000) failures.push("no black path in the screenshot");
  if (failures.length === 0) await play(page, shot);
} finally {
  await browser.close();
  server.close();
}

/// A screenshot, tried three times: under SwiftShader on a busy 2-core machine Chromium
/// sometimes answers "Unable to capture screenshot" once (it failed CI on 2026-12-01).
async function capture(page) {
  for (let tries = 1; ; tries++) {
    try {
      return await page.screenshot({ timeout: 120_000 });
    } catch (e) {
      if (tries === 3) throw e;
      console.log(`screenshot try ${tries} failed (${e.message.split("\n")[0]}); trying again`);
      await page.waitForTimeout(2000);
    }
  }
}

/// Keeps a screenshot for people to look at; the checks are on the app's log lines, so a page
/// Chromium cannot capture is said, not failed.
async function keepShot(page, file) {
  try {
    await writeFile(file, await capture(page));
  } catch (e) {
    console.log(`screenshot ${file} not kept: ${e.message.split("\n")[0]}`);
  }
}

/// The app's latest reported state.
function state() {
  return states[states.length - 1] ?? {};
}

/// Waits (polling, frames are slow under SwiftShader) until `ok(state)` holds; else a failure.
async function waitFor(page, ok, what, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!ok(state()) && Date.now() < deadline && failures.length === 0) await page.waitForTimeout(100);
  if (!ok(state())) failures.push(`${what}: last state ${JSON.stringify(state())}`);
  return ok(state());
}

/// Rests the pointer on a cube until the app reports it under the pointer, then clicks.
async function clickAt(page, x, y, button = "left") {
  await page.mouse.move(x - 3, y - 3);
  await page.mouse.move(x, y);
  if (!(await waitFor(page, (s) => s.hover && s.hover !== "-", `hover at ${x},${y}`))) return;
  await page.waitForTimeout(300);
  await page.mouse.down({ button });
  await page.waitForTimeout(120);
  await page.mouse.up({ button });
}

/// The interactive steps, each checked exactly against the state lines.
async function play(page, shot) {
  const keep = async (name) => keepShot(page, shot.replace(/\.png$/, `-${name}.png`));
  const first = state();
  // two clicks: the start, then the end (cells found for this board, camera and side panel by
  // hovering: 2,6 and 10,2)
  await clickAt(page, 643, 420);
  if (!(await waitFor(page, (s) => s.start === "2,6", "the first click sets the start"))) return;
  await clickAt(page, 990, 280);
  if (!(await waitFor(page, (s) => s.end === "10,2" && s.cost !== "none", "the second click sets the end"))) return;
  await keep("1-selected");
  const before = state();
  if (before.start === first.start || before.cost === first.cost) failures.push("the path did not follow the new endpoints");
  // a right click on a cube of the path: a barrier, and the path goes round it
  await clickAt(page, 830, 278, "right"); // 6,2: on the path
  if (!(await waitFor(page, (s) => Number(s.blocked) === Number(before.blocked) + 1, "the right click puts a barrier"))) return;
  const after = state();
  if (after.cost === before.cost && after.cells === before.cells) failures.push(`the path did not change: ${JSON.stringify(after)}`);
  if (Number(after.cost) <= Number(before.cost)) failures.push(`a barrier on the path made it shorter: ${before.cost} -> ${after.cost}`);
  await keep("2-barrier");
  // Space: the path's cubes turn black one by one
  await page.mouse.move(1200, 760);
  await page.keyboard.press("Space");
  if (!(await waitFor(page, (s) => Number(s.walked) >= 3, "Space walks the path"))) return;
  await keep("3-walk");
  // A: a new board with a new seed, start and end back in the corners, nothing walked
  await page.keyboard.press("a");
  if (!(await waitFor(page, (s) => s.seed !== after.seed && s.start === "0,0" && s.end === "11,11", "A makes a new board"))) return;
  if (state().walked !== "0") failures.push(`the new board kept a walk: ${JSON.stringify(state())}`);
  await keep("4-reset");
  const reset = state();
  // Open: the Maps section, its Open button, the browser's file picker, a small map
  const clickPanel = async (x, y) => {
    await page.mouse.move(x, y);
    await page.waitForTimeout(500);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();
  };
  await clickPanel(41, 192); // the Maps header
  await page.waitForTimeout(2000);
  await keep("5-maps");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser", { timeout: 30_000 }), clickPanel(45, 277)]); // its Open button
  // a wall in the middle row: from the first floor cell 0,0 to the last 4,2 it is 6 straight steps
  const tiny = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n";
  await chooser.setFiles({ name: "tiny.map", mimeType: "text/plain", buffer: Buffer.from(tiny) });
  if (!(await waitFor(page, (s) => s.start === "0,0" && s.end === "4,2" && s.blocked === "3" && s.cost === "6.0000", "the picked map loads"))) return;
  await keep("6-opened");
  // a malformed map dropped on the page: its error is said, the board is kept
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["type octile\nheight 2\nwidth 2\nmap\n..\n.?\n"], "bad.map", { type: "text/plain" }));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  const deadline = Date.now() + 30_000;
  while (!says.some((m) => m.includes("bad.map:6:")) && Date.now() < deadline) await page.waitForTimeout(100);
  if (!says.some((m) => m.includes("bad.map:6:"))) failures.push(`the dropped malformed map said nothing: ${says.slice(-3)}`);
  if (state().blocked !== "3" || state().end !== "4,2") failures.push(`the malformed map changed the board: ${JSON.stringify(state())}`);
  const opened = state().cost;
  // a MagicaVoxel model (binary: a colour index of 200, which text would garble) dropped on the
  // page opens as a world: 3 x 2 x 2 with two voxels blocked
  await page.evaluate(() => {
    const u32 = (...v) => v.flatMap((x) => [x & 255, (x >> 8) & 255, (x >> 16) & 255, x >>> 24]);
    const text = (s) => [...s].map((c) => c.charCodeAt(0));
    const bytes = [
      ...text("VOX "), ...u32(150), ...text("MAIN"), ...u32(0, 48),
      ...text("SIZE"), ...u32(12, 0, 3, 2, 2), ...text("XYZI"), ...u32(12, 0, 2), 1, 0, 0, 200, 2, 1, 1, 200,
    ];
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], "two.vox", { type: "application/octet-stream" }));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  const voxDeadline = Date.now() + 30_000;
  while (!says.some((m) => m.includes("two.vox")) && Date.now() < voxDeadline) await page.waitForTimeout(100);
  if (!says.some((m) => m.includes("world: two.vox"))) failures.push(`the dropped .vox model did not open as a world: ${says.slice(-3)}`);
  // ?map=NAME opens a bundled map
  const linked = await page.context().browser().newPage({ viewport: { width: 1280, height: 800 } });
  let sized = null;
  linked.on("console", (m) => {
    const r = m.text().match(/cubepath ready: (\d+ x \d+) board/);
    if (r) sized = r[1];
  });
  linked.on("pageerror", (e) => failures.push(`page error (map link): ${e.message}`));
  await linked.goto(page.url().replace(/\?.*$/, "?map=maze.map"));
  const until = Date.now() + 60_000;
  while (sized === null && Date.now() < until) await linked.waitForTimeout(200);
  if (sized !== "31 x 31") failures.push(`?map=maze.map opened ${sized ?? "nothing"}, not the 31 x 31 maze`);
  await linked.close();
  // the race and the crowd: each page opens, runs without an error and reports what it did
  const visit = async (query, line, done, name, play) => {
    const p2 = await page.context().browser().newPage({ viewport: { width: 1280, height: 800 } });
    const seen = [];
    p2.on("console", (m) => {
      const t = m.text();
      if (/panicked|RuntimeError|unreachable/.test(t)) failures.push(`console (${name}): ${t}`);
      const r = t.match(line);
      if (r) seen.push(r[1]);
    });
    p2.on("pageerror", (e) => failures.push(`page error (${name}): ${e.message}`));
    await p2.goto(page.url().replace(/\?.*$/, query));
    const until = Date.now() + 150_000; // a slow machine: the planned crowd logs every 20 ticks
    while (!seen.some(done) && Date.now() < until && failures.length === 0) await p2.waitForTimeout(250);
    if (!seen.some(done)) failures.push(`${name}: ${seen.slice(-2).join(" | ") || "nothing said"}`);
    else if (play) await play(p2, seen);
    // (frames take seconds under SwiftShader: the screenshot waits for one)
    await keepShot(p2, shot.replace(/\.png$/, `-${name}.png`));
    await p2.close();
    return seen[seen.length - 1];
  };
  const race = await visit("?rows=16&cols=16&barriers=22&seed=7&start=0,0&end=15,12&race=build-up&steps=100", /cubepath race: (.*?)(?: color:|$)/,
    (l) => /^bfs \d+ [\d.]+, dijkstra \d+ [\d.]+, greedy \d+ [\d.]+, astar \d+ [\d.]+$/.test(l), "7-race");
  const crowd = await visit("?rows=24&cols=24&barriers=15&seed=3&agents=150&crowd=gather&field=1", /cubepath crowd: (.*?)(?: color:|$)/,
    (l) => { const m = l.match(/tick (\d+) agents 150 arrivals (\d+) conflicts 0/); return m && Number(m[2]) > 0; }, "8-crowd");
  if (crowd && !/conflicts 0/.test(crowd)) failures.push(`the crowd had conflicts: ${crowd}`);
  // agents planned together (the planner runs without a clock in the browser): all arrive
  const together = await visit("?rows=24&cols=24&barriers=15&seed=3&agents=150&crowd=together", /cubepath crowd: (.*?)(?: color:|$)/,
    (l) => /agents 150 arrivals 150 conflicts 0/.test(l), "9-together");
  // a shared board: the maze, its endpoints and options from the link's fragment
  const code = "1.31x31.b._____wiAAODVf383Cogg2t31dS0oiIo21VV1CwoiivV9Ud0CIKJot3V_PQKKoHj1fXeNiiCgdtVTd4sqqIB93dffgiCIYny_Xz2KgCD6dV3fDYqKIlZ9fV2rgIKo1X_d1CqACmrdV_29IigiWN1_9S0IAAL-____AQ.f0cc";
  const link = await visit(`#b=${code}&start=1,1&end=29,29&algorithm=jps&diagonal=never`, /cubepath state: (.*?)(?: color:|$)/,
    (l) => /start=1,1 end=29,29 cost=140.0000 .*blocked=497/.test(l), "10-link");
  // a link cut short: the page says why and opens a board of its own
  const cut = await visit(`#b=${code.slice(0, 90)}`, /(the link's board could not be opened: .*?)(?: color:|$)/, (l) => /cut short|checksum|long/.test(l), "11-bad-link");
  // a lesson opened from the URL, with the Chinese panel: the lesson starts, and the font is
  // downloaded then and added (one page for both: each page load costs CI about 40 s)
  let lessonStarted = false;
  const chinese = await visit("?lang=zh&lesson=1", /cubepath ((?:lesson|font): .*?)(?: color:|$)/, (l) => {
    lessonStarted ||= /^lesson: 1 started: A path on a cube grid$/.test(l);
    return lessonStarted && /^font: the Chinese glyphs are in \(\d+ bytes\)$/.test(l);
  }, "12-lesson-chinese");
  const lesson = lessonStarted ? "1 started" : "not started";
  // the book beside the game: a chapter opens, and its link to the first lesson opens the game there
  const book = await page.context().browser().newPage({ viewport: { width: 1280, height: 800 } });
  let fromBook = false;
  book.on("console", (m) => { if (/lesson: 1 started: A path on a cube grid/.test(m.text())) fromBook = true; });
  book.on("pageerror", (e) => failures.push(`page error (book): ${e.message}`));
  await book.goto(page.url().replace(/\?.*$/, "book/learning.html"));
  const chapter = await book.title();
  if (!/^Learning/.test(chapter)) failures.push(`the book's Learning chapter did not open: '${chapter}'`);
  else await book.click('a[href="../index.html?lesson=1"]');
  const bookUntil = Date.now() + 120_000;
  while (!fromBook && Date.now() < bookUntil && failures.length === 0) await book.waitForTimeout(250);
  if (!fromBook) failures.push("the book's link to lesson 1 did not open the game at it");
  await book.close();
  // a world with levels: a building searched from the ground floor up its stairs (as on the desktop)
  // then a left click on the top floor puts the start there (a voxel face picked in 3D: the
  // desktop's answer for this click, under Xvfb with the same window, panel and camera)
  let clicked = "not clicked";
  const world = await visit("?levels=8&world=building&cols=16&rows=16&seed=4&slice=4", /cubepath (world: .*?)(?: color:|$)/,
    (l) => /^world: 16x16x8 start=0,0,0 end=15,15,4 cost=26.3848 voxels=22 walked=0 slice=4 over=-$/.test(l), "13-world",
    async (p, seen) => {
      const until = async (ok, ms) => { const t = Date.now() + ms; while (!seen.some(ok) && Date.now() < t) await p.waitForTimeout(250); return seen.find(ok); };
      const click = async (x, y, button) => {
        await p.mouse.move(x - 3, y - 3); await p.mouse.move(x, y); await p.waitForTimeout(300);
        await p.mouse.down({ button }); await p.waitForTimeout(100); await p.mouse.up({ button });
      };
      await click(850, 450, "left");
      const moved = await until((l) => /start=9,10,4 end=15,15,4 cost=8.0711 voxels=7 /.test(l), 60_000);
      if (!moved) failures.push(`13-world: a left click did not set the start: ${seen.slice(-1)}`);
      clicked = moved ?? clicked;
    });
  // the main page's checks are done: it leaves its world, so that its drawing (software
  // rendering, in the browser's one GPU process) no longer slows the phones' frames
  await page.goto("about:blank");
  // the page on a phone: touch only, the panel a drawer (web/phone.mjs)
  const onPhone = await phone(page.context().browser(), url, failures, (p, name) => keepShot(p, shot.replace(/\.png$/, `-${name}.png`)));
  // the same at a real phone's pixel density, the heuristic lab from a link, 64 x 64 (web/phone.mjs)
  const sharp = failures.length ? "skipped" : await sharpPhone(page.context().browser(), url, failures, (p, name) => keepShot(p, shot.replace(/\.png$/, `-${name}.png`)));
  // a world the size of a game level, opened from a file (web/big.mjs)
  const big = await bigWorld(page.context().browser(), url, failures, (p, name) => keepShot(p, shot.replace(/\.png$/, `-${name}.png`)));
  if (fontAsked.length) failures.push(`the English page downloaded the Chinese font: ${fontAsked.join(", ")}`);
  console.log(`race: ${race}; crowd: ${crowd}; together: ${together}; link: ${link}; cut link: ${cut}; lesson: ${lesson}; book: ${fromBook ? "chapter opened, lesson link followed" : "failed"}; chinese: ${chinese}; ${world}; clicked: ${clicked}; phone: ${onPhone}; phone at dpr 3: ${sharp}; big world: ${big}`);
  console.log(`played: start ${before.start}, end ${before.end}, cost ${before.cost} -> ${after.cost} with a barrier, walked, new seed ${reset.seed}, opened tiny.map (cost ${opened}), a dropped malformed map kept it, a dropped .vox opened as a world`);
}
if (failures.length) {
  console.error(failures.join("\n"));
  console.log("0 passed, 1 failed");
  process.exit(1);
}
console.log(`screenshot: ${shot}`);
console.log("1 passed, 0 failed");
