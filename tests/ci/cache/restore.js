// actions/cache stand-in, main step: copy a saved entry back to `path`.
const fs = require("fs");
const path = require("path");

const entry = path.join(process.env.STANDIN_CACHE, process.env.INPUT_KEY);
const target = process.env.INPUT_PATH.trim();
const hit = fs.existsSync(entry);
if (hit) {
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(entry, target, { recursive: true, verbatimSymlinks: true });
}
console.log(`cache stand-in: ${hit ? "restored" : "miss for"} ${process.env.INPUT_KEY}`);
fs.appendFileSync(process.env.GITHUB_OUTPUT, `cache-hit=${hit}\n`);
fs.appendFileSync(process.env.GITHUB_STATE, `hit=${hit}\n`);
