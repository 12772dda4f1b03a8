#!/usr/bin/env python3
"""host.py CLSYNCLINT - kernels embedded in host code, in every output format.

Lints C, C++ and Python host files whose string literals hold OpenCL C
kernels and checks: positions and the line numbers inside messages in the
host file (gcc, text with the host's lines under the caret, JSON, SARIF
regions in UTF-16 columns, GitHub annotations); fix-its that, applied to
the host file as JSON and SARIF give them, re-escaped for the literal, fix
the kernel and keep the host program valid; a compile error of an embedded
kernel at its host line; a host file with no kernel; directory walking with
and without --host-files; standard input named with --stdin-filename;
--jobs; suppression comments inside embedded kernels.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(*args, stdin=None):
    p = subprocess.run([BIN, *args], capture_output=True, text=True, input=stdin)
    return p.returncode, p.stdout + p.stderr


HOST_CPP = r'''// A host program with two kernels in string literals.
#include <cstdio>
static const char *raw_src = R"(
__kernel void raw_race(__global float *a, __local float *t)
{
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    a[get_global_id(0)] = t[(l + 1) % 64];
}
)";
static const char *lit_src =
    "__kernel void lit_race(__global float *a, __local float *t)\n"
    "{\n"
    "\tint l = get_local_id(0);\n"
    "\tt[l] = a[get_global_id(0)] * \"ab\"[0];\n"
    "\ta[get_global_id(0)] = t[(l + 1) % 64];\n"
    "}\n";
int main(void) { return raw_src[0] + lit_src[0]; }
'''

work = tempfile.mkdtemp()
try:
    os.chdir(work)
    open("host.cpp", "w").write(HOST_CPP)

    # gcc: host lines and byte columns; the message's lines are host lines.
    rc, out = run("--format=gcc", "--local-size=64", "host.cpp")
    check(rc == 1, "gcc: exit %d" % rc)
    # (Which pair of work-items is the witness is the conflict analysis' choice.)
    for want in [r"host.cpp:8:27: error: local-memory race on t\[\d+\]: work-item \d+ writes it "
                 r"\(line 7\) while work-item \d+ reads it \(line 8\)",
                 r"host.cpp:7:5: note: the other access: t\[\d+\]",
                 r"host.cpp:16:30: error: local-memory race on t\[\d+\]: work-item \d+ writes it "
                 r"\(line 15\) while work-item \d+ reads it \(line 16\)",
                 r"host.cpp:15:8: note: the other access: t\[\d+\]"]:
        check(re.search(want, out), "gcc output lacks /%s/:\n%s" % (want, out))

    # text: the host file's line under the caret.
    rc, out = run("--local-size=64", "host.cpp")
    check('   16 |     "\\ta[get_global_id(0)] = t[(l + 1) % 64];\\n"\n'
          "      |                              ^~~~~~~~~~~~~~~" in out,
          "text: caret under the host line:\n%s" % out)

    # JSON: positions, kernels, and fixes that apply to the host file.
    rc, out = run("--format=json", "--local-size=64", "host.cpp")
    doc = json.loads(out)
    check([(k["name"], k["line"], k["column"]) for k in doc["files"][0].get("kernels", [])] ==
          [("raw_race", 4, 15), ("lit_race", 12, 20)], "JSON kernels %s" % doc["files"][0])
    fixes = [f for d in doc["diagnostics"] for f in d["fixes"]]
    check(len(fixes) == 2, "JSON: %d fixes, expected 2" % len(fixes))
    lines = HOST_CPP.split("\n")

    def offset(line, col):
        return sum(len(x) + 1 for x in lines[:line - 1]) + col - 1

    text = HOST_CPP
    for f in sorted(fixes, key=lambda f: (f["line"], f["column"]), reverse=True):
        b, e = offset(f["line"], f["column"]), offset(f["end_line"], f["end_column"])
        text = text[:b] + f["replacement"] + text[e:]
    check('"\\tbarrier(CLK_LOCAL_MEM_FENCE);\\n\\ta[get_global_id(0)]' in text,
          "the fix in the C literal is not escaped:\n%s" % text)
    open("fixed.cpp", "w").write(text)
    rc, out = run("--format=gcc", "--local-size=64", "fixed.cpp")
    check(rc == 0 and out == "", "the fixed host file still has findings (exit %d):\n%s" % (rc, out))
    if shutil.which("g++"):
        p = subprocess.run(["g++", "-fsyntax-only", "-x", "c++", "fixed.cpp"],
                           capture_output=True, text=True)
        check(p.returncode == 0, "the fixed host file is not valid C++:\n%s" % p.stderr)

    # SARIF: regions in the host file; its fixes give the same text.
    rc, out = run("--format=sarif", "--local-size=64", "host.cpp")
    res = json.loads(out)["runs"][0]["results"]
    regions = sorted((r["locations"][0]["physicalLocation"]["region"]["startLine"],
                      r["locations"][0]["physicalLocation"]["region"]["startColumn"]) for r in res)
    check(regions == [(8, 27), (16, 30)], "SARIF regions %s" % regions)
    sfix = sorted(r["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"]
                  for r in res if r.get("fixes"))
    check(sfix == sorted(f["replacement"] for f in fixes), "SARIF fixes %s" % sfix)

    # GitHub annotations.
    rc, out = run("--format=github", "--local-size=64", "host.cpp")
    check("::error file=host.cpp,line=16,col=30," in out, "github:\n%s" % out)

    # A compile error in an embedded kernel: at its host line, not analyzed.
    open("broken.c", "w").write('const char *k =\n    "__kernel void k(__global int *a)\\n"\n'
                                '    "{ a[0] = undefined_name; }\\n";\n')
    rc, out = run("--format=json", "broken.c")
    doc = json.loads(out)
    d = doc["diagnostics"]
    check(rc == 2 and d and (d[0]["rule"], d[0]["line"], d[0]["column"]) == ("compile-error", 3, 15),
          "compile error in an embedded kernel: exit %d %s" % (rc, d))
    check(doc["files"][0]["status"] == "not-analyzed" and
          doc["files"][0]["reason"] == "kernel source at line 2: compile errors",
          "compile error: file record %s" % doc["files"][0])

    # A host file without a kernel: a note, exit 0.
    open("plain.py", "w").write('print("kernel launch failed")\n')
    rc, out = run("plain.py")
    check(rc == 0 and "plain.py: note: no kernel in this file: no string literal holds an OpenCL C "
          "kernel" in out, "no-kernel host file: exit %d\n%s" % (rc, out))

    # Directories: .cl files, and host files that hold kernels with --host-files.
    os.mkdir("repo")
    shutil.copy("host.cpp", "repo/host.cpp")
    shutil.copy("plain.py", "repo/plain.py")
    open("repo/k.cl", "w").write("__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }\n")
    rc, out = run("--format=json", "repo")
    check([f["path"] for f in json.loads(out)["files"]] == ["repo/k.cl"], "walk: %s" % out)
    rc, out = run("--format=json", "--host-files", "repo")
    check([f["path"] for f in json.loads(out)["files"]] == ["repo/host.cpp", "repo/k.cl"],
          "walk --host-files: %s" % out)
    os.remove("repo/k.cl")
    os.remove("repo/host.cpp")
    rc, out = run("--host-files", "repo")
    check(rc == 2 and "repo: no .cl or .opencl files, nor host files with kernels, in this directory" in out,
          "walk of a folder with no kernels: exit %d %s" % (rc, out))

    # Standard input, named as a host file.
    rc, out = run("--format=gcc", "--local-size=64", "--stdin-filename=app.cpp", "-", stdin=HOST_CPP)
    check(rc == 1 and "app.cpp:16:30: error: local-memory race" in out, "stdin:\n%s" % out)

    # --jobs prints what a serial run prints.
    shutil.copy("host.cpp", "repo/host.cpp")
    a = run("--format=json", "--local-size=64", "--host-files", "repo", "host.cpp", "broken.c")
    b = run("--format=json", "--local-size=64", "--host-files", "--jobs=3", "repo", "host.cpp",
            "broken.c")
    check(a == b, "--jobs=3 differs from a serial run")

    # A suppression comment inside a kernel in a C literal.
    open("quiet.c", "w").write(
        'const char *k =\n'
        '    "__kernel void k(__global int *f)\\n"\n'
        '    "{\\n"\n'
        '    "    // clsynclint: disable-next-line=barrier-divergence -- one group only\\n"\n'
        '    "    if (f[get_global_id(0)]) barrier(CLK_GLOBAL_MEM_FENCE);\\n"\n'
        '    "}\\n";\n')
    rc, out = run("--format=gcc", "--statistics", "quiet.c")
    check(rc == 0 and "(1 suppressed)" in out, "suppression in a C literal: exit %d\n%s" % (rc, out))
finally:
    os.chdir("/")
    shutil.rmtree(work)

for f in failures:
    print("FAIL:", f)
print("host: %d failures" % len(failures))
sys.exit(1 if failures else 0)
