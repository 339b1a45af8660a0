// TOON round trip: every tool answer gortex gives as TOON must decode, with
// the format's reference implementation (@toon-format/toon), to the same
// data as its JSON answer. Also reports the size of both, in characters, in
// estimated tokens (characters / 4, the estimate max_tokens uses) and in
// tokens of a real tokenizer (o200k_base, GPT-4o's, via gpt-tokenizer).
//
//   node toon-check.mjs PATH/TO/gortex            # a copy of testdata/repo
//   node toon-check.mjs PATH/TO/gortex REPO Q...  # REPO itself; why Q for each Q
//
// "Same data": JSON leaves out some empty fields (omitempty) that TOON's
// tabular rows must carry; a field present on one side only must hold a
// zero value ("", 0, false, null, []). And a commit entry's refs, a list in
// JSON, is one space-separated string in TOON, whose table rows hold
// scalars only (query.Refs): a list and a string equal to its items joined
// by spaces count as equal, and are counted. Everything else must be equal.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { decode } from "@toon-format/toon";
import { countTokens } from "gpt-tokenizer";

const here = dirname(fileURLToPath(import.meta.url));
const [binArg, repoArg, ...queries] = process.argv.slice(2);
const bin = resolve(binArg ?? join(here, "..", "..", "gortex"));
const scratch = mkdtempSync(join(tmpdir(), "gortex-toon-"));
let dir = repoArg ? resolve(repoArg) : join(scratch, "repo");
if (!repoArg) cpSync(join(here, "..", "repo"), dir, { recursive: true });

const isZero = (v) => v === "" || v === 0 || v === false || v === null || v === undefined || (Array.isArray(v) && v.length === 0);

let joinedLists = 0;

// diff returns the paths where a (JSON) and b (decoded TOON) differ.
function diff(a, b, path = "$") {
  if (Array.isArray(a) && typeof b === "string" && a.every((x) => typeof x === "string") && a.join(" ") === b) {
    joinedLists++;
    return [];
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return isZero(a) && isZero(b) ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
    if (a.length !== b.length) return [`${path}: ${a.length} items vs ${b.length}`];
    return a.flatMap((x, i) => diff(x, b[i], `${path}[${i}]`));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => {
      if (!(k in a)) return isZero(b[k]) ? [] : [`${path}.${k}: missing in JSON, ${JSON.stringify(b[k])} in TOON`];
      if (!(k in b)) return isZero(a[k]) ? [] : [`${path}.${k}: ${JSON.stringify(a[k])} in JSON, missing in TOON`];
      return diff(a[k], b[k], `${path}.${k}`);
    });
  }
  if (isZero(a) && isZero(b)) return [];
  return a === b ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}

const client = new Client({ name: "gortex-toon-check", version: "1.0.0" });
await client.connect(new StdioClientTransport({
  command: bin, args: ["mcp", "--dir", dir], env: { ...process.env, XDG_DATA_HOME: join(scratch, "xdg") }, stderr: "inherit",
}));

async function text(name, args) {
  const res = await client.callTool({ name, arguments: args });
  const t = res.content.map((c) => c.text ?? "").join("");
  if (res.isError) throw new Error(`${name}(${JSON.stringify(args)}): ${t}`);
  return t;
}

// The calls compared: on the fixture, one of every reading tool; on another
// repository, why for each query given.
let calls;
if (repoArg) {
  calls = queries.map((q) => ["why", { id: q }]);
  calls.push(["list_docs", { limit: 30 }], ["search", { query: queries[0]?.split(".").pop() ?? "main" }]);
} else {
  await text("store_memory", { body: "Invoice.Finalize writes one ledger entry per line; calling it twice books revenue twice.",
    kind: "invariant", importance: 5, symbols: ["billing.Invoice.Finalize"], tags: ["toon"] });
  calls = [
    ["why", { id: "billing.Invoice.Finalize" }],
    ["why", { id: "ledger.Record", explain: true }],
    ["why", { id: "cart.Cart.Checkout" }],
    ["why", { id: "Total" }],
    ["why", { id: "billing/invoice.go" }],
    ["query_memories", {}],
    ["search", { query: "refund store credit" }],
    ["list_docs", {}],
    ["doc_outline", { path: "docs/adr/0001-use-a-ledger.md" }],
    ["read_doc_section", { ids: ["doc:docs/adr/0001-use-a-ledger.md#L27"], subsections: true }],
  ];
}

let failures = 0;
const rows = [];
const total = { json: 0, toon: 0, jsonTok: 0, toonTok: 0 };
for (const [name, args] of calls) {
  const label = `${name} ${args.id ?? args.path ?? args.query ?? ""}`.trim();
  const js = await text(name, { ...args, format: "json" });
  const tn = await text(name, { ...args, format: "toon" });
  let problems;
  try {
    problems = diff(JSON.parse(js), decode(tn.trimEnd(), { strict: true }));
  } catch (e) {
    problems = [`TOON does not decode: ${e.message}`];
  }
  if (problems.length) {
    failures++;
    console.log(`FAIL ${label}\n  ${problems.slice(0, 10).join("\n  ")}`);
  } else {
    console.log(`ok   ${label}`);
  }
  const r = { label, json: js.length, toon: tn.length, jsonTok: countTokens(js), toonTok: countTokens(tn) };
  rows.push(r);
  for (const k of Object.keys(total)) total[k] += r[k];
}
await client.close();
if (!repoArg) rmSync(scratch, { recursive: true, force: true });

const pct = (a, b) => `${(100 * (1 - b / a)).toFixed(0)}%`;
console.log("\nanswer                               JSON chars  TOON chars  est. tokens (chars/4)  o200k tokens       saving (est / o200k)");
for (const r of [...rows, { label: "total", ...total }]) {
  console.log(`${r.label.slice(0, 36).padEnd(36)} ${String(r.json).padStart(10)}  ${String(r.toon).padStart(10)}  ${String(Math.ceil(r.json / 4)).padStart(8)} → ${String(Math.ceil(r.toon / 4)).padEnd(10)}  ${String(r.jsonTok).padStart(6)} → ${String(r.toonTok).padEnd(8)}  ${pct(r.json, r.toon)} / ${pct(r.jsonTok, r.toonTok)}`);
}
if (joinedLists) console.log(`(${joinedLists} lists of references are one space-separated string in TOON, as query.Refs writes them)`);
console.log(failures ? `toon: ${failures} answers differ` : "toon: every TOON answer decodes to its JSON answer");
process.exit(failures ? 1 : 0);
