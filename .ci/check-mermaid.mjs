// Parses every Mermaid block of the given markdown files with Mermaid's
// own parser, as GitHub renders them, and fails naming file and line for
// each block Mermaid refuses. Mermaid needs a DOM even to parse; jsdom
// stands in for the browser.
//
//   node .ci/check-mermaid.mjs NODE_MODULES FILE...
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [modules, ...files] = process.argv.slice(2);
const require = createRequire(join(modules, "noop.js"));
const { JSDOM } = require("jsdom");
const dom = new JSDOM("<!doctype html><html><body></body></html>");
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const mermaid = (await import(pathToFileURL(require.resolve("mermaid")).href)).default;
mermaid.initialize({ startOnLoad: false });

let blocks = 0, bad = 0;
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```mermaid") continue;
    const start = i + 1;
    const body = [];
    for (i++; i < lines.length && lines[i].trim() !== "```"; i++) body.push(lines[i]);
    blocks++;
    try {
      await mermaid.parse(body.join("\n"));
    } catch (e) {
      bad++;
      console.error(`${file}:${start}: Mermaid refuses this diagram: ${String(e.message ?? e).split("\n").slice(0, 3).join(" ")}`);
    }
  }
}
console.log(`${blocks} Mermaid blocks in ${files.length} files, ${bad} refused`);
process.exit(bad > 0 ? 1 : 0);
