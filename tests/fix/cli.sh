#!/bin/sh
# cli.sh CLSYNCLINT SRCDIR - --fix, --diff and --unsafe-fixes as a user meets
# them: what is applied and what is left out, exit statuses, the file's mode
# and links kept, no temporary file left, standard input, the usage errors.
bin=$1; src=$2
in=$src/tests/fix/inputs
work=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
no() { echo "FAIL: $*"; fail=1; }

# 1. An unsafe fix-it (padding an array read through a pointer) is left out
# and counted; --unsafe-fixes takes it.
cp "$in/unsafe_pad.cl" pad.cl
out=$("$bin" --diff pad.cl 2>err); rc=$?
[ $rc = 0 ] && [ -z "$out" ] || no "--diff of an unsafe fix-it: exit $rc, output '$out'"
grep -q "^clsynclint: pad.cl: the diff fixes 0 findings; 1 unsafe fix-it left out (--unsafe-fixes applies it)$" err ||
  no "--diff does not count the unsafe fix-it: $(cat err)"
"$bin" --fix pad.cl >out 2>err; rc=$?
[ $rc = 1 ] && cmp -s pad.cl "$in/unsafe_pad.cl" && grep -q "bank-conflict" out ||
  no "--fix applied an unsafe fix-it or lost the finding (exit $rc)"
"$bin" --format=json pad.cl | grep -q '"description": "pad the rows of .tile. (1-way after)", "safe": false}' ||
  no "JSON does not mark the padding unsafe"
"$bin" --diff --unsafe-fixes pad.cl >d.patch 2>err; rc=$?
[ $rc = 1 ] && grep -q '^+    __local float tile\[32\]\[33\];$' d.patch ||
  no "--diff --unsafe-fixes: exit $rc, $(cat d.patch)"
chmod 640 pad.cl
"$bin" --fix --unsafe-fixes pad.cl >out 2>err; rc=$?
[ $rc = 0 ] && [ ! -s out ] || no "--fix --unsafe-fixes: exit $rc (0: nothing left), output $(cat out)"
grep -q 'tile\[32\]\[33\]' pad.cl || no "--fix --unsafe-fixes did not pad"
[ "$(stat -c %a pad.cl)" = 640 ] || no "--fix changed the mode to $(stat -c %a pad.cl)"
[ "$(ls -A | grep -c fix)" = 0 ] || no "a temporary file was left: $(ls -A)"
grep -q "^clsynclint: pad.cl: fixed 1 finding$" err || no "--fix summary: $(cat err)"

# 2. What has no fix-it is left, reported in the format asked for; the exit
# status says so.  A symbolic link stays one.
cp "$in/race_and_divergence.cl" real.cl
ln -s real.cl link.cl
"$bin" --fix --format=gcc --local-size=64 link.cl >out 2>err; rc=$?
[ $rc = 1 ] || no "--fix with a finding left: exit $rc"
[ -L link.cl ] || no "--fix replaced the symbolic link"
grep -q "barrier(CLK_LOCAL_MEM_FENCE);" real.cl && [ "$(grep -c "barrier(CLK" real.cl)" = 2 ] ||
  no "--fix through the link: $(cat real.cl)"
[ "$(grep -c ': error: ' out)" = 1 ] && grep -q "barrier-divergence" out &&
  ! grep -q "local-memory-race" out || no "--fix's report: $(cat out)"
"$bin" --fix --format=json --local-size=64 real.cl >out 2>err; rc=$?
[ $rc = 1 ] && python3 -c 'import json,sys; d=json.load(open("out"))["diagnostics"];
sys.exit(not (len(d) == 1 and d[0]["rule"] == "barrier-divergence"))' ||
  no "--fix --format=json on a fixed file: exit $rc, $(cat out)"
[ ! -s err ] || no "nothing to fix, yet: $(cat err)"
cp "$in/race_and_divergence.cl" safe.cl
"$bin" --format=json --local-size=64 safe.cl | grep -q '"description": "insert barrier(CLK_LOCAL_MEM_FENCE) before line 8", "safe": true}' ||
  no "JSON does not mark the barrier insertion safe"

# 3. Standard input: --diff works (named by --stdin-filename), --fix cannot.
cp "$in/race_and_divergence.cl" k.cl
"$bin" --diff --local-size=64 --stdin-filename=k.cl - <k.cl >d.patch 2>err; rc=$?
[ $rc = 1 ] && head -1 d.patch | grep -qx -- "--- ./k.cl" || no "--diff on stdin: exit $rc, $(cat d.patch)"
patch -p0 --quiet <d.patch && grep -c "barrier(CLK" k.cl | grep -qx 2 || no "patch -p0 of the stdin diff"
"$bin" --fix - <k.cl >out 2>&1; rc=$?
[ $rc = 3 ] && grep -q "^clsynclint: --fix cannot rewrite standard input ('-'); use --diff to see the changes$" out ||
  no "--fix on stdin: exit $rc, $(cat out)"

# 4. Usage errors (exit 3), before anything is linted or written.
cp "$in/race_and_divergence.cl" u.cl
for args in "--fix --diff" "--unsafe-fixes" "--diff --format=json" "--fix --verify"; do
  # shellcheck disable=SC2086
  "$bin" $args u.cl >out 2>&1; rc=$?
  [ $rc = 3 ] && head -1 out | grep -q "^clsynclint: " || no "'$args': exit $rc, $(cat out)"
done
cmp -s u.cl "$in/race_and_divergence.cl" || no "a usage error changed the file"
# The language server offers fix-its as code actions, never as a rewrite.
"$bin" --lsp --fix </dev/null >out 2>&1; rc=$?
[ $rc = 3 ] && grep -q "^clsynclint: --lsp offers fix-its as code actions" out ||
  no "--lsp --fix: exit $rc, $(cat out)"

# 5. A file that cannot be written: exit 2, the file as it was.
mkdir ro && cp "$in/race_and_divergence.cl" ro/k.cl && chmod 555 ro
if [ ! -w ro ]; then   # (root writes anyway)
  "$bin" --fix --local-size=64 ro/k.cl >out 2>err; rc=$?
  [ $rc = 2 ] && grep -q "^clsynclint: ro/k.cl: cannot write the fixed file: " err ||
    no "unwritable: exit $rc, $(cat err)"
  cmp -s ro/k.cl "$in/race_and_divergence.cl" || no "unwritable: the file changed"
fi

# 6. --jobs: the same diff, in input order.
for i in 1 2 3; do cp "$in/race_and_divergence.cl" j$i.cl; done
cp "$in/unsafe_pad.cl" j4.cl
"$bin" --diff --unsafe-fixes --local-size=64 j1.cl j2.cl j3.cl j4.cl >one.patch 2>/dev/null
"$bin" --diff --unsafe-fixes --local-size=64 --jobs=3 j1.cl j2.cl j3.cl j4.cl >three.patch 2>/dev/null; rc=$?
[ $rc = 1 ] && [ -s one.patch ] && cmp -s one.patch three.patch || no "--jobs=3 --diff differs"
git apply one.patch && grep -q 'tile\[32\]\[33\]' j4.cl || no "git apply of four files"

# 7. Nothing to fix: exit 0, no diff.
printf '__kernel void k(__global int *o) { o[get_global_id(0)] = 1; }\n' >clean.cl
out=$("$bin" --diff clean.cl 2>&1); rc=$?
[ $rc = 0 ] && [ -z "$out" ] || no "--diff on a clean file: exit $rc, '$out'"

[ $fail = 0 ] && echo "fix/cli: ok"
exit $fail
