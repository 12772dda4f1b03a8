#!/bin/sh
# precommit.sh CLSYNCLINT SRCDIR - the pre-commit hook of this repository, the
# way a kernel repository uses it: .pre-commit-hooks.yaml is served from a
# local git repository (no network), a scratch project points its
# .pre-commit-config.yaml at it, `pre-commit install` sets the git hook, and
# then a commit of a kernel with a divergent barrier is refused and the commit
# of the fixed kernel goes through.  The clsynclint on PATH is a wrapper that
# logs its arguments, to show that many files go to one call.  Exit 77
# (skipped) when pre-commit or git is not installed.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
command -v pre-commit >/dev/null || { echo "pre-commit is not installed: skipped"; exit 77; }
command -v git >/dev/null || { echo "git is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -e
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE
export HOME="$tmp/home" PRE_COMMIT_HOME="$tmp/cache" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t
export GIT_COMMITTER_EMAIL=t@example.org PRE_COMMIT_COLOR=never
mkdir -p "$HOME" "$tmp/bin"
cat >"$tmp/bin/clsynclint" <<EOS
#!/bin/sh
n=0
for a; do case \$a in *.cl) n=\$((n + 1)) ;; esac; done
echo "\$n" >>"$tmp/calls"
exec "$bin" "\$@"
EOS
chmod +x "$tmp/bin/clsynclint"
export PATH="$tmp/bin:$PATH"

# The hook repository: this tree's .pre-commit-hooks.yaml, committed.
hooks=$tmp/hooks
git init -q "$hooks"
cp "$src/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" commit -qm hooks
rev=$(git -C "$hooks" rev-parse HEAD)

# The user's kernel repository.
proj=$tmp/proj
git init -q "$proj"
cd "$proj"
cat >.pre-commit-config.yaml <<EOS
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: clsynclint
        args: [--format=gcc]
EOS
git add .pre-commit-config.yaml
git commit -qm "pre-commit configuration" --no-verify
pre-commit install >install.log 2>&1 || { cat install.log; exit 1; }

mkdir kernels
cp "$src/tests/ergonomics/inputs/divergent.cl" kernels/stage.cl
for k in a b c; do cp "$src/tests/ergonomics/inputs/fixed.cl" "kernels/ok_$k.cl"; done
echo "not a kernel" >README.txt
git add kernels README.txt
set +e
PRE_COMMIT_NO_CONCURRENCY=1 git commit -m "add kernels" >commit1.log 2>&1
rc=$?
set -e
cat commit1.log
[ "$rc" != 0 ] || { echo "FAIL: the commit of a divergent barrier went through"; exit 1; }
grep -q "kernels/stage.cl:9:33: error: barrier reached under divergent control flow.*\[barrier-divergence\]" \
  commit1.log || { echo "FAIL: the hook did not show the finding"; exit 1; }
[ "$(git rev-list --count HEAD)" = 1 ] || { echo "FAIL: a commit was made"; exit 1; }
# Four kernels, one call: pre-commit passes many file names at once.
[ "$(sort -n "$tmp/calls" | tail -1)" = 4 ] ||
  { echo "FAIL: expected one call with the 4 kernels, got: $(cat "$tmp/calls")"; exit 1; }

# The fix: every work-item reaches the barrier.
cp "$src/tests/ergonomics/inputs/fixed.cl" kernels/stage.cl
git add kernels/stage.cl
git commit -m "add kernels" >commit2.log 2>&1 || { cat commit2.log; echo "FAIL: the fixed commit was refused"; exit 1; }
cat commit2.log
grep -q "clsynclint.*Passed" commit2.log || { echo "FAIL: the hook did not run"; exit 1; }
[ "$(git rev-list --count HEAD)" = 2 ] || { echo "FAIL: no commit was made"; exit 1; }
echo "pre-commit: refused the divergent kernel, accepted the fix"
