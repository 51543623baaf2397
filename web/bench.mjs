// Runs web/bench.html (cubepath's engine against PathFinding.js, in one tab) in Debian's
// headless Chromium and prints its table and ratios. Fails when a cost differs (between the
// libraries or from a scenario's stated optimal length) or the page errs; the ratios are
// reported, not asserted (timings are for benchmarks, not tests).
//
//   node web/bench.mjs [per-map problem count, default 40]

import { launch, serve } from "./serve.mjs";

const per = Number(process.argv[2] ?? 40);
const { server, url } = await serve();
const browser = await launch();
let result = null;
const errors = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (process.env.VERBOSE) console.log(`[browser] ${m.text()}`); });
  await page.goto(`${url}/bench.html?per=${per}`);
  await page.waitForFunction(() => window.benchResult, null, { timeout: 600_000, polling: 500 });
  result = await page.evaluate(() => window.benchResult);
} finally {
  await browser.close();
  server.close();
}
if (result?.error) errors.push(result.error);
if (result?.rows) {
  const ms = (v) => v.toFixed(2).padStart(9);
  console.log("map                problems  PF A* ms  cubepath A* ms  ratio  PF JPS ms  cubepath JPS ms  JPS+ ms  ratio  subgoal ms");
  for (const r of result.rows) {
    console.log(`${r.map.padEnd(18)} ${String(r.problems).padStart(8)} ${ms(r.pfAstar)} ${ms(r.astar).padStart(15)} ${r.astarRatio.toFixed(1).padStart(6)} ` +
      `${ms(r.pfJps).padStart(10)} ${ms(r.jps).padStart(16)} ${ms(r.plus)} ${r.jpsRatio.toFixed(1).padStart(6)} ${ms(r.subgoal).padStart(11)}`);
  }
  console.log(`cubepath A* / PathFinding.js A*: ${result.astarGeomean.toFixed(1)}x (geometric mean over maps); ` +
    `fastest cubepath JPS / PathFinding.js JPS: ${result.jpsGeomean.toFixed(1)}x`);
  errors.push(...result.mismatches);
}
if (errors.length) {
  console.error(errors.join("\n"));
  process.exit(1);
}
