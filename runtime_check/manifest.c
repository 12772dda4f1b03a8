/*
 * manifest.c - parse and check manifest.ini with libinih.
 *
 * libinih hands us (section, key, value) without line numbers, so the file is
 * read through our own reader, which counts lines, notes where each [section]
 * starts and catches lines longer than libinih's buffer.  Keys are checked as
 * they arrive; what needs the whole section (sizes agree, arguments numbered
 * without gaps, files exist) is checked at the end.
 */
#include "manifest.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc.h"

enum { /* indexes of man_kernel.seen[] */
	KEY_KERNEL,
	KEY_OPTIONS,
	KEY_GLOBAL,
	KEY_LOCAL,
	KEY_REFERENCE,
	KEY_COMPARE,
	KEY_RUNS,
	KEY_TIMEOUT,
	KEY_TRACE,
	KEY_COUNT,
};

_Static_assert(KEY_COUNT <= sizeof ((struct man_kernel *)0)->seen /
	       sizeof ((struct man_kernel *)0)->seen[0], "man_kernel.seen is too small");

static const char *const key_names[KEY_COUNT] = {
	"kernel", "options", "global", "local", "reference", "compare", "runs", "timeout",
	"trace",
};

struct header {
	char *name;
	int line;
};

/* Parser state shared by the reader and the handler. */
struct parse {
	struct man_file *mf;
	FILE *f;
	int line;                    /* lines read so far = line of the last one */
	int indented;                /* the last line starts with white space */
	struct header *headers;      /* every [section] line, as read */
	unsigned nheaders, capheaders;
	struct man_kernel *cur;      /* the section the last key belonged to */
};

/* Record the error `fmt` at `line` of the manifest. */
RC_PRINTF(3, 4)
static void error_at(struct man_file *mf, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct man_error *e = RC_PUSH(mf->errors, mf->nerrors, mf->caperrors);
	e->line = line;
	e->text = line > 0 ? rc_xasprintf("%s:%d: %s", mf->path, line, msg)
			   : rc_xasprintf("%s: %s", mf->path, msg);
}

/* libinih's line reader, fgets-like: counts lines, notes [section] headers,
 * and turns a line too long for libinih's `num`-byte buffer into an error
 * (otherwise its tail would be read as a line of its own). */
static char *reader(char *str, int num, void *stream)
{
	struct parse *p = stream;
	if (!fgets(str, num, p->f))
		return NULL;
	p->line++;
	size_t n = strlen(str);
	if (n == (size_t)num - 1 && str[n - 1] != '\n' && !feof(p->f)) {
		int c;
		while ((c = fgetc(p->f)) != EOF && c != '\n')
			;
		error_at(p->mf, p->line, "line longer than %d characters, the most libinih reads",
			 num - 3);
		str[0] = '\n';
		str[1] = '\0';
		return str;
	}
	p->indented = str[0] == ' ' || str[0] == '\t';
	const char *s = str;
	while (isspace((unsigned char)*s))
		s++;
	if (*s == '[') {
		const char *end = strchr(s, ']');
		if (end) {
			struct header *h = RC_PUSH(p->headers, p->nheaders, p->capheaders);
			h->name = rc_xasprintf("%.*s", (int)(end - s - 1), s + 1);
			char *t = rc_trim(h->name);
			memmove(h->name, t, strlen(t) + 1);
			h->line = p->line;
		}
	}
	return str;
}

/* Parse "X[,Y[,Z]]" of positive integers into v; returns the dimensions
 * (1..3) or 0 when `s` is not such a size. */
static unsigned parse_size(const char *s, size_t v[3])
{
	unsigned d = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!isdigit((unsigned char)*s) || d == 3)
			return 0;
		char *end;
		errno = 0;
		unsigned long long x = strtoull(s, &end, 10);
		if (errno || x == 0)
			return 0;
		v[d++] = (size_t)x;
		s = end;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			return d;
		if (*s != ',')
			return 0;
		s++;
	}
}

