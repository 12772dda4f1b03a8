/*
 * findings.c - clsynclint's findings: reading its JSON output (Jansson),
 * running the analyzer, findings files (the same JSON).
 */
#include "findings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "proc.h"
#include "rc.h"

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

/* Note that `path` was analyzed. */
static void add_analyzed(struct fnd_set *s, const char *path)
{
	for (unsigned i = 0; i < s->nanalyzed; i++)
		if (!strcmp(s->analyzed[i], path))
			return;
	*RC_PUSH(s->analyzed, s->nanalyzed, s->capanalyzed) = rc_xstrdup(path);
}

/* The string member `key` of the JSON object o, or NULL when it is missing
 * or not a string. */
static const char *member_str(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The integer member `key` of o when it is a number from 0 to 10^8, else -1. */
static int member_int(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 100000000)
		return -1;
	return (int)json_integer_value(v);
}

/* Add to f the notes of the diagnostic object d that are in f's file (the
 * witness's other access, the branch condition...: verdict.c looks at their
 * lines).  Returns 0, or -1 with the reason in err (`what` names the input,
 * idx the diagnostic). */
static int add_notes(struct fnd_finding *f, const json_t *d, const char *what, size_t idx,
		     char *err, size_t errlen)
{
	const json_t *notes = json_object_get(d, "notes");
	if (!notes)
		return 0;
	if (!json_is_array(notes)) {
		snprintf(err, errlen, "%s: diagnostic %zu: \"notes\" is not an array", what, idx);
		return -1;
	}
	size_t k;
	const json_t *n;
	json_array_foreach(notes, k, n) {
		const char *file = member_str(n, "file"), *msg = member_str(n, "message");
		int line = member_int(n, "line"), col = member_int(n, "column");
		if (!file || !msg || line < 0 || col < 0) {
			snprintf(err, errlen, "%s: diagnostic %zu, note %zu: needs \"file\", \"line\", "
				 "\"column\" and \"message\"", what, idx, k);
			return -1;
		}
		if (strcmp(file, f->path) != 0)
			continue;
		struct fnd_note *fn = RC_PUSH(f->notes, f->nnotes, f->capnotes);
		fn->line = line;
		fn->col = col;
		fn->message = rc_xstrdup(msg);
	}
	return 0;
}

/* Add the diagnostics of the JSON text `text` (clsynclint --format=json, or
 * a findings file, which has the same "diagnostics" array) to s: errors and
 * warnings become findings with their notes (notes-only diagnostics are not
 * findings).  A finding already in s (same file, line, column and rule: the
 * analyzer runs once per local size) is not added again.  A "files" entry
 * whose status is "not-analyzed" is an error, not an absence of findings.
 * Returns 0, or -1 with a one-line reason in err (`what` names the input),
 * having added no finding. */
static int add_root(struct fnd_set *s, const json_t *root, const char *what, char *err,
		    size_t errlen)
{
	const json_t *diags = json_object_get(root, "diagnostics");
	const json_t *files = json_object_get(root, "files");
	int rc = 0;
	if (!json_is_object(root) || !json_is_array(diags)) {
		snprintf(err, errlen, "%s: not clsynclint's JSON (no \"diagnostics\" array)", what);
		rc = -1;
	}
	size_t i;
	const json_t *v;
	if (files && !json_is_array(files) && rc == 0) {
		snprintf(err, errlen, "%s: \"files\" is not an array", what);
		rc = -1;
	}
	json_array_foreach(rc ? NULL : files, i, v) {
		const char *st = member_str(v, "status"), *path = member_str(v, "path");
		if (st && !strcmp(st, "not-analyzed")) {
			const char *why = member_str(v, "reason");
			snprintf(err, errlen, "%s: clsynclint could not analyze it%s%s",
				 path ? path : what, why ? ": " : "", why ? why : "");
			rc = -1;
			break;
		}
	}
	unsigned first = s->n;
	json_array_foreach(rc ? NULL : diags, i, v) {
		const char *file = member_str(v, "file"), *sev = member_str(v, "severity");
		const char *rule = member_str(v, "rule"), *msg = member_str(v, "message");
		int line = member_int(v, "line"), col = member_int(v, "column");
		if (!file || !sev || !rule || !msg || line < 0 || col < 0) {
			snprintf(err, errlen, "%s: diagnostic %zu: needs \"file\", \"line\", \"column\", "
				 "\"severity\", \"rule\" and \"message\"", what, i);
			rc = -1;
			break;
		}
		if (strcmp(sev, "error") != 0 && strcmp(sev, "warning") != 0)
			continue;
		int dup = 0;
		for (unsigned j = 0; j < s->n && !dup; j++) {
			const struct fnd_finding *g = &s->items[j];
			dup = !strcmp(g->path, file) && g->line == line && g->col == col &&
			      !strcmp(g->rule, rule);
		}
		if (dup)
			continue;
		struct fnd_finding *f = RC_PUSH(s->items, s->n, s->cap);
		memset(f, 0, sizeof *f);
		f->path = rc_xstrdup(file);
		f->line = line;
		f->col = col;
		f->severity = rc_xstrdup(sev);
		f->rule = rc_xstrdup(rule);
		f->message = rc_xstrdup(msg);
		if (add_notes(f, v, what, i, err, errlen) != 0) {
			rc = -1;
			break;
		}
	}
	if (rc != 0)
		while (s->n > first)
			finding_free(&s->items[--s->n]);
	return rc;
}

