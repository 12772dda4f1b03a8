#!/usr/bin/env python3
"""protocol.py CLSYNCLINT SRCDIR - `clsynclint --lsp` at the protocol level.

Raw framed messages on the server's standard input, the replies read back:
framing errors (malformed JSON, no or a bad Content-Length, a message over
the size limit) are survived; unknown requests get MethodNotFound and
unknown notifications nothing; diagnostics carry rule, link, severity and
related information, and code actions the fix-it; a storm of changes
publishes only the last version; a lint that crashes or hangs costs a
diagnostic, not the server; a stale lint is killed; and the exit codes
follow shutdown/exit.  Each check prints what it got when it fails.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

BIN = os.path.abspath(sys.argv[1])
SRC = os.path.abspath(sys.argv[2])
failures = []


def check(cond, what, got=None):
    if cond:
        print("ok:", what)
    else:
        print("FAIL:", what, "" if got is None else "\n  got: %s" % (got,))
        failures.append(what)


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


servers = []


class Server:
    def __init__(self, cwd, args=(), env=None):
        servers.append(self)
        self.err = tempfile.TemporaryFile()
        e = dict(os.environ)
        e.update(env or {})
        self.p = subprocess.Popen([BIN, "--lsp"] + list(args), cwd=cwd, env=e,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err)
        self.buf = b""
        self.pending = []     # messages read but not yet asked for
        self.next_id = 1

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        self.send_raw(frame(obj))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params=None):
        i = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params or {}})
        return i

    def _read_one(self, deadline):
        """One message from the server, or None at the deadline."""
        while True:
            if b"\r\n\r\n" in self.buf:
                head, rest = self.buf.split(b"\r\n\r\n", 1)
                n = int(head.split(b"Content-Length:")[1].split(b"\r\n")[0])
                if len(rest) >= n:
                    self.buf = rest[n:]
                    return json.loads(rest[:n])
            left = deadline - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                if not chunk:
                    return None
                self.buf += chunk

    def wait(self, pred, timeout=30):
        """The first message (pending first) for which pred holds, or None."""
        for m in self.pending:
            if pred(m):
                self.pending.remove(m)
                return m
        deadline = time.time() + timeout
        while True:
            m = self._read_one(deadline)
            if m is None:
                return None
            if pred(m):
                return m
            self.pending.append(m)

    def reply(self, i, timeout=30):
        return self.wait(lambda m: m.get("id") == i and "method" not in m, timeout)

    def drain(self, seconds):
        """Every message that arrives within `seconds`, pending ones first."""
        got, self.pending = self.pending, []
        deadline = time.time() + seconds
        while True:
            m = self._read_one(deadline)
            if m is None:
                return got
            got.append(m)

    def children(self):
        """The server's child processes (its lints) now."""
        try:
            with open("/proc/%d/task/%d/children" % (self.p.pid, self.p.pid)) as f:
                return f.read().split()
        except OSError:
            return None

    def close(self, timeout=30):
        """Close standard input; the exit code."""
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return "hung"

    def stderr(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")


def publishes(msgs, uri):
    return [m["params"] for m in msgs
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]


def is_publish(uri):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                      m["params"]["uri"] == uri)


def wait_publish(s, uri, timeout):
    """The params of the next publishDiagnostics for uri, or None."""
    m = s.wait(is_publish(uri), timeout)
    return m["params"] if m else None


def initialize(s, options=None):
    i = s.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                 "capabilities": {},
                                 "initializationOptions": options or {}})
    r = s.reply(i)
    s.notify("initialized", {})
    return r