/* Find the section named `name` in mf, or NULL. */
static struct man_kernel *find_kernel(struct man_file *mf, const char *name)
{
	for (unsigned i = 0; i < mf->n; i++)
		if (!strcmp(mf->kernels[i].section, name))
			return &mf->kernels[i];
	return NULL;
}

/* The line of the [name] header, or 0. */
static int header_line(const struct parse *p, const char *name)
{
	for (unsigned i = 0; i < p->nheaders; i++)
		if (!strcmp(p->headers[i].name, name))
			return p->headers[i].line;
	return 0;
}

/* Parse the value of arg.N at `line` into *a. */
static void parse_arg(struct parse *p, int line, const char *key, const char *value,
		      struct man_arg *a)
{
	char err[256];
	char **w;
	int n = rc_split_words(value, &w);
	a->line = line;
	snprintf(a->text, sizeof a->text, "%s", value);
	if (n == 0) {
		error_at(p->mf, line, "%s: empty value (buffer, local or scalar)", key);
		goto out;
	}
	if (!strcmp(w[0], "buffer"))
		a->kind = MAN_ARG_BUFFER;
	else if (!strcmp(w[0], "local"))
		a->kind = MAN_ARG_LOCAL;
	else if (!strcmp(w[0], "scalar"))
		a->kind = MAN_ARG_SCALAR;
	else {
		error_at(p->mf, line, "%s: unknown argument kind '%s' (buffer, local or scalar)",
			 key, w[0]);
		goto out;
	}
	static const int want[] = { [MAN_ARG_BUFFER] = 5, [MAN_ARG_LOCAL] = 3,
				    [MAN_ARG_SCALAR] = 3 };
	static const char *const form[] = {
		[MAN_ARG_BUFFER] = "buffer TYPE COUNT FILL DIRECTION",
		[MAN_ARG_LOCAL] = "local TYPE COUNT",
		[MAN_ARG_SCALAR] = "scalar TYPE VALUE",
	};
	if (n != want[a->kind]) {
		error_at(p->mf, line, "%s: expected '%s', got %d word%s", key, form[a->kind], n,
			 n == 1 ? "" : "s");
		goto out;
	}
	if (fill_type_parse(w[1], &a->type) != 0) {
		error_at(p->mf, line, "%s: unknown type '%s' (char uchar short ushort int uint "
			 "long ulong float double, or a vector of them such as float4)", key, w[1]);
		goto out;
	}
	if (a->kind == MAN_ARG_SCALAR) {
		if (fill_value_parse(w[2], &a->type, a->value, err, sizeof err) != 0)
			error_at(p->mf, line, "%s: %s", key, err);
		goto out;
	}
	char *end;
	errno = 0;
	unsigned long long count = strtoull(w[2], &end, 10);
	if (!isdigit((unsigned char)w[2][0]) || *end || errno || count == 0 ||
	    count > (1ull << 40) / a->type.size) {
		error_at(p->mf, line, "%s: invalid element count '%s'", key, w[2]);
		goto out;
	}
	a->count = (size_t)count;
	if (a->kind == MAN_ARG_LOCAL)
		goto out;
	if (fill_spec_parse(w[3], &a->type, &a->fill, err, sizeof err) != 0) {
		error_at(p->mf, line, "%s: %s", key, err);
		goto out;
	}
	if (!strcmp(w[4], "in"))
		a->dir = MAN_IN;
	else if (!strcmp(w[4], "out"))
		a->dir = MAN_OUT;
	else if (!strcmp(w[4], "inout"))
		a->dir = MAN_INOUT;
	else
		error_at(p->mf, line, "%s: unknown direction '%s' (in, out or inout)", key, w[4]);
out:
	rc_free_words(w, n);
}

/* Check a kernel or reference file name of a section: a plain .cl name. */
static int bad_file_name(const char *s)
{
	size_t n = strlen(s);
	return n < 4 || strcmp(s + n - 3, ".cl") != 0 || strchr(s, '/') != NULL;
}

