// The page on a phone, for the browser test (web/test.mjs): a 390 x 844 portrait screen under
// Chromium's mobile emulation with a touch screen, played with touch events only (sent through
// the DevTools protocol, as a phone's fingers arrive: touchStart, touchMove, touchEnd). A tap
// sets the start, a tap the end, a long press puts a barrier on the path, one finger drags the
// end, a tap on the drawer's handle opens the panel, and two fingers pinch (picking nothing);
// each step is checked exactly against the app's "cubepath state" lines, and the screenshots
// (drawer closed and open) must show the start and end above the drawer, uncovered.
//
// The cells' screen positions are the desktop game's for the same window (`cubepath --rows 8
// --cols 8 --barriers 0 --seed 1 --start 0,0 --end 7,7 --window 390x844 --screenshot F`
// under Xvfb): the 8 x 8 board's top faces, row y at about 306 + 29 y pixels down.

/// Plays the phone steps on a new page of `browser`; pushes what went wrong onto `failures`;
/// keeps screenshots through `keep(page, name)`. Returns a line saying what it did.
export async function phone(browser, base, failures, keep) {
  const context = await browser.newContext({
    // (device pixel ratio 1: SwiftShader draws a third of the desktop test's pixels a frame;
    // the layout is in CSS pixels either way)
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true,
  });
  const page = await context.newPage();
  const states = [];
  const panel = []; // the game's "cubepath panel:" lines: where the panel is, open or closed
  page.on("console", (m) => {
    const t = m.text();
    if (/panicked|RuntimeError|unreachable/.test(t)) failures.push(`console (phone): ${t}`);
    const st = t.match(/cubepath state: (.*?)(?: color:|$)/);
    if (st) states.push(Object.fromEntries(st[1].trim().split(" ").map((kv) => kv.split("="))));
    const p = t.match(/cubepath panel: (.*?)(?: color:|$)/);
    if (p) panel.push(p[1]);
  });
  page.on("pageerror", (e) => failures.push(`page error (phone): ${e.message}`));
  const state = () => states[states.length - 1] ?? {};
  const waitFor = async (ok, what, ms = 60_000) => {
    const deadline = Date.now() + ms;
    while (!ok(state()) && Date.now() < deadline && failures.length === 0) await page.waitForTimeout(100);
    if (!ok(state())) failures.push(`phone: ${what}: last state ${JSON.stringify(state())}`);
    return ok(state());
  };
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  // A tap on a cell: the finger lifts once the game has seen it over the cell (a finger's press
  // and lift within one frame, possible only here where frames take half a second, pick
  // nothing: the touch's pointer is made and gone before anything is cast from it).
  const tapCell = async (x, y, cell) => {
    await touch("touchStart", [[x, y]]);
    const until = Date.now() + 10_000;
    while (state().hover !== cell && Date.now() < until) await page.waitForTimeout(50);
    await touch("touchEnd", []);
  };
  const tap = async (x, y) => { await touch("touchStart", [[x, y]]); await page.waitForTimeout(100); await touch("touchEnd", []); };
  // moves the fingers from `from` to `to` in `steps` touchMoves a frame or so apart
  const glide = async (from, to, steps) => {
    for (let i = 1; i <= steps; i++) {
      await touch("touchMove", from.map(([x, y], k) => [x + ((to[k][0] - x) * i) / steps, y + ((to[k][1] - y) * i) / steps]));
      await page.waitForTimeout(250);
    }
  };
  try {
    await page.goto(`${base}/?rows=8&cols=8&barriers=0&seed=1&start=0,0&end=7,7`);
    if (!(await waitFor((s) => s.start === "0,0" && s.cost === "9.8995", "the board opens", 150_000))) return "failed";
    for (const until = Date.now() + 30_000; panel.length === 0 && Date.now() < until; ) await page.waitForTimeout(100);
    if (panel[0] !== "a drawer, closed") failures.push(`phone: the panel should open as a closed drawer: ${panel.join(" | ")}`);
    await page.waitForTimeout(1500);
    const closed = await look(page, keep, "14-phone");
    if (!closed.clear) failures.push(`phone: with the drawer closed the start or end is not on the board above it: ${JSON.stringify(closed)}`);
    // a tap sets the start, a second tap the end: cells 1,6 and 6,1
    await tapCell(101, 478, "1,6");
    if (!(await waitFor((s) => s.start === "1,6", "a tap sets the start"))) return "failed";
    await tapCell(280, 333, "6,1");
    if (!(await waitFor((s) => s.end === "6,1" && s.cost === "7.0711", "a second tap sets the end"))) return "failed";
    // a long press on the path's middle (3,4): a barrier while the finger is still down; the
    // path (the only one of five diagonal steps) goes round it; lifting selects nothing
    await touch("touchStart", [[177, 416]]);
    const painted = await waitFor((s) => s.blocked === "1", "a long press puts a barrier");
    await touch("touchEnd", []);
    if (!painted) return "failed";
    await page.waitForTimeout(1500);
    const walled = state();
    if (!(Number(walled.cost) > 7.0711) || walled.start !== "1,6" || walled.end !== "6,1") {
      failures.push(`phone: after the long press the path should go round with the same endpoints: ${JSON.stringify(walled)}`);
    }
    // one finger drags the end from 6,1 to 6,3
    await touch("touchStart", [[280, 333]]);
    await page.waitForTimeout(400);
    await glide([[280, 333]], [[283, 387]], 6);
    await page.waitForTimeout(400);
    await touch("touchEnd", []);
    if (!(await waitFor((s) => s.end === "6,3" && s.start === "1,6", "one finger drags the end"))) return "failed";
    const dragged = state();
    // the drawer's handle (its first button, bottom left): the panel opens over the lower part,
    // the board is framed above it. (A press and release on a panel button up to 5 s apart
    // click it, and SwiftShader's frames take up to about 1.5 s; tried up to three times.)
    for (let tries = 0; tries < 3 && !panel.some((l) => l === "a drawer, open"); tries++) {
      await tap(50, 819);
      const until = Date.now() + 8000;
      while (!panel.some((l) => l === "a drawer, open") && Date.now() < until) await page.waitForTimeout(200);
    }
    if (!panel.some((l) => l === "a drawer, open")) failures.push(`phone: a tap on the handle did not open the drawer: ${panel.join(" | ")}`);
    await page.waitForTimeout(3000);
    const open = await look(page, keep, "15-phone-drawer");
    if (!open.clear) failures.push(`phone: with the drawer open the start or end is covered or gone: ${JSON.stringify(open)}`);
    if (!open.panel) failures.push(`phone: the open drawer was not seen in the screenshot: ${JSON.stringify(open)}`);
    // two fingers spread apart over the board above the drawer: the camera zooms, nothing is
    // picked or painted
    await touch("touchStart", [[150, 250], [240, 250]]);
    await page.waitForTimeout(400);
    await glide([[150, 250], [240, 250]], [[120, 250], [270, 250]], 5);
    await touch("touchEnd", []);
    await page.waitForTimeout(2000);
    const after = state();
    if (after.start !== dragged.start || after.end !== dragged.end || after.blocked !== dragged.blocked) {
      failures.push(`phone: a two-finger pinch picked or painted: ${JSON.stringify(dragged)} -> ${JSON.stringify(after)}`);
    }
    await keep(page, "16-phone-pinched");
    return `tapped start ${dragged.start} and end 6,1 (cost 7.0711), long press barrier (cost ${walled.cost}), dragged end to ${dragged.end}, pinch picked nothing; start and end seen above the drawer closed (y <= ${closed.lowest}) and open (y <= ${open.lowest}, panel from y ${open.panelTop})`;
  } finally {
    await context.close();
  }
}

