// Bundles the npm package `pathfinding` (PathFinding.js, CommonJS) into one script that sets a
// global `PF`, for web/bench.html. Its own prebuilt browser file (visual/lib) is an older
// version, without DiagonalMovement. Each module is wrapped in a function and given a
// `require` that resolves relative paths and package names inside node_modules.
//
//   node web/bundle-pf.mjs OUT.js

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./node_modules/", import.meta.url));
const resolve = createRequire(join(root, "pathfinding", "index.js")).resolve;
const modules = new Map(); // path from node_modules -> wrapped source

function add(file) {
  const id = relative(root, file);
  if (modules.has(id)) return id;
  modules.set(id, null);
  const source = readFileSync(file, "utf8");
  const deps = {};
  for (const [, name] of source.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = createRequire(file).resolve(name);
    if (!existsSync(target)) throw new Error(`${id}: cannot resolve ${name}`);
    deps[name] = add(target);
  }
  modules.set(id, `${JSON.stringify(id)}: [function (module, exports, require) {\n${source}\n}, ${JSON.stringify(deps)}]`);
  return id;
}

const entry = add(resolve("pathfinding"));
const version = JSON.parse(readFileSync(join(root, "pathfinding", "package.json"), "utf8")).version;
const out = `// PathFinding.js ${version} (MIT, Xueqiao Xu), bundled by web/bundle-pf.mjs
(function () {
  var defs = {${[...modules.values()].join(",\n")}};
  var cache = {};
  function load(id) {
    if (cache[id]) return cache[id].exports;
    var module = (cache[id] = { exports: {} });
    defs[id][0].call(module.exports, module, module.exports, function (name) { return load(defs[id][1][name]); });
    return module.exports;
  }
  window.PF = load(${JSON.stringify(entry)});
})();
`;
writeFileSync(process.argv[2] ?? join(dirname(root), "dist", "pathfinding.js"), out);
