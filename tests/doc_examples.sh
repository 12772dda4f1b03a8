#!/bin/sh
# doc_examples.sh ROOT CLSYNCLINT
# For every docs/rules/*.md: each `corpus/.../*.cl` file the page names must
# exist, and the fenced ```c block that follows its name must equal the file.
# Every rule in the rule table must have a page with at least two examples.
root=$1; bin=$2
status=0
for doc in "$root"/docs/rules/*.md; do
  [ -e "$doc" ] || continue
  n=0
  for f in $(grep -o 'corpus/[A-Za-z0-9_./-]*\.cl' "$doc" | sort -u); do
    if [ ! -f "$root/$f" ]; then
      echo "$doc: names $f, which does not exist"; status=1; continue
    fi
    # The first ```c block after the first line naming the file.
    block=$(awk -v f="$f" '
      index($0, f) && !seen { seen = 1; next }
      seen && /^```c[ \t]*$/ && !inb { inb = 1; next }
      inb && /^```[ \t]*$/ { exit }
      inb { print }' "$doc")
    if [ -z "$block" ]; then continue; fi
    n=$((n + 1))
    if ! printf '%s\n' "$block" | diff -q - "$root/$f" >/dev/null; then
      echo "$doc: the example under $f differs from the corpus file:"
      printf '%s\n' "$block" | diff -u "$root/$f" - | head -20
      status=1
    fi
  done
  if [ "$n" -lt 2 ]; then
    echo "$doc: expected a bad and a good example (corpus files in \`\`\`c blocks), found $n"
    status=1
  fi
done
# Every rule with a run function has a page.
for name in $("$bin" --list-rules 2>/dev/null | awk '$4 != "input" {print $2}'); do
  [ -f "$root/docs/rules/$name.md" ] || { echo "rule $name has no docs/rules/$name.md"; status=1; }
done
exit $status
