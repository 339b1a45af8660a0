// End-to-end check of `gortex mcp` with clients nobody here wrote: the
// official MCP TypeScript SDK, over stdio and over streamable HTTP, lists
// the tools (checking the memory tools' schemas and that each declares an
// output schema) and calls why and store_memory against the built binary
// (the SDK validates each structuredContent against its output schema), and serves a client's MCP root;
// the MCP Inspector CLI, which converts --tool-arg values by the types the
// schema declares, stores a memory. Each runs on a temporary copy of
// testdata/repo.
//
//   node e2e.mjs PATH/TO/gortex
//
// Exit status 0 when every check passes; each failure is printed.
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(process.argv[2] ?? join(here, "..", "..", "gortex"));
const scratch = mkdtempSync(join(tmpdir(), "gortex-e2e-"));
const env = { ...process.env, XDG_DATA_HOME: join(scratch, "xdg") };
let failures = 0;

function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

// fixture copies testdata/repo for one transport's run.
function fixture(name) {
  const dir = join(scratch, name);
  cpSync(join(here, "..", "repo"), dir, { recursive: true });
  return dir;
}

function memoryFiles(dir) {
  return readdirSync(join(dir, ".gortex", "memories")).filter((f) => f.endsWith(".md") && !f.startsWith("."));
}

// memoryFieldTypes are the memory fields every memory tool must declare,
// with their JSON types.
const memoryFieldTypes = {
  title: "string", body: "string", kind: "string", symbols: "array", files: "array", tags: "array",
  importance: "integer", confidence: "number", basis: "string",
};

// callJSON calls a tool that must succeed. The SDK validates the result's
// structuredContent against the tool's outputSchema (listed before) and
// throws when it does not validate; the text must say the same.
async function callJSON(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const text = res.content.map((c) => c.text ?? "").join("");
  if (res.isError) throw new Error(`${name}: ${text}`);
  const v = JSON.parse(text);
  if (JSON.stringify(v) !== JSON.stringify(res.structuredContent)) {
    throw new Error(`${name}: structuredContent ${JSON.stringify(res.structuredContent)} is not the text ${text}`);
  }
  return v;
}

// exercise runs the same conversation over any connected client.
async function exercise(transport, client, dir) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  check(names.length === 17 && ["why", "store_memory", "audit", "propose_memory", "check", "covers", "specs"].every((n) => names.includes(n)),
    `${transport}: tools/list gives 17 tools (${names.join(", ")})`);
  check((client.getInstructions() ?? "").includes("store_memory"), `${transport}: server instructions`);
  for (const name of ["store_memory", "update_memory", "supersede_memory"]) {
    const props = tools.find((t) => t.name === name)?.inputSchema?.properties ?? {};
    const wrong = Object.entries(memoryFieldTypes).filter(([arg, type]) => props[arg]?.type !== type ||
      (type === "array" && props[arg]?.items?.type !== "string"));
    check(wrong.length === 0, `${transport}: ${name} declares every memory field with its type` +
      (wrong.length ? ` (wrong or missing: ${wrong.map(([a]) => a).join(", ")})` : ""));
  }
  // A hint left out means its MCP default (destructiveHint true,
  // openWorldHint true), which a read-only tool's destructiveHint does not
  // matter for.
  const ro = tools.filter((t) => t.annotations?.readOnlyHint === true);
  check(ro.length === 11 && ro.every((t) => t.annotations.openWorldHint === false),
    `${transport}: ${ro.length} read-only tools, none open-world`);
  check(tools.every((t) => t.annotations?.openWorldHint === false), `${transport}: no tool is open-world`);
  // What a model reads (mcp/schema_test.go: maxToolsList), and the output
  // schemas, which only the client reads (maxOutputSchemas).
  const listed = JSON.stringify(tools.map(({ outputSchema, ...rest }) => rest)).length;
  check(listed <= 12700, `${transport}: tools/list definitions without output schemas take ${listed} characters`);
  const schemas = tools.map((t) => JSON.stringify(t.outputSchema ?? "")).join("").length;
  check(tools.every((t) => t.outputSchema?.type === "object") && schemas <= 16000,
    `${transport}: every tool declares an outputSchema (${schemas} characters together)`);

  const a = await callJSON(client, "why", { id: "billing.Invoice.Finalize" });
  check(a.symbol?.id === "billing/invoice.go::Invoice.Finalize" && a.count > 0,
    `${transport}: why billing.Invoice.Finalize → ${a.count} entries, first ${a.rationale[0]?.source_id}`);

  const m = await callJSON(client, "store_memory", {
    title: "Finalize runs once per invoice",
    body: "Invoice.Finalize writes one ledger entry per line; calling it twice books revenue twice.",
    kind: "invariant", importance: 5, symbols: ["billing.Invoice.Finalize"], tags: ["e2e"],
  });
  check(m.status === "created" && /^\d{8}T\d{6}Z-[0-9a-z]{6}$/.test(m.id), `${transport}: store_memory → ${m.status} ${m.id}`);
  check(memoryFiles(dir).length === 1, `${transport}: the memory is on disk (${m.path})`);

  const again = await callJSON(client, "store_memory", {
    body: "Invoice.Finalize writes one ledger entry per line; calling it twice books revenue twice.",
    symbols: ["billing.Invoice.Finalize"],
  });
  check(again.status === "duplicate" && again.id === m.id, `${transport}: storing it again → ${again.status}`);

  const b = await callJSON(client, "why", { id: "Invoice.Finalize" });
  check(b.rationale[0]?.source_id === `mem:${m.id}` && b.rationale[0]?.kind === "rationale",
    `${transport}: why ranks the new memory first`);

  const bad = await client.callTool({ name: "why", arguments: { id: "Invoice", limit: -3 } });
  check(bad.isError === true && bad.content[0].text.includes("argument limit"), `${transport}: a bad argument is an isError result naming it`);
}