/// A screenshot of the phone page, kept, and read: where the start (green) and end (red) are,
/// and where the drawer begins (its top row is egui's dark grey across the whole width). `clear`: both seen, and every one of their pixels above the panel.
async function look(page, keep, name) {
  await keep(page, name);
  const png = await page.screenshot({ timeout: 120_000 });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    [c.width, c.height] = [img.width, img.height];
    const ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let green = 0, red = 0, lowest = 0;
    // the first row from which every row is the panel's flat grey across the width
    const flat = [];
    for (let y = 0; y < c.height; y++) {
      let grey = 0;
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
        if (g > 120 && r < 0.6 * g && b < 0.6 * g) { green++; lowest = Math.max(lowest, y); }
        if (r > 150 && g < 0.45 * r && b < 0.45 * r) { red++; lowest = Math.max(lowest, y); }
        if (Math.abs(r - g) < 6 && Math.abs(g - b) < 6 && r > 15 && r < 40) grey++;
      }
      flat.push(grey > 0.97 * c.width);
    }
    // the drawer's top: the first row in the lower two thirds that is the panel's grey all across
    let panelTop = c.height;
    for (let y = Math.floor(c.height / 3); y < c.height; y++) if (flat[y]) { panelTop = y; break; }
    const panel = panelTop < c.height * 0.7;
    return { green, red, lowest, panelTop, panel, clear: green > 100 && red > 100 && lowest < panelTop };
  }, png.toString("base64"));
}

