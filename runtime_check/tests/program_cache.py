#!/usr/bin/env python3
"""program_cache.py - the program cache (runtime_check/cache.h) is used and
changes no verdict.

    program_cache.py RUNTIME_CHECK KERNELS_DIR

With an empty cache folder, the same kernels on PoCL:
  1. a first run stores one entry per program it builds (-v says "stored";
     a program it builds twice hits the second time), and each entry's
     header matches Python's SHA-256 of its binary;
  2. a second run takes every program from the cache ("hit", no new entry),
     with the same verdicts;
  3. entries made unusable (cut short, bytes flipped, a well-formed entry
     whose binary is garbage) are built from source again and replaced
     ("replaced"), the verdicts unchanged; the run after that hits again;
  4. --no-program-cache and RC_PROGRAM_CACHE=off use no cache, and a folder
     that cannot be made turns the cache off with a one-line note, the
     verdicts unchanged.
Exits 77 (CTest: skipped) when PoCL is not on this machine.
"""
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile

failures = []
# Deterministic verdicts on PoCL (missing_barrier's are not; spin_wait
# waits for its timeout): a crash, a clean twin, a kernel at two local sizes.
ONLY = ["--only", "divergent", "--only", "hidden", "--only", "ok_tile"]


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def run(binary, kernels, tmp, name, extra, env=None):
    out = os.path.join(tmp, name + ".json")
    cmd = [binary, "-v", "--backend", "pocl", "--no-static", "--timeout", "4"] + extra + ONLY + [
        "--format", "json", "--output", out, kernels]
    print("$ " + " ".join(cmd), file=sys.stderr)
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=240, env=e)
    if p.returncode not in (0, 1):
        fail("%s: exit status %d: %s" % (name, p.returncode, p.stderr[-600:]))
        return None, p.stderr
    with open(out, encoding="utf-8") as f:
        doc = json.load(f)
    return doc, p.stderr


def verdicts(doc):
    """What must not change: every row's verdict, and each cell's status
    and evidence."""
    if doc is None:
        return None
    return [(r["file"], r["kind"], r["verdict"],
             [(c["backend"], c["status"], sorted(c["evidence"])) for c in r["results"]])
            for r in doc["rows"]]


def cache_words(err):
    """The program cache's word of each PoCL run (-v lines)."""
    words = []
    for line in err.splitlines():
        if line.startswith("runtime_check: [pocl]") and "program cache: " in line:
            words.append(line.split("program cache: ", 1)[1].rstrip(")"))
    return words


def entries(cache):
    return sorted(glob.glob(os.path.join(cache, "*.bin")))


def check_entry(path):
    """The header (cache.h): magic, key = file name, size, SHA-256."""
    data = open(path, "rb").read()
    head = data[:155]
    key = os.path.basename(path)[:-4]
    lines = head.split(b"\n")
    if lines[0] != b"rcprog1" or lines[1] != key.encode():
        fail("%s: bad magic or key: %r" % (path, head[:80]))
        return
    if int(lines[2], 16) != len(data) - 155:
        fail("%s: size %s, binary %d bytes" % (path, lines[2], len(data) - 155))
    if lines[3] != hashlib.sha256(data[155:]).hexdigest().encode():
        fail("%s: checksum differs from Python's SHA-256" % path)


def write_entry(path, binary):
    """A well-formed entry holding `binary`."""
    key = os.path.basename(path)[:-4]
    head = b"rcprog1\n%s\n%016x\n%s\n" % (key.encode(), len(binary),
                                          hashlib.sha256(binary).hexdigest().encode())
    with open(path, "wb") as f:
        f.write(head + binary)


