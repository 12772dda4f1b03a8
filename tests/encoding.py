#!/usr/bin/env python3
"""encoding.py CLSYNCLINT - files that are not UTF-8, as clang judges them.

clang accepts any byte in comments, in skipped #if blocks and (with a
warning) in string literals, and rejects one in an identifier.  clsynclint
must analyze what clang compiles, report what it rejects as a compile error
at its line and column, and keep columns right around multi-byte and
non-UTF-8 characters: byte columns in gcc and JSON output, the caret under
the range in text output, UTF-16 columns in SARIF; and every report is valid
UTF-8.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(path, *args):
    p = subprocess.run([BIN, *args, path], capture_output=True)
    out = p.stdout + p.stderr
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError as e:
        failures.append("%s %s: output is not UTF-8: %s" % (path, args, e))
        text = out.decode("latin-1")
    return p.returncode, text


# A divergent barrier after a comment holding two non-ASCII characters; the
# comment's encoding is Latin-1 (one byte each) or UTF-8 (two bytes each).
KERNEL = (b"/* Auteur: Ren\xe9 L\xe9vy */\n"
          b"__kernel void k(__global float *a)\n"
          b"{\n"
          b"    int lid = get_local_id(0);\n"
          b"    if (lid < 4) /* \xe9t\xe9 */ barrier(CLK_LOCAL_MEM_FENCE);\n"
          b"}\n")
work = tempfile.mkdtemp()
for enc, width in (("latin1", 1), ("utf8", 2)):
    src = KERNEL if enc == "latin1" else KERNEL.replace(b"\xe9", "\u00e9".encode())
    path = os.path.join(work, enc + ".cl")
    open(path, "wb").write(src)
    line = src.split(b"\n")[4]
    byte_col = line.index(b"barrier") + 1          # 28 in Latin-1, 30 in UTF-8
    chars = line[: byte_col - 1].decode("latin-1" if enc == "latin1" else "utf-8")
    rc, out = run(path, "--format=gcc")
    check(rc == 1, "%s: exit %d, expected 1 (analyzed, finding)" % (enc, rc))
    check("%s.cl:5:%d: error: barrier reached under divergent control flow" % (enc, byte_col)
          in out, "%s: gcc output lacks the finding at 5:%d:\n%s" % (enc, byte_col, out))
    rc, out = run(path, "--format=text")
    lines = out.splitlines()
    carets = [l for l in lines if l.startswith("      | ") and "^" in l]
    check(carets and carets[0].index("^") - len("      | ") == len(chars),
          "%s: the caret is not under 'barrier' (%d characters before it):\n%s"
          % (enc, len(chars), out))
    check("    5 |     if (lid < 4) /* \u00e9t\u00e9 */" in out if enc == "utf8" else
          "    5 |     if (lid < 4) /* \ufffdt\ufffd */" in out,
          "%s: the source line is not shown as UTF-8:\n%s" % (enc, out))
    rc, out = run(path, "--format=json")
    doc = json.loads(out)
    check(doc["files"][0]["status"] == "analyzed", "%s: JSON status %s" % (enc, doc["files"]))
    for d in doc["diagnostics"][:1]:
        check((d["line"], d["column"]) == (5, byte_col), "%s: JSON position %s" % (enc, d))
    rc, out = run(path, "--format=sarif")
    results = json.loads(out)["runs"][0]["results"]
    check(len(results) == 1, "%s: %d SARIF results, expected 1" % (enc, len(results)))
    for r in results[:1]:
        reg = r["locations"][0]["physicalLocation"]["region"]
        check(reg["startColumn"] == len(chars) + 1,
              "%s: SARIF startColumn %d, expected %d UTF-16 units + 1"
              % (enc, reg["startColumn"], len(chars)))

# Where clang accepts a byte that is not UTF-8 and where it does not.
cases = [
    ("string", b'__kernel void k(__global int *a) { printf("caf\xe9 %d\\n", 1); a[0] = 1; }\n',
     ["--compiler-warnings"], 1, "string.cl:1:47: warning: illegal character encoding in string literal"),
    ("string-quiet", b'__kernel void k(__global int *a) { printf("caf\xe9\\n"); a[0] = 1; }\n',
     [], 0, None),
    ("skipped-if", b"#if 0\ncaf\xe9\n#endif\n__kernel void k(__global int *a) { a[0] = 1; }\n",
     [], 0, None),
    ("identifier", b"__kernel void k(__global int *a)\n{\n    int caf\xe9 = 1;\n    a[0] = 1;\n}\n",
     [], 2, "identifier.cl:3:12: error: source file is not valid UTF-8 [compile-error]"),
]
for name, src, args, code, want in cases:
    path = os.path.join(work, name + ".cl")
    open(path, "wb").write(src)
    rc, out = run(path, "--format=gcc", *args)
    check(rc == code, "%s: exit %d, expected %d:\n%s" % (name, rc, code, out))
    if want:
        check(want in out, "%s: output lacks %r:\n%s" % (name, want, out))
    else:
        check(out == "", "%s: expected no output:\n%s" % (name, out))

# A report about a file whose name is not UTF-8 is UTF-8 JSON all the same.
path = os.path.join(work.encode(), b"caf\xe9.cl")
open(path, "wb").write(b"__kernel void k(__global int *a) { a[0] = 1; }\n")
p = subprocess.run([BIN.encode(), b"--format=json", path], capture_output=True)
try:
    doc = json.loads(p.stdout.decode("utf-8"))
    check(doc["files"][0]["path"].endswith("caf\ufffd.cl"), "JSON path %r" % doc["files"][0])
except (UnicodeDecodeError, ValueError) as e:
    failures.append("JSON for a Latin-1 file name: %s: %r" % (e, p.stdout))

shutil.rmtree(work)
for f in failures:
    print("FAIL:", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