/* Parse the value of the known key `k` of section `mk`. */
static void parse_key(struct parse *p, struct man_kernel *mk, int k, const char *value)
{
	struct man_file *mf = p->mf;
	int line = p->line;
	char *end;
	switch (k) {
	case KEY_KERNEL:
		if (!*value || strspn(value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				   "0123456789_") != strlen(value) ||
		    isdigit((unsigned char)value[0]))
			error_at(mf, line, "kernel: '%s' is not a kernel name", value);
		else
			mk->kernel = rc_xstrdup(value);
		break;
	case KEY_OPTIONS:
		mk->options = rc_xstrdup(value);
		break;
	case KEY_GLOBAL: {
		unsigned d = parse_size(value, mk->global);
		if (!d)
			error_at(mf, line, "global: invalid size '%s' (X[,Y[,Z]] of positive "
				 "integers)", value);
		mk->dims = d;
		break;
	}
	case KEY_LOCAL: {
		char *copy = rc_xstrdup(value);
		char *save = NULL;
		mk->nlocal = 0;
		for (char *tok = strtok_r(copy, "|", &save); tok; tok = strtok_r(NULL, "|", &save)) {
			char *t = rc_trim(tok);
			if (mk->nlocal == MAN_MAX_LOCALS) {
				error_at(mf, line, "local: more than %d local sizes", MAN_MAX_LOCALS);
				break;
			}
			size_t v[3] = { 1, 1, 1 };
			unsigned d = parse_size(t, v);
			if (!d) {
				error_at(mf, line, "local: invalid size '%s' (X[,Y[,Z]] of positive "
					 "integers, several separated by '|')", t);
				break;
			}
			if (mk->nlocal > 0 && d != mk->ldims) {
				error_at(mf, line, "local: '%s' has %u dimension%s, the first local "
					 "size %u", t, d, d == 1 ? "" : "s", mk->ldims);
				break;
			}
			mk->ldims = d;
			memcpy(mk->local[mk->nlocal++], v, sizeof v);
		}
		if (mk->nlocal == 0 && strlen(value) == strspn(value, " |"))
			error_at(mf, line, "local: no local size given");
		free(copy);
		break;
	}
	case KEY_REFERENCE:
		if (!strcmp(value, "none"))
			mk->no_twin = true;
		else if (bad_file_name(value))
			error_at(mf, line, "reference: '%s' is not a .cl file name of this folder",
				 value);
		else
			mk->reference = rc_xstrdup(value);
		break;
	case KEY_TRACE:
		if (!strcmp(value, "yes"))
			mk->trace = 1;
		else if (strcmp(value, "no"))
			error_at(mf, line, "trace: '%s' is neither yes nor no", value);
		break;
	case KEY_COMPARE:
		if (!strcmp(value, "output"))
			mk->compare = MAN_CMP_OUTPUT;
		else if (!strcmp(value, "timing"))
			mk->compare = MAN_CMP_TIMING;
		else
			error_at(mf, line, "compare: unknown value '%s' (output or timing)", value);
		break;
	case KEY_RUNS: {
		errno = 0;
		long v = strtol(value, &end, 10);
		if (!isdigit((unsigned char)value[0]) || *end || errno || v < 1 || v > 1000)
			error_at(mf, line, "runs: invalid count '%s' (1 to 1000)", value);
		else
			mk->runs = (unsigned)v;
		break;
	}
	case KEY_TIMEOUT: {
		errno = 0;
		double v = strtod(value, &end);
		if (!*value || *end || errno || !(v > 0) || v > 86400)
			error_at(mf, line, "timeout: invalid number of seconds '%s'", value);
		else
			mk->timeout = v;
		break;
	}
	}
}

