/*
 * verify.c - clang -verify style checking of corpus kernels (verify_ prefix).
 *
 * Expectations live in the kernel's comments (docs/corpus.md):
 *   // expected-error@+1 {{substring}}   expected-warning, expected-note
 *   @+N @-N @N @#marker, an optional count, // expected-no-diagnostics,
 *   // #marker, // XFAIL: reason
 * Every error and warning must be expected and every expectation met; notes
 * are checked only in files that expect at least one note.  The notes about
 * the file as a whole (what zero configuration assumed, ...) are notes of
 * line 1, where the gcc format puts them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cls.h"

struct expect {
	enum cls_severity sev;
	unsigned line;         /* 0 = could not resolve */
	unsigned count;        /* how many matching diagnostics */
	unsigned seen;
	const char *text;
	unsigned src_line;     /* where the directive is written */
};

struct marker {
	char name[64];
	unsigned line;
};

struct vstate {
	struct mem_arena *a;
	struct expect *ex;
	unsigned nex, capex;
	struct marker *mk;
	unsigned nmk, capmk;
	bool no_diags, has_note, xfail;
	const char *prefix;    /* "expected", or a profile name for --verify=NAME */
	size_t plen;
	FILE *out;
	const char *path;
	unsigned errors;       /* malformed directives */
};

static void push_expect(struct vstate *v, struct expect e)
{
	if (v->nex == v->capex) {
		unsigned n = v->capex ? v->capex * 2 : 16;
		struct expect *x = MEM_ARRAY(v->a, struct expect, n);
		if (!x)
			return;
		if (v->nex)
			memcpy(x, v->ex, v->nex * sizeof *x);
		v->ex = x;
		v->capex = n;
	}
	v->ex[v->nex++] = e;
}

static void collect_markers(struct vstate *v, const char *text, size_t len)
{
	unsigned lineno = 1;
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		/* A marker: a comment that is exactly "#name" at the end of the line. */
		for (size_t i = 0; i + 2 < n; i++) {
			if (p[i] != '/' || (p[i + 1] != '/' && p[i + 1] != '*'))
				continue;
			size_t j = i + 2;
			while (j < n && p[j] == ' ')
				j++;
			if (j < n && p[j] == '#') {
				size_t k = j + 1;
				while (k < n && (isalnum((unsigned char)p[k]) || p[k] == '_' || p[k] == '-'))
					k++;
				if (k > j + 1 && k - j - 1 < 63) {
					if (v->nmk == v->capmk) {
						unsigned c = v->capmk ? v->capmk * 2 : 8;
						struct marker *m = MEM_ARRAY(v->a, struct marker, c);
						if (!m)
							return;
						if (v->nmk)
							memcpy(m, v->mk, v->nmk * sizeof *m);
						v->mk = m;
						v->capmk = c;
					}
					memcpy(v->mk[v->nmk].name, p + j + 1, k - j - 1);
					v->mk[v->nmk].name[k - j - 1] = 0;
					v->mk[v->nmk].line = lineno;
					v->nmk++;
				}
			}
			break;
		}
		lineno++;
		p = nl ? nl + 1 : end;
	}
}

static unsigned marker_line(struct vstate *v, const char *name, size_t n)
{
	for (unsigned i = 0; i < v->nmk; i++)
		if (strlen(v->mk[i].name) == n && !strncmp(v->mk[i].name, name, n))
			return v->mk[i].line;
	return 0;
}

static void bad_directive(struct vstate *v, unsigned line, const char *why)
{
	fprintf(v->out, "%s:%u: error: malformed expectation: %s\n", v->path, line, why);
	v->errors++;
}

