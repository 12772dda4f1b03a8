/*
 * findings.c - clsynclint's findings: gcc-format parsing, running the
 * analyzer, findings files.
 */
#include "findings.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "proc.h"
#include "rc.h"

/* Parse a number of digits at *p, advancing it; -1 when there is none. */
static int parse_num(const char **p)
{
	if (!isdigit((unsigned char)**p))
		return -1;
	long v = 0;
	while (isdigit((unsigned char)**p) && v < 100000000)
		v = v * 10 + (*(*p)++ - '0');
	return (int)v;
}

/* Parse one gcc-format diagnostic line into *f (fresh heap strings; severity
 * may be "note").  Returns 1 when `line` is one, 0 otherwise (source excerpts,
 * summaries).  The path ends at the first ":LINE:COL: SEVERITY: ". */
int fnd_parse_line(const char *line, struct fnd_finding *f)
{
	static const char *const sevs[] = { "error", "warning", "note" };
	memset(f, 0, sizeof *f);
	for (const char *c = strchr(line, ':'); c; c = strchr(c + 1, ':')) {
		const char *p = c + 1;
		int ln = parse_num(&p);
		if (ln < 1 || *p != ':')
			continue;
		p++;
		int col = parse_num(&p);
		if (col < 0 || strncmp(p, ": ", 2) != 0)
			continue;
		p += 2;
		for (size_t s = 0; s < sizeof sevs / sizeof sevs[0]; s++) {
			size_t n = strlen(sevs[s]);
			if (strncmp(p, sevs[s], n) != 0 || strncmp(p + n, ": ", 2) != 0)
				continue;
			const char *msg = p + n + 2;
			size_t mlen = strlen(msg);
			while (mlen && (msg[mlen - 1] == '\n' || msg[mlen - 1] == '\r'))
				mlen--;
			f->rule = rc_xstrdup("");
			if (mlen && msg[mlen - 1] == ']') {
				const char *open = NULL;
				for (const char *q = msg + mlen - 1; q > msg; q--)
					if (*q == '[') {
						open = q;
						break;
					}
				if (open && open > msg && open[-1] == ' ' && open + 1 < msg + mlen - 1 &&
				    !memchr(open + 1, ' ', (size_t)(msg + mlen - 1 - (open + 1)))) {
					free(f->rule);
					f->rule = rc_xasprintf("%.*s", (int)(msg + mlen - 1 - (open + 1)),
							       open + 1);
					mlen = (size_t)(open - 1 - msg);
				}
			}
			f->path = rc_xasprintf("%.*s", (int)(c - line), line);
			f->line = ln;
			f->col = col;
			f->severity = rc_xstrdup(sevs[s]);
			f->message = rc_xasprintf("%.*s", (int)mlen, msg);
			return 1;
		}
	}
	return 0;
}

/* Free the strings of one finding. */
static void finding_free(struct fnd_finding *f)
{
	free(f->path);
	free(f->severity);
	free(f->message);
	free(f->rule);
	for (unsigned i = 0; i < f->nnotes; i++)
		free(f->notes[i].message);
	free(f->notes);
}

/* Add the diagnostics of clsynclint's gcc-format output `text` to s: errors
 * and warnings become findings, each note is attached to the finding before
 * it.  A finding already in s (same file, line, column and rule: the analyzer
 * runs once per local size) is not added again, nor are its notes. */
void fnd_add_text(struct fnd_set *s, const char *text)
{
	struct fnd_finding *last = NULL;
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = rc_xasprintf("%.*s", (int)len, p);
		p += len + (nl ? 1 : 0);
		struct fnd_finding f;
		if (line[0] == '#' || !fnd_parse_line(line, &f)) {
			free(line);
			continue;
		}
		free(line);
		if (!strcmp(f.severity, "note")) {
			if (last && !strcmp(last->path, f.path)) {
				struct fnd_note *n = RC_PUSH(last->notes, last->nnotes, last->capnotes);
				n->line = f.line;
				n->col = f.col;
				n->message = f.message;
				f.message = NULL;
			}
			finding_free(&f);
			continue;
		}
		last = NULL;
		int dup = 0;
		for (unsigned i = 0; i < s->n && !dup; i++) {
			struct fnd_finding *g = &s->items[i];
			dup = !strcmp(g->path, f.path) && g->line == f.line && g->col == f.col &&
			      !strcmp(g->rule, f.rule);
		}
		if (dup) {
			finding_free(&f);
			continue;
		}
		last = RC_PUSH(s->items, s->n, s->cap);
		*last = f;
	}
}

