#!/bin/sh
# compdb.sh CLSYNCLINT - build options from a JSON compilation database (-p),
# with entries written as CMake writes them ("command", absolute paths, -o
# and "output") and as Bear writes them ("arguments", relative "file", -I and
# -include relative to "directory"): -D, -I, -include and -cl-std taken from
# the file's entry, the command line winning, a file without an entry and a
# file with differing entries noted, a .clsynclint applied before the entry,
# --jobs unchanged, and a missing or malformed database rejected in one line
# with exit 3.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# expect CODE REGEX ARGS... : run clsynclint in the repository, check the exit
# status and that stdout+stderr match REGEX ('!REGEX': must not match).
expect() {
  code=$1 regex=$2
  shift 2
  out=$(cd "$r" && "$bin" "$@" 2>&1); rc=$?
  [ "$rc" = "$code" ] || { fail "exit $rc, expected $code: clsynclint $*"; printf '%s\n' "$out"; return; }
  case $regex in
    !*) if printf '%s\n' "$out" | grep -Eq -- "${regex#!}"; then
          fail "output matches /${regex#!}/: clsynclint $*"; printf '%s\n' "$out"; fi ;;
    *) if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
         fail "output does not match /$regex/: clsynclint $*"; printf '%s\n' "$out"; fi ;;
  esac
}

# A repository whose kernels need -D TILE, a header from include/ and a
# prelude given with -include.  TILE shows in the findings: the race's
# witness pairs work-item 0 with work-item TILE - 1.
r=$tmp/repo
mkdir -p "$r/build" "$r/include" "$r/kernels"
echo '#define HALF (TILE / 2)' >"$r/include/tile.h"
echo '#define SCALE 2.0f' >"$r/include/prelude.h"
cat >"$r/kernels/a.cl" <<'EOF'
#include "tile.h"
__kernel void tiled(__global float *a)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)] * SCALE;
    if (l < HALF)
        barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[TILE - 1 - l];
}
EOF
for f in b c d; do cp "$r/kernels/a.cl" "$r/kernels/$f.cl"; done
# CMake: "command", absolute paths.  Bear: "arguments", paths relative to
# "directory".  c.cl has two entries that differ; d.cl has none.
cat >"$r/build/compile_commands.json" <<EOF
[
{
  "directory": "$r/build",
  "command": "/usr/bin/clang -DTILE=32 -I$r/include -include $r/include/prelude.h -x cl -cl-std=CL2.0 -o CMakeFiles/kernels.dir/kernels/a.cl.o -c $r/kernels/a.cl",
  "file": "$r/kernels/a.cl",
  "output": "CMakeFiles/kernels.dir/kernels/a.cl.o"
},
{
  "arguments": ["clang", "-x", "cl", "-std=cl1.2", "-D", "TILE=16", "-I", "../include",
                "-include", "../include/prelude.h", "-c", "-o", "b.bc", "../kernels/b.cl"],
  "directory": "$r/build",
  "file": "../kernels/b.cl"
},
{"directory": "$r/build", "arguments": ["clang", "-DTILE=8", "-I../include", "-include", "../include/prelude.h", "-c", "../kernels/c.cl"], "file": "../kernels/c.cl"},
{"directory": "$r/build", "arguments": ["clang", "-DTILE=64", "-I../include", "-include", "../include/prelude.h", "-c", "../kernels/c.cl"], "file": "../kernels/c.cl"}
]
EOF

# Without the database the kernels do not compile: their header is not
# found, which zero configuration does not make up.  With the header (and
# SCALE, which the prelude defines) but not -D TILE, TILE is an unknown
# constant; with zero configuration off it is a compile error.  The
# database's -D wins over zero configuration: no note, TILE is 32.
expect 2 "'tile.h' file not found" --format=gcc kernels/a.cl
expect 1 "note: not defined by the build: TILE, analyzed as an unknown integer constant" \
  -I include -include include/prelude.h --format=gcc kernels/a.cl
expect 2 "use of undeclared identifier 'TILE'" --no-assume-macros -I include \
  -include include/prelude.h --format=gcc kernels/a.cl
