#!/usr/bin/env python3
"""Peak memory of gortex lsp beside gortex mcp on one repository.

Each server runs under /usr/bin/time -v and does the same work as a
client would ask of it: start on the repository, answer the reasoning of
one symbol (the MCP tool why; an LSP hover on the symbol's name in its
declaration), then stop. The script prints the peak RSS of each run and
the medians.

usage: testdata/lsp/memory.py GORTEX_BIN REPO FILE NEEDLE QUERY RUNS
  FILE    the repo-relative file holding the declaration
  NEEDLE  the text of the declaration line; the hover is on QUERY's last
          name within it
  QUERY   the symbol for the MCP why
"""
import json
import os
import re
import statistics
import subprocess
import sys


def timed(cmd, cwd):
    return subprocess.Popen(["/usr/bin/time", "-v"] + cmd, cwd=cwd,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def peak_kb(stderr):
    m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", stderr)
    if not m:
        raise SystemExit("no peak RSS in: " + stderr[-2000:].decode(errors="replace"))
    return int(m.group(1))


def mcp_run(bin, repo, query):
    p = timed([bin, "mcp", "--dir", repo], repo)
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "memory", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "why", "arguments": {"id": query}}},
    ]
    out, err = p.communicate("".join(json.dumps(m) + "\n" for m in msgs).encode(), timeout=600)
    if b'"id":2' not in out:
        raise SystemExit("mcp: no answer to why: " + out[-2000:].decode(errors="replace"))
    return peak_kb(err)


def lsp_send(p, msg):
    body = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    p.stdin.flush()


def lsp_read(p):
    length = 0
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit("lsp: the server closed its output")
        if line in (b"\r\n", b"\n"):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(p.stdout.read(length))


def lsp_wait(p, id):
    while True:
        m = lsp_read(p)
        if m.get("id") == id and "method" not in m:
            return m
        if "method" in m and "id" in m:  # a request of the server's: answer it
            lsp_send(p, {"jsonrpc": "2.0", "id": m["id"], "result": None})


def lsp_run(bin, repo, file, needle, name):
    p = timed([bin, "lsp", "--dir", repo], repo)
    uri = "file://" + os.path.join(repo, file)
    text = open(os.path.join(repo, file), encoding="utf-8").read()
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if needle in l)
    col = lines[line].index(name, lines[line].index(needle))
    lsp_send(p, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + repo, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + repo, "name": "repo"}]}})
    lsp_wait(p, 1)
    lsp_send(p, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    lsp_send(p, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "go", "version": 1, "text": text}}})
    lsp_send(p, {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": col}}})
    hover = lsp_wait(p, 2)
    if not (hover.get("result") or {}).get("contents"):
        raise SystemExit("lsp: an empty hover: %s" % hover)
    lsp_send(p, {"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    lsp_wait(p, 3)
    lsp_send(p, {"jsonrpc": "2.0", "method": "exit"})
    p.stdin.close()
    err = p.stderr.read()
    p.wait(timeout=60)
    return peak_kb(err)


def main():
    bin, repo, file, needle, query, runs = sys.argv[1:7]
    bin, repo = os.path.abspath(bin), os.path.abspath(repo)
    name = re.split(r"[.:#]", query)[-1]
    mcp, lsp = [], []
    for i in range(int(runs)):  # in turn, so that the machine's load weighs on both alike
        mcp.append(mcp_run(bin, repo, query))
        lsp.append(lsp_run(bin, repo, file, needle, name))
        print("run %d: mcp %.1f MB, lsp %.1f MB" % (i + 1, mcp[-1] / 1024, lsp[-1] / 1024), flush=True)
    print("median peak RSS: mcp %.1f MB, lsp %.1f MB" % (statistics.median(mcp) / 1024, statistics.median(lsp) / 1024))


if __name__ == "__main__":
    main()