tmp = tempfile.mkdtemp()
try:
    os.mkdir(os.path.join(tmp, ".git"))   # no .clsynclint above is found
    bad = open(os.path.join(SRC, "corpus/barrier-fence/barrier_zero.cl")).read()
    fixed_line = "    barrier(CLK_LOCAL_MEM_FENCE);"
    lines = bad.split("\n")
    bad_line = next(i for i, l in enumerate(lines) if l.strip().startswith("barrier(0)"))
    fixed = "\n".join(l if i != bad_line else fixed_line for i, l in enumerate(lines))
    path = os.path.join(tmp, "barrier_zero.cl")
    shutil.copy(os.path.join(SRC, "corpus/barrier-fence/barrier_zero.cl"), path)
    uri = "file://" + path

    s = Server(tmp)
    # ---- before initialize
    i = s.request("textDocument/codeAction", {})
    r = s.reply(i)
    check(r and r.get("error", {}).get("code") == -32002, "request before initialize: -32002", r)

    # A debounce of 1 s (initializationOptions), so that the storm 20 ms apart
    # below stays one burst on a loaded machine.
    r = initialize(s, {"debounce": 1000})
    caps = (r or {}).get("result", {}).get("capabilities", {})
    check(caps.get("textDocumentSync", {}).get("change") == 1 and
          caps["textDocumentSync"].get("openClose") is True,
          "initialize: full text sync, open/close", r)
    check(caps.get("codeActionProvider", {}).get("codeActionKinds") == ["quickfix"],
          "initialize: quick fixes", r)

    # ---- framing and JSON errors, each followed by a request that must work
    def alive(what):
        i = s.request("no/such/method", {})
        r = s.reply(i, timeout=20)
        check(r and r.get("error", {}).get("code") == -32601, what, r)

    body = b'{"jsonrpc": "2.0", "id": 99, "method": '
    s.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    r = s.wait(lambda m: "error" in m and m["error"]["code"] == -32700)
    check(r and r.get("id") is None, "malformed JSON: ParseError with id null", r)
    alive("after malformed JSON: unknown method gets MethodNotFound (-32601)")

    s.send_raw(b'Content-Type: application/json\r\n\r\n{"jsonrpc": "2.0", "id": 98, '
               b'"method": "shutdown"}')
    r = s.wait(lambda m: m.get("method") == "window/logMessage" and
               "without Content-Length" in m["params"]["message"])
    check(r is not None, "missing Content-Length: logged", s.pending)
    alive("after missing Content-Length: the next message is read (and the "
          "headerless shutdown was not)")

    s.send_raw(b"Content-Length: 12x\r\n\r\n{}")
    r = s.wait(lambda m: m.get("method") == "window/logMessage" and
               "invalid Content-Length" in m["params"]["message"])
    check(r is not None, "invalid Content-Length: logged", s.pending)
    alive("after an invalid Content-Length: still serving")
    logs = [m for m in s.pending if m.get("method") == "window/logMessage"]
    check(logs == [], "one bad header block is reported once", logs)
    s.send_raw(b"Content-Length: 99999999999999999999999\r\n\r\n")
    r = s.wait(lambda m: m.get("method") == "window/logMessage" and
               "invalid Content-Length" in m["params"]["message"])
    check(r is not None, "Content-Length beyond 64 bits: logged", s.pending)
    alive("after bad Content-Length values: still serving")

    big = 161 << 20
    s.send_raw(b"Content-Length: %d\r\n\r\n" % big)
    chunk = b" " * (1 << 20)
    for _ in range(big >> 20):
        s.send_raw(chunk)
    r = s.wait(lambda m: m.get("method") == "window/logMessage" and
               "over the limit" in m["params"]["message"])
    check(r is not None, "message over 160 MiB: skipped and logged", s.pending)
    alive("after the huge message: still serving")

    # a message in pieces, a lowercase header name and a Content-Type, two
    # messages in one write
    data = frame({"jsonrpc": "2.0", "id": 500, "method": "no/such/method"})
    for k in range(0, len(data), 7):
        s.send_raw(data[k:k + 7])
        time.sleep(0.002)
    r = s.reply(500)
    check(r and r.get("error", {}).get("code") == -32601, "a message sent in pieces", r)
    body = json.dumps({"jsonrpc": "2.0", "id": 501, "method": "no/such/method"}).encode()
    s.send_raw(b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc; "
               b"charset=utf-8\r\n\r\n" % len(body) + body +
               frame({"jsonrpc": "2.0", "id": 502, "method": "no/such/method"}))
    r1, r2 = s.reply(501), s.reply(502)
    check(r1 and r2 and r1["error"]["code"] == r2["error"]["code"] == -32601,
          "lowercase header name, Content-Type, two messages in one write", (r1, r2))

    s.notify("no/such/notification", {"x": 1})
    s.notify("$/cancelRequest", {"id": 12345})
    i = s.request("no/such/method", {})
    r = s.reply(i)
    extra = [m for m in s.pending if "error" in m]
    check(not extra, "unknown notifications get no reply", extra)
    s.pending = []

    # ---- diagnostics of a kernel with a finding
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "opencl", "version": 1, "text": bad}})
    pub = wait_publish(s, uri, 60)
    diags = (pub or {}).get("diagnostics", [])
    check(pub and pub.get("version") == 1 and len(diags) == 1, "didOpen: one diagnostic, version 1",
          pub)
    d = diags[0] if diags else {}
    check(d.get("code") == "barrier-fence" and d.get("source") == "clsynclint" and
          d.get("severity") == 1, "code, source, severity (error)", d)
    check(d.get("range", {}).get("start") == {"line": bad_line, "character": 4},
          "range starts at the barrier (0-based line %d, character 4)" % bad_line, d.get("range"))
    check(d.get("codeDescription", {}).get("href", "").endswith("docs/rules/barrier-fence.md"),
          "codeDescription links the rule page", d.get("codeDescription"))
    rel = d.get("relatedInformation", [])
    check(len(rel) == 2 and all(x["location"]["uri"] == uri for x in rel) and
          rel[0]["location"]["range"]["start"]["line"] == bad_line - 1 and
          "before the barrier" in rel[0]["message"],
          "relatedInformation: the two accesses", rel)

    # ---- code actions
    i = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": bad_line, "character": 6},
                  "end": {"line": bad_line, "character": 6}},
        "context": {"diagnostics": [d]}})
    r = s.reply(i)
    acts = (r or {}).get("result") or []
    a = acts[0] if acts else {}
    edits = a.get("edit", {}).get("changes", {}).get(uri, [])
    check(len(acts) == 1 and a.get("kind") == "quickfix" and "isPreferred" not in a and
          a.get("diagnostics", [{}])[0].get("code") == "barrier-fence",
          "codeAction at the finding: one quick fix, not preferred", r)
    check(edits == [{"range": {"start": {"line": bad_line, "character": 12},
                               "end": {"line": bad_line, "character": 13}},
                     "newText": "CLK_LOCAL_MEM_FENCE"}],
          "the quick fix replaces the 0 with CLK_LOCAL_MEM_FENCE", edits)
    i = s.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}},
        "context": {"diagnostics": []}})
    r = s.reply(i)
    check(r and r.get("result") == [], "codeAction away from the finding: none", r)

    # ---- a storm of changes in one write: only the last version is linted
    storm = b"".join(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": v},
        "contentChanges": [{"text": fixed if v == 21 else bad + "\n" * v}]}})
        for v in range(2, 22))
    s.send_raw(storm)
    got = publishes(s.drain(8), uri)
    check([p.get("version") for p in got] == [21] and got[0]["diagnostics"] == [],
          "didChange storm (one write): one publish, version 21, clean", got)

    # ---- a storm spread over time, faster than the debounce
    for v in range(22, 42):
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                            "contentChanges": [{"text": bad + " " * v}]})
        time.sleep(0.02)
    early = publishes(s.drain(0.8), uri)
    check(early == [], "no lint before the buffer has been quiet for the debounce (1 s)", early)
    got = early + publishes(s.drain(8), uri)
    check([p.get("version") for p in got] == [41] and len(got[0]["diagnostics"]) == 1,
          "didChange storm (20 ms apart): one publish, version 41, the finding", got)

    # ---- didSave lints again; didClose clears
    s.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    pub = wait_publish(s, uri, 60)
    check(pub and pub.get("version") == 41 and len(pub["diagnostics"]) == 1,
          "didSave: linted again", pub)
    s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    pub = wait_publish(s, uri, 10)
    check(pub and pub["diagnostics"] == [], "didClose: diagnostics cleared", pub)

    # ---- columns in UTF-16 code units: é is one, 😀 two (bytes: 2 and 4)
    wide = bad.replace("    barrier(0);", "    /*\u00e9\U0001F600*/ barrier(0);")
    wide_uri = "file://" + os.path.join(tmp, "wide.cl")
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": wide_uri, "languageId": "opencl", "version": 1, "text": wide}})
    pub = wait_publish(s, wide_uri, 60)
    rg = ((pub or {}).get("diagnostics") or [{}])[0].get("range")
    check(rg == {"start": {"line": bad_line, "character": 12},
                 "end": {"line": bad_line, "character": 22}},
          "range in UTF-16 code units after non-ASCII text", rg)

    # ---- the nearest .clsynclint applies, and is read again on save
    os.mkdir(os.path.join(tmp, "cfg"))
    cfg = os.path.join(tmp, "cfg", ".clsynclint")
    with open(cfg, "w") as f:
        f.write("severity.barrier-fence = warning\n")
    cfg_uri = "file://" + os.path.join(tmp, "cfg", "k.cl")
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": cfg_uri, "languageId": "opencl", "version": 1, "text": bad}})
    pub = wait_publish(s, cfg_uri, 60)
    sev = [d["severity"] for d in (pub or {}).get("diagnostics", [])]
    check(sev == [2], ".clsynclint of the buffer's directory: barrier-fence as a warning", pub)
    with open(cfg, "w") as f:
        f.write("disable = barrier-fence\n")
    s.notify("textDocument/didSave", {"textDocument": {"uri": cfg_uri}})
    pub = wait_publish(s, cfg_uri, 60)
    check(pub is not None and pub["diagnostics"] == [],
          "the edited .clsynclint counts at the next lint (didSave)", pub)
    with open(cfg, "w") as f:
        f.write("no-such-key = 1\n")
    s.notify("textDocument/didSave", {"textDocument": {"uri": cfg_uri}})
    pub = wait_publish(s, cfg_uri, 60)
    d = ((pub or {}).get("diagnostics") or [{}])[0]
    check(d.get("code") == "configuration" and ".clsynclint" in d.get("message", ""),
          "a malformed .clsynclint: a diagnostic naming it", pub)

    # ---- shutdown, then requests are refused, then exit: 0
    i = s.request("shutdown")
    r = s.reply(i)
    check(r and "result" in r and r["result"] is None, "shutdown: null result", r)
    i = s.request("textDocument/codeAction", {})
    r = s.reply(i)
    check(r and r.get("error", {}).get("code") == -32600, "request after shutdown: -32600", r)
    s.notify("exit", None)
    rc = s.p.wait(30)
    check(rc == 0, "exit after shutdown: exit code 0", rc)

    # ---- exit without shutdown: 1; end of input without shutdown: 1; after: 0
    s = Server(tmp)
    initialize(s)
    s.notify("exit", None)
    check(s.p.wait(30) == 1, "exit without shutdown: exit code 1", s.p.returncode)
    s = Server(tmp)
    initialize(s)
    rc = s.close()
    check(rc == 1, "end of input without shutdown: exit code 1", rc)
    s = Server(tmp)
    initialize(s)
    s.reply(s.request("shutdown"))
    rc = s.close()
    check(rc == 0, "end of input after shutdown: exit code 0", rc)
    s = Server(tmp)
    s.send_raw(b"Content-Length: 50\r\n\r\n{\"jsonrpc\"")
    rc = s.close()
    check(rc == 1, "end of input inside a message: exit code 1, no hang", rc)

    # ---- a lint that crashes: a diagnostic and a log message, the server goes on
    crash_path = os.path.join(tmp, "crashme.cl")
    s = Server(tmp, env={"CLSYNCLINT_DEBUG_CRASH": "crashme"})
    initialize(s)
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": "file://" + crash_path, "languageId": "opencl", "version": 1, "text": bad}})
    pub = wait_publish(s, "file://" + crash_path, 60)
    msg = ((pub or {}).get("diagnostics") or [{}])[0].get("message", "")
    check("internal error (signal 11)" in msg, "a crashing lint: a diagnostic says so", pub)
    log = s.wait(lambda m: m.get("method") == "window/logMessage" and
                 "signal 11" in m["params"]["message"], timeout=5)
    check(log is not None, "a crashing lint: a log message", s.pending)
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "opencl", "version": 1, "text": bad}})
    pub = wait_publish(s, uri, 60)
    check(pub and len(pub["diagnostics"]) == 1, "after the crash, the next buffer is linted", pub)
    s.reply(s.request("shutdown"))
    s.notify("exit", None)
    check(s.p.wait(30) == 0, "after a crash: clean shutdown", s.p.returncode)

    # ---- a hanging lint is killed when the text changes, and at the budget
    hang_path = os.path.join(tmp, "hangme.cl")
    hang_uri = "file://" + hang_path
    s = Server(tmp, args=["--budget=3"], env={"CLSYNCLINT_DEBUG_HANG": "hangme"})
    initialize(s)
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": hang_uri, "languageId": "opencl", "version": 1, "text": bad}})
    time.sleep(0.5)
    first = s.children()
    s.notify("textDocument/didChange", {"textDocument": {"uri": hang_uri, "version": 2},
                                        "contentChanges": [{"text": bad + "\n"}]})
    time.sleep(0.5 + 0.25 + 0.5)   # the debounce, and the new lint's start
    second = s.children()
    check(first is not None and len(first) == 1 and second is not None and len(second) == 1 and
          first != second, "a change kills the stale lint: one lint at a time, a new one",
          (first, second))
    pub = wait_publish(s, hang_uri, 10)
    check(pub and "over the time budget of 3 s" in pub["diagnostics"][0]["message"] and
          pub.get("version") == 2,
          "a hanging lint is stopped at the budget, and says so", pub)
    check(s.children() == [], "the hanging lint is gone", s.children())
    s.reply(s.request("shutdown"))
    s.notify("exit", None)
    check(s.p.wait(30) == 0, "clean shutdown after the hang", s.p.returncode)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    for n, srv in enumerate(servers):
        err = srv.stderr()
        if err:
            print("--- standard error of server %d:\n%s" % (n + 1, err))
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
