// Drives `rtgit mcp` with the Model Context Protocol Inspector's command-
// line mode, as an agent would: lists the tools and the resources, calls
// every read tool on the demo's analysis and reads a resource. The run
// fails when a call fails, a tool answers with an error, or an answer is
// not the JSON text rtgit's tools promise.
//
//   node .ci/check-mcp.mjs INSPECTOR RTGIT SLUG   (in the demo repository)
import { execFileSync } from "node:child_process";

const [inspector, rtgit, slug] = process.argv.slice(2);
const run = (...args) => {
  const out = execFileSync(inspector, ["--cli", rtgit, "mcp", ...args], { encoding: "utf8", timeout: 60000 });
  return JSON.parse(out);
};
const fail = (msg) => { console.error(`check-mcp: ${msg}`); process.exit(1); };

const tools = run("--method", "tools/list").tools.map((t) => t.name);
const size = JSON.stringify(run("--method", "tools/list")).length;
console.log(`tools: ${tools.join(", ")} (${size} bytes)`);
for (const want of ["analyses", "summary", "ready_tasks", "get", "check"]) {
  if (!tools.includes(want)) fail(`the tool list has no ${want}`);
}
if (tools.includes("comment")) fail("comment is listed without --allow-write");

const calls = [
  ["analyses", []],
  ["summary", [`slug=${slug}`]],
  ["ready_tasks", [`slug=${slug}`, "limit=1"]],
  ["get", [`slug=${slug}`, "id=T001"]],
  ["get", [`slug=${slug}`, "id=FR-001"]],
  ["get", [`slug=${slug}`, "id=AC-001-01"]],
  ["check", [`slug=${slug}`]],
];
for (const [tool, args] of calls) {
  const res = run("--method", "tools/call", "--tool-name", tool, ...args.flatMap((a) => ["--tool-arg", a]));
  if (res.isError) fail(`${tool} ${args.join(" ")} answered with an error: ${JSON.stringify(res.content)}`);
  const text = res.content?.[0]?.text;
  if (res.content?.[0]?.type !== "text" || typeof text !== "string") fail(`${tool} answered no text content`);
  try { JSON.parse(text); } catch (e) { fail(`${tool} answered text that is not JSON: ${e.message}`); }
  console.log(`${tool} ${args.join(" ")}: ${text.length} bytes`);
}

const resources = run("--method", "resources/list").resources;
const spec = resources.find((r) => r.uri === `rtgit://${slug}/requirements-spec.md`);
if (!spec) fail(`no resource rtgit://${slug}/requirements-spec.md among ${resources.length}`);
const read = run("--method", "resources/read", "--uri", spec.uri);
if (!read.contents?.[0]?.text?.startsWith("# Requirements Specification")) fail("the requirements spec resource reads wrong");
console.log(`resources: ${resources.length}, read ${spec.uri}`);
console.log("rtgit mcp passed the Inspector's calls");
