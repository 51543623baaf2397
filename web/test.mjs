// Browser test of the wasm build: serves web/dist on localhost, opens a board with a path and
// walk=1 in Debian's headless Chromium (WebGL through SwiftShader), waits for the app's ready
// line and for the walk to finish, fails on any page error or panic, saves a screenshot and
// checks that it shows the start (green), end (red) and walked path (black) colours.
//
//   npm install --prefix web && node web/test.mjs [screenshot.png]

import { createServer } from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const dist = fileURLToPath(new URL("./dist/", import.meta.url));
const shot = process.argv[2] ?? join(dist, "browser-test.png");
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
  try {
    const body = await readFile(join(dist, path || "index.html"));
    res.writeHead(200, { "content-type": types[extname(path || "index.html")] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const port = server.address().port;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
  ],
});
const failures = [];
let ready = null, finished = null;
const t0 = Date.now();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    const text = m.text();
    if (/panicked|RuntimeError|unreachable/.test(text)) failures.push(`console: ${text}`);
    if (text.includes("cubepath ready") && ready === null) ready = Date.now() - t0;
    if (text.includes("cubepath walk finished") && finished === null) finished = Date.now() - t0;
    if (process.env.VERBOSE) console.log(`[browser] ${text}`);
  });
  await page.goto(`http://127.0.0.1:${port}/?rows=12&cols=12&barriers=20&seed=7&start=0,0&end=11,11&walk=1`);
  const deadline = Date.now() + 300_000;
  while ((ready === null || finished === null) && failures.length === 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
  }
  if (ready === null) failures.push("no 'cubepath ready' line");
  if (finished === null) failures.push("the walk did not finish");
  await page.waitForTimeout(1000);
  const png = await page.screenshot();
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
  console.log(`first ready line after ${ready} ms, walk finished after ${finished} ms; colours ${JSON.stringify(counts)}`);
  if (counts.green < 200) failures.push("no green start in the screenshot");
  if (counts.red < 200) failures.push("no red end in the screenshot");
  if (counts.black < 1000) failures.push("no black path in the screenshot");
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error(failures.join("\n"));
  console.log("0 passed, 1 failed");
  process.exit(1);
}
console.log(`screenshot: ${shot}`);
console.log("1 passed, 0 failed");