async function overStdio() {
  const dir = fixture("stdio");
  const transport = new StdioClientTransport({ command: bin, args: ["mcp", "--dir", dir], env, stderr: "inherit" });
  const client = new Client({ name: "gortex-e2e", version: "1.0.0" });
  await client.connect(transport);
  try {
    await exercise("stdio", client, dir);
  } finally {
    await client.close();
  }
}

// structuredOnly is a client that declares the experimental capability
// gortex/structuredContentOnly: its results carry the answer in
// structuredContent alone (validated by the SDK against the output schema
// it listed), with one line of text, and on the wire about half what the
// same answer costs a client that does not declare it.
async function structuredOnly() {
  const dir = fixture("structured");
  const sizes = {};
  for (const declare of [false, true]) {
    const capabilities = declare ? { experimental: { "gortex/structuredContentOnly": {} } } : {};
    const transport = new StdioClientTransport({ command: bin, args: ["mcp", "--dir", dir], env, stderr: "inherit" });
    const client = new Client({ name: "gortex-e2e-structured", version: "1.0.0" }, { capabilities });
    await client.connect(transport);
    try {
      await client.listTools(); // the output schemas the SDK validates with
      const res = await client.callTool({ name: "why", arguments: { id: "billing.Invoice.Finalize" } });
      const text = res.content.map((c) => c.text ?? "").join("");
      sizes[declare] = JSON.stringify(res).length;
      if (declare) {
        check(!res.isError && res.structuredContent?.symbol?.id === "billing/invoice.go::Invoice.Finalize" && !text.includes('"symbol"'),
          `structured only: why's answer is in structuredContent, its text one line (${text.length} characters)`);
        check(client.getServerCapabilities()?.experimental?.["gortex/structuredContentOnly"] !== undefined,
          "structured only: the server lists the capability");
      }
    } finally {
      await client.close();
    }
  }
  check(sizes[true] < 0.6 * sizes[false], `structured only: the result takes ${sizes[true]} characters on the wire, ${sizes[false]} without the capability`);
}

