#!/usr/bin/env python3
"""How many of a real-looking repository's kernels clsynclint analyzes.

    bench/realrepo.py [--clsynclint build/clsynclint] [--scale 4] [--keep DIR]
                      [--json FILE]

Generates a small kernel repository written the way public GPU libraries
write theirs (issue 19), finds its kernels with a plain text scan, lints it
the way a user would (`clsynclint -p build --host-files .`), and prints how
many of the kernels the text scan finds clsynclint analyzed, per shape:

  header-wrapped   `KFQ void k(...)`, KFQ from an included vendor header, and
                   reqd_work_group_size behind a macro of that header
  directives       #if/#else inside a for header, TRACE(...) comma conditions
  latin-1          kernels whose comments are Latin-1, not UTF-8
  compile-db       kernels that need -D and -I from build/compile_commands.json
  host-raw         kernels in C++ raw strings (custom delimiters) of a host file
  host-literals    kernels in adjacent C string literals with escapes
  host-python      kernels in Python triple-quoted strings
  zero-config      kernels using macro constants nothing defines (TILE, WPT),
                   analyzed with them as unknowns (zero configuration)
  zero-config-hdr  header-wrapped kernels (KFQ, KATTR) whose constants and
                   element type (MLO_N_INPUTS, real_t) nothing defines
  zero-config-host kernels in C++ raw strings whose constants the host would
                   pass to clBuildProgram (WG, VEC) and nothing defines here

The text scan counts a kernel where `__kernel`, `kernel`, or a macro the
repository #defines as one of them, is followed (after attributes) by `void
NAME(`.  A header of helpers, which has none, is in the repository too.  The
script exits 1 unless clsynclint analyzed every kernel the scan found outside
the pending shapes (none now), and unless every zero-configuration file has
the note that names what was assumed; each file clsynclint did not analyze
is listed with why.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PENDING = {}   # shape -> why it is not counted yet
ZC_NOTE = "not defined by the build:"

VENDOR_H = """\
// Vendor macros, as GPU libraries wrap the OpenCL C keywords.
#ifndef VENDOR_H
#define VENDOR_H
#define KFQ __kernel
#define KGLOBAL __global
#define KLOCAL __local
#define WG_SIZE 64
#define KATTR __attribute__((reqd_work_group_size(WG_SIZE, 1, 1)))
#define TRACE(x) ((void)0)
#endif
"""

HELPERS_CL = """\
// Helpers included by the kernels: no kernel here.
#include "vendor.h"
inline float scaled(float x, float k) { return x * k; }
"""


def header_kernel(i):
    return f"""\
