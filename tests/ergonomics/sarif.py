#!/usr/bin/env python3
"""sarif.py CLSYNCLINT SRCDIR - --format=sarif as GitHub code scanning reads it.

Lints copies of tests/ergonomics/inputs in a scratch directory (the current
directory is the repository root that URIs are relative to) and checks:
the log validates against the SARIF 2.1.0 schema (sarif-schema-2.1.0.json
beside this script); the driver and its rules (one per --list-rules line,
pages from docs/rules where they exist); each result's rule, level, message
links to related locations, relative URI, region in UTF-16 columns, fixes;
fingerprints that do not change when lines are inserted above a finding;
the files that could not be analyzed as notifications.  Exit 77 (skipped)
when python3-jsonschema is missing.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed: skipped")
    sys.exit(77)

BIN, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
HERE = os.path.join(SRC, "tests", "ergonomics")
SCHEMA = json.load(open(os.path.join(HERE, "sarif-schema-2.1.0.json")))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def sarif(*args):
    p = subprocess.run([BIN, "--format=sarif", *args], capture_output=True, text=True)
    log = json.loads(p.stdout)
    jsonschema.validate(log, SCHEMA)
    return p.returncode, log


def utf16_col(line, byte_col):
    """The UTF-16 column of a 1-based byte column of a line."""
    prefix = line.encode("utf-8")[: byte_col - 1].decode("utf-8")
    return len(prefix.encode("utf-16-le")) // 2 + 1


work = tempfile.mkdtemp()
try:
    os.chdir(work)
    os.mkdir("kernels")
    for f in ("divergent.cl", "fixed.cl", "transpose.cl"):
        shutil.copy(os.path.join(HERE, "inputs", f), "kernels")
    open("kernels/empty.cl", "w").close()

    rc, log = sarif("kernels")
    check(rc == 2, "exit status %d, expected 2 (an empty file)" % rc)
    check(log["version"] == "2.1.0", "version")
    run = log["runs"][0]
    drv = run["tool"]["driver"]
    check(drv["name"] == "clsynclint", "driver name")
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.split()[1]
    check(drv["version"] == version, "driver version %r != %r" % (drv["version"], version))
    check(drv["informationUri"].startswith("https://"), "informationUri")
    check(run["columnKind"] == "utf16CodeUnits", "columnKind")
    check(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + os.getcwd() + "/",
          "%SRCROOT% is not the current directory")

    # One rule entry per rule of the table, in its order.
    table = subprocess.run([BIN, "--list-rules"], capture_output=True, text=True).stdout
    ids = [l.split()[0] for l in table.splitlines() if l.strip()]
    rules = drv["rules"]
    check([r["id"] for r in rules] == ids, "rules %s != --list-rules %s" % ([r["id"] for r in rules], ids))
    # The pseudo-rules of the input have pages too (issue 21): linked.
    for r in rules:
        if r["id"] in ("CLS901", "CLS902"):
            check(r.get("helpUri", "").endswith("/docs/rules/%s.md" % r["name"]),
                  "%s has no rule page link" % r["id"])
    for r in rules:
        for key in ("name", "shortDescription", "fullDescription", "help", "defaultConfiguration"):
            check(key in r, "rule %s lacks %s" % (r["id"], key))
        check(r["defaultConfiguration"]["level"] in ("error", "warning", "note"), "level of " + r["id"])
        check(r["properties"]["tags"], "tags of " + r["id"])
        check(r["help"]["text"] and r["help"]["markdown"], "help of " + r["id"])
        page = os.path.join(SRC, "docs", "rules", r["name"] + ".md")
        if os.path.exists(page):
            check(r["help"]["markdown"] == open(page, encoding="utf-8").read(),
                  "help of %s is not docs/rules/%s.md" % (r["id"], r["name"]))
            check(r["helpUri"].endswith("/docs/rules/%s.md" % r["name"]), "helpUri of " + r["id"])
            check(not r["fullDescription"]["text"].startswith(("#", "|")),
                  "fullDescription of %s is not prose" % r["id"])

    results = run["results"]
    by_rule = {}
    for res in results:
        by_rule.setdefault(res["ruleId"], []).append(res)
        rule = rules[res["ruleIndex"]]
        check(rule["id"] == res["ruleId"], "ruleIndex does not point at ruleId")
        check(res["level"] in ("error", "warning", "note"), "level")
        text = res["message"]["text"]
        check(text.endswith("\\[%s\\]" % rule["name"]) or text.endswith("[%s]" % rule["name"]),
              "message does not end with the rule name: " + text)
        loc = res["locations"][0]["physicalLocation"]
        art = loc["artifactLocation"]
        check(art["uriBaseId"] == "%SRCROOT%" and art["uri"].startswith("kernels/"),
              "artifactLocation %s" % art)
        reg = loc["region"]
        for k in ("startLine", "startColumn", "endLine", "endColumn"):
            check(k in reg, "region lacks " + k)
        check((reg["endLine"], reg["endColumn"]) > (reg["startLine"], reg["startColumn"]), "empty region")
        fp = res["partialFingerprints"]["clsynclint/v1"]
        check(re.fullmatch(r"[0-9a-f]{16}:\d+", fp), "fingerprint " + fp)
        # Every related location is linked from the message, and exists.
        rel = {r["id"]: r for r in res.get("relatedLocations", [])}
        links = [int(i) for i in re.findall(r"\]\((\d+)\)", text)]
        check(sorted(links) == sorted(rel), "links %s vs related locations %s" % (links, list(rel)))
        for r in rel.values():
            check(r["message"]["text"] and r["physicalLocation"]["region"]["startLine"] >= 1, "related")

    # The divergent barrier: the column after 'é' and an emoji, in UTF-16 units.
    div = [r for r in by_rule.get("CLS001", [])]
    check(len(div) == 1, "one barrier-divergence result, got %d" % len(div))
    if div:
        reg = div[0]["locations"][0]["physicalLocation"]["region"]
        line = open("kernels/divergent.cl", encoding="utf-8").read().splitlines()[reg["startLine"] - 1]
        byte_col = line.encode("utf-8").index(b"barrier") + 1
        check(reg["startColumn"] == utf16_col(line, byte_col),
              "startColumn %d, expected %d (UTF-16)" % (reg["startColumn"], utf16_col(line, byte_col)))
        check(reg["endColumn"] - reg["startColumn"] == len("barrier(CLK_LOCAL_MEM_FENCE)"), "endColumn")
        check("(see [line 9](1))" in div[0]["message"]["text"], "note link: " + div[0]["message"]["text"])

    # The bank conflict carries its fix-it.
    bank = by_rule.get("CLS008", [])
    check(len(bank) == 1 and bank[0].get("fixes"), "bank-conflict result with a fix")
    if bank and bank[0].get("fixes"):
        rep = bank[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]
        check(rep["insertedContent"]["text"] == "__local float tile[32][33]", "fix text")
        # every access subscripts tile itself: padding it is safe (--fix applies it)
        check(bank[0]["fixes"][0].get("properties") == {"safe": True},
              "fix properties %s" % bank[0]["fixes"][0].get("properties"))

    # The empty file: a notification, and the run says it was incomplete.
    inv = run["invocations"][0]
    notes = inv["toolExecutionNotifications"]
    check(inv["executionSuccessful"] is False, "executionSuccessful")
    check(len(notes) == 1 and "empty file" in notes[0]["message"]["text"] and
          notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "kernels/empty.cl",
          "notification for the empty file: %s" % notes)

    # Fingerprints survive lines inserted above the finding; lines move.
    before = {(r["ruleId"], r["partialFingerprints"]["clsynclint/v1"]): r for r in results}
    for f in ("divergent.cl", "transpose.cl"):
        text = open("kernels/" + f, encoding="utf-8").read()
        open("kernels/" + f, "w", encoding="utf-8").write("// moved\n\n\n" + text)
    os.remove("kernels/empty.cl")
    rc, log2 = sarif("kernels")
    check(rc == 1, "exit status %d, expected 1" % rc)
    after = {(r["ruleId"], r["partialFingerprints"]["clsynclint/v1"]): r for r in log2["runs"][0]["results"]}
    check(set(before) == set(after), "fingerprints changed: %s vs %s" % (set(before), set(after)))
    for k in set(before) & set(after):
        l1 = before[k]["locations"][0]["physicalLocation"]["region"]["startLine"]
        l2 = after[k]["locations"][0]["physicalLocation"]["region"]["startLine"]
        check(l2 == l1 + 3, "line of %s: %d -> %d" % (k, l1, l2))
    check(log2["runs"][0]["invocations"][0]["executionSuccessful"] is True, "executionSuccessful")

    # A clean file: a valid log with no results.
    rc, log3 = sarif("kernels/fixed.cl")
    check(rc == 0 and log3["runs"][0]["results"] == [], "clean file")

    # A file without a kernel: no results, the run succeeded, and a note says
    # that nothing in the file was checked.
    open("kernels/helpers.cl", "w").write("float twice(float x) { return 2.0f * x; }\n")
    rc, log4 = sarif("kernels/helpers.cl")
    inv = log4["runs"][0]["invocations"][0]
    notes = inv["toolExecutionNotifications"]
    check(rc == 0 and log4["runs"][0]["results"] == [], "no-kernel file: exit %d" % rc)
    check(inv["executionSuccessful"] is True, "no-kernel file: executionSuccessful")
    check(len(notes) == 1 and notes[0]["level"] == "note" and
          notes[0]["message"]["text"].startswith("no kernel in this file: nothing was checked") and
          notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "kernels/helpers.cl",
          "notification for the no-kernel file: %s" % notes)

    # Suppressed findings stay in the log, each with an inSource suppression
    # and the reason after "--" as its justification (code scanning shows them
    # closed); they do not count toward the exit status, and the other
    # formats keep hiding them.  Every log validates (sarif() checks).
    sup = os.path.join(HERE, "suppress")
    for name, extra in (("scopes.cl", []), ("whole_file.cl", []), ("unused.cl", []),
                        ("unused.cl", ["--report-unused-suppressions"])):
        path = os.path.join(sup, name)
        rc, slog = sarif(*extra, path)
        res = slog["runs"][0]["results"]
        hidden = [r for r in res if "suppressions" in r]
        shown = [r for r in res if "suppressions" not in r]
        p = subprocess.run([BIN, "--format=json", *extra, path], capture_output=True, text=True)
        js = json.loads(p.stdout)["diagnostics"]
        check(rc == p.returncode, "%s: sarif exit %d, json exit %d" % (name, rc, p.returncode))
        check(len(shown) == len(js), "%s: %d shown SARIF results, %d JSON diagnostics" % (
            name, len(shown), len(js)))
        stats = subprocess.run([BIN, "--statistics", *extra, path], capture_output=True,
                               text=True).stdout
        m = re.search(r"\((\d+) suppressed\)", stats)
        check(m and int(m.group(1)) == len(hidden),
              "%s: %d suppressed results, --statistics says %s" % (name, len(hidden), stats[-80:]))
        for r in hidden:
            check(all(s["kind"] == "inSource" for s in r["suppressions"]),
                  "%s: suppression kind %s" % (name, r["suppressions"]))
        gcc = subprocess.run([BIN, "--format=gcc", *extra, path], capture_output=True,
                             text=True).stdout
        for r in hidden:
            line = r["locations"][0]["physicalLocation"]["region"]["startLine"]
            check(not re.search(r"^\S+:%d:\d+: (error|warning): " % line, gcc, re.M),
                  "%s: suppressed line %d shown in gcc output" % (name, line))
        if name == "scopes.cl":
            why = {r["locations"][0]["physicalLocation"]["region"]["startLine"]:
                   r["suppressions"][0].get("justification") for r in hidden}
            check(why == {9: "same line", 12: "by id, next line", 14: None, 17: "a region",
                          19: "a region"}, "scopes.cl: justifications %s" % why)
        if name == "whole_file.cl":
            check(hidden and all(r["suppressions"][0].get("justification") ==
                                 "legacy kernel, run with one work-item per group"
                                 for r in hidden), "whole_file.cl: %s" % hidden)
    # Kernels in host code: the suppressed finding is mapped to the host file.
    rc, hlog = sarif(os.path.join(SRC, "corpus", "frontend", "host_raw_strings.cpp"))
    hidden = [r for r in hlog["runs"][0]["results"] if "suppressions" in r]
    check(len(hidden) >= 1 and all(r["locations"][0]["physicalLocation"]["artifactLocation"]
                                   ["uri"].endswith("host_raw_strings.cpp") for r in hidden),
          "host file: suppressed results %s" % hidden)
finally:
    os.chdir("/")
    shutil.rmtree(work)

for f in failures:
    print("FAIL:", f)
print("sarif: %d checks failed" % len(failures) if failures else "sarif: ok")
sys.exit(1 if failures else 0)
