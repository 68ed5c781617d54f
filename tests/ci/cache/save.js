// actions/cache stand-in, post step: save `path` under the key after a miss.
// Copied beside the entry and renamed into place, so concurrent jobs saving the same key
// leave one whole entry.
const fs = require("fs");
const path = require("path");

const entry = path.join(process.env.STANDIN_CACHE, process.env.INPUT_KEY);
const source = process.env.INPUT_PATH.trim();
if (process.env.STATE_hit !== "true" && fs.existsSync(source) && !fs.existsSync(entry)) {
  const partial = `${entry}.partial-${process.pid}`;
  fs.cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
  try {
    fs.renameSync(partial, entry);
    console.log(`cache stand-in: saved ${process.env.INPUT_KEY}`);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true }); // another job saved it first
  }
}