/* libinih's callback: one key of one section. */
static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct parse *p = user;
	struct man_file *mf = p->mf;
	int line = p->line;
	if (!*section) {
		error_at(mf, line, "'%s' is outside any [section]", name);
		return 1;
	}
	struct man_kernel *mk = find_kernel(mf, section);
	if (!mk) {
		mk = RC_PUSH(mf->kernels, mf->n, mf->cap);
		memset(mk, 0, sizeof *mk);
		mk->section = rc_xstrdup(section);
		mk->path = rc_path_join(mf->dir, section);
		mk->manifest = mf->path;
		mk->line = header_line(p, section);
		mk->options = NULL;
		mk->runs = MAN_DEFAULT_RUNS;
		mk->timeout = MAN_DEFAULT_TIMEOUT;
		if (bad_file_name(section))
			error_at(mf, mk->line, "[%s]: a section names a .cl file of this folder",
				 section);
	}
	p->cur = mk;
	if (!strncmp(name, "arg.", 4)) {
		char *end;
		errno = 0;
		long i = strtol(name + 4, &end, 10);
		if (!isdigit((unsigned char)name[4]) || *end || errno || i < 0 || i >= MAN_MAX_ARGS) {
			error_at(mf, line, "unknown key '%s' (arguments are arg.0 to arg.%d)", name,
				 MAN_MAX_ARGS - 1);
			return 1;
		}
		struct man_arg *a = &mk->args[i];
		if (a->present) {
			if (p->indented && a->line != line)
				error_at(mf, line, "indented line: libinih reads it as the "
					 "continuation of a '%s' line; remove the indentation", name);
			else
				error_at(mf, line, "duplicate key '%s' (first at line %d)", name,
					 a->line);
			return 1;
		}
		a->present = 1;
		parse_arg(p, line, name, value, a);
		return 1;
	}
	for (int k = 0; k < KEY_COUNT; k++) {
		if (strcmp(name, key_names[k]) != 0)
			continue;
		if (mk->seen[k]) {
			if (p->indented)
				error_at(mf, line, "indented line: libinih reads it as the "
					 "continuation of a '%s' line; remove the indentation", name);
			else
				error_at(mf, line, "duplicate key '%s' (first at line %d)", name,
					 mk->seen[k]);
			return 1;
		}
		mk->seen[k] = line;
		parse_key(p, mk, k, value);
		return 1;
	}
	error_at(mf, line, "unknown key '%s' (kernel, options, global, local, reference, "
		 "compare, arg.N, runs, timeout)", name);
	return 1;
}

/* Checks that need the whole section `mk`. */
static void check_section(struct man_file *mf, struct man_kernel *mk)
{
	int at = mk->line;
	if (!bad_file_name(mk->section) && access(mk->path, R_OK) != 0)
		error_at(mf, at, "[%s]: cannot read kernel file %s: %s", mk->section, mk->path,
			 strerror(errno));
	if (!mk->seen[KEY_GLOBAL])
		error_at(mf, at, "[%s]: no 'global' size", mk->section);
	if (!mk->seen[KEY_LOCAL])
		error_at(mf, at, "[%s]: no 'local' size", mk->section);
	if (mk->dims && mk->nlocal) {
		if (mk->ldims != mk->dims)
			error_at(mf, mk->seen[KEY_LOCAL], "local: %u dimension%s, global has %u",
				 mk->ldims, mk->ldims == 1 ? "" : "s", mk->dims);
		else
			for (unsigned l = 0; l < mk->nlocal; l++)
				for (unsigned d = 0; d < mk->dims; d++)
					if (mk->global[d] % mk->local[l][d]) {
						error_at(mf, mk->seen[KEY_LOCAL], "local: %zu does "
							 "not divide the global size %zu (dimension %u)",
							 mk->local[l][d], mk->global[d], d);
						l = mk->nlocal;
						break;
					}
	}
	mk->nargs = 0;
	for (unsigned i = 0; i < MAN_MAX_ARGS; i++)
		if (mk->args[i].present)
			mk->nargs = i + 1;
	for (unsigned i = 0; i < mk->nargs; i++)
		if (!mk->args[i].present) {
			error_at(mf, at, "[%s]: arg.%u is missing (arguments are numbered from 0 "
				 "without gaps)", mk->section, i);
			break;
		}
	if (mk->reference) {
		mk->ref_path = rc_path_join(mf->dir, mk->reference);
		if (!strcmp(mk->reference, mk->section))
			error_at(mf, mk->seen[KEY_REFERENCE], "reference: a kernel cannot be its "
				 "own reference");
		else if (access(mk->ref_path, R_OK) != 0)
			error_at(mf, mk->seen[KEY_REFERENCE], "reference: cannot read %s: %s",
				 mk->ref_path, strerror(errno));
	}
	if (mk->compare == MAN_CMP_TIMING && !mk->reference)
		error_at(mf, mk->seen[KEY_COMPARE], "compare = timing needs a 'reference' to "
			 "time against");
	if (!mk->options)
		mk->options = rc_xstrdup("");
}

