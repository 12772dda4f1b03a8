#!/usr/bin/env python3
"""clsynclint benchmark: time and memory against clang -fsyntax-only.

    bench/bench.py [--clsynclint build/clsynclint] [--clang clang-19]
                   [--runs 5] [--json bench/results.json] [--smoke]

Measures, in one run:
  1. every corpus kernel: clsynclint wall time / clang -fsyntax-only wall time
     with the same language options (median of --runs each; median and worst
     ratio over the corpus);
  2. growth: one realistic kernel body repeated into functions of 100, 1,000,
     10,000 and 50,000 lines, plus deep loop nests and many barriers: time,
     time per line, peak RSS, and the fitted exponent of time ~ lines^e;
  3. a generated repository of 500 kernel files: files per second with
     --jobs 1 and --jobs N (N = CPU count);
  4. the per-phase split from --time-report for the largest kernel;
  5. the conflict decision: the same kernels at work-group sizes 16 to 1024
     and 1 to 65536 groups (the time must not depend on the launch), one
     barrier interval with 8 to 256 accesses to one array, and the
     polyhedral-compiler-style kernels of bench/polyhedral (with and without
     their launch), each with its ratio to clang -fsyntax-only, the solver's
     decisions and calls, and its time per call.
Prints a table and writes JSON.  --smoke runs a tiny version (for CI: it
checks that the benchmark runs, not how fast anything is).
"""
import argparse
import json
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLANG_FLAGS = ["-fsyntax-only", "-x", "cl", "-cl-std=CL3.0", "--target=spir64-unknown-unknown",
               "-Xclang", "-finclude-default-header", "-Xclang", "-fdeclare-opencl-builtins",
               "-Wno-everything"]


