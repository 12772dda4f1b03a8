#!/bin/sh
# config.sh CLSYNCLINT - the .clsynclint configuration file, as a kernel
# repository uses it: build options (-D, -I relative to the file), launch
# sizes, per-rule severity, [path:GLOB] overrides, include/exclude for
# directory walking, discovery from a sub-directory up to the .git, --config,
# --no-config, --show-config, command-line flags winning, and malformed files
# rejected with FILE:LINE and exit 3.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect CODE REGEX [-C DIR] ARGS... : run clsynclint (in DIR), check the exit
# status and that stdout+stderr match REGEX ('!REGEX': must not match).
expect() {
  code=$1 regex=$2 dir=$tmp/repo
  shift 2
  if [ "$1" = "-C" ]; then dir=$2; shift 2; fi
  out=$(cd "$dir" && "$bin" "$@" 2>&1); rc=$?
  [ "$rc" = "$code" ] || { fail "exit $rc, expected $code: clsynclint $*"; printf '%s\n' "$out"; return; }
  case $regex in
    !*) if printf '%s\n' "$out" | grep -Eq -- "${regex#!}"; then
          fail "output matches /${regex#!}/: clsynclint $*"; printf '%s\n' "$out"; fi ;;
    *) if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
         fail "output does not match /$regex/: clsynclint $*"; printf '%s\n' "$out"; fi ;;
  esac
}

