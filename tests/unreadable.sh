#!/bin/sh
# unreadable.sh CLSYNCLINT - a file that exists but cannot be read gets one
# line and exit 2.  Root reads everything, so as root the program runs as
# nobody (setpriv, util-linux) against a file with mode 000.
bin=$1
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
printf '__kernel void k(__global int *a) { a[0] = 1; }\n' >"$tmp/locked.cl"
chmod 000 "$tmp/locked.cl"
chmod 755 "$tmp"
run=""
if [ "$(id -u)" = 0 ]; then
  command -v setpriv >/dev/null || { echo "setpriv is missing: skipped"; exit 77; }
  run="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
out=$($run "$bin" --no-config "$tmp/locked.cl" 2>&1)
code=$?
echo "$out"
[ "$code" = 2 ] || { echo "FAIL: exit $code, expected 2"; exit 1; }
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || { echo "FAIL: expected one line"; exit 1; }
printf '%s\n' "$out" | grep -q "locked.cl: error: not analyzed: Permission denied" ||
  { echo "FAIL: message"; exit 1; }
echo "unreadable: ok"
