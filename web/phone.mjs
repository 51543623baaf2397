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
    // the board is framed above it. (A press and release on a panel button up to 15 s apart
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
    // the drawer's top: the first row that is the panel's grey all across (the page's
    // background is bluer, and the board never spans the width in one grey)
    let panelTop = c.height;
    for (let y = 0; y < c.height; y++) if (flat[y]) { panelTop = y; break; }
    const panel = panelTop < c.height * 0.7;
    return { green, red, lowest, panelTop, panel, clear: green > 100 && red > 100 && lowest < panelTop };
  }, png.toString("base64"));
}

/// The page at a phone's own pixel density (device pixel ratio 3, as real phones have) on a
/// 64 x 64 board, opened from a shared link that carries a heuristic lab formula: the lab
/// judges it from the link alone (cells over the true cost in the state line); the canvas is
/// drawn at the screen's pixels (three a CSS pixel: the board sharp) and the panel's text at
/// 16 CSS px or more, three device pixels a CSS pixel; frames keep coming (the frame time is
/// measured and reported); a tap on the board sets the start on the cell under the finger; two
/// fingers spread apart zoom the board (it takes more of the screen) and pick nothing; two
/// fingers moving together orbit the camera (its yaw, from the game's camera log); the
/// drawer's handle opens the panel (in the lower part of the screen) on the lab, and a finger
/// scrolls it to the formula's field; a tap there and the keyboard's " / 3" make the formula
/// admissible (no cell over). Returns a line saying what it saw.
export async function sharpPhone(browser, base, failures, keep) {
  // a phone's own user agent: the page's text agent (bevy_egui's hidden input, focused when a
  // text field is tapped, which brings up a phone's keyboard) takes what is typed into it only
  // on a browser that says it is a phone's
  const userAgent = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent });
  const page = await context.newPage();
  const states = [];
  const panel = [];
  let text = null, field = null, camera = null, handlePressed = 0;
  page.on("console", (m) => {
    const t = m.text();
    if (process.env.VERBOSE) console.log(`[phone] ${t}`);
    if (/panicked|RuntimeError|unreachable/.test(t)) failures.push(`console (phone, dpr 3): ${t}`);
    const st = t.match(/cubepath state: (.*?)(?: color:|$)/);
    if (st) states.push(Object.fromEntries(st[1].trim().split(" ").map((kv) => kv.split("="))));
    const tx = t.match(/cubepath text: ([\d.]+) css px, ([\d.]+) device pixels a css px/);
    if (tx) text = { css: Number(tx[1]), device: Number(tx[2]) };
    const p = t.match(/cubepath panel: (.*?)(?: color:|$)/);
    if (p) panel.push(p[1]);
    const cam = t.match(/cubepath camera: yaw=(-?[\d.]+) pitch=(-?[\d.]+) distance=([\d.]+)/);
    if (cam) camera = { yaw: Number(cam[1]), pitch: Number(cam[2]), distance: Number(cam[3]) };
    const f = t.match(/cubepath lab field: (-?\d+) (-?\d+) (\d+) (\d+) (shown|hidden) (typing|pressed|idle)/);
    if (t.includes("cubepath handle: pressed")) handlePressed += 1;
    if (f) field = { x: Number(f[1]), y: Number(f[2]), w: Number(f[3]), h: Number(f[4]), shown: f[5] === "shown", typing: f[6] === "typing", pressed: f[6] === "pressed" };
  });
  page.on("pageerror", (e) => failures.push(`page error (phone, dpr 3): ${e.message}`));
  const state = () => states[states.length - 1] ?? {};
  const fail = (what) => failures.push(`phone, dpr 3: ${what}`);
  const waitFor = async (ok, what, ms) => {
    const deadline = Date.now() + ms;
    while (!ok(state()) && Date.now() < deadline && failures.length === 0) await page.waitForTimeout(200);
    if (!ok(state())) fail(`${what}: last state ${JSON.stringify(state())}`);
    return ok(state());
  };
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  try {
    const link = "rows=64&cols=64&barriers=20&seed=3&start=0,0&end=63,63&estimate=3%20*%20hypot(dx,%20dy)&heat=estimate&steps=100000";
    await page.goto(`${base}/?${link}`);
    if (!(await waitFor((s) => s.start === "0,0" && Number(s.over) > 1000, "the lab judges the link's formula on the 64 x 64 board", 300_000))) return "failed";
    const over = state().over;
    const canvas = await page.evaluate(() => {
      const c = document.querySelector("canvas");
      return { width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight, dpr: devicePixelRatio };
    });
    if (canvas.dpr !== 3) fail(`the page should see a device pixel ratio of 3: ${JSON.stringify(canvas)}`);
    if (Math.abs(canvas.width - canvas.cssWidth * 3) > 3 || Math.abs(canvas.height - canvas.cssHeight * 3) > 3) {
      fail(`the canvas should be drawn at the screen's pixels (3 a CSS px), not blurred up: ${JSON.stringify(canvas)}`);
    }
    for (const until = Date.now() + 60_000; !text && Date.now() < until; ) await page.waitForTimeout(200);
    if (!text || text.css < 16 || Math.abs(text.device - 3) > 0.01) fail(`the panel's text should be 16 CSS px or more at 3 device px a CSS px: ${JSON.stringify(text)}`);
    // frame time: the gaps between 10 animation frames, at most a minute
    const frames = await page.evaluate(() => new Promise((ok) => {
      const t = [];
      const give = setTimeout(() => ok(t), 60_000);
      const tick = (now) => { t.push(now); if (t.length < 11) requestAnimationFrame(tick); else { clearTimeout(give); ok(t); } };
      requestAnimationFrame(tick);
    }));
    const gaps = frames.slice(1).map((v, i) => v - frames[i]).sort((a, b) => a - b);
    if (gaps.length < 5) fail(`only ${gaps.length} frames in a minute`);
    const mean = gaps.reduce((a, b) => a + b, 0) / Math.max(gaps.length, 1);
    const p90 = gaps[Math.floor(gaps.length * 0.9)] ?? NaN;
    const before = await boardSpan(page, keep, "17-phone-dpr3-lab");
    // a tap near the board's middle: the finger lifts once the game has seen it over a cell,
    // which becomes the start (a finger on the gap between two cubes is over none: the
    // screen's very middle is such a gap on a board of an even width, so a point beside it,
    // and two more should it too fall in a gap)
    let under = "-";
    for (const [x, y] of [[198, 431], [204, 409], [187, 446]]) {
      await touch("touchStart", [[x, y]]);
      for (const until = Date.now() + 25_000; (state().hover ?? "-") === "-" && Date.now() < until; ) await page.waitForTimeout(200);
      under = state().hover ?? "-";
      await touch("touchEnd", []);
      if (under !== "-") break;
      await page.waitForTimeout(3000);
    }
    if (under === "-") fail("a finger near the board's middle was seen over no cell at three points");
    else if (!(await waitFor((s) => s.start === under, `a tap sets the start on the cell under the finger (${under})`, 60_000))) return "failed";
    const tapped = state();
    // two fingers spread apart over the board: it is drawn wider, nothing picked or painted
    await touch("touchStart", [[150, 420], [240, 420]]);
    await page.waitForTimeout(1500);
    for (let i = 1; i <= 4; i++) {
      await touch("touchMove", [[150 - 15 * i, 420], [240 + 15 * i, 420]]);
      await page.waitForTimeout(1500);
    }
    await touch("touchEnd", []);
    await page.waitForTimeout(6000);
    const after = await boardSpan(page, keep, "18-phone-dpr3-pinched");
    if (!(after > before * 1.2)) fail(`two fingers spread apart should zoom the board in: ${before} device px of board before, ${after} after`);
    if (state().start !== tapped.start || state().blocked !== tapped.blocked) fail(`a two-finger pinch picked or painted: ${JSON.stringify(tapped)} -> ${JSON.stringify(state())}`);
    // two fingers moving together sideways orbit the camera round the board (its yaw turns),
    // keeping its distance, and pick nothing
    const pinched = camera;
    await touch("touchStart", [[150, 420], [240, 420]]);
    await page.waitForTimeout(1500);
    for (let i = 1; i <= 4; i++) {
      await touch("touchMove", [[150 + 25 * i, 420], [240 + 25 * i, 420]]);
      await page.waitForTimeout(1500);
    }
    await touch("touchEnd", []);
    await page.waitForTimeout(3000);
    const orbited = camera;
    const turned = pinched && orbited ? Math.abs(orbited.yaw - pinched.yaw) : NaN;
    if (!(turned > 0.3) || Math.abs(orbited.distance - pinched.distance) > 0.05 * pinched.distance) {
      fail(`two fingers moving together should orbit the camera (turn its yaw, keep its distance): ${JSON.stringify(pinched)} -> ${JSON.stringify(orbited)}`);
    }
    if (state().start !== tapped.start || state().blocked !== tapped.blocked) fail(`a two-finger orbit picked or painted: ${JSON.stringify(tapped)} -> ${JSON.stringify(state())}`);
    // the drawer's handle, at the bottom left where a thumb rests, opens the panel. The finger
    // lifts once the game has seen it down (it logs the press): a press and lift seen in one
    // frame leave no pointer over the button, and a press held longer than the game's click
    // hold, 15 s, is not a click. Fixed holds missed both ways as SwiftShader's frames went
    // from under a second to six on a busy machine
    const nextFrame = () => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok())));
    const tap = async (at, seen) => {
      await touch("touchStart", [at]);
      await nextFrame();
      for (const until = Date.now() + 30_000; !seen() && Date.now() < until; ) await page.waitForTimeout(100);
      await touch("touchEnd", []);
    };
    field = null; // only where the field is in the open drawer counts
    for (let tries = 0; tries < 2 && !panel.includes("a drawer, open"); tries++) {
      const pressed = handlePressed;
      await tap([50, 819], () => handlePressed > pressed);
      for (const until = Date.now() + 30_000; !panel.includes("a drawer, open") && Date.now() < until; ) await page.waitForTimeout(200);
    }
    if (!panel.includes("a drawer, open")) fail(`a tap on the handle did not open the drawer: ${panel.join(" | ")}`);
    // the drawer opens on the lab the link is about (scrolled by a finger the rest of the way
    // should the field not show yet); a tap in its formula's field past the formula puts the
    // cursor after the formula, and the phone's keyboard types " / 3": three
    // times the straight line over three is the straight line, never over the true cost
    for (const until = Date.now() + 30_000; !field?.shown && Date.now() < until; ) await page.waitForTimeout(200);
    // not yet in view: a finger drags the drawer's content toward the field (at most 100 px a
    // drag, then looks again: up or down, by what is left), as a player scrolls it, and rests
    // a frame before it lifts (no fling)
    for (let drags = 0; drags < 10 && field && !field.shown; drags++) {
      const by = Math.max(-100, Math.min(100, field.y + field.h / 2 - 655));
      await touch("touchStart", [[200, 700]]);
      await nextFrame();
      for (const k of [1, 2, 3]) {
        await touch("touchMove", [[200, 700 - (by * k) / 3]]);
        await nextFrame();
      }
      await nextFrame();
      await touch("touchEnd", []);
      const was = field;
      for (const until = Date.now() + 20_000; field === was && Date.now() < until; ) await page.waitForTimeout(200);
    }
    let typed = "failed";
    if (!field?.shown) fail(`the lab's field was not brought into view by a finger: ${JSON.stringify(field)}`);
    else {
      // the field settles first: no new report for 5 s (a drag's scroll can go on a frame or
      // two after the finger lifts, and a tap where the field was misses it). The tap goes
      // where the field is then: past the formula's end (the cursor goes there), clear of the
      // drawer's scroll bar along its right edge (a tap there scrolls, and the field keeps no
      // focus). On a touch screen the field takes the keyboard's focus when the finger lifts,
      // and the page's text agent (for the phone's keyboard) is shown only when the game has
      // drawn a frame with the finger down on the field: so the finger lifts once the game
      // logs it pressed (CI's run that lifted after a fixed hold left the agent hidden)
      const settle = async () => {
        let seen = field;
        for (let still = Date.now(), until = Date.now() + 30_000; Date.now() - still < 5_000 && Date.now() < until; ) {
          await page.waitForTimeout(200);
          if (field !== seen) [seen, still] = [field, Date.now()];
        }
      };
      const taps = [];
      for (let tries = 0; tries < 2 && !field?.typing; tries++) {
        await settle();
        const at = [field.x + field.w * 0.7, field.y + field.h / 2];
        taps.push(`${Math.round(at[0])},${Math.round(at[1])}${field.shown ? "" : " (hidden)"}`);
        await tap(at, () => field?.pressed || field?.typing);
        for (const until = Date.now() + 30_000; !field?.typing && Date.now() < until; ) await page.waitForTimeout(200);
      }
      // where the keys go: the page's text agent, shown and focused once the game's field is
      const focus = await page.evaluate(() => {
        const agent = document.getElementById("egui_text_agent");
        return `focus on ${document.activeElement?.id || document.activeElement?.tagName}, text agent ${agent ? (agent.hidden ? "hidden" : "shown") : "missing"}`;
      }) + `, the field ${field?.typing ? "typing" : "idle"}, taps at ${taps.join(" then ")}, the field last at ${JSON.stringify(field)}`;
      await page.keyboard.type(" / 3", { delay: 100 });
      if (await waitFor((s) => s.over === "0", `" / 3" typed after the formula (3 * hypot(dx, dy) / 3 is never over the true cost; ${focus})`, 90_000)) {
        typed = `" / 3" typed on the phone's keyboard after the formula left ${state().over} cells over`;
      }
    }
    // every control within a thumb's reach: the open drawer (and so every control of the
    // panel) in the lower two thirds of the screen, the board framed above it
    const drawn = await look(page, keep, "19-phone-dpr3-drawer");
    if (!drawn.panel) fail(`the open drawer was not seen in the screenshot: ${JSON.stringify(drawn)}`);
    const reach = Math.round(drawn.panelTop / 3);
    if (reach < 844 / 3) fail(`the open drawer reaches up to ${reach} css px: its top controls are out of a thumb's reach (the upper third)`);
    return `dpr 3, 64 x 64 board from a link with the formula 3 * hypot(dx, dy): over the true cost at ${over} cells; text ${text?.css} css px, ${text?.device} device px a css px; canvas ${canvas.width} x ${canvas.height} for ${canvas.cssWidth} x ${canvas.cssHeight} css px; frame time ${mean.toFixed(0)} ms mean, ${p90.toFixed(0)} ms p90 over ${gaps.length} frames; a tap set the start on ${under}; a pinch grew the board from ${before} to ${after} device px; two fingers moved together turned the camera by ${turned.toFixed(2)} rad; the handle opened the drawer (its controls from ${reach} css px down, the lower ${Math.round(100 - reach / 8.44)} % of the screen) on the lab; ${typed}`;
  } finally {
    await context.close();
  }
}

/// A screenshot, kept, and how much of it the board takes: the pixels (of every other row in
/// the upper two thirds, above the drawer) that are not the page's background (its top left
/// corner).
async function boardSpan(page, keep, name) {
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
    const [br, bg, bb] = [d[0], d[1], d[2]]; // the top left corner: the page's background
    let board = 0;
    for (let y = Math.floor(c.height * 0.1); y < Math.floor(c.height * 0.66); y += 2) {
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (Math.abs(d[i] - br) + Math.abs(d[i + 1] - bg) + Math.abs(d[i + 2] - bb) > 30) board++;
      }
    }
    return board;
  }, png.toString("base64"));
}