/* Order errors by line, keeping the order of errors on one line. */
static int cmp_error(const void *a, const void *b)
{
	const struct man_error *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Load the manifest at `path` into *mf.  Returns the number of errors, each
 * in mf->errors as "path:line: message"; with errors the sections are kept
 * but must not be run. */
int man_load(const char *path, struct man_file *mf)
{
	memset(mf, 0, sizeof *mf);
	mf->path = rc_xstrdup(path);
	mf->dir = rc_dirname(path);
	struct parse p = { .mf = mf };
	p.f = fopen(path, "r");
	if (!p.f) {
		error_at(mf, 0, "cannot open: %s", strerror(errno));
		return (int)mf->nerrors;
	}
	int rc = ini_parse_stream(reader, &p, handler, &p);
	fclose(p.f);
	if (rc == -2)
		error_at(mf, 0, "libinih ran out of memory");
	else if (rc > 0) {
		/* Our handler never fails, so this is a syntax error of libinih's:
		 * a line that is neither [section], key = value nor a comment. */
		int dup = 0;
		for (unsigned i = 0; i < mf->nerrors; i++)
			dup |= mf->errors[i].line == rc;
		if (!dup)
			error_at(mf, rc, "syntax error: expected '[file.cl]', 'key = value' or a "
				 "'; comment'");
	}
	for (unsigned i = 0; i < p.nheaders; i++) {
		for (unsigned j = 0; j < i; j++)
			if (!strcmp(p.headers[i].name, p.headers[j].name)) {
				error_at(mf, p.headers[i].line, "duplicate section [%s] (first at "
					 "line %d)", p.headers[i].name, p.headers[j].line);
				break;
			}
		if (!find_kernel(mf, p.headers[i].name))
			error_at(mf, p.headers[i].line, "[%s]: empty section", p.headers[i].name);
	}
	for (unsigned i = 0; i < mf->n; i++)
		check_section(mf, &mf->kernels[i]);
	if (mf->n == 0 && mf->nerrors == 0)
		error_at(mf, 0, "no [kernel.cl] sections");
	if (mf->nerrors)  /* qsort(NULL, 0, ...) is undefined */
		qsort(mf->errors, mf->nerrors, sizeof *mf->errors, cmp_error);
	for (unsigned i = 0; i < p.nheaders; i++)
		free(p.headers[i].name);
	free(p.headers);
	return (int)mf->nerrors;
}

void man_free(struct man_file *mf)
{
	for (unsigned i = 0; i < mf->n; i++) {
		struct man_kernel *mk = &mf->kernels[i];
		free(mk->section);
		free(mk->path);
		free(mk->kernel);
		free(mk->options);
		free(mk->reference);
		free(mk->ref_path);
	}
	for (unsigned i = 0; i < mf->nerrors; i++)
		free(mf->errors[i].text);
	free(mf->errors);
	free(mf->kernels);
	free(mf->path);
	free(mf->dir);
	memset(mf, 0, sizeof *mf);
}

/* The section for the kernel file `section` (a file name), or NULL. */
const struct man_kernel *man_find(const struct man_file *mf, const char *section)
{
	for (unsigned i = 0; i < mf->n; i++)
		if (!strcmp(mf->kernels[i].section, section))
			return &mf->kernels[i];
	return NULL;
}

/* Work-items of one launch of `mk`: the product of its global size. */
size_t man_work_items(const struct man_kernel *mk)
{
	size_t n = 1;
	for (unsigned d = 0; d < mk->dims; d++)
		n *= mk->global[d];
	return n;
}

/* Print a size as "X,Y,Z" into `out`. */
void man_format_size(const size_t *v, unsigned dims, char *out, size_t n)
{
	size_t used = 0;
	out[0] = '\0';
	for (unsigned d = 0; d < dims && used < n; d++)
		used += (size_t)snprintf(out + used, n - used, "%s%zu", d ? "," : "", v[d]);
}

/* A string that is equal for two launches exactly when they run the same
 * file with the same kernel, options, sizes, arguments and runs: runs are
 * cached under it (a fixed twin's own section and its use as a reference
 * usually share one).  The caller frees it. */
char *man_config_key(const struct man_kernel *mk, const char *path)
{
	struct rc_buf b = { 0 };
	char s[64];
	rc_buf_printf(&b, "%s|%s|%s|", path, mk->kernel ? mk->kernel : "", mk->options);
	man_format_size(mk->global, mk->dims, s, sizeof s);
	rc_buf_printf(&b, "%s|", s);
	for (unsigned l = 0; l < mk->nlocal; l++) {
		man_format_size(mk->local[l], mk->dims, s, sizeof s);
		rc_buf_printf(&b, "%s;", s);
	}
	for (unsigned i = 0; i < mk->nargs; i++)
		rc_buf_printf(&b, "|%s", mk->args[i].text);
	rc_buf_printf(&b, "|%u|%g", mk->runs, mk->timeout);
	return b.s;
}

/* Blank out the comments of C source `text` in place (string literals are
 * kept whole, so a "//" inside one is not a comment). */
static void blank_comments(char *text)
{
	for (char *p = text; *p; p++) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				*p++ = ' ';
			if (!*p)
				return;
		} else if (p[0] == '/' && p[1] == '*') {
			char *e = strstr(p + 2, "*/");
			char *end = e ? e + 2 : p + strlen(p);
			for (; p < end; p++)
				if (*p != '\n')
					*p = ' ';
			if (!*p)
				return;
		}
	}
}