/// The page at a phone's own pixel density (device pixel ratio 3, as real phones have) on a
/// 64 x 64 board, opened from a shared link that carries a heuristic lab formula: the lab
/// judges it from the link alone (cells over the true cost in the state line) and frames keep
/// coming (the frame time is measured and reported). The canvas's backing store, the panel's
/// text size and whether a finger is seen over a cell are measured and reported, not
/// required: at device pixel ratio 3 the canvas is drawn at its CSS size (390 x 844, a third of
/// the screen's pixels: the board blurry) while the panel is scaled by 3 (drawn three times
/// too large), and a finger on the board is seen over no cell: a defect of the page's sizing
/// found here and not yet fixed (#62). Returns a line saying what it saw.
export async function sharpPhone(browser, base, failures, keep) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const states = [];
  let text = null;
  page.on("console", (m) => {
    const t = m.text();
    if (/panicked|RuntimeError|unreachable/.test(t)) failures.push(`console (phone, dpr 3): ${t}`);
    const st = t.match(/cubepath state: (.*?)(?: color:|$)/);
    if (st) states.push(Object.fromEntries(st[1].trim().split(" ").map((kv) => kv.split("="))));
    const tx = t.match(/cubepath text: ([\d.]+) css px, ([\d.]+) device pixels a css px/);
    if (tx) text = { css: Number(tx[1]), device: Number(tx[2]) };
  });
  page.on("pageerror", (e) => failures.push(`page error (phone, dpr 3): ${e.message}`));
  const state = () => states[states.length - 1] ?? {};
  const waitFor = async (ok, what, ms) => {
    const deadline = Date.now() + ms;
    while (!ok(state()) && Date.now() < deadline && failures.length === 0) await page.waitForTimeout(200);
    if (!ok(state())) failures.push(`phone, dpr 3: ${what}: last state ${JSON.stringify(state())}`);
    return ok(state());
  };
  try {
    const link = "rows=64&cols=64&barriers=20&seed=3&start=0,0&end=63,63&estimate=3%20*%20hypot(dx,%20dy)&heat=estimate&steps=100000";
    await page.goto(`${base}/?${link}`);
    if (!(await waitFor((s) => s.start === "0,0" && Number(s.over) > 1000, "the lab judges the link's formula on the 64 x 64 board", 300_000))) return "failed";
    const over = state().over;
    const canvas = await page.evaluate(() => {
      const c = document.querySelector("canvas");
      return { width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight, dpr: devicePixelRatio };
    });
    if (canvas.dpr !== 3) failures.push(`phone, dpr 3: the page should see a device pixel ratio of 3: ${JSON.stringify(canvas)}`);
    const sharp = Math.abs(canvas.width - canvas.cssWidth * 3) <= 3 && Math.abs(canvas.height - canvas.cssHeight * 3) <= 3;
    // frame time: the gaps between 20 animation frames, at most two minutes
    const frames = await page.evaluate(() => new Promise((ok) => {
      const t = [];
      const give = setTimeout(() => ok(t), 120_000);
      const tick = (now) => { t.push(now); if (t.length < 21) requestAnimationFrame(tick); else { clearTimeout(give); ok(t); } };
      requestAnimationFrame(tick);
    }));
    const gaps = frames.slice(1).map((v, i) => v - frames[i]).sort((a, b) => a - b);
    if (gaps.length < 5) failures.push(`phone, dpr 3: only ${gaps.length} frames in two minutes`);
    const mean = gaps.reduce((a, b) => a + b, 0) / Math.max(gaps.length, 1);
    const p90 = gaps[Math.floor(gaps.length * 0.9)] ?? NaN;
    await keep(page, "17-phone-dpr3-lab");
    // a finger on the board's middle: reported, not required (the same sizing defect puts
    // touches where the game does not look: at dpr 3 it sees none over a cell)
    const cdp = await context.newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 195, y: 420, id: 0 }] });
    const until = Date.now() + 60_000;
    while ((state().hover ?? "-") === "-" && Date.now() < until) await page.waitForTimeout(200);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    const touched = (state().hover ?? "-") !== "-";
    return `dpr 3, 64 x 64 board from a link with the formula 3 * hypot(dx, dy): over the true cost at ${over} cells; text ${text ? `${text.css} css px, ${text.device} device px a css px` : "size not logged"}; canvas ${canvas.width} x ${canvas.height} for ${canvas.cssWidth} x ${canvas.cssHeight} css px (${sharp ? "sharp" : "NOT at the screen's pixels"}); frame time ${mean.toFixed(0)} ms mean, ${p90.toFixed(0)} ms p90 over ${gaps.length} frames; a finger on the board ${touched ? `seen over ${state().hover}` : "NOT seen over any cell in a minute"}`;
  } finally {
    await context.close();
  }
}