/* Parse the directives in one comment line. */
static void parse_line(struct vstate *v, const char *s, size_t n, unsigned lineno)
{
	const char *end = s + n;
	for (const char *p = s; p < end;) {
		const char *d = NULL;
		for (const char *q = p; q + v->plen + 1 <= end; q++)
			if (!strncmp(q, v->prefix, v->plen) && q[v->plen] == '-' &&
			    (q == s || !(isalnum((unsigned char)q[-1]) || q[-1] == '_' || q[-1] == '-'))) {
				d = q;
				break;
			}
		if (!d)
			return;
		const char *q = d + v->plen + 1;
		struct expect e = { .count = 1, .src_line = lineno, .line = lineno };
		if (end - q >= 14 && !strncmp(q, "no-diagnostics", 14)) {
			v->no_diags = true;
			p = q + 14;
			continue;
		}
		if (end - q >= 5 && !strncmp(q, "error", 5)) {
			e.sev = CLS_ERROR;
			q += 5;
		} else if (end - q >= 7 && !strncmp(q, "warning", 7)) {
			e.sev = CLS_WARNING;
			q += 7;
		} else if (end - q >= 4 && !strncmp(q, "note", 4)) {
			e.sev = CLS_NOTE;
			v->has_note = true;
			q += 4;
		} else {
			p = q;
			continue;
		}
		if (q < end && *q == '@') {
			q++;
			if (q < end && *q == '#') {
				const char *nm = ++q;
				while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '-'))
					q++;
				e.line = marker_line(v, nm, (size_t)(q - nm));
				if (!e.line)
					bad_directive(v, lineno, "unknown marker");
			} else {
				char *x;
				long off = strtol(q, &x, 10);
				bool rel = *q == '+' || *q == '-';
				if (x == q) {
					bad_directive(v, lineno, "bad line after '@'");
					return;
				}
				e.line = rel ? (unsigned)((long)lineno + off) : (unsigned)off;
				q = x;
			}
		}
		while (q < end && *q == ' ')
			q++;
		if (q < end && isdigit((unsigned char)*q)) {
			char *x;
			e.count = (unsigned)strtoul(q, &x, 10);
			q = x;
			while (q < end && *q == ' ')
				q++;
		}
		if (end - q < 2 || strncmp(q, "{{", 2)) {
			bad_directive(v, lineno, "expected '{{' after the directive");
			return;
		}
		q += 2;
		const char *close = NULL;
		for (const char *r = q; r + 1 < end; r++)
			if (r[0] == '}' && r[1] == '}') {
				close = r;
				break;
			}
		if (!close) {
			bad_directive(v, lineno, "missing '}}'");
			return;
		}
		e.text = mem_strndup(v->a, q, (size_t)(close - q));
		push_expect(v, e);
		p = close + 2;
	}
}

/* Call parse_line on every comment segment of the text (with `hash`, also
 * Python's # comments); note XFAIL. */
static void parse_expectations(struct vstate *v, const char *text, size_t len, bool hash)
{
	unsigned lineno = 1;
	bool in_block = false;
	const char *p = text, *end = text + len;
	collect_markers(v, text, len);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		const char *q = p, *seg = in_block ? p : NULL;
		bool in_str = false;
		while (q < le) {
			if (seg) {
				if (in_block && q + 1 < le && q[0] == '*' && q[1] == '/') {
					parse_line(v, seg, (size_t)(q - seg), lineno);
					in_block = false;
					seg = NULL;
					q += 2;
					continue;
				}
				q++;
				continue;
			}
			if (*q == '"' && (q == p || q[-1] != '\\'))
				in_str = !in_str;
			else if (!in_str && q + 1 < le && q[0] == '/' && q[1] == '/') {
				seg = q;
				break;
			} else if (!in_str && hash && q[0] == '#') {
				seg = q;
				break;
			} else if (!in_str && q + 1 < le && q[0] == '/' && q[1] == '*') {
				seg = q + 2;
				in_block = true;
				q += 2;
				continue;
			}
			q++;
		}
		if (seg) {
			parse_line(v, seg, (size_t)(le - seg), lineno);
			for (const char *x = seg; x + 6 <= le; x++)
				if (!strncmp(x, "XFAIL:", 6)) {
					v->xfail = true;
					break;
				}
		}
		lineno++;
		p = nl ? nl + 1 : end;
	}
}

static const char *sev_name(enum cls_severity s)
{
	return s == CLS_ERROR ? "error" : s == CLS_WARNING ? "warning" : "note";
}

/*
 * Does msg contain text?  A number at either end of text must not continue a
 * number in msg: {{2-way}} does not match "32-way".
 */
static bool contains(const char *msg, const char *text)
{
	size_t n = strlen(text);
	for (const char *p = strstr(msg, text); p; p = strstr(p + 1, text)) {
		if (n && isdigit((unsigned char)text[0]) && p > msg && isdigit((unsigned char)p[-1]))
			continue;
		if (n && isdigit((unsigned char)text[n - 1]) && isdigit((unsigned char)p[n]))
			continue;
		return true;
	}
	return false;
}

/* One seen diagnostic (a diagnostic or one of its notes), flattened. */
struct seen {
	enum cls_severity sev;
	unsigned line;
	const char *file, *msg;
	bool matched;
};