/* Parse `text` as JSON; NULL with "WHAT:LINE:COL: not JSON: why" in err. */
static json_t *parse_json(const char *text, const char *what, char *err, size_t errlen)
{
	json_error_t je;
	json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &je);
	if (!root)
		snprintf(err, errlen, "%s:%d:%d: not JSON: %s", what, je.line, je.column, je.text);
	return root;
}

int fnd_add_json(struct fnd_set *s, const char *text, const char *what, char *err,
		 size_t errlen)
{
	json_t *root = parse_json(text, what, err, errlen);
	int rc = root ? add_root(s, root, what, err, errlen) : -1;
	json_decref(root);
	return rc;
}

/* Load a findings file (fnd_write's): an object with clsynclint's
 * "diagnostics" array and, optionally, an "analyzed" array naming every file
 * that was analyzed, so that a file missing from it is told apart from a
 * file without findings (without it, every file counts as analyzed: plain
 * `clsynclint --format=json` output is a findings file too).  Returns 0, or
 * -1 with a message in err. */
int fnd_load(struct fnd_set *s, const char *path, char *err, size_t errlen)
{
	char *text = rc_read_file(path, NULL);
	if (!text) {
		snprintf(err, errlen, "%s: cannot read findings: %s", path, strerror(errno));
		return -1;
	}
	json_t *root = parse_json(text, path, err, errlen);
	free(text);
	int rc = root ? add_root(s, root, path, err, errlen) : -1;
	const json_t *listed = json_object_get(root, "analyzed");
	if (rc == 0 && listed && !json_is_array(listed)) {
		snprintf(err, errlen, "%s: \"analyzed\" is not an array", path);
		rc = -1;
	}
	size_t i;
	const json_t *v;
	json_array_foreach(rc ? NULL : listed, i, v) {
		if (!json_is_string(v)) {
			snprintf(err, errlen, "%s: \"analyzed\" entry %zu is not a string", path, i);
			rc = -1;
			break;
		}
		add_analyzed(s, json_string_value(v));
	}
	s->complete = rc == 0 && !listed;
	json_decref(root);
	return rc;
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
 * `--format=json --local-size=L --global-size=G`, the file's RUN-CONFIG flags
 * without sizes, the section's build options, the --analyzer-arg values,
 * then `extra` (or nothing when NULL).  `extra` is a --dump flag, whose text
 * --format=json would wrap in an unfinished JSON object: a dump runs with
 * --format=gcc, which adds nothing to it.  NULL-terminated; free each string
 * and the vector. */
char **fnd_argv(const struct fnd_analyzer *a, const struct man_kernel *mk, unsigned l,
		const char *extra)
{
	char **args = NULL, **rest = NULL;
	int n = 0, cap = 0, nrest = 0, caprest = 0;
	char size[64];
	*RC_PUSH(args, n, cap) = rc_xstrdup(a->exe);
	*RC_PUSH(args, n, cap) = rc_xstrdup(extra ? "--format=gcc" : "--format=json");
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
		} else if (fnd_add_json(s, rc_buf_str(&out), mk->path, err, errlen) != 0) {
			bad = 1;
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

/* Write s as a findings file that fnd_load() reads back: clsynclint's JSON
 * "diagnostics" (the fields runtime_check uses) and the "analyzed" files,
 * one entry a line so that the file diffs and greps well.  Returns 0, or -1
 * when Jansson could not encode an entry. */
int fnd_write(const struct fnd_set *s, FILE *f)
{
	int rc = 0;
	fprintf(f, "{\"format\": \"runtime_check findings\", \"version\": 1,\n\"analyzed\": [");
	for (unsigned i = 0; i < s->nanalyzed; i++) {
		json_t *p = json_string(s->analyzed[i]);
		char *t = p ? json_dumps(p, JSON_ENCODE_ANY) : NULL;
		fprintf(f, "%s\n  %s", i ? "," : "", t ? t : "\"\"");
		rc |= t ? 0 : -1;
		free(t);
		json_decref(p);
	}
	fprintf(f, "\n],\n\"diagnostics\": [");
	for (unsigned i = 0; i < s->n; i++) {
		const struct fnd_finding *g = &s->items[i];
		json_t *notes = json_array();
		for (unsigned k = 0; k < g->nnotes; k++)
			json_array_append_new(notes, json_pack("{s:s, s:i, s:i, s:s}", "file", g->path,
							       "line", g->notes[k].line, "column",
							       g->notes[k].col, "message",
							       g->notes[k].message));
		json_t *d = json_pack("{s:s, s:s, s:s, s:i, s:i, s:s, s:o}", "rule", g->rule,
				      "severity", g->severity, "file", g->path, "line", g->line,
				      "column", g->col, "message", g->message, "notes", notes);
		char *t = d ? json_dumps(d, JSON_PRESERVE_ORDER) : NULL;
		fprintf(f, "%s\n  %s", i ? "," : "", t ? t : "{}");
		rc |= t ? 0 : -1;
		free(t);
		json_decref(d);
	}
	fprintf(f, "\n]}\n");
	return rc;
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