# A kernel repository: a tiled kernel that needs -D TILE and a header from
# include/, a divergent barrier, vendored code and a legacy folder.
r=$tmp/repo
mkdir -p "$r/.git" "$r/include" "$r/kernels/legacy" "$r/third_party/lib" "$r/build"
cat >"$r/include/tile.h" <<'EOF'
#define HALF (TILE / 2)
EOF
cat >"$r/kernels/tiled.cl" <<'EOF'
#include "tile.h"
__kernel void tiled(__global float *a)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < HALF)
        barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[TILE - 1 - l];
}
EOF
cp "$r/kernels/tiled.cl" "$r/kernels/legacy/old.cl"
cp "$r/kernels/tiled.cl" "$r/third_party/lib/vendored.cl"
cp "$r/kernels/tiled.cl" "$r/build/generated.cl"
cat >"$r/.clsynclint" <<'EOF'
; clsynclint configuration of this repository
options = -D TILE=16 -I include
local-size = 16
device = amd
severity.barrier-divergence = warning
exclude = third_party/* build/*

[path:kernels/legacy/*]
severity.barrier-divergence = off
EOF

# Options, -I relative to the configuration file, severity; from the root
# and from a sub-directory (the search goes up to the .git).
expect 1 "kernels/tiled.cl:9:9: warning: barrier reached under divergent control flow" \
  --format=gcc kernels/tiled.cl
expect 1 "^tiled.cl:9:9: warning: barrier reached" -C "$r/kernels" --format=gcc tiled.cl
expect 1 "warning: barrier reached" -C "$tmp" --format=gcc repo/kernels/tiled.cl
# Without the configuration the kernel does not compile: its header is not
# found, which zero configuration does not make up.  Given the header, TILE,
# which nothing defines, is an unknown constant (zero configuration), and
# with that turned off the kernel does not compile.
expect 2 "'tile.h' file not found" --no-config kernels/tiled.cl
expect 1 "note: not defined by the build: TILE" --no-config -I include --format=gcc \
  kernels/tiled.cl
expect 2 "use of undeclared identifier 'TILE'" --no-config --no-assume-macros -I include \
  kernels/tiled.cl
# [path:] overrides: the legacy folder's finding is off.
expect 0 "^$" --format=gcc kernels/legacy/old.cl
# Command-line flags win: --enable turns it back on, at the configured severity;
# --local-size replaces the configured one.
expect 1 "old.cl:9:9: warning: barrier reached" --format=gcc --enable=barrier-divergence \
  kernels/legacy/old.cl
expect 0 "^local-size = 32,1,1$" --show-config --local-size=32 kernels/tiled.cl
expect 0 "^local-size = 16,1,1$" --show-config kernels/tiled.cl
expect 0 "^options = -DTILE=16 -I$r/include -DTILE=8$" --show-config -D TILE=8 kernels/tiled.cl
# --show-config: the file, the configuration, the matching section, the settings.
expect 0 "^# configuration: $r/.clsynclint$" --show-config kernels/legacy/old.cl
expect 0 "^# matching section: \[path:kernels/legacy/\*\]$" --show-config kernels/legacy/old.cl
expect 0 "^severity.barrier-divergence = off$" --show-config kernels/legacy/old.cl
expect 0 "^device = amd$" --show-config kernels/legacy/old.cl
expect 0 "^# configuration: none$" --show-config --no-config kernels/tiled.cl
# Directory walking: excluded folders are not linted, the rest is.
expect 1 "kernels/tiled.cl:9:9: warning" --format=gcc .
expect 1 "!third_party|build/generated" --format=gcc .
expect 1 "!legacy" --format=gcc .
# An explicitly named file is linted even when excluded.
expect 1 "vendored.cl:9:9: warning" --format=gcc third_party/lib/vendored.cl
# Standard input finds the configuration of its --stdin-filename.
expect 1 "^kernels/tiled.cl:9:9: warning" --format=gcc --stdin-filename=kernels/tiled.cl - \
  <"$r/kernels/tiled.cl"
# A .git directory ends the search: a configuration above it is not used.
mkdir -p "$tmp/outer/inner/.git"
cp "$r/.clsynclint" "$tmp/outer/.clsynclint"
cp "$r/kernels/tiled.cl" "$tmp/outer/inner/"
expect 0 "^# configuration: none$" -C "$tmp/outer/inner" --show-config tiled.cl
# --config FILE: used for every file; paths in it are relative to it.
expect 0 "^# configuration: $r/.clsynclint$" -C "$tmp/outer/inner" --show-config \
  --config "$r/.clsynclint" tiled.cl

# include = : only matching files of a walked directory.
mkdir -p "$tmp/inc/.git" "$tmp/inc/a" "$tmp/inc/b"
cp "$r/kernels/legacy/old.cl" "$tmp/inc/a/k.cl"
cp "$r/kernels/legacy/old.cl" "$tmp/inc/b/k.cl"
printf 'options = -D TILE=16 -I %s/include\ninclude = a/*.cl\n' "$r" >"$tmp/inc/.clsynclint"
expect 1 "^./a/k.cl:9:9: error" -C "$tmp/inc" --format=gcc .
expect 1 "!b/k.cl" -C "$tmp/inc" --format=gcc .

# Malformed files: one line, FILE:LINE, exit 3, nothing linted.
bad=$tmp/bad
mkdir -p "$bad/.git"
cp "$r/kernels/tiled.cl" "$bad/k.cl"
malformed() {
  printf '%s\n' "$1" >"$bad/.clsynclint"
  expect 3 "$2" -C "$bad" k.cl
}
malformed "tile = 16" "^clsynclint: $bad/.clsynclint:1: unknown key 'tile'"
malformed "local-size = 0" ".clsynclint:1: invalid --local-size '0'"
malformed "options = -D X=1 --frobnicate" ".clsynclint:1: '--frobnicate' is not a build or analysis option"
malformed "; ok
severity.no-such-rule = error" ".clsynclint:2: unknown rule 'no-such-rule'"
malformed "severity.barrier-divergence = fatal" "invalid severity.barrier-divergence 'fatal'"
malformed "disable = barrier-divergence, nope" ".clsynclint:1: unknown rule 'nope'"
malformed "[kernels]
disable = all" ".clsynclint:2: unknown section \[kernels\]"
malformed "[path:x/*]
exclude = y" "'exclude' belongs before the first \[path:\] section"
malformed "this is not ini" ".clsynclint:1: syntax error"
malformed "device = cray" "unknown --device 'cray'"
# The first error is the one reported, at its own line (issue 20): a syntax
# error before a value error, a value error after a good value, a bad
# continuation line before a bad value.
malformed "options = -D X=1
this is garbage
local-size = 0" "^clsynclint: $bad/.clsynclint:2: syntax error \\(expected KEY = VALUE"
malformed "options = -D X=1
local-size = 64
local-size = 0" "^clsynclint: $bad/.clsynclint:3: invalid --local-size '0'"
malformed "options = -D X=1
  --frobnicate
local-size = 0" "^clsynclint: $bad/.clsynclint:2: '--frobnicate' is not a build or analysis option"
malformed "local-size = 64
[path:*.cl]
local-size = 2048" ".clsynclint:3: invalid --local-size '2048': over the limit of 1024 work-items"
# libinih reads at most 198 characters of a line: a longer one is an error,
# not two lines; a value goes on on indented lines.
long="options =$(i=0; while [ $i -lt 30 ]; do printf ' -D TILE%02d=16' $i; i=$((i + 1)); done)"
malformed "$long" ".clsynclint:1: line too long \\(at most 198 characters"
printf 'options = -D TILE=16\n  -D UNUSED=1\nlocal-size = 16\n' >"$bad/.clsynclint"
expect 0 "^options = -DTILE=16 -DUNUSED=1$" -C "$bad" --show-config k.cl
# assume-macros = no: zero configuration off for the files it governs; the
# command line can turn it back on; --show-config says which applies.
printf 'assume-macros = no\n' >"$bad/.clsynclint"
expect 2 "use of undeclared identifier 'TILE'" -C "$bad" --format=gcc -I "$r/include" k.cl
expect 0 "^assume-macros = no$" -C "$bad" --show-config k.cl
expect 1 "note: not defined by the build: TILE" -C "$bad" --format=gcc -I "$r/include" \
  --assume-macros k.cl
malformed "assume-macros = perhaps" ".clsynclint:1: invalid --assume-macros 'perhaps' \\(yes or no\\)"
rm "$bad/.clsynclint"
expect 0 "^assume-macros = yes$" -C "$bad" --show-config k.cl
expect 3 "no-such.ini: cannot read the configuration file: No such file" -C "$bad" \
  --config no-such.ini k.cl
expect 3 "exclude each other" -C "$bad" --config x --no-config k.cl

[ "$fails" = 0 ] && echo "config: ok"
[ "$fails" = 0 ]
