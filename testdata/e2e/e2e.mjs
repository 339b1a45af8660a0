// End-to-end check of `gortex mcp` with a client nobody here wrote: the
// official MCP TypeScript SDK. Over stdio and over streamable HTTP it lists
// the tools and calls why and store_memory against the built binary, on a
// temporary copy of testdata/repo.
//
//   node e2e.mjs PATH/TO/gortex
//
// Exit status 0 when every check passes; each failure is printed.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

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

async function callJSON(client, name, args) {
  const res = await client.callTool({ name, arguments: args });
  const text = res.content.map((c) => c.text ?? "").join("");
  if (res.isError) throw new Error(`${name}: ${text}`);
  return JSON.parse(text);
}

// exercise runs the same conversation over any connected client.
async function exercise(transport, client, dir) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  check(names.length === 14 && names.includes("why") && names.includes("store_memory") && names.includes("audit") && names.includes("propose_memory"),
    `${transport}: tools/list gives 14 tools (${names.join(", ")})`);
  check((client.getInstructions() ?? "").includes("store_memory"), `${transport}: server instructions`);

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

try {
  await overStdio();
  await overHTTP();
} catch (e) {
  console.log("FAIL", e.stack ?? e);
  failures++;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(failures ? `e2e: ${failures} failed` : "e2e: all passed");
process.exit(failures ? 1 : 0);