bool cls_verify(const struct cls_result *r, const char *text, size_t len, FILE *out,
		const char *prefix, bool *xfail)
{
	struct mem_arena a;
	mem_init(&a);
	struct vstate v = { .a = &a, .out = out, .path = r->path,
			    .prefix = prefix ? prefix : "expected" };
	v.plen = strlen(v.prefix);
	parse_expectations(&v, text, len, cls_host_lang(r->path) == CLS_HOST_PYTHON);
	*xfail = v.xfail;

	unsigned ns = r->notes.len;
	for (unsigned i = 0; i < r->diags.len; i++)
		ns += 1 + ((const struct cls_diag *)r->diags.items[i])->nnotes;
	struct seen *sv = MEM_ARRAY(&a, struct seen, ns + 1);
	if (!sv) {
		mem_free_all(&a);
		return false;
	}
	ns = 0;
	for (unsigned i = 0; i < r->diags.len; i++) {
		const struct cls_diag *d = r->diags.items[i];
		sv[ns++] = (struct seen){ d->severity, d->range.begin.line, d->range.begin.file,
					  d->msg, false };
		for (unsigned k = 0; k < d->nnotes; k++)
			sv[ns++] = (struct seen){ CLS_NOTE, d->notes[k].range.begin.line,
						  d->notes[k].range.begin.file, d->notes[k].msg,
						  false };
	}
	for (unsigned i = 0; i < r->notes.len; i++)
		sv[ns++] = (struct seen){ CLS_NOTE, 1, r->path, r->notes.items[i], false };
	bool ok = v.errors == 0;
	if (r->status == CLS_FILE_NOT_ANALYZED) {
		bool expects_compile_error = false;
		for (unsigned i = 0; i < v.nex; i++)
			expects_compile_error |= v.ex[i].sev == CLS_ERROR;
		if (!expects_compile_error) {
			fprintf(out, "%s: error: not analyzed: %s\n", r->path,
				r->reason ? r->reason : "?");
			ok = false;
		}
	}
	if (r->status == CLS_FILE_NO_KERNEL) {
		/* Expectations about a file that nothing checked prove nothing. */
		fprintf(out, "%s: error: no kernel in this file: nothing was checked\n", r->path);
		ok = false;
	}
	if (v.no_diags && v.nex) {
		fprintf(out, "%s: error: expected-no-diagnostics together with expectations\n",
			r->path);
		ok = false;
	}
	if (!v.no_diags && !v.nex && !v.xfail) {
		fprintf(out, "%s: error: no %s-... directive (write "
			"'// %s-no-diagnostics' for a quiet kernel)\n", r->path, v.prefix, v.prefix);
		ok = false;
	}
	/* Match each expectation against unmatched diagnostics of its severity. */
	for (unsigned i = 0; i < v.nex; i++) {
		struct expect *e = &v.ex[i];
		for (unsigned k = 0; k < ns && e->seen < e->count; k++) {
			struct seen *s = &sv[k];
			if (s->matched || s->sev != e->sev || s->line != e->line ||
			    (s->file && strcmp(s->file, r->path)) || !contains(s->msg, e->text))
				continue;
			s->matched = true;
			e->seen++;
		}
		if (e->seen < e->count) {
			fprintf(out, "%s:%u: error: expected %s not seen (line %u): {{%s}}", r->path,
				e->src_line, sev_name(e->sev), e->line, e->text);
			if (e->count > 1)
				fprintf(out, " (%u of %u seen)", e->seen, e->count);
			fputc('\n', out);
			ok = false;
		}
	}
	for (unsigned k = 0; k < ns; k++) {
		struct seen *s = &sv[k];
		if (s->matched || (s->sev == CLS_NOTE && !v.has_note))
			continue;
		fprintf(out, "%s:%u: error: unexpected %s: %s\n", s->file ? s->file : r->path,
			s->line, sev_name(s->sev), s->msg);
		ok = false;
	}
	mem_free_all(&a);
	return ok;
}

char **cls_run_config(struct mem_arena *a, const char *text, size_t len, int *argc)
{
	char **argv = NULL;
	int n = 0, cap = 0;
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		const char *k = NULL;
		for (const char *q = p; q + 11 <= le; q++)
			if (!strncmp(q, "RUN-CONFIG:", 11)) {
				k = q + 11;
				break;
			}
		while (k && k < le) {
			while (k < le && isspace((unsigned char)*k))
				k++;
			const char *w = k;
			while (k < le && !isspace((unsigned char)*k))
				k++;
			if (k == w || (k - w >= 2 && w[0] == '*' && w[1] == '/'))
				break;
			if (n + 1 >= cap) {
				int c = cap ? cap * 2 : 8;
				char **x = MEM_ARRAY(a, char *, (size_t)c);
				if (!x)
					return NULL;
				if (n)
					memcpy(x, argv, (size_t)n * sizeof *x);
				argv = x;
				cap = c;
			}
			argv[n++] = mem_strndup(a, w, (size_t)(k - w));
		}
		p = nl ? nl + 1 : end;
	}
	*argc = n;
	return argv;
}
