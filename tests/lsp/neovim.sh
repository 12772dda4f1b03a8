#!/bin/sh
# neovim.sh CLSYNCLINT SRCDIR - the language server in Neovim's built-in LSP
# client, set up exactly as docs/editors.md says (the Lua between
# '-- clsynclint: begin' and '-- clsynclint: end'), driven by neovim.lua.
# Exit 77 (skipped) when Neovim is not installed; setup.sh installs it.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
nvim=$(command -v nvim)
[ -n "$nvim" ] || { echo "nvim is not installed: skipped (apt-get install neovim)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/work/.git"
ln -s "$bin" "$tmp/bin/clsynclint"
sed -n '/^-- clsynclint: begin/,/^-- clsynclint: end/p' "$src/docs/editors.md" >"$tmp/work/setup.lua"
grep -q -- "--lsp" "$tmp/work/setup.lua" || { echo "no Neovim LSP set-up found in docs/editors.md"; exit 1; }
cp "$src/corpus/barrier-fence/barrier_zero.cl" "$tmp/work/kernel.cl"
cp "$src/corpus/barrier-fence/barrier_zero_fixed.cl" "$tmp/work/fixed.cl"
cd "$tmp/work" || exit 1
PATH="$tmp/bin:$PATH" HOME="$tmp" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" \
  XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache" \
  timeout 240 "$nvim" --headless -u NONE -i NONE -n \
  -c "luafile $src/tests/lsp/neovim.lua" </dev/null >nvim.log 2>&1
rc=$?
cat result.txt 2>/dev/null
if [ "$rc" -ne 0 ] || ! [ -f result.txt ] || grep -q '^FAIL' result.txt; then
  echo "Neovim exited with status $rc; its output:"
  cat nvim.log
  # Neovim's LSP log, where the server's standard error goes.
  find "$tmp" -name 'lsp.log' -exec cat {} \;
  exit 1
fi
echo "PASS: clsynclint --lsp in Neovim $("$nvim" --version | head -1)"
