#!/bin/sh
# vim_quickfix.sh CLSYNCLINT SRCDIR - the Vim set-up of docs/editors.md, run
# in real Vim: the documented lines (between '" clsynclint: begin' and
# '" clsynclint: end') are sourced, :make lints a kernel through them, and the
# quickfix list must hold the finding and its note with file, line, byte
# column (the kernel has a two-byte and a four-byte character before the
# finding), type and text.  Exit 77 (skipped) when Vim is not installed.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
vim=$(command -v vim.basic || command -v vim.nox || command -v vim || command -v vim.tiny)
[ -n "$vim" ] || { echo "vim is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/work/.git"
ln -s "$bin" "$tmp/bin/clsynclint"
sed -n '/^" clsynclint: begin/,/^" clsynclint: end/p' "$src/docs/editors.md" >"$tmp/clsynclint.vim"
grep -q errorformat "$tmp/clsynclint.vim" || { echo "no Vim set-up found in docs/editors.md"; exit 1; }
cp "$src/tests/ergonomics/inputs/divergent.cl" "$tmp/work/kernel.cl"
cd "$tmp/work" || exit 1

# Each entry: file|line|col|type|text, and the 7 bytes at its column.
PATH="$tmp/bin:$PATH" HOME="$tmp" "$vim" -es -u NONE -i NONE -N \
  --cmd "source $tmp/clsynclint.vim" \
  -c 'silent make' \
  -c 'call writefile(map(getqflist(), {_, e -> bufname(e.bufnr) . "|" . e.lnum . "|" . e.col . "|" . e.type . "|" . e.text . "|" . strpart(getline(e.lnum), e.col - 1, 7)}), "qf.txt")' \
  -c 'qa!' kernel.cl </dev/null >vim.log 2>&1
[ -f qf.txt ] || { echo "Vim wrote no quickfix list:"; cat vim.log; exit 1; }

# Expected: clsynclint's own gcc lines, split by sed instead of Vim.
PATH="$tmp/bin:$PATH" clsynclint --format=gcc kernel.cl |
  sed -E 's/^([^:]*):([0-9]+):([0-9]+): (e)rror: /\1|\2|\3|\4|/; s/^([^:]*):([0-9]+):([0-9]+): (w)arning: /\1|\2|\3|\4|/; s/^([^:]*):([0-9]+):([0-9]+): (n)ote: /\1|\2|\3|\4|/' \
  >expected.txt
cut -d'|' -f1-5 qf.txt >got.txt
if ! diff -u expected.txt got.txt; then
  echo "the quickfix list differs from clsynclint's output (above)"
  exit 1
fi
# The finding itself: an error at byte column 33, where 'barrier' starts.
first=$(head -1 qf.txt)
case $first in
  "kernel.cl|9|33|e|barrier reached under divergent control flow"*"[barrier-divergence]|barrier") ;;
  *) echo "unexpected first entry: $first"; exit 1 ;;
esac
echo "vim quickfix: $(wc -l <qf.txt) entries as expected"
