#!/bin/sh
# output.sh CLSYNCLINT SRCDIR - --output FILE: the report goes to FILE, nothing
# to standard output, and a one-line summary to standard error; the exit
# status is the same as without --output; --statistics goes with the report
# for text and to standard error for the machine formats.
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
k=$src/examples/partial_sums.cl
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
"$bin" --format=json --output="$tmp/r.json" "$k" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] || fail "exit $rc"
[ -s "$tmp/out" ] && fail "standard output is not empty: $(cat "$tmp/out")"
[ "$(cat "$tmp/err")" = "clsynclint: 2 errors, 0 warnings, 0 notes in 1 file; report written to $tmp/r.json" ] ||
  fail "summary: $(cat "$tmp/err")"
"$bin" --format=json "$k" >"$tmp/direct" 2>/dev/null
cmp -s "$tmp/direct" "$tmp/r.json" || fail "the report differs from the one printed on stdout"
# Text with --statistics: the table ends the report file; no colors in a file.
"$bin" --color=always --statistics --output="$tmp/r.txt" "$k" 2>"$tmp/err"
tail -3 "$tmp/r.txt" | head -1 | grep -q "^statistics:" || fail "statistics not in the text report"
grep -q "$(printf '\033')" "$tmp/r.txt" && fail "color codes in the report file"
# SARIF with --statistics: the report stays a SARIF document.
"$bin" --format=sarif --statistics --output="$tmp/r.sarif" "$k" 2>"$tmp/err"
grep -q "^statistics:" "$tmp/err" || fail "statistics not on stderr for sarif"
tail -1 "$tmp/r.sarif" | grep -qx "}" || fail "the SARIF report does not end the document"
[ "$fails" = 0 ] && echo "output: ok"
[ "$fails" = 0 ]