def main():
    binary, kernels = sys.argv[1], sys.argv[2]
    listing = subprocess.run([binary, "--list"], stdout=subprocess.PIPE, text=True).stdout
    if not any(line.split()[0] == "pocl" for line in listing.splitlines() if line.strip()
               and not line.startswith(" ")):
        print("skipped: no pocl backend here (runtime_check --list)")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")

        # 1. Cold: every program built and stored, except that a program
        # built again within the run (a fixed twin launched as a reference,
        # then as its own section) already hits.
        doc1, err = run(binary, kernels, tmp, "cold", ["--program-cache", cache])
        words = cache_words(err)
        stored = entries(cache)
        nstored = words.count("stored")
        if not nstored or words.count("hit") + nstored != len(words):
            fail("cold run: expected 'stored' and 'hit', got %s" % words)
        if len(stored) != nstored:
            fail("cold run: %d entries for %d stored programs" % (len(stored), nstored))
        for path in stored:
            check_entry(path)
        if glob.glob(os.path.join(cache, ".*.tmp")):
            fail("temporary files left in the cache folder")
        if "program cache %s: %d hit%s, %d program" % (
                cache, len(words) - nstored, "" if len(words) - nstored == 1 else "s",
                nstored) not in err:
            fail("cold run: the summary line does not count %d programs stored" % nstored)

        # 2. Warm: every program from the cache, same verdicts.
        doc2, err = run(binary, kernels, tmp, "warm", ["--program-cache", cache])
        words = cache_words(err)
        if not words or any(w != "hit" for w in words):
            fail("warm run: expected only 'hit', got %s" % words)
        if "program cache %s: %d hits" % (cache, len(words)) not in err:
            fail("warm run: the summary line does not count %d hits" % len(words))
        if entries(cache) != stored:
            fail("warm run: the entries changed")
        if verdicts(doc2) != verdicts(doc1):
            fail("warm run: verdicts differ:\n%s\n%s" % (verdicts(doc1), verdicts(doc2)))

        # 3. Unusable entries: built again from source and replaced.
        bad = stored[:3]
        for i, path in enumerate(bad):
            data = open(path, "rb").read()
            if i == 0:
                data = data[:len(data) // 2]           # cut short
            elif i == 1:
                data = data[:200] + bytes(b ^ 0xFF for b in data[200:216]) + data[216:]
            else:
                write_entry(path, b"not a program binary")  # passes the checks
                continue
            with open(path, "wb") as f:
                f.write(data)
        doc3, err = run(binary, kernels, tmp, "corrupt", ["--program-cache", cache])
        words = cache_words(err)
        replaced = [w for w in words if w.startswith("replaced: ")]
        if len(replaced) != len(bad) or len(words) - len(replaced) != words.count("hit"):
            fail("corrupt entries: expected %d 'replaced' and hits, got %s" % (len(bad), words))
        if len(bad) == 3 and not any("the driver" in w or "cached binary" in w
                                     for w in replaced):
            fail("the garbage binary was not rejected by the driver: %s" % replaced)
        if verdicts(doc3) != verdicts(doc1):
            fail("corrupt entries: verdicts differ:\n%s\n%s" % (verdicts(doc1), verdicts(doc3)))
        for path in entries(cache):
            check_entry(path)
        doc4, err = run(binary, kernels, tmp, "again", ["--program-cache", cache])
        words = cache_words(err)
        if not words or any(w != "hit" for w in words):
            fail("after replacing: expected only 'hit', got %s" % words)
        if verdicts(doc4) != verdicts(doc1):
            fail("after replacing: verdicts differ")

        # 4. Off, and a folder that cannot be made.
        for name, extra, env in (("off-option", ["--no-program-cache"], None),
                                 ("off-env", [], {"RC_PROGRAM_CACHE": "off"})):
            doc, err = run(binary, kernels, tmp, name, extra, env)
            if cache_words(err) or "program cache" in err:
                fail("%s: the cache was used" % name)
            if verdicts(doc) != verdicts(doc1):
                fail("%s: verdicts differ" % name)
        nowhere = os.path.join(tmp, "file", "cache")
        open(os.path.join(tmp, "file"), "w").close()
        doc, err = run(binary, kernels, tmp, "unusable", [], {"RC_PROGRAM_CACHE": nowhere})
        if "runtime_check: program cache off: cannot use %s" % nowhere not in err:
            fail("unusable folder: no note saying the cache is off")
        if cache_words(err):
            fail("unusable folder: the cache was used")
        if verdicts(doc) != verdicts(doc1):
            fail("unusable folder: verdicts differ")
    if failures:
        print("%d failure%s" % (len(failures), "" if len(failures) == 1 else "s"),
              file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