/* Note that `path` was analyzed. */
static void add_analyzed(struct fnd_set *s, const char *path)
{
	for (unsigned i = 0; i < s->nanalyzed; i++)
		if (!strcmp(s->analyzed[i], path))
			return;
	*RC_PUSH(s->analyzed, s->nanalyzed, s->capanalyzed) = rc_xstrdup(path);
}

/* Load a findings file: clsynclint's gcc-format output, optionally with
 * "# analyzed: PATH" lines naming every file that was analyzed (written by
 * --save-findings), so that a file missing from it is told apart from a file
 * without findings.  Returns 0, or -1 with a message in err. */
int fnd_load(struct fnd_set *s, const char *path, char *err, size_t errlen)
{
	char *text = rc_read_file(path, NULL);
	if (!text) {
		snprintf(err, errlen, "%s: cannot read findings: %s", path, strerror(errno));
		return -1;
	}
	int listed = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len > 12 && !strncmp(p, "# analyzed: ", 12)) {
			char *name = rc_xasprintf("%.*s", (int)(len - 12), p + 12);
			add_analyzed(s, rc_trim(name));
			free(name);
			listed = 1;
		}
		p += len + (nl ? 1 : 0);
	}
	fnd_add_text(s, text);
	s->complete = !listed;
	free(text);
	return 0;
}

/* Nonzero when a finding's path names the kernel file `kernel_path`: the same
 * string, the same file, or, when the finding's file is not here (a findings
 * file from another checkout), the same last two path components. */
int fnd_path_matches(const char *finding_path, const char *kernel_path)
{
	if (!strcmp(finding_path, kernel_path) || rc_same_file(finding_path, kernel_path))
		return 1;
	FILE *f = fopen(finding_path, "r");
	if (f) {
		fclose(f);
		return 0;
	}
	const char *a = finding_path + strlen(finding_path);
	const char *b = kernel_path + strlen(kernel_path);
	int slashes = 0;
	while (a > finding_path && b > kernel_path && a[-1] == b[-1]) {
		a--;
		b--;
		if (*a == '/' && ++slashes == 2)
			return 1;
	}
	return slashes == 1 && (a == finding_path || a[-1] == '/') &&
	       (b == kernel_path || b[-1] == '/');
}

/* Nonzero when the kernel file was analyzed (always, for a findings file
 * without "# analyzed:" lines). */
int fnd_was_analyzed(const struct fnd_set *s, const char *kernel_path)
{
	if (s->complete)
		return 1;
	for (unsigned i = 0; i < s->nanalyzed; i++)
		if (fnd_path_matches(s->analyzed[i], kernel_path))
			return 1;
	return 0;
}

/* Collect the findings of the kernel file `kernel_path` into a heap array of
 * pointers (*out, the caller frees it); returns how many. */
unsigned fnd_for_kernel(const struct fnd_set *s, const char *kernel_path,
			const struct fnd_finding ***out)
{
	const struct fnd_finding **v = NULL;
	unsigned n = 0, cap = 0;
	for (unsigned i = 0; i < s->n; i++)
		if (fnd_path_matches(s->items[i].path, kernel_path))
			*RC_PUSH(v, n, cap) = &s->items[i];
	*out = v;
	return n;
}

/* Is `w` the flag `flag`, joined ("--local-size=64") or alone? */
static int is_flag(const char *w, const char *flag)
{
	size_t n = strlen(flag);
	return !strncmp(w, flag, n) && (w[n] == '\0' || w[n] == '=');
}

