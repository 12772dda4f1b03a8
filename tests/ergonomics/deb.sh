#!/bin/sh
# deb.sh BUILDDIR SRCDIR - `cpack -G DEB` builds a package holding the program,
# the man page and the rule pages; unpacked, the program runs, finds its rule
# pages beside itself (--explain) and lints a kernel.  Exit 77 (skipped)
# without dpkg-deb.
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
command -v dpkg-deb >/dev/null || { echo "dpkg-deb is not installed: skipped"; exit 77; }
command -v cpack >/dev/null || { echo "cpack is not installed: skipped"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || { echo "dpkg-shlibdeps (dpkg-dev) is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && cpack -G DEB -B "$tmp/out" --config "$build/CPackConfig.cmake") >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; echo "FAIL: cpack -G DEB"; exit 1; }
deb=$(ls "$tmp"/out/clsynclint_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; echo "FAIL: no clsynclint_*.deb"; exit 1; }
echo "built $(basename "$deb") ($(wc -c <"$deb") bytes)"
dpkg-deb -c "$deb" | awk '{ print $NF }' >"$tmp/contents"
fails=0
need() { grep -qx "$1" "$tmp/contents" || { echo "FAIL: the package lacks $1"; fails=1; }; }
need ./usr/bin/clsynclint
need ./usr/share/man/man1/clsynclint.1
need ./usr/share/doc/clsynclint/README.md
for page in "$src"/docs/rules/*.md; do
  [ -e "$page" ] && need "./usr/share/doc/clsynclint/rules/$(basename "$page")"
done
dpkg-deb -f "$deb" Package Version Depends | sed 's/^/  /'
dpkg-deb -f "$deb" Depends | grep -q libclang || { echo "FAIL: Depends lacks libclang"; fails=1; }

# Installed by dpkg itself, into a scratch root with its own database (the
# dependencies are checked below, against this system's apt): dpkg unpacks
# and configures it, and knows its files.
inst=$tmp/inst
mkdir -p "$inst/var/lib/dpkg/info" "$inst/var/lib/dpkg/updates"
: >"$inst/var/lib/dpkg/status"
dpkg --root="$inst" --force-not-root --force-depends --log=/dev/null -i "$deb" >"$tmp/dpkg.log" 2>&1 ||
  { cat "$tmp/dpkg.log"; echo "FAIL: dpkg -i"; fails=1; }
dpkg --root="$inst" -s clsynclint 2>/dev/null | grep -qx "Status: install ok installed" ||
  { echo "FAIL: dpkg does not record clsynclint as installed"; fails=1; }
dpkg --root="$inst" -L clsynclint | grep -qx /usr/bin/clsynclint ||
  { echo "FAIL: dpkg -L lacks /usr/bin/clsynclint"; fails=1; }
"$inst/usr/bin/clsynclint" --format=gcc "$src/tests/ergonomics/inputs/divergent.cl" |
  grep -q "\[barrier-divergence\]$" || { echo "FAIL: the dpkg-installed program does not lint"; fails=1; }
# apt can satisfy its Depends on this machine (a simulation: nothing changes).
if apt-get -s install "$deb" >"$tmp/apt.log" 2>&1; then
  grep -q "^Inst clsynclint " "$tmp/apt.log" || { cat "$tmp/apt.log"; echo "FAIL: apt would not install it"; fails=1; }
  grep "^Inst " "$tmp/apt.log" | sed 's/^/  apt would install: /'
else
  echo "  apt-get -s install could not resolve it here:"; tail -3 "$tmp/apt.log"; fails=1
fi

# Unpacked anywhere, the program runs and finds its pages beside itself.
dpkg-deb -x "$deb" "$tmp/root"
bin=$tmp/root/usr/bin/clsynclint
"$bin" --version | grep -q "^clsynclint " || { echo "FAIL: --version"; fails=1; }
for page in "$src"/docs/rules/*.md; do
  [ -e "$page" ] || continue
  name=$(basename "$page" .md)
  # Prove the page comes from the package: change the packaged copy.
  echo "packaged copy" >>"$tmp/root/usr/share/doc/clsynclint/rules/$name.md"
  "$bin" --explain "$name" | tail -1 | grep -qx "packaged copy" ||
    { echo "FAIL: the unpacked program does not read its own rules/$name.md"; fails=1; }
  break
done
"$bin" --format=gcc "$src/tests/ergonomics/inputs/divergent.cl" | grep -q "\[barrier-divergence\]$" ||
  { echo "FAIL: the unpacked program does not lint"; fails=1; }
[ "$fails" = 0 ] && echo "deb: ok"
[ "$fails" = 0 ]
