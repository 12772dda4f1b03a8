/*
 * compdb.h - build options from a JSON compilation database (cdb_ prefix).
 *
 * `clsynclint -p DIR` reads DIR/compile_commands.json as CMake and Bear
 * write it (entries with "directory", "file", and "arguments" or "command"),
 * as clang-tidy does, and lints each file with the build options of its
 * entry: -D, -U, -I (-isystem, -iquote, -idirafter), -include, -imacros,
 * -cl-std (or -std=clX) and other -cl-* options, relative paths taken from the
 * entry's directory.  Everything else on the compiler's command line (-c, -o,
 * -O2, the target) is the compiler's business, not the kernel's.
 *
 * The program applies, for each file: defaults, the configuration file, the
 * database's entry, then its own command line, which wins.
 */
#ifndef CLS_COMPDB_H
#define CLS_COMPDB_H

#include "cls.h"

struct cdb;   /* a loaded compilation database */

/*
 * Load the compilation database of `dir` (a directory holding
 * compile_commands.json, or that file itself).  Returns NULL with a one-line
 * message in err ("build/compile_commands.json:3:5: what") when it is missing
 * or malformed.
 */
struct cdb *cdb_load(const char *dir, char *err, size_t errlen);
void cdb_free(struct cdb *db);

/*
 * Add the build options of `path`'s entry in db to o (strings copied into
 * a).  Only an entry for the file itself counts: a file without one is
 * linted without the database's options.  Returns a note for the file's
 * report, in a, when that happened or when the database has several
 * entries for the file that differ (the first is used); NULL otherwise.
 */
const char *cdb_apply(const struct cdb *db, const char *path, struct mem_arena *a,
		      struct cls_options *o);

#endif