/* Skip white space and __attribute__((...)) groups at p. */
static const char *skip_noise(const char *p)
{
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!strncmp(p, "__attribute__", 13)) {
			p += 13;
			while (isspace((unsigned char)*p))
				p++;
			int depth = 0;
			do {
				if (*p == '(')
					depth++;
				else if (*p == ')')
					depth--;
				else if (!*p)
					return p;
				p++;
			} while (depth > 0);
		} else {
			return p;
		}
	}
}

/* The name of the only kernel in the OpenCL C file `path` ("__kernel" or
 * "kernel", attributes, "void", NAME), or NULL when it has none, several, or
 * cannot be read.  A light scan, not a parser: it serves to launch a fixed
 * twin under the buggy kernel's name when a section names none. */
char *man_only_kernel(const char *path)
{
	char *text = rc_read_file(path, NULL);
	if (!text)
		return NULL;
	char *found = NULL;
	int count = 0;
	blank_comments(text);
	for (const char *p = text; (p = strstr(p, "kernel")); p += 6) {
		int start_ok = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_') ||
			       (p >= text + 2 && !strncmp(p - 2, "__", 2) &&
				(p == text + 2 || !(isalnum((unsigned char)p[-3]) || p[-3] == '_')));
		if (!start_ok || isalnum((unsigned char)p[6]) || p[6] == '_')
			continue;
		const char *q = skip_noise(p + 6);
		if (strncmp(q, "void", 4) != 0 || isalnum((unsigned char)q[4]) || q[4] == '_')
			continue;
		q = skip_noise(q + 4);
		size_t n = 0;
		while (isalnum((unsigned char)q[n]) || q[n] == '_')
			n++;
		if (!n || *skip_noise(q + n) != '(')
			continue;
		count++;
		free(found);
		found = rc_xasprintf("%.*s", (int)n, q);
	}
	free(text);
	if (count != 1) {
		free(found);
		return NULL;
	}
	return found;
}