/* Append the RUN-CONFIG flags of the kernel file at `path` to the argument
 * vector (args, *n, *cap), except its launch sizes: the manifest's sizes are
 * the ones that run. */
static void add_run_config(const char *path, char ***args, int *n, int *cap)
{
	char *text = rc_read_file(path, NULL);
	if (!text)
		return;
	for (char *p = strstr(text, "RUN-CONFIG:"); p; p = strstr(p, "RUN-CONFIG:")) {
		p += 11;
		char *nl = strchr(p, '\n');
		char saved = nl ? *nl : '\0';
		if (nl)
			*nl = '\0';
		char **w;
		int nw = rc_split_words(p, &w);
		for (int i = 0; i < nw; i++) {
			if (is_flag(w[i], "--local-size") || is_flag(w[i], "--global-size") ||
			    is_flag(w[i], "--num-groups")) {
				if (!strchr(w[i], '=') && i + 1 < nw)
					i++;
				continue;
			}
			*RC_PUSH(*args, *n, *cap) = rc_xstrdup(w[i]);
		}
		rc_free_words(w, nw);
		if (nl)
			*nl = saved;
		else
			break;
	}
	free(text);
}

/* Split the build options `options` into what clsynclint takes itself (-D,
 * -U, -I, -include, -cl-std) and the rest, which goes to the compiler after
 * "--" (appended to *rest). */
static void add_build_options(const char *options, char ***args, int *n, int *cap,
			      char ***rest, int *nrest, int *caprest)
{
	char **w;
	int nw = rc_split_words(options, &w);
	for (int i = 0; i < nw; i++) {
		int takes_next = !strcmp(w[i], "-D") || !strcmp(w[i], "-U") || !strcmp(w[i], "-I") ||
				 !strcmp(w[i], "-include");
		int joined = (!strncmp(w[i], "-D", 2) || !strncmp(w[i], "-U", 2) ||
			      !strncmp(w[i], "-I", 2) || !strncmp(w[i], "-cl-std=", 8)) &&
			     !takes_next;
		if (takes_next && i + 1 < nw) {
			*RC_PUSH(*args, *n, *cap) = rc_xstrdup(w[i]);
			*RC_PUSH(*args, *n, *cap) = rc_xstrdup(w[++i]);
		} else if (joined) {
			*RC_PUSH(*args, *n, *cap) = rc_xstrdup(w[i]);
		} else {
			*RC_PUSH(*rest, *nrest, *caprest) = rc_xstrdup(w[i]);
		}
	}
	rc_free_words(w, nw);
}

/* The analyzer's command line for section `mk` at its local size number l:
 * `--format=gcc --local-size=L --global-size=G`, the file's RUN-CONFIG flags
 * without sizes, the section's build options, the --analyzer-arg values,
 * then `extra` (or nothing when NULL).  NULL-terminated; free each string
 * and the vector. */
char **fnd_argv(const struct fnd_analyzer *a, const struct man_kernel *mk, unsigned l,
		const char *extra)
{
	char **args = NULL, **rest = NULL;
	int n = 0, cap = 0, nrest = 0, caprest = 0;
	char size[64];
	*RC_PUSH(args, n, cap) = rc_xstrdup(a->exe);
	*RC_PUSH(args, n, cap) = rc_xstrdup("--format=gcc");
	*RC_PUSH(args, n, cap) = rc_xstrdup("--color=never");
	add_run_config(mk->path, &args, &n, &cap);
	add_build_options(mk->options, &args, &n, &cap, &rest, &nrest, &caprest);
	for (int i = 0; i < a->nextra; i++)
		*RC_PUSH(args, n, cap) = rc_xstrdup(a->extra[i]);
	if (extra)
		*RC_PUSH(args, n, cap) = rc_xstrdup(extra);
	man_format_size(mk->local[l], mk->dims, size, sizeof size);
	*RC_PUSH(args, n, cap) = rc_xasprintf("--local-size=%s", size);
	man_format_size(mk->global, mk->dims, size, sizeof size);
	*RC_PUSH(args, n, cap) = rc_xasprintf("--global-size=%s", size);
	*RC_PUSH(args, n, cap) = rc_xstrdup(mk->path);
	if (nrest) {
		*RC_PUSH(args, n, cap) = rc_xstrdup("--");
		for (int i = 0; i < nrest; i++)
			*RC_PUSH(args, n, cap) = rest[i];
	}
	free(rest);
	*RC_PUSH(args, n, cap) = NULL;
	return args;
}

