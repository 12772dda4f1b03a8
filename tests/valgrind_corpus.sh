#!/bin/sh
# valgrind_corpus.sh VALGRIND CLSYNCLINT CORPUS
# The whole corpus in one run under Valgrind's Memcheck: no invalid access,
# no definite leak, in the supervising process or in the worker processes
# that lint the files (forked, so Memcheck runs in them too; each reports at
# its exit).  A worker's error would cost only an exit status the supervisor
# turns into "internal error", so the output is checked for every sign of
# one.  2 is the expected status: findings, and
# corpus/compile-error/error_directive.cl does not compile by design (its
# #error fires, and no assumption answers it).
vg=$1 bin=$2 corpus=$3
out=$("$vg" -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
        --show-leak-kinds=definite "$bin" --host-files "$corpus" 2>&1)
rc=$?
status=0
[ "$rc" = 2 ] || { echo "FAIL: exit $rc, expected 2"; status=1; }
printf '%s\n' "$out" | grep -q "error_directive.cl:18:2: error: \"TILE must be 16 or 32" ||
  { echo "FAIL: no compile error for error_directive.cl"; status=1; }
if printf '%s\n' "$out" | grep -Eq '^==[0-9]+==|internal error'; then
  echo "FAIL: Memcheck or the supervisor reports an error:"
  printf '%s\n' "$out" | grep -E -A12 '^==[0-9]+==|internal error' | head -60
  status=1
fi
[ "$status" = 0 ] && echo "valgrind: the corpus is clean ($(printf '%s\n' "$out" | wc -l) lines)"
exit $status
