// A manual check of the browser build (not part of CI): opens the page, clicks two cubes,
// right-clicks a third, presses Space, then A, saving a screenshot after each step.
//   node web/interact.mjs OUTDIR
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const dist = fileURLToPath(new URL("./dist/", import.meta.url));
const out = process.argv[2] ?? dist;
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "") || "index.html";
  try {
    const body = await readFile(join(dist, path));
    res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const lines = [];
page.on("console", (m) => lines.push(m.text()));
page.on("pageerror", (e) => lines.push("PAGE ERROR " + e.message));
await page.goto(`http://127.0.0.1:${server.address().port}/?rows=12&cols=12&seed=7`);
while (!lines.some((l) => l.includes("cubepath ready"))) await page.waitForTimeout(200);
const click = async (x, y, button = "left") => {
  await page.mouse.move(x, y);
  await page.waitForTimeout(400);
  await page.mouse.down({ button });
  await page.waitForTimeout(150);
  await page.mouse.up({ button });
  await page.waitForTimeout(600);
};
await click(545, 430);
await click(930, 265);
await page.screenshot({ path: join(out, "web-1-selected.png") });
await click(790, 265, "right");
await page.screenshot({ path: join(out, "web-2-barrier.png") });
await page.mouse.move(1200, 760);
await page.keyboard.press("Space");
await page.waitForTimeout(2500);
await page.screenshot({ path: join(out, "web-3-walk.png") });
await page.keyboard.press("a");
await page.waitForTimeout(1500);
await page.screenshot({ path: join(out, "web-4-reset.png") });
console.log(lines.filter((l) => /ERROR|panicked|cubepath/.test(l)).join("\n"));
await browser.close();
server.close();
