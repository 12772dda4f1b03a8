#!/bin/sh
# expect_exit.sh CODE REGEX [--stdin FILE] -- COMMAND...
# Runs COMMAND, fails unless it exits with CODE and its output (stdout and
# stderr together) matches the extended regular expression REGEX ('' = any).
code=$1; regex=$2; shift 2
input=/dev/null
if [ "$1" = "--stdin" ]; then input=$2; shift 2; fi
[ "$1" = "--" ] && shift
out=$("$@" <"$input" 2>&1); rc=$?
if [ "$rc" != "$code" ]; then
  printf 'expected exit %s, got %s from: %s\n--- output ---\n%s\n' "$code" "$rc" "$*" "$out"
  exit 1
fi
if [ -n "$regex" ] && ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
  printf 'output does not match /%s/: %s\n--- output ---\n%s\n' "$regex" "$*" "$out"
  exit 1
fi
exit 0
