#!/bin/sh
# explain.sh CLSYNCLINT SRCDIR - `clsynclint --explain RULE` prints the rule's
# page docs/rules/RULE.md exactly, by name and by id; a rule without a page
# gets its summary; an unknown rule is a usage error; and the text format
# points once per rule at --explain for the rules that have a page.
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
n=0
for page in "$src"/docs/rules/*.md; do
  [ -e "$page" ] || continue
  name=$(basename "$page" .md)
  id=$("$bin" --list-rules | awk -v n="$name" '$2 == n { print $1 }')
  [ -n "$id" ] || { fail "docs/rules/$name.md documents no rule of --list-rules"; continue; }
  "$bin" --explain "$name" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$page" ||
    fail "--explain $name is not docs/rules/$name.md"
  "$bin" --explain="$id" >"$tmp/out" 2>&1 && cmp -s "$tmp/out" "$page" ||
    fail "--explain=$id is not docs/rules/$name.md"
  n=$((n + 1))
done
echo "$n rule pages printed by --explain"
# A rule without a page: its table entry, exit 0.
if [ ! -e "$src/docs/rules/suppression.md" ]; then
  out=$("$bin" --explain suppression 2>&1); rc=$?
  [ $rc = 0 ] && printf '%s\n' "$out" | grep -q "^CLS902 suppression (warning, input): " ||
    fail "--explain suppression: exit $rc: $out"
fi
out=$("$bin" --explain no-such-rule 2>&1); rc=$?
[ $rc = 3 ] && printf '%s\n' "$out" | grep -q "unknown rule 'no-such-rule'" ||
  fail "--explain no-such-rule: exit $rc: $out"
# The text format: one pointer per documented rule that fired, at the end.
if [ -e "$src/docs/rules/barrier-divergence.md" ]; then
  "$bin" "$src/examples/partial_sums.cl" >"$tmp/out"
  [ "$(grep -c '^rule documentation: clsynclint --explain barrier-divergence$' "$tmp/out")" = 1 ] &&
    [ "$(grep -c 'barrier-divergence\]$' "$tmp/out")" = 2 ] &&
    [ "$(tail -1 "$tmp/out")" = "rule documentation: clsynclint --explain barrier-divergence" ] ||
    { fail "text output does not point once at --explain:"; cat "$tmp/out"; }
  "$bin" --format=gcc "$src/examples/partial_sums.cl" | grep -q "explain" &&
    fail "the gcc format must not carry the pointer"
fi
[ "$fails" = 0 ]