def run(cmd, cwd=None):
    """Run cmd; return (wall seconds, peak RSS of the child in MB, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    # ru_maxrss of children is the maximum over all children so far; use a
    # fresh process per measurement through /proc instead when possible.
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_maxrss / 1024.0, p.returncode, p.stderr.decode(errors="replace")


def peak_rss(cmd, cwd=None):
    """Peak RSS (MB) of one run, measured in a fresh helper process.  For
    clsynclint, --time-report makes the supervisor reap its workers before it
    ends (otherwise it leaves them to end on their own), so that the worker,
    which does the analysis, is among the children measured."""
    if cmd and os.path.basename(cmd[0]).startswith("clsynclint"):
        cmd = [cmd[0], "--time-report"] + cmd[1:]
    code = ("import resource,subprocess,sys;"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + cmd, cwd=cwd, capture_output=True,
                         text=True).stdout.strip()
    return int(out) / 1024.0 if out.isdigit() else float("nan")


def median_time(cmd, runs, cwd=None):
    ts = []
    for _ in range(runs):
        wall, _, rc, err = run(cmd, cwd)
        if rc not in (0, 1):
            raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), rc, err[:300]))
        ts.append(wall)
    return statistics.median(ts)


def run_config(path):
    """The RUN-CONFIG flags of a corpus kernel, split for each tool."""
    flags = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.search(r"RUN-CONFIG:(.*)", line)
            if m:
                flags += m.group(1).split()
    lint, cc = [], []
    it = iter(flags)
    for a in it:
        if a in ("-D", "-I", "-U", "-include"):
            v = next(it, "")
            lint += [a, v]
            cc += [a, v] if a != "-include" else [a, v]
        elif a.startswith(("-D", "-I", "-U", "-cl-std=")):
            lint.append(a)
            cc.append(a)
        else:
            lint.append(a)
    return lint, cc


BODY = """
    {{
        int lid{i} = get_local_id(0);
        scratch[lid{i}] = in[get_global_id(0) + {i}];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {{
            if (lid{i} < s)
                scratch[lid{i}] += scratch[lid{i} + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }}
        if (lid{i} == 0)
            out[get_group_id(0) * {n} + {i}] = scratch[0];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
"""
BODY_LINES = BODY.count("\n")


def gen_kernel(lines):
    n = max(1, lines // BODY_LINES)
    parts = ["__kernel void big(__global const float *in, __global float *out,\n"
             "                  __local float *scratch)\n{"]
    parts += [BODY.format(i=i, n=n) for i in range(n)]
    parts.append("}\n")
    return "".join(parts)


def gen_nest(depth):
    s = ["__kernel void nest(__global float *a, __local float *t, int n)\n{\n",
         "    int l = get_local_id(0);\n"]
    for d in range(depth):
        s.append("    " * (d + 1) + "for (int i%d = 0; i%d < n; i%d++) {\n" % (d, d, d))
        s.append("    " * (d + 2) + "t[l] = a[l + i%d];\n" % d)
        s.append("    " * (d + 2) + "barrier(CLK_LOCAL_MEM_FENCE);\n")
    for d in reversed(range(depth)):
        s.append("    " * (d + 1) + "}\n")
    s.append("}\n")
    return "".join(s)


def gen_barriers(count):
    """A correct kernel with many barriers: stage, exchange, accumulate."""
    s = ["__kernel __attribute__((reqd_work_group_size(64, 1, 1)))\n"
         "void many(__global const float *a, __global float *b, __local float *t)\n{\n",
         "    int l = get_local_id(0), g = get_global_id(0);\n    float acc = 0.0f;\n"]
    for i in range(count):
        s.append("    t[l] = a[%d * get_global_size(0) + g];\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
                 "    acc += t[(l + 1) %% 64];\n    barrier(CLK_LOCAL_MEM_FENCE);\n" % i)
    s.append("    b[g] = acc;\n")
    s.append("}\n")
    return "".join(s)


SWEEP_KERNELS = {
    # 1-D: a tree reduction in __local memory, correct.
    "reduce1d": """
__kernel void reduce(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    for (int d = get_local_size(0) / 2; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d)
            s[lid] += s[lid + d];
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
""",
    # 1-D: a stencil through a __local tile with halo, correct.
    "stencil1d": """
__kernel void stencil(__global const float *in, __global float *out, __local float *t, int n)
{
    int lid = get_local_id(0), gid = get_global_id(0), L = get_local_size(0);
    t[lid + 1] = gid < n ? in[gid] : 0.0f;
    if (lid == 0)
        t[0] = gid > 0 ? in[gid - 1] : 0.0f;
    if (lid == L - 1)
        t[L + 1] = gid + 1 < n ? in[gid + 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n)
        out[gid] = t[lid] + t[lid + 1] + t[lid + 2];
}
""",
    # 2-D: a transpose through a padded __local tile, correct.
    "transpose2d": """
__kernel void transpose(__global const float *in, __global float *out, __local float *t,
                        int width, int height)
{
    int lx = get_local_id(0), ly = get_local_id(1), L = get_local_size(0);
    int x = get_global_id(0), y = get_global_id(1);
    if (x < width && y < height)
        t[ly * (L + 1) + lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * L + lx, oy = get_group_id(0) * L + ly;
    if (ox < height && oy < width)
        out[oy * height + ox] = t[lx * (L + 1) + ly];
}
""",
}


def gen_interval(n):
    """One barrier interval with n stores and n loads to one __local array:
    each work-item keeps to its own row, so every pair must be proved apart."""
    s = ["__kernel void many(__global const float *in, __global float *out, __local float *s)\n{\n",
         "    int l = get_local_id(0);\n    float acc = 0.0f;\n"]
    for i in range(n // 2):
        s.append("    s[l * %d + %d] = in[get_global_id(0) + %d];\n" % (n, i, i))
    for i in range(n // 2):
        s.append("    acc += s[l * %d + %d];\n" % (n, (i * 7) % (n // 2)))
    s.append("    out[get_global_id(0)] = acc;\n}\n")
    return "".join(s)


def solver_stats(lint, cmd_tail):
    """(decisions, calls, ms per call) from --time-report."""
    p = subprocess.run([lint, "--time-report"] + cmd_tail, capture_output=True, text=True)
    m = re.search(r"of which solver\s+([0-9.]+)\s+\((\d+) decisions, (\d+) solver calls, "
                  r"([0-9.]+) ms per call\)", p.stderr)
    if not m:
        return 0, 0, 0.0
    return int(m.group(2)), int(m.group(3)), float(m.group(4))


def fit_exponent(points):
    """Least-squares slope of log(time) against log(lines)."""
    xs = [math.log(p[0]) for p in points]
    ys = [math.log(max(p[1], 1e-6)) for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


def supports_jobs(lint):
    out = subprocess.run([lint, "--help"], capture_output=True, text=True).stdout
    return "--jobs" in out


def targets(result):
    """Each target of the speed issue with what this run measured."""
    out = []
    c, g, r = result["corpus"], result["growth"], result["repository"]
    if c["files"]:
        out.append({"target": "corpus median <= 1x clang -fsyntax-only",
                    "met": c["median_ratio"] <= 1.0, "measured": "%.2fx" % c["median_ratio"]})
        out.append({"target": "corpus worst <= 3x", "met": c["worst_ratio"] <= 3,
                    "measured": "%.2fx (%s)" % (c["worst_ratio"], c["worst_file"])})
    e = g["exponent_1000_up"]
    if e is not None:
        out.append({"target": "linear growth (exponent <= 1.2)", "met": e <= 1.2,
                    "measured": "lines^%.2f" % e})
    sv = result.get("solver")
    if sv:
        worst = max(sv["launch_sweep"], key=lambda r: r["spread"])
        out.append({"target": "time independent of the launch (<= 1.5x spread)",
                    "met": worst["spread"] <= 1.5,
                    "measured": "worst %.2fx (%s)" % (worst["spread"], worst["kernel"])})
        big_iv = sv["interval"][-1]
        out.append({"target": "%d accesses in one interval < 5x clang" % big_iv["accesses"],
                    "met": big_iv["ratio"] < 5, "measured": "%.2fx" % big_iv["ratio"]})
        worst_p = max(sv["polyhedral"], key=lambda r: r["ratio"])
        out.append({"target": "polyhedral-style kernels < 3x clang",
                    "met": worst_p["ratio"] < 3,
                    "measured": "worst %.2fx (%s)" % (worst_p["ratio"], worst_p["kernel"])})
    big = g["rows"][-1]
    if big["lines"] >= 40000:
        out.append({"target": "peak RSS < 100 MB at 50,000 lines", "met": big["peak_rss_mb"] < 100,
                    "measured": "%.0f MB; clang -fsyntax-only alone %.0f MB (%.2fx)" % (
                        big["peak_rss_mb"], big["clang_rss_mb"], big["rss_ratio"])})
    if "speedup" in r:
        cores = result["machine"]["cpus"] or 1
        out.append({"target": "--jobs %d near-linear (>= 0.8 x %d)" % (cores, cores),
                    "met": r["speedup"] >= 0.8 * cores, "measured": "%.2fx" % r["speedup"]})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clsynclint", default=os.path.join(ROOT, "build", "clsynclint"))
    ap.add_argument("--clang", default=shutil.which("clang-19") or shutil.which("clang"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", default=os.path.join(ROOT, "bench", "results.json"))
    ap.add_argument("--smoke", action="store_true", help="a tiny run for CI")
    args = ap.parse_args()
    lint, clang = args.clsynclint, args.clang
    if not clang or not os.path.exists(lint):
        sys.exit("bench.py: need clang (clang-19) and a built clsynclint (%s)" % lint)
    runs = 1 if args.smoke else args.runs
    result = {"machine": {"cpus": os.cpu_count(), "clang": clang}, "smoke": args.smoke}
    tmp = tempfile.mkdtemp(prefix="clsbench-")

    # 1. Corpus ratios.
    corpus = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "corpus")):
        corpus += [os.path.join(dirpath, f) for f in files if f.endswith(".cl")]
    corpus.sort()
    if args.smoke:
        # A few files, and the kernels that do not compile (skipped, listed).
        corpus = corpus[:4] + [p for p in corpus[4:] if "compile-error" in p]
    rows, skipped = [], []
    for path in corpus:
        lflags, cflags = run_config(path)
        # A kernel that does not compile (the compile-error examples) has no
        # parse to compare with.
        if run([clang] + CLANG_FLAGS + cflags + [path])[2] != 0:
            skipped.append(os.path.relpath(path, ROOT))
            continue
        t_lint = median_time([lint] + lflags + [path], runs)
        t_cc = median_time([clang] + CLANG_FLAGS + cflags + [path], runs)
        rows.append({"file": os.path.relpath(path, ROOT), "clsynclint_s": t_lint, "clang_s": t_cc,
                     "ratio": t_lint / t_cc if t_cc else float("nan")})
    ratios = [r["ratio"] for r in rows]
    result["corpus"] = {"files": len(rows), "median_ratio": statistics.median(ratios) if ratios else None,
                        "worst_ratio": max(ratios) if ratios else None,
                        "worst_file": max(rows, key=lambda r: r["ratio"])["file"] if rows else None,
                        "skipped_not_compiling": skipped, "rows": rows}

    # 2. Growth.
    sizes = [100, 1000] if args.smoke else [100, 1000, 10000, 50000]
    growth = []
    for lines in sizes:
        path = os.path.join(tmp, "big%d.cl" % lines)
        with open(path, "w") as f:
            f.write(gen_kernel(lines))
        real_lines = sum(1 for _ in open(path))
        t = median_time([lint, path], 1 if lines >= 10000 else runs)
        tc = median_time([clang] + CLANG_FLAGS + [path], 1 if lines >= 10000 else runs)
        rss = peak_rss([lint, path])
        crss = peak_rss([clang] + CLANG_FLAGS + [path])
        growth.append({"lines": real_lines, "clsynclint_s": t, "clang_s": tc, "ratio": t / tc,
                       "us_per_line": 1e6 * t / real_lines, "peak_rss_mb": rss,
                       "clang_rss_mb": crss, "rss_ratio": rss / crss if crss else float("nan")})
    pts = [(g["lines"], g["clsynclint_s"]) for g in growth if g["lines"] >= 1000]
    result["growth"] = {"rows": growth, "exponent_1000_up": fit_exponent(pts) if len(pts) >= 2 else None}
    extra = []
    for name, text in (("nest8", gen_nest(8)), ("nest32", gen_nest(32)),
                       ("barriers500", gen_barriers(50 if args.smoke else 500))):
        path = os.path.join(tmp, name + ".cl")
        with open(path, "w") as f:
            f.write(text)
        t = median_time([lint, path], runs)
        tc = median_time([clang] + CLANG_FLAGS + [path], runs)
        extra.append({"kernel": name, "lines": text.count("\n"), "clsynclint_s": t, "clang_s": tc,
                      "ratio": t / tc, "peak_rss_mb": peak_rss([lint, path])})
    result["shapes"] = extra

    # 3. A repository of small kernels: throughput with --jobs.
    repo = os.path.join(tmp, "repo")
    os.makedirs(repo)
    nfiles = 20 if args.smoke else 500
    # The repository is linted without per-file flags: only kernels that
    # compile without any, and alone (a copy has no header beside it).
    compiling = [p for p in corpus
                 if os.path.relpath(p, ROOT) not in skipped and not run_config(p)[1]]
    sources = [t for t in (open(p, encoding="utf-8", errors="replace").read() for p in compiling)
               if '#include "' not in t] or [gen_kernel(100)]
    for i in range(nfiles):
        with open(os.path.join(repo, "k%04d.cl" % i), "w") as f:
            f.write(sources[i % len(sources)])
    thr = {}
    jobs = [1, os.cpu_count() or 1] if supports_jobs(lint) else [1]
    for j in jobs:
        cmd = [lint] + (["--jobs", str(j)] if len(jobs) > 1 else []) + [repo]
        t = median_time(cmd, 1 if not args.smoke else 1)
        thr["jobs_%d" % j] = {"seconds": t, "files_per_s": nfiles / t}
    if len(jobs) > 1:
        thr["speedup"] = thr["jobs_%d" % jobs[1]]["files_per_s"] / thr["jobs_1"]["files_per_s"]
    else:
        thr["note"] = "--jobs is not supported by this build"
    result["repository"] = dict(files=nfiles, **thr)

    # 4. Phases of the largest kernel.
    big = os.path.join(tmp, "big%d.cl" % sizes[-1])
    p = subprocess.run([lint, "--time-report", big], capture_output=True, text=True)
    result["phases_largest"] = p.stderr.strip().splitlines()

    # 5. The conflict decision.
    sv = {"launch_sweep": [], "interval": [], "polyhedral": []}
    locals1 = [16, 64] if args.smoke else [16, 64, 256, 1024]
    locals2 = ["4,4", "8,8"] if args.smoke else ["4,4", "8,8", "16,16", "32,32"]
    groups = ["1", "16"] if args.smoke else ["1", "16", "4096", "65536"]
    for name, text in SWEEP_KERNELS.items():
        path = os.path.join(tmp, name + ".cl")
        with open(path, "w") as f:
            f.write(text)
        tc = median_time([clang] + CLANG_FLAGS + [path], runs)
        sizes = locals2 if name.endswith("2d") else [str(x) for x in locals1]
        points = []
        for ls in sizes:
            for ng in groups:
                ngs = ng if not name.endswith("2d") else ng + ",1"
                flags = ["--local-size=" + ls, "--num-groups=" + ngs]
                t = median_time([lint] + flags + [path], runs)
                dec, calls, ms = solver_stats(lint, flags + [path])
                points.append({"local": ls, "groups": ngs, "seconds": t, "ratio": t / tc,
                               "decisions": dec, "calls": calls, "ms_per_call": ms})
        ts = [pt["seconds"] for pt in points]
        sv["launch_sweep"].append({"kernel": name, "points": points,
                                   "spread": max(ts) / min(ts) if min(ts) else float("nan")})
    for n in ([8, 32] if args.smoke else [8, 32, 128, 256]):
        path = os.path.join(tmp, "interval%d.cl" % n)
        with open(path, "w") as f:
            f.write(gen_interval(n))
        t = median_time([lint, "--local-size=64", path], 1 if n >= 128 else runs)
        tc = median_time([clang] + CLANG_FLAGS + [path], runs)
        dec, calls, ms = solver_stats(lint, ["--local-size=64", path])
        sv["interval"].append({"accesses": n, "seconds": t, "clang_s": tc, "ratio": t / tc,
                               "decisions": dec, "calls": calls, "ms_per_call": ms})
    poly = os.path.join(ROOT, "bench", "polyhedral")
    launches = {"gemm.cl": "32,16 256,256", "jacobi2d.cl": "32,16 128,128",
                "syr2k.cl": "16,16 64,64", "atax.cl": "32 32768"}
    for fname in sorted(os.listdir(poly)):
        if not fname.endswith(".cl"):
            continue
        path = os.path.join(poly, fname)
        tc = median_time([clang] + CLANG_FLAGS + [path], runs)
        for with_launch in (False, True):
            flags = []
            if with_launch and fname in launches:
                ls, ng = launches[fname].split()
                flags = ["--local-size=" + ls, "--num-groups=" + ng]
            elif with_launch:
                continue
            t = median_time([lint] + flags + [path], runs)
            dec, calls, ms = solver_stats(lint, flags + [path])
            p = subprocess.run([lint] + flags + [path], capture_output=True, text=True)
            sv["polyhedral"].append({"kernel": fname + (" (launch)" if flags else ""),
                                     "seconds": t, "clang_s": tc, "ratio": t / tc,
                                     "findings": p.stdout.count(" error: ") +
                                                 p.stdout.count(" warning: "),
                                     "decisions": dec, "calls": calls, "ms_per_call": ms})
    result["solver"] = sv

    shutil.rmtree(tmp, ignore_errors=True)
    # The table.
    c = result["corpus"]
    print("clsynclint benchmark (%s)" % ("smoke" if args.smoke else "%d runs, median" % runs))
    if c["files"]:
        print("corpus: %d files, clsynclint/clang -fsyntax-only median %.2fx, worst %.2fx (%s)" %
              (c["files"], c["median_ratio"], c["worst_ratio"], c["worst_file"]))
    if c["skipped_not_compiling"]:
        print("corpus: skipped, clang rejects them: " + ", ".join(c["skipped_not_compiling"]))
    print("%10s %12s %12s %7s %10s %9s %9s %7s" % ("lines", "clsynclint s", "clang s", "ratio",
                                                  "us/line", "RSS MB", "clang MB", "RSS x"))
    for g in growth:
        print("%10d %12.3f %12.3f %6.2fx %10.1f %9.1f %9.1f %6.2fx" % (
            g["lines"], g["clsynclint_s"], g["clang_s"], g["ratio"], g["us_per_line"],
            g["peak_rss_mb"], g["clang_rss_mb"], g["rss_ratio"]))
    e = result["growth"]["exponent_1000_up"]
    print("time ~ lines^%.2f (1,000 lines and up)" % e if e is not None else "")
    for x in extra:
        print("%-12s %6d lines %8.3f s (%5.2fx clang) %8.1f MB" % (x["kernel"], x["lines"],
              x["clsynclint_s"], x["ratio"], x["peak_rss_mb"]))
    r = result["repository"]
    print("repository: %d files: " % r["files"] + ", ".join(
        "%s %.1f files/s" % (k, v["files_per_s"]) for k, v in r.items() if k.startswith("jobs_")) +
        (", speedup %.2fx" % r["speedup"] if "speedup" in r else " (" + r.get("note", "") + ")"))
    print("conflict decision: time across launches (local size x groups)")
    for k in sv["launch_sweep"]:
        print("  %-12s %s  spread %.2fx" % (k["kernel"], " ".join(
            "%.0fms" % (1e3 * pt["seconds"]) for pt in k["points"]), k["spread"]))
    print("conflict decision: one interval with N accesses (--local-size=64)")
    for r_ in sv["interval"]:
        print("  %4d accesses %8.3f s (%6.2fx clang) %5d decisions %6d calls %7.3f ms/call" % (
            r_["accesses"], r_["seconds"], r_["ratio"], r_["decisions"], r_["calls"],
            r_["ms_per_call"]))
    print("conflict decision: polyhedral-compiler-style kernels (bench/polyhedral)")
    for r_ in sv["polyhedral"]:
        print("  %-22s %8.3f s (%6.2fx clang) %d findings %4d decisions %5d calls %7.3f ms/call" % (
            r_["kernel"], r_["seconds"], r_["ratio"], r_["findings"], r_["decisions"],
            r_["calls"], r_["ms_per_call"]))
    print("phases of the largest kernel:")
    for line in result["phases_largest"]:
        print("  " + line)
    result["targets"] = targets(result)
    print("targets%s:" % (" (a smoke run is too small to judge them)" if args.smoke else ""))
    for t in result["targets"]:
        print("  %-7s %-44s %s" % ("met" if t["met"] else "MISSED", t["target"], t["measured"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
        print("wrote " + os.path.relpath(args.json, os.getcwd()))


if __name__ == "__main__":
    main()