// withRoots starts gortex mcp without --dir, in a directory that is no
// repository, from a client that declares MCP roots: the server serves
// the client's root and says so in index_status.
async function withRoots() {
  const dir = fixture("roots");
  const cwd = mkdtempSync(join(scratch, "cwd-"));
  const { CLAUDE_PROJECT_DIR, ...rest } = env;
  const transport = new StdioClientTransport({ command: bin, args: ["mcp"], cwd, env: rest, stderr: "inherit" });
  const client = new Client({ name: "gortex-e2e-roots", version: "1.0.0" }, { capabilities: { roots: { listChanged: false } } });
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: pathToFileURL(dir).href, name: "fixture" }] }));
  await client.connect(transport);
  try {
    const st = await callJSON(client, "index_status", {});
    check(st.root === dir && st.root_source === "client_roots" && st.warnings.length === 0,
      `roots: index_status serves the client's root (${st.root}, ${st.root_source})`);
    const a = await callJSON(client, "why", { id: "billing.Invoice.Finalize" });
    check(a.count > 0, `roots: why answers from the client's root (${a.count} entries)`);
  } finally {
    await client.close();
  }
}

// startHTTP launches `gortex mcp --http 127.0.0.1:0` and resolves with the
// URL it prints on stderr.
function startHTTP(dir, token) {
  const child = spawn(bin, ["mcp", "--http", "127.0.0.1:0", "--dir", dir], {
    env: { ...env, GORTEX_MCP_TOKEN: token }, stdio: ["ignore", "inherit", "pipe"],
  });
  return new Promise((resolveURL, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no URL from gortex mcp --http: ${seen}`)), 60000);
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      const m = seen.match(/at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolveURL({ child, url: new URL(m[1]) });
      }
    });
    child.on("exit", (code) => reject(new Error(`gortex mcp --http exited with ${code}: ${seen}`)));
  });
}

async function overHTTP() {
  const dir = fixture("http");
  const token = "e2e-" + Math.random().toString(36).slice(2);
  const { child, url } = await startHTTP(dir, token);
  try {
    const denied = new Client({ name: "no-token", version: "1.0.0" });
    let status = "connected";
    try {
      await denied.connect(new StreamableHTTPClientTransport(url));
    } catch (e) {
      status = String(e.code ?? e.message);
    }
    check(status.includes("401"), `http: without the token the server answers 401 (${status})`);

    const raw = await fetch(url, { method: "POST", headers: { Origin: "https://evil.example", Authorization: `Bearer ${token}`,
      "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: "{}" });
    check(raw.status === 403, `http: a foreign Origin gets 403 (${raw.status})`);

    const client = new Client({ name: "gortex-e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      await exercise("http", client, dir);
    } finally {
      await client.close();
    }
  } finally {
    child.kill("SIGINT");
  }
}

// withInspector stores a memory through the MCP Inspector CLI, which sends
// each --tool-arg converted by the type the tool's schema declares for it:
// a list as an array, a number as a number. (The fixture's Total is the
// function cart.Total; its type Cart has no method Total.)
async function withInspector() {
  const dir = fixture("inspector");
  const cli = join(here, "node_modules", "@modelcontextprotocol", "inspector", "cli", "build", "cli.js");
  const { stdout } = await promisify(execFile)(process.execPath, [cli, "--cli", "-e", `XDG_DATA_HOME=${env.XDG_DATA_HOME}`,
    bin, "mcp", "--dir", dir, "--method", "tools/call", "--tool-name", "store_memory",
    "--tool-arg", 'symbols=["cart.Total"]', "--tool-arg", "importance=4",
    "--tool-arg", "body=Cart.Total sums the line prices before any discount is applied."], { timeout: 120000 });
  const res = JSON.parse(stdout);
  const text = res.content?.map((c) => c.text ?? "").join("") ?? "";
  check(!res.isError, `inspector: store_memory symbols=["cart.Total"] importance=4 → ${text}`);
  const files = memoryFiles(dir);
  const body = files.length === 1 ? readFileSync(join(dir, ".gortex", "memories", files[0]), "utf8") : "";
  check(/^importance: 4$/m.test(body) && body.includes("cart/pricing.go::Total"), `inspector: the memory file says importance: 4 (${files.join(", ")})`);
}

try {
  await overStdio();
  await structuredOnly();
  await overHTTP();
  await withInspector();
  await withRoots();
} catch (e) {
  console.log("FAIL", e.stack ?? e);
  failures++;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(failures ? `e2e: ${failures} failed` : "e2e: all passed");
process.exit(failures ? 1 : 0);