#include "vendor.h"
#include "helpers.cl"
KFQ KATTR void hdr_reduce_{i}(KGLOBAL const float *in, KGLOBAL float *out, KLOCAL float *s)
{{
    int lid = get_local_id(0);
    s[lid] = scaled(in[get_global_id(0)], 2.0f);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = WG_SIZE / 2; step > 0; step >>= 1) {{
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}}
"""


def directive_kernel(i):
    return f"""\
#include "vendor.h"
#define N 16
KFQ void dir_window_{i}(KGLOBAL const float *in, KGLOBAL float *out, KLOCAL float *t, int x)
{{
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (int i = 0; i < lid; i++)
        acc += 1.0f;
    for (uint b = 0;
#ifdef USE_X
         b < N && x;
#else
         b < N;
#endif
         ++b)
        acc += in[get_global_id(0) * N + b];
    for (int d = 0; TRACE(lid), d < 4; d++) {{
        t[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += t[(lid + 1) % get_local_size(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    out[get_global_id(0)] = acc;
}}
"""


def latin1_kernel(i):
    return (f"/* Noyau de r\xe9duction \xe9crit par l'\xe9quipe ({i}) */\n"
            f"__kernel void latin_{i}(__global float *a)\n"
            "{\n"
            "    a[get_global_id(0)] *= 2.0f; /* multipli\xe9 */\n"
            "}\n").encode("latin-1")


def compdb_kernel(i):
    return f"""\
#include "tiles.h"
__kernel void tiled_{i}(__global float *a)
{{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[TILE - 1 - l] * SCALE;
}}
"""


def zeroconf_kernel(i):
    return f"""\
__kernel void zc_gemm_{i}(__global const float *A, __global float *C, int n)
{{
    __local float tile[TILE][TILE];
    int r = get_local_id(0), c = get_local_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; k += TILE) {{
        tile[r][c] = A[r * n + k + c];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int w = 0; w < WPT; w++)
            acc += tile[r][w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    C[r * n + c] = acc;
}}
"""


def zeroconf_header_kernel(i):
    return f"""\
#include "vendor.h"
KFQ KATTR void zc_combine_{i}(KGLOBAL const real_t *in, KGLOBAL real_t *out, KLOCAL real_t *acc)
{{
    int l = get_local_id(0);
    real_t sum = 0;
    for (int k = 0; k < MLO_N_INPUTS; k++)
        sum += in[get_global_id(0) * MLO_N_INPUTS + k];
    acc[l] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {{
        for (int j = 1; j < WG_SIZE; j++)
            sum += acc[j];
        out[get_group_id(0)] = sum;
    }}
}}
"""


def zeroconf_host_cpp(n):
    parts = ["// A host program whose kernels get WG and VEC from the build options",
             "// it passes to clBuildProgram; nothing defines them here.", ""]
    for i in range(n):
        delim = "ZC" if i % 2 else ""
        parts += [f'static const char *zc_src_{i} = R"{delim}(',
                  f"__kernel void zc_halves_{i}(__global const float *in, __global float *out)",
                  "{",
                  "    __local float s[2 * WG];",
                  "    int l = get_local_id(0);",
                  "    s[l] = in[get_global_id(0)];",
                  "    s[l + WG] = 2.0f * in[get_global_id(0)];",
                  "    barrier(CLK_LOCAL_MEM_FENCE);",
                  "    out[get_global_id(0)] = s[WG - 1 - l] + s[2 * WG - 1 - l];",
                  "}",
                  f"__kernel void zc_lanes_{i}(__global float4 *v)",
                  "{",
                  "    float4 x = v[get_global_id(0)];",
                  "    for (int k = 1; k < VEC; k++)",
                  "        x += v[get_global_id(0)];",
                  "    v[get_global_id(0)] = x;",
                  "}",
                  f'){delim}";', ""]
    parts += ["int main() { return 0; }", ""]
    return "\n".join(parts)


def host_cpp(n):
    parts = ["// A host program with its kernels in C++ raw strings and C literals.",
             "#include <string>", "#include <vector>", "",
             "static const long kBytes = 1'048'576;", "static const char kQuote = '\"';", ""]
    for i in range(n):
        delim = "CLC" if i % 2 else ""
        parts += [f'static const char *raw_{i} = R"{delim}(',
                  f"__kernel void raw_scale_{i}(__global float *a, float k)",
                  "{",
                  # Only a delimiter lets the kernel hold `)"`.
                  '    if (get_global_id(0) == 0) printf("k=(%f)", k);' if delim else
                  '    if (get_global_id(0) == 0) printf("k=%f", k);',
                  "    a[get_global_id(0)] *= k;",
                  "}",
                  f'){delim}";', ""]
    for i in range(n):
        parts += [f"static const char *lit_{i} =",
                  f'    "__kernel void lit_sum_{i}(__global const float *in,\\n"',
                  '    "                          __global float *out, __local float *s)\\n"',
                  '    "{\\n"',
                  '    "\\tint l = get_local_id(0);\\n"',
                  '    "\\ts[l] = in[get_global_id(0)];\\n"',
                  '    "\\tbarrier(CLK_LOCAL_MEM_FENCE);\\n"',
                  '    "\\tif (l == 0) out[get_group_id(0)] = s[0] + s[1];\\n"',
                  '    "}\\n";', ""]
    parts += ['static const char *kMsg = "kernel launch failed";',
              "int main() { return (int)(kBytes % 7) + kQuote + kMsg[0]; }", ""]
    return "\n".join(parts)


def host_py(n):
    parts = ["# A PyOpenCL program with its kernels in triple-quoted strings.",
             "import pyopencl as cl", ""]
    for i in range(n):
        parts += [f'PY_{i} = """',
                  f"__kernel void py_add_{i}(__global const float *a, __global float *b)",
                  "{",
                  "    b[get_global_id(0)] = a[get_global_id(0)] + 1.0f;",
                  "}",
                  '"""', ""]
    parts += ["MESSAGE = 'kernel launch failed'", ""]
    return "\n".join(parts)


def generate(repo, scale):
    """Write the repository; returns {relative path: shape}."""
    shapes = {}

    def write(rel, text, shape=None):
        path = os.path.join(repo, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
        if shape:
            shapes[rel] = shape

    write("include/vendor.h", VENDOR_H)
    write("include/tiles.h", "#define SCALE 0.5f\n")
    write("kernels/helpers.cl", HELPERS_CL, "helpers")
    for i in range(scale):
        write(f"kernels/reduce_{i}.cl", header_kernel(i), "header-wrapped")
        write(f"kernels/window_{i}.cl", directive_kernel(i), "directives")
        write(f"kernels/latin_{i}.cl", latin1_kernel(i), "latin-1")
        write(f"kernels/tiled/tiled_{i}.cl", compdb_kernel(i), "compile-db")
        write(f"zeroconf/gemm_{i}.cl", zeroconf_kernel(i), "zero-config")
        write(f"zeroconf/combine_{i}.cl", zeroconf_header_kernel(i), "zero-config-hdr")
    write("host/app.cpp", host_cpp(scale), "host")
    write("host/app.py", host_py(scale), "host-python")
    write("host/zc_app.cpp", zeroconf_host_cpp(scale), "zero-config-host")
    # The kernels' build: every .cl compiled with -I include, the tiled ones
    # also with -D TILE (CMake-style "command" entries).
    entries = []
    for rel in sorted(shapes):
        if not rel.endswith(".cl") or rel.startswith("zeroconf/gemm"):
            continue
        flags = "-I../include"
        if rel.startswith("kernels/tiled/"):
            flags += " -DTILE=32"
        entries.append({"directory": os.path.join(repo, "build"),
                        "command": f"/usr/bin/clang -x cl -cl-std=CL2.0 {flags} "
                                   f"-c ../{rel} -o {os.path.basename(rel)}.bc",
                        "file": f"../{rel}"})
    write("build/compile_commands.json", json.dumps(entries, indent=1))
    return shapes


KERNEL_RE = r"\b({words})\b(?:\s+\w+|\s*__attribute__\s*\(\(.*?\)\))*\s+void\s+(\w+)\s*\("


def text_scan(repo):
    """Kernels found by a plain text scan: {(relative path, kernel name)}."""
    files = []
    for d, _, names in os.walk(repo):
        for n in names:
            if n.endswith((".cl", ".h", ".cpp", ".py")):
                files.append(os.path.relpath(os.path.join(d, n), repo))
    texts = {f: open(os.path.join(repo, f), "rb").read().decode("latin-1") for f in files}
    aliases = {"__kernel", "kernel"}
    for t in texts.values():
        aliases |= set(re.findall(r"#define\s+(\w+)\s+(?:__kernel|kernel)\s*$", t, re.M))
    pattern = re.compile(KERNEL_RE.format(words="|".join(sorted(aliases))))
    found = set()
    for f, t in texts.items():
        if f.endswith(".h"):
            continue   # headers define the macros, not kernels
        for m in pattern.finditer(t):
            found.add((f, m.group(2)))
    return found


def shape_of(rel, name, shapes):
    shape = shapes.get(rel, "?")
    if shape == "host":
        return "host-raw" if name.startswith("raw_") else "host-literals"
    return shape


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clsynclint", default=os.path.join(ROOT, "build", "clsynclint"))
    ap.add_argument("--scale", type=int, default=4, help="kernels per shape (default 4)")
    ap.add_argument("--keep", help="generate the repository here and keep it")
    ap.add_argument("--json", help="write the counts to this file")
    opts = ap.parse_args()

    repo = opts.keep or tempfile.mkdtemp(prefix="realrepo-")
    if opts.keep:
        shutil.rmtree(repo, ignore_errors=True)
        os.makedirs(repo)
    try:
        shapes = generate(repo, opts.scale)
        found = text_scan(repo)
        cmd = [os.path.abspath(opts.clsynclint), "--format=json", "-p", "build",
               "--host-files", "."]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, cwd=repo, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        try:
            report = json.loads(p.stdout)
        except ValueError:
            print("clsynclint did not write a JSON report (exit %d):\n%s" % (p.returncode, p.stderr))
            return 1
        analyzed, files = set(), {}
        for f in report["files"]:
            rel = os.path.normpath(f["path"])
            files[rel] = f
            for k in f.get("kernels", []):
                analyzed.add((rel, k["name"]))

        rows = {}
        for rel, name in found:
            row = rows.setdefault(shape_of(rel, name, shapes), {"found": 0, "analyzed": 0})
            row["found"] += 1
            row["analyzed"] += (rel, name) in analyzed
        print("%-16s %6s %9s" % ("shape", "found", "analyzed"))
        total = {"found": 0, "analyzed": 0}
        for shape in sorted(rows, key=lambda s: (s in PENDING, s)):
            r = rows[shape]
            note = "  pending: %s" % PENDING[shape] if shape in PENDING else ""
            print("%-16s %6d %9d%s" % (shape, r["found"], r["analyzed"], note))
            if shape not in PENDING:
                total["found"] += r["found"]
                total["analyzed"] += r["analyzed"]
        helpers = files.get("kernels/helpers.cl", {})
        print("%-16s %6d %9d  (a header of helpers: status %s)"
              % ("helpers", 0, 0, helpers.get("status", "missing")))
        missing = sorted(k for k in found - analyzed if shape_of(*k, shapes) not in PENDING)
        extra = sorted(analyzed - found)
        for rel, name in missing:
            f = files.get(rel, {})
            print("  not analyzed: %s: %s (%s%s)" % (rel, name, f.get("status", "not linted"),
                                                   ": " + f["reason"] if f.get("reason") else ""))
        for rel, name in extra:
            print("  analyzed, but the text scan missed it: %s: %s" % (rel, name))
        # Zero configuration: each such file says what it assumed.
        zc_files = sorted(rel for rel, shape in shapes.items() if shape.startswith("zero-config"))
        zc_noted = [rel for rel in zc_files
                    if any(n.startswith(ZC_NOTE) for n in files.get(rel, {}).get("notes", []))]
        for rel in sorted(set(zc_files) - set(zc_noted)):
            print("  no zero-configuration note: %s" % rel)
        ok = not missing and total["found"] > 0 and len(zc_noted) == len(zc_files)
        print("kernels analyzed: %d of the %d a text scan finds%s; %.2f s for %d files"
              % (total["analyzed"], total["found"],
                 " (all)" if ok else " (NOT ALL)", wall, len(report["files"])))
        print("zero configuration: %d of %d files name the macros they assumed"
              % (len(zc_noted), len(zc_files)))
        for shape in sorted(PENDING):
            pend = rows.get(shape, {"found": 0, "analyzed": 0})
            print("pending: %s kernels analyzed %d of %d (%s)"
                  % (shape, pend["analyzed"], pend["found"], PENDING[shape]))
        if opts.json:
            with open(opts.json, "w") as f:
                json.dump({"shapes": rows, "total": total, "ok": ok, "seconds": wall,
                           "missing": missing, "pending": sorted(PENDING),
                           "zero_config_noted": len(zc_noted),
                           "zero_config_files": len(zc_files)}, f, indent=1)
        return 0 if ok else 1
    finally:
        if not opts.keep:
            shutil.rmtree(repo, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
