/*
 * lsp.h - the language server, `clsynclint --lsp` (lsp_ prefix).
 *
 * lsp.c speaks the protocol: documents, debounced lints in child processes,
 * replies.  fmt_lsp.c turns one lint's result into LSP diagnostics and the
 * quick fixes that go with them.  JSON is Jansson's.
 */
#ifndef CLS_LSP_H
#define CLS_LSP_H

#include <jansson.h>

#include "cls.h"

/*
 * How the server learns the options for a file, the ones the command line
 * would use for it: defaults, the nearest .clsynclint of `path`, then the
 * command line's flags.  Strings go to a; *note (or NULL) is a note for the
 * file's report.  false with a one-line reason in err when the
 * configuration is unusable.
 */
typedef bool (*lsp_options_fn)(void *env, const char *path, struct mem_arena *a,
			       struct cls_options *o, const char **note, char *err,
			       size_t errlen);

/*
 * Serve LSP over in_fd/out_fd until the client says exit (or closes its
 * end).  Returns the exit code: 0 when shutdown came first, 1 otherwise, as
 * the protocol asks.
 */
int lsp_serve(int in_fd, int out_fd, lsp_options_fn options, void *env);

/* -------------------------------------------------- fmt_lsp.c, for lsp.c */

/*
 * One lint's findings as LSP: an array of {"diagnostic": Diagnostic,
 * "fixes": [{"title", "edits": [TextEdit]}]}, positions in UTF-16 code
 * units of r's text.  `uri` names the linted buffer (r->path is its file
 * name); o gives the shown severities.  NULL when out of memory.
 */
json_t *lsp_findings(const struct cls_result *r, const struct cls_options *o, const char *uri);

/* A finding of the server itself (a crash, a configuration error): one
 * entry as lsp_findings makes them, at the start of the buffer. */
json_t *lsp_finding_at_start(const char *code, const char *msg);

/* A JSON string of s, its bytes that are not UTF-8 as U+FFFD (Jansson
 * refuses them). */
json_t *lsp_str(const char *s);

/* "file://" URI of a file name (made absolute), malloc'ed. */
char *lsp_path_to_uri(const char *path);
/* The file name of a file:// URI, malloc'ed; NULL for another scheme. */
char *lsp_uri_to_path(const char *uri);

#endif
