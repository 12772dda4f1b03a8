#!/bin/sh
# determinism.sh CLSYNCLINT ROOT
# The same input gives byte-identical output across runs and across file
# order: lint the corpus forwards and backwards, one file at a time and all
# together, and compare each file's diagnostics.
bin=$1; root=$2
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$root" || exit 1
files=$(find corpus -name '*.cl' | sort)
rev=$(printf '%s\n' $files | sort -r)
"$bin" --format=gcc --color=never $files > "$dir/a" 2>&1
"$bin" --format=gcc --color=never $files > "$dir/b" 2>&1
"$bin" --format=gcc --color=never $rev > "$dir/c" 2>&1
for f in $files; do "$bin" --format=gcc --color=never "$f"; done > "$dir/d" 2>&1
cmp -s "$dir/a" "$dir/b" || { echo "two runs differ"; diff "$dir/a" "$dir/b" | head; exit 1; }
# Each file's lines must be the same whatever the order (sort to compare).
sort "$dir/a" > "$dir/as"; sort "$dir/c" > "$dir/cs"; sort "$dir/d" > "$dir/ds"
cmp -s "$dir/as" "$dir/cs" || { echo "file order changes the findings"; diff "$dir/as" "$dir/cs" | head; exit 1; }
cmp -s "$dir/as" "$dir/ds" || { echo "one file at a time differs from all at once"; diff "$dir/as" "$dir/ds" | head; exit 1; }
if "$bin" --help | grep -q -- "--jobs"; then
  "$bin" --format=gcc --color=never --jobs 2 $files > "$dir/e" 2>&1
  cmp -s "$dir/a" "$dir/e" || { echo "--jobs 2 differs from --jobs 1"; diff "$dir/a" "$dir/e" | head; exit 1; }
fi
# What the solver is asked is the same text in every run, in particular the
# names of its unknowns (an address in a name steered its search: verdicts
# at the limit differed between runs of one file).  Each run has its own
# address layout (ASLR); kernels whose questions name loaded data.
for f in corpus/local-memory-race/histogram_peek_atomic.cl \
         corpus/local-memory-race/leader_counter_index.cl \
         corpus/inter-group-race/ok_reserved_ranges.cl; do
  "$bin" --dump=smt "$f" > "$dir/s1" 2>&1
  "$bin" --dump=smt "$f" > "$dir/s2" 2>&1
  grep -q '^; check ' "$dir/s1" || { echo "--dump=smt shows no check for $f"; exit 1; }
  cmp -s "$dir/s1" "$dir/s2" || { echo "the solver's questions differ between runs: $f"; diff "$dir/s1" "$dir/s2" | head; exit 1; }
done
echo "deterministic over $(printf '%s\n' $files | wc -l) files"
