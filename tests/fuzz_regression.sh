#!/bin/sh
# fuzz_regression.sh CLSYNCLINT FILE: must end within 30 s with exit 0, 1 or 2.
timeout 30 "$1" --format=gcc "$2" >/dev/null 2>&1
rc=$?
case $rc in
  0|1|2) exit 0 ;;
  124) echo "timed out on $2"; exit 1 ;;
  *) echo "exit $rc on $2"; exit 1 ;;
esac
