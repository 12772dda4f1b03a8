#!/bin/sh
# man.sh CLSYNCLINT SRCDIR - docs/clsynclint.1 renders without a warning from
# groff, and names every option that `clsynclint --help` lists.
bin=$1 src=$2
page=$src/docs/clsynclint.1
fails=0
if command -v groff >/dev/null; then
  warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
  [ -z "$warn" ] || { echo "groff warns about $page:"; echo "$warn"; fails=1; }
else
  echo "groff is not installed: rendering not checked"
fi
text=$(sed 's/\\-/-/g' "$page")
for opt in $("$bin" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
  printf '%s\n' "$text" | grep -q -- "$opt" || { echo "$page does not document $opt"; fails=1; }
done
grep -q "^\.TH CLSYNCLINT 1 .*clsynclint $("$bin" --version | cut -d' ' -f2)" "$page" ||
  { echo "$page: the .TH line does not name version $("$bin" --version)"; fails=1; }
[ "$fails" = 0 ] && echo "man page: ok"
[ "$fails" = 0 ]