expect 1 "!not defined by the build" -p build --format=gcc kernels/a.cl
# CMake's entry: -D, -I and -include from the command string.
expect 1 "kernels/a.cl:9:27: error: local-memory race on t\\[[0-9]+\\]: .*work-item 31 (writes|reads) it" -p build --format=gcc kernels/a.cl
expect 1 "kernels/a.cl:8:9: error: barrier reached under divergent control flow" -p build --format=gcc kernels/a.cl
# Bear's entry: relative file, -I and -include resolved against "directory";
# -std=cl1.2 is the OpenCL C version.  From another directory, and with
# -p naming the file itself.
expect 1 "kernels/b.cl:9:27: error: local-memory race on t\\[[0-9]+\\]: .*work-item 15 (writes|reads) it" -p build --format=gcc kernels/b.cl
expect 1 "repo/kernels/b.cl:9:27: error: local-memory race on t\\[[0-9]+\\]: .*work-item 15 (writes|reads) it" -p ../repo/build/compile_commands.json --format=gcc "$r/../repo/kernels/b.cl"
out=$(cd "$r" && "$bin" --show-config -p build kernels/a.cl kernels/b.cl)
printf '%s\n' "$out" | grep -q "^options = -DTILE=32 -I$r/include -include $r/include/prelude.h$" ||
  { fail "--show-config a.cl: options"; printf '%s\n' "$out"; }
printf '%s\n' "$out" | grep -q "^options = -DTILE=16 -I$r/include -include $r/include/prelude.h$" ||
  { fail "--show-config b.cl: relative paths not resolved"; printf '%s\n' "$out"; }
[ "$(printf '%s\n' "$out" | grep -c '^cl-std = ')" = 2 ] &&
  printf '%s\n' "$out" | grep -q '^cl-std = CL2.0$' && printf '%s\n' "$out" | grep -q '^cl-std = cl1.2$' ||
  { fail "--show-config: cl-std from the entries"; printf '%s\n' "$out"; }
# The command line wins over the entry.
expect 1 "work-item 7 (writes|reads) it" -p build --format=gcc -D TILE=8 kernels/a.cl
# Several entries that differ: the first is used, and a note says so.
expect 1 "kernels/c.cl:1:1: note: build/compile_commands.json has 2 entries for this file with different build options: linted with the first one's" \
  -p build --format=gcc kernels/c.cl
expect 1 "work-item 7 (writes|reads) it" -p build --format=gcc kernels/c.cl
# No entry: linted without the database's options, and a note says so.
expect 2 "kernels/d.cl:1:1: note: no entry for this file in build/compile_commands.json: linted without its build options" \
  -p build --format=gcc kernels/d.cl
expect 1 "\"status\": \"analyzed\", \"kernels\": \\[[^]]*\\], \"notes\": \\[\"no entry for this file in build/compile_commands.json" \
  -p build --format=json -D TILE=4 -I include -include include/prelude.h kernels/d.cl
# A configuration file applies first, the entry after it.
printf 'options = -D TILE=128 -I include -include include/prelude.h\n' >"$r/.clsynclint"
expect 1 "work-item 15 (writes|reads) it" -p build --format=gcc kernels/b.cl
expect 1 "work-item 127 (writes|reads) it" --format=gcc kernels/d.cl
rm "$r/.clsynclint"
# --jobs prints what a serial run prints, notes included.
(cd "$r" && "$bin" -p build --format=json kernels) >"$tmp/serial" 2>&1
(cd "$r" && "$bin" -p build --format=json --jobs=3 kernels) >"$tmp/jobs" 2>&1
cmp -s "$tmp/serial" "$tmp/jobs" || { fail "--jobs=3 differs from a serial run"; diff "$tmp/serial" "$tmp/jobs" | head; }
# A missing or malformed database: one line, exit 3, before anything is linted.
expect 3 "^clsynclint: -p kernels: no compile_commands.json in this directory$" -p kernels kernels/a.cl
expect 3 "^clsynclint: -p nowhere: no such directory$" -p nowhere kernels/a.cl
expect 3 "^clsynclint: -p needs a value$" kernels/a.cl -p
mkdir "$r/broken" "$r/nofile"
# (libclang's reader would take the missing comma for something else.)
printf '[\n  {"directory": "/tmp",\n   "file": "a.cl"\n   "arguments": ["cc", "-c"]}\n]\n' >"$r/broken/compile_commands.json"
expect 3 "^clsynclint: broken/compile_commands.json:4:4: invalid JSON: expected ',' or '}'$" -p broken kernels/a.cl
printf '[{"directory": "/tmp", "arguments": ["cc", "-c", "a.cl"]}]\n' >"$r/nofile/compile_commands.json"
expect 3 "^clsynclint: nofile/compile_commands.json: Missing key: \"file\"" -p nofile kernels/a.cl
[ "$fails" = 0 ] && echo "compdb: ok"
[ "$fails" = 0 ]
