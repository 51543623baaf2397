// What the browser checks share: web/dist served on a free localhost port, and Debian's
// Chromium started headless by playwright-core (WebGL through SwiftShader).

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const dist = fileURLToPath(new URL("./dist/", import.meta.url));
const types = {
  ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png",
  ".map": "text/plain", ".scen": "text/plain", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json",
};

/// Serves web/dist; resolves to { server, url } once listening.
export async function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    try {
      const body = await readFile(join(dist, path || "index.html"));
      res.writeHead(200, {
        "content-type": types[extname(path || "index.html")] ?? "application/octet-stream",
        // cross-origin isolated, so performance.now() counts in microseconds, not 0.1 ms
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-embedder-policy": "require-corp",
      });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

/// Debian's Chromium (or $CHROMIUM), headless, with the flags a closed network needs.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
  });
}