/* Run the analyzer on the kernel file of section `mk`, once per local size
 * (fnd_argv), and add its findings to s.  Returns 0, or -1 with a one-line
 * reason in err (analyzer missing, could not analyze: exit 2, usage: exit 3,
 * crash). */
int fnd_analyze(struct fnd_set *s, const struct fnd_analyzer *a, const struct man_kernel *mk,
		char *err, size_t errlen)
{
	for (unsigned l = 0; l < mk->nlocal; l++) {
		char **args = fnd_argv(a, mk, l, NULL);
		if (a->verbose) {
			fprintf(stderr, "runtime_check: $");
			for (int i = 0; args[i]; i++)
				fprintf(stderr, " %s", args[i]);
			fprintf(stderr, "\n");
		}
		struct rc_buf out = { 0 }, errs = { 0 };
		struct proc_exit ex;
		int rc = proc_capture(args, a->timeout, &out, &errs, &ex);
		int bad = 0;
		if (rc != 0) {
			snprintf(err, errlen, "cannot run the analyzer '%s': %s (give --clsynclint "
				 "PATH, --findings FILE or --no-static)", a->exe, strerror(errno));
			bad = 1;
		} else if (ex.timed_out || ex.signal || ex.code > 1) {
			char how[128], first[512];
			proc_describe_exit(&ex, how, sizeof how);
			snprintf(first, sizeof first, "%s", errs.len ? errs.s : out.len ? out.s : "");
			char *nl = strchr(first, '\n');
			if (nl)
				*nl = '\0';
			snprintf(err, errlen, "%s: clsynclint %s", mk->path,
				 ex.code == 2 && !ex.signal && !ex.timed_out ? "could not analyze it"
				 : ex.code == 3 && !ex.signal && !ex.timed_out
					 ? "rejected the command line"
					 : how);
			if (*first) {
				size_t used = strlen(err);
				snprintf(err + used, errlen - used, ": %s", first);
			}
			bad = 1;
		} else {
			fnd_add_text(s, rc_buf_str(&out));
		}
		rc_buf_free(&out);
		rc_buf_free(&errs);
		for (int i = 0; args[i]; i++)
			free(args[i]);
		free(args);
		if (bad)
			return -1;
	}
	add_analyzed(s, mk->path);
	return 0;
}

/* Write s as a findings file that fnd_load() reads back: the gcc-format
 * lines, notes after their finding, and one "# analyzed:" line a file. */
void fnd_write(const struct fnd_set *s, FILE *f)
{
	fprintf(f, "# clsynclint findings for runtime_check --findings (gcc format)\n");
	for (unsigned i = 0; i < s->nanalyzed; i++)
		fprintf(f, "# analyzed: %s\n", s->analyzed[i]);
	for (unsigned i = 0; i < s->n; i++) {
		const struct fnd_finding *g = &s->items[i];
		fprintf(f, "%s:%d:%d: %s: %s%s%s%s\n", g->path, g->line, g->col, g->severity,
			g->message, *g->rule ? " [" : "", g->rule, *g->rule ? "]" : "");
		for (unsigned k = 0; k < g->nnotes; k++)
			fprintf(f, "%s:%d:%d: note: %s\n", g->path, g->notes[k].line,
				g->notes[k].col, g->notes[k].message);
	}
}

void fnd_free(struct fnd_set *s)
{
	for (unsigned i = 0; i < s->n; i++)
		finding_free(&s->items[i]);
	free(s->items);
	for (unsigned i = 0; i < s->nanalyzed; i++)
		free(s->analyzed[i]);
	free(s->analyzed);
	memset(s, 0, sizeof *s);
}
