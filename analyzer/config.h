/*
 * config.h - the .clsynclint configuration file (cfg_ prefix).
 *
 * An INI file (parsed with libinih) found in a linted file's directory or the
 * nearest parent, stopping at the root or at a directory that holds .git:
 *
 *   options = -D TILE=16 -I include     ; build options, paths relative to this file
 *   cl-std = CL2.0
 *   local-size = 64                     ; num-groups, global-size likewise
 *   device = nvidia
 *   enable = bank-conflict              ; disable = ...
 *   severity.local-memory-race = warning  ; error, warning, note, off
 *   include = GLOB ...                  ; directory walking, relative to this file
 *   exclude = GLOB ...
 *   assume-macros = no                  ; zero configuration off (frontend.c)
 *   [path:GLOB]                         ; keys for matching files replace the global ones
 *   disable = barrier-fence
 *
 * The program applies, for each file: defaults, then the configuration, then
 * its own command line, so that command-line flags win.
 */
#ifndef CLS_CONFIG_H
#define CLS_CONFIG_H

#include "cls.h"

struct cfg;       /* one parsed configuration file */
struct cfg_set;   /* the configurations of one run, loaded once each */

struct cfg_set *cfg_set_new(void);
void cfg_set_free(struct cfg_set *s);

/*
 * Load and check the configuration file `file` (--config).  Returns NULL
 * with a one-line message in err ("FILE:LINE: what") when it cannot be read
 * or is malformed.
 */
const struct cfg *cfg_load(struct cfg_set *s, const char *file, char *err, size_t errlen);

/*
 * The configuration that governs `path` (a file, a directory, or a name given
 * with --stdin-filename): the nearest .clsynclint from its directory upwards.
 * Returns NULL when there is none, or when one is malformed (then *failed is
 * set and err says why).
 */
const struct cfg *cfg_find(struct cfg_set *s, const char *path, bool *failed, char *err,
			   size_t errlen);

/* Apply c's settings for `path` (its global keys, then its matching [path:]
 * sections) to o; strings are copied into a. */
void cfg_apply(const struct cfg *c, const char *path, struct mem_arena *a,
	       struct cls_options *o);

/* Directory walking: may `path` (a file, or a directory when is_dir) be
 * linted or entered, under c's include and exclude globs? */
bool cfg_walk_allows(const struct cfg *c, const char *path, bool is_dir);

/* --show-config: the settings o that apply to `path`, under c (or none), in
 * the configuration file's own syntax. */
void cfg_show(const struct cfg *c, const char *path, const struct cls_options *o, FILE *out);

#endif
