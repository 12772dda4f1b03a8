/*
 * embed.c - OpenCL C kernels embedded in host code (emb_ prefix).
 *
 * Most kernels of real applications live in the host program's string
 * literals: C++ raw strings R"( ... )" (with custom delimiters), adjacent C
 * string literals with escapes and line continuations, Python triple-quoted
 * strings.  The host file is scanned once, literal by literal, as its
 * compiler would read them: comments, character literals, digit separators
 * and encoding prefixes are told apart, escapes are decoded, and adjacent
 * literals (only whitespace and comments between them) are joined.  Each
 * joined text that holds a kernel definition is linted as a file of its own
 * (cls_lint), and every position of its report is taken back to the host
 * file through a map that gives, for each byte of the kernel source, the host
 * bytes it came from: a diagnostic, its notes, its fix-its (re-escaped for
 * the literal they land in) and the kernels' names all point into the host
 * file, and the report shows the host file's lines.
 *
 * The kernel source is what the literals say: a directive or a macro between
 * two literals ends the text (the host's preprocessor decides what follows),
 * and a Python f-string's {placeholders} are left as they are.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* ------------------------------------------------------------ the scan */

/* One string literal of a group. */
struct piece {
	size_t dec;                /* where its text begins in the group's text */
	size_t host_begin, host_end; /* its content, between the quotes, in the host file */
	bool raw;                  /* C++ R"(...)" or Python r"...": no escapes */
	bool python, triple;       /* a Python string; triple-quoted */
	char quote;                /* its quote character */
};

/* Adjacent string literals: one candidate kernel source. */
struct group {
	char *text;                /* decoded */
	size_t len, cap;
	size_t *from, *to;         /* per byte of text: the host bytes it came from, [from, to) */
	struct piece *pieces;
	unsigned npieces, cappieces;
};

struct scan {
	struct mem_arena *a;       /* groups and their buffers */
	const char *t;             /* the host file */
	size_t n;
	enum cls_host_lang lang;
	struct group *cur;         /* the group being joined, or NULL */
	struct mem_mark mark;      /* the arena before cur: a group without a kernel goes back */
	struct mem_vec groups;     /* struct group *: those that hold a kernel */
	bool first_only;           /* stop at the first (cls_host_has_kernels) */
	bool keep_all;             /* keep a group without a kernel (CLS_HOST_RAW_FILE) */
};

/* Append decoded bytes b[0..k) that came from host bytes [from, to). */
static void put(struct scan *s, const char *b, size_t k, size_t from, size_t to)
{
	struct group *g = s->cur;
	if (g->len + k > g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 256;
		while (cap < g->len + k)
			cap *= 2;
		char *t = mem_alloc(s->a, cap + 1);
		size_t *f = MEM_ARRAY(s->a, size_t, cap), *e = MEM_ARRAY(s->a, size_t, cap);
		if (!t || !f || !e)
			return;
		if (g->len) {
			memcpy(t, g->text, g->len);
			memcpy(f, g->from, g->len * sizeof *f);
			memcpy(e, g->to, g->len * sizeof *e);
		}
		g->text = t;
		g->from = f;
		g->to = e;
		g->cap = cap;
	}
	for (size_t i = 0; i < k; i++) {
		g->text[g->len] = b[i];
		g->from[g->len] = from;
		g->to[g->len] = to;
		g->len++;
	}
}

static void put_byte(struct scan *s, char c, size_t from, size_t to)
{
	put(s, &c, 1, from, to);
}

/* Append code point u, UTF-8 encoded, from host bytes [from, to). */
static void put_utf8(struct scan *s, unsigned long u, size_t from, size_t to)
{
	char b[4];
	size_t k;
	if (u < 0x80) {
		b[0] = (char)u, k = 1;
	} else if (u < 0x800) {
		b[0] = (char)(0xc0 | (u >> 6)), b[1] = (char)(0x80 | (u & 63)), k = 2;
	} else if (u < 0x10000) {
		b[0] = (char)(0xe0 | (u >> 12)), b[1] = (char)(0x80 | ((u >> 6) & 63));
		b[2] = (char)(0x80 | (u & 63)), k = 3;
	} else {
		b[0] = (char)(0xf0 | ((u >> 18) & 7)), b[1] = (char)(0x80 | ((u >> 12) & 63));
		b[2] = (char)(0x80 | ((u >> 6) & 63)), b[3] = (char)(0x80 | (u & 63)), k = 4;
	}
	put(s, b, k, from, to);
}

/* Open a piece of the current group (starting one) at host offset `at`. */
static void piece_begin(struct scan *s, bool raw, bool triple, size_t at, char quote)
{
	if (!s->cur) {
		s->mark = mem_mark(s->a);
		s->cur = MEM_NEW(s->a, struct group);
		if (!s->cur)
			return;
	}
	struct group *g = s->cur;
	if (g->npieces == g->cappieces) {
		unsigned cap = g->cappieces ? g->cappieces * 2 : 8;
		struct piece *p = MEM_ARRAY(s->a, struct piece, cap);
		if (!p)
			return;
		if (g->npieces)
			memcpy(p, g->pieces, g->npieces * sizeof *p);
		g->pieces = p;
		g->cappieces = cap;
	}
	g->pieces[g->npieces++] = (struct piece){ g->len, at, at, raw,
						  s->lang == CLS_HOST_PYTHON, triple, quote };
}

static void piece_end(struct scan *s, size_t at)
{
	if (s->cur && s->cur->npieces)
		s->cur->pieces[s->cur->npieces - 1].host_end = at;
}

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Is the word w at p (inside text[0..n)) a whole word? */
static bool word_at(const char *text, size_t n, size_t p, const char *w)
{
	size_t k = strlen(w);
	return p + k <= n && !memcmp(text + p, w, k) && (p + k == n || !ident_char(text[p + k])) &&
	       (p == 0 || !ident_char(text[p - 1]));
}

/*
 * Does a joined text define an OpenCL C kernel?  It holds the word
 * `__kernel`, or the word `kernel` followed (after attributes) by `void`,
 * the only return type a kernel has; "kernel launch failed" does not.
 */
static bool holds_kernel(const char *t, size_t n)
{
	for (size_t i = 0; i + 6 <= n; i++) {
		if (t[i] != 'k' && t[i] != '_')
			continue;
		if (word_at(t, n, i, "__kernel"))
			return true;
		if (!word_at(t, n, i, "kernel"))
			continue;
		size_t j = i + 6;
		for (;;) {
			while (j < n && isspace((unsigned char)t[j]))
				j++;
			if (!word_at(t, n, j, "__attribute__"))
				break;
			j += 13;
			while (j < n && isspace((unsigned char)t[j]))
				j++;
			int depth = 0;
			do {
				if (j < n && t[j] == '(')
					depth++;
				else if (j < n && t[j] == ')')
					depth--;
				j++;
			} while (j < n && depth > 0);
		}
		if (word_at(t, n, j, "void"))
			return true;
	}
	return false;
}

/* The current group ends: keep it if it holds a kernel. */
static void flush(struct scan *s)
{
	struct group *g = s->cur;
	s->cur = NULL;
	if (!g)
		return;
	if (g->len && (s->keep_all || holds_kernel(g->text, g->len)))
		mem_vec_push(s->a, &s->groups, g);
	else
		mem_release(s->a, s->mark);
}

/* Skip a backslash-newline at i (also \r\n); returns the offset after it, or i. */
static size_t splice(const char *t, size_t n, size_t i)
{
	if (i + 1 < n && t[i] == '\\' && t[i + 1] == '\n')
		return i + 2;
	if (i + 2 < n && t[i] == '\\' && t[i + 1] == '\r' && t[i + 2] == '\n')
		return i + 3;
	return i;
}

/*
 * Decode the escape at t[i] == '\\' of a C or Python string and append it;
 * returns the offset after it.  Octal, \x and \u escapes give their value
 * (\u as UTF-8); an unknown escape gives its character (C compilers warn, and
 * that is what they use) or, in Python, itself.
 */
static size_t escape(struct scan *s, size_t i, bool python)
{
	const char *t = s->t;
	size_t n = s->n, b = i++;
	if (i >= n)
		return i;
	char c = t[i];
	static const char from[] = "ntrabfv\\'\"?", to[] = "\n\t\r\a\b\f\v\\'\"?";
	const char *k = strchr(from, c);
	if (c && k) {
		put_byte(s, to[k - from], b, i + 1);
		return i + 1;
	}
	if (c >= '0' && c <= '7') {
		unsigned v = 0, d = 0;
		while (d < 3 && i < n && t[i] >= '0' && t[i] <= '7')
			v = v * 8 + (unsigned)(t[i++] - '0'), d++;
		put_byte(s, (char)v, b, i);
		return i;
	}
	if (c == 'x' || c == 'u' || c == 'U') {
		unsigned want = c == 'x' ? (python ? 2 : 8) : c == 'u' ? 4 : 8, d = 0;
		unsigned long v = 0;
		size_t j = i + 1;
		while (d < want && j < n && isxdigit((unsigned char)t[j])) {
			int h = isdigit((unsigned char)t[j]) ? t[j] - '0' : (t[j] | 32) - 'a' + 10;
			v = v * 16 + (unsigned long)h;
			j++, d++;
		}
		if (d) {
			if (c == 'x')
				put_byte(s, (char)v, b, j);
			else
				put_utf8(s, v, b, j);
			return j;
		}
	}
	if (python)
		put_byte(s, '\\', b, b + 1);
	put_byte(s, c, i, i + 1);
	return i + 1;
}

/* A C string literal whose opening quote is at q; returns the offset after it. */
static size_t c_string(struct scan *s, size_t q)
{
	const char *t = s->t;
	size_t n = s->n, i = q + 1;
	piece_begin(s, false, false, i, '"');
	while (i < n && t[i] != '"' && t[i] != '\n') {
		size_t j = splice(t, n, i);
		if (j != i) {
			i = j;
		} else if (t[i] == '\\') {
			i = escape(s, i, false);
		} else {
			put_byte(s, t[i], i, i + 1);
			i++;
		}
	}
	piece_end(s, i);
	return i < n && t[i] == '"' ? i + 1 : i;
}

/* A C++ raw string R"delim( ... )delim" whose quote is at q; returns the
 * offset after it, or 0 when it is not one (no valid delimiter). */
static size_t raw_string(struct scan *s, size_t q)
{
	const char *t = s->t;
	size_t n = s->n, d = q + 1;
	while (d < n && d - q - 1 <= 16 && t[d] != '(' && !strchr(" )\\\t\v\f\r\n\"", t[d]))
		d++;
	if (d >= n || t[d] != '(' || d - q - 1 > 16)
		return 0;
	size_t dl = d - q - 1, i = d + 1;
	piece_begin(s, true, false, i, '"');
	while (i < n && !(t[i] == ')' && i + dl + 1 < n && !memcmp(t + i + 1, t + q + 1, dl) &&
			  t[i + 1 + dl] == '"')) {
		put_byte(s, t[i], i, i + 1);
		i++;
	}
	piece_end(s, i);
	return i < n ? i + dl + 2 : n;
}

/* Skip a C character literal whose quote is at q. */
static size_t c_char(const char *t, size_t n, size_t q)
{
	size_t i = q + 1;
	while (i < n && t[i] != '\'' && t[i] != '\n')
		i += t[i] == '\\' && i + 1 < n ? 2 : 1;
	return i < n && t[i] == '\'' ? i + 1 : i;
}

/* C and C++: see the file's comment. */
static void scan_c(struct scan *s)
{
	const char *t = s->t;
	size_t n = s->n, i = 0;
	while (i < n && !(s->first_only && s->groups.len)) {
		char c = t[i];
		size_t j = splice(t, n, i);
		if (j != i) {
			i = j;
		} else if (c == '/' && i + 1 < n && t[i + 1] == '/') {
			while (i < n && t[i] != '\n') {
				j = splice(t, n, i);
				i = j != i ? j : i + 1;
			}
		} else if (c == '/' && i + 1 < n && t[i + 1] == '*') {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < n && !e; k++)
				if (t[k] == '*' && t[k + 1] == '/')
					e = t + k;
			i = e ? (size_t)(e - t) + 2 : n;
		} else if (ident_start(c)) {
			j = i;
			while (j < n && ident_char(t[j]))
				j++;
			size_t k = j - i;
			bool prefix = (k == 1 && strchr("uULR", c)) ||
				      (k == 2 && (!memcmp(t + i, "u8", 2) || !memcmp(t + i, "uR", 2) ||
						  !memcmp(t + i, "UR", 2) || !memcmp(t + i, "LR", 2))) ||
				      (k == 3 && !memcmp(t + i, "u8R", 3));
			if (prefix && j < n && t[j] == '"') {
				size_t e = t[j - 1] == 'R' ? raw_string(s, j) : 0;
				i = e ? e : c_string(s, j);
			} else if (prefix && j < n && t[j] == '\'' && t[j - 1] != 'R') {
				flush(s);
				i = c_char(t, n, j);
			} else {
				flush(s);
				i = j;
			}
		} else if (isdigit((unsigned char)c) ||
			   (c == '.' && i + 1 < n && isdigit((unsigned char)t[i + 1]))) {
			/* A number, with C++14 digit separators (1'000) and exponents. */
			flush(s);
			i++;
			while (i < n) {
				if (ident_char(t[i]) || t[i] == '.')
					i++;
				else if (t[i] == '\'' && i + 1 < n && ident_char(t[i + 1]))
					i += 2;
				else if ((t[i] == '+' || t[i] == '-') && strchr("eEpP", t[i - 1]))
					i++;
				else
					break;
			}
		} else if (c == '"') {
			i = c_string(s, i);
		} else if (c == '\'') {
			flush(s);
			i = c_char(t, n, i);
		} else if (isspace((unsigned char)c)) {
			i++;
		} else {
			flush(s);
			i++;
		}
	}
	flush(s);
}

/* A Python string whose quote is at q, with prefix flags; returns the offset
 * after it. */
static size_t py_string(struct scan *s, size_t q, bool raw, bool fstring)
{
	const char *t = s->t;
	size_t n = s->n;
	char quote = t[q];
	bool triple = q + 2 < n && t[q + 1] == quote && t[q + 2] == quote;
	size_t i = q + (triple ? 3 : 1);
	piece_begin(s, raw, triple, i, quote);
	for (;;) {
		if (i >= n || (!triple && t[i] == '\n'))
			break;
		if (t[i] == quote && (!triple || (i + 2 < n && t[i + 1] == quote && t[i + 2] == quote)))
			break;
		if (t[i] == '\\' && raw) {
			/* A raw string keeps the backslash and what follows. */
			put_byte(s, t[i], i, i + 1);
			if (i + 1 < n)
				put_byte(s, t[i + 1], i + 1, i + 2);
			i += 2;
		} else if (t[i] == '\\') {
			size_t j = splice(t, n, i);
			i = j != i ? j : escape(s, i, true);
		} else if (fstring && (t[i] == '{' || t[i] == '}') && i + 1 < n && t[i + 1] == t[i]) {
			put_byte(s, t[i], i, i + 2);
			i += 2;
		} else {
			put_byte(s, t[i], i, i + 1);
			i++;
		}
	}
	piece_end(s, i);
	if (i >= n || t[i] != quote)
		return i;
	return i + (triple ? 3 : 1);
}

/* Python: literals are joined within a logical line (inside brackets or
 * after a backslash, a newline does not end one). */
static void scan_py(struct scan *s)
{
	const char *t = s->t;
	size_t n = s->n, i = 0;
	int depth = 0;
	while (i < n && !(s->first_only && s->groups.len)) {
		char c = t[i];
		size_t j = splice(t, n, i);
		if (j != i) {
			i = j;
		} else if (c == '#') {
			while (i < n && t[i] != '\n')
				i++;
		} else if (c == '\n') {
			if (depth <= 0)
				flush(s);
			i++;
		} else if (ident_start(c)) {
			j = i;
			while (j < n && ident_char(t[j]))
				j++;
			bool raw = false, f = false, prefix = j - i <= 2;
			for (size_t k = i; k < j && prefix; k++) {
				char l = (char)(t[k] | 32);
				raw |= l == 'r';
				f |= l == 'f';
				prefix = strchr("rbuf", l) != NULL;
			}
			if (prefix && j < n && (t[j] == '"' || t[j] == '\'')) {
				i = py_string(s, j, raw, f);
			} else {
				flush(s);
				i = j;
			}
		} else if (c == '"' || c == '\'') {
			i = py_string(s, i, false, false);
		} else if (isspace((unsigned char)c)) {
			i++;
		} else {
			depth += (c == '(' || c == '[' || c == '{') - (c == ')' || c == ']' || c == '}');
			flush(s);
			i++;
		}
	}
	flush(s);
}

static void scan(struct scan *s)
{
	if (s->lang == CLS_HOST_PYTHON)
		scan_py(s);
	else
		scan_c(s);
}

/* ----------------------------------------------------------- positions */

/* Offsets where the lines of text[0..n) begin (arena array, *nlines entries). */
static size_t *line_starts(struct mem_arena *a, const char *t, size_t n, unsigned *nlines)
{
	unsigned k = 1;
	for (size_t i = 0; i < n; i++)
		k += t[i] == '\n';
	size_t *v = MEM_ARRAY(a, size_t, k);
	if (!v)
		return NULL;
	k = 0;
	v[k++] = 0;
	for (size_t i = 0; i < n; i++)
		if (t[i] == '\n')
			v[k++] = i + 1;
	*nlines = k;
	return v;
}

/* How a kernel source's positions map to the host file. */
struct mapping {
	const struct group *g;
	const size_t *kls;         /* the kernel source's line starts */
	unsigned nkl;
	const size_t *hls;         /* the host file's line starts */
	unsigned nhl;
	const char *kpath, *hpath; /* the kernel source's name in its report; the host's */
	struct mem_arena *a;       /* the host report's arena */
	struct mem_vec names;      /* pairs: an included file's name in the kernel's report,
				    * its copy in the host's (that report's arena goes) */
};

/* The kernel-source offset of p (clamped to the text), or false when p is
 * not in the kernel source. */
static bool kernel_offset(const struct mapping *m, struct cls_pos p, size_t *off)
{
	if (!p.file || strcmp(p.file, m->kpath) || !p.line || p.line > m->nkl)
		return false;
	size_t o = m->kls[p.line - 1] + (p.col ? p.col - 1 : 0);
	*off = o > m->g->len ? m->g->len : o;
	return true;
}

static struct cls_pos host_pos(const struct mapping *m, size_t off)
{
	unsigned lo = 0, hi = m->nhl;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;
		if (m->hls[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (struct cls_pos){ m->hpath, lo + 1, (unsigned)(off - m->hls[lo]) + 1 };
}

/* The host offset where the kernel-source byte at off begins; off == len:
 * just after the last one. */
static size_t host_begin(const struct group *g, size_t off)
{
	if (!g->len)
		return 0;
	return off < g->len ? g->from[off] : g->to[g->len - 1];
}

/* The host offset just after the kernel-source bytes before off. */
static size_t host_end(const struct group *g, size_t off)
{
	return off ? g->to[off - 1] : host_begin(g, 0);
}

/* The host report's copy of an included file's name f. */
static const char *map_file(struct mapping *m, const char *f)
{
	for (unsigned i = 0; i + 1 < m->names.len; i += 2)
		if (m->names.items[i] == f)
			return m->names.items[i + 1];
	char *copy = mem_strdup(m->a, f);
	mem_vec_push(m->a, &m->names, (void *)f);
	mem_vec_push(m->a, &m->names, copy);
	return copy;
}

/*
 * Position p of the kernel source's report in the host report.  In the
 * kernel source: where its byte came from; one that names no byte of it (a
 * compiler message without a location) goes to the start of its first
 * literal.  In an included file: as it is.
 */
static struct cls_pos map_pos(struct mapping *m, struct cls_pos p)
{
	size_t off;
	if (kernel_offset(m, p, &off))
		return host_pos(m, host_begin(m->g, off));
	if (!p.file || !strcmp(p.file, m->kpath))
		return host_pos(m, m->g->pieces[0].host_begin);
	p.file = map_file(m, p.file);
	return p;
}

static struct cls_range map_range(struct mapping *m, struct cls_range r)
{
	struct cls_range out = { map_pos(m, r.begin), r.end };
	size_t b, e;
	if (kernel_offset(m, r.begin, &b))
		out.end = kernel_offset(m, r.end, &e) && e > b ? host_pos(m, host_end(m->g, e))
							 : out.begin;
	else
		out.end = r.end.file ? map_pos(m, r.end) : out.begin;
	return out;
}

/* The piece that kernel-source offset off belongs to. */
static const struct piece *piece_at(const struct group *g, size_t off)
{
	unsigned lo = 0, hi = g->npieces;
	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;
		if (g->pieces[mid].dec <= off)
			lo = mid;
		else
			hi = mid;
	}
	return &g->pieces[lo];
}

/*
 * A fix-it's replacement written for the literal it lands in: as it is in a
 * raw string, escaped in a C or Python string (a triple-quoted one keeps its
 * newlines).  NULL when it cannot be: a raw string cannot hold what would end
 * it (its quote, a newline when single-quoted, `)"` in C++).
 */
static const char *literal_text(struct mem_arena *a, const struct piece *pc, const char *text)
{
	if (pc->raw) {
		bool ends = pc->python ? strchr(text, pc->quote) || (!pc->triple && strchr(text, '\n'))
				       : strstr(text, ")\"") != NULL;
		return ends ? NULL : mem_strdup(a, text);
	}
	size_t n = strlen(text);
	char *out = mem_alloc(a, 2 * n + 1), *o = out;
	if (!out)
		return NULL;
	for (const char *p = text; *p; p++) {
		char c = *p;
		const char *esc = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\\' ? "\\\\"
				: c == pc->quote ? (c == '"' ? "\\\"" : "\\'") : NULL;
		if (esc && !(c == '\n' && pc->triple)) {
			memcpy(o, esc, 2);
			o += 2;
		} else {
			*o++ = c;
		}
	}
	*o = 0;
	return out;
}

/* The host line of kernel-source line `line` (where its first byte came
 * from); 0 when there is no such line. */
static unsigned host_line(const struct mapping *m, unsigned long line)
{
	if (!line || line > m->nkl)
		return 0;
	return host_pos(m, host_begin(m->g, m->kls[line - 1])).line;
}

/*
 * A message with its references to lines of the kernel source ("(line 8)",
 * "before line 8", "lines 3 and 5": the analyses' messages cite lines of the
 * file they linted) turned into lines of the host file.
 */
static const char *map_message(struct mem_arena *a, const struct mapping *m, const char *msg)
{
	if (!msg || !strstr(msg, "line"))
		return mem_strdup(a, msg);
	size_t n = strlen(msg), cap = 3 * n + 64, k = 0;   /* "line 1" may become "line 12345" */
	char *out = mem_alloc(a, cap);
	if (!out)
		return NULL;
	for (size_t i = 0; i < n;) {
		size_t w = 0;
		if (!strncmp(msg + i, "line ", 5) && (i == 0 || !ident_char(msg[i - 1])))
			w = 5;
		else if (!strncmp(msg + i, "lines ", 6) && (i == 0 || !ident_char(msg[i - 1])))
			w = 6;
		if (w && isdigit((unsigned char)msg[i + w])) {
			memcpy(out + k, msg + i, w);
			k += w;
			i += w;
			/* A number, then for "lines" perhaps " and " and another. */
			for (;;) {
				char *end;
				unsigned long l = strtoul(msg + i, &end, 10);
				unsigned h = host_line(m, l);
				int put = snprintf(out + k, cap - k, "%lu", h ? (unsigned long)h : l);
				if (put < 0 || (size_t)put >= cap - k)
					return mem_strdup(a, msg);
				k += (size_t)put;
				i = (size_t)(end - msg);
				if (w == 6 && !strncmp(msg + i, " and ", 5) && isdigit((unsigned char)msg[i + 5])) {
					memcpy(out + k, " and ", 5);
					k += 5;
					i += 5;
					continue;
				}
				break;
			}
			continue;
		}
		if (k + 1 >= cap)
			return mem_strdup(a, msg);
		out[k++] = msg[i++];
	}
	out[k] = 0;
	return out;
}

/* --------------------------------------------------------------- merging */

/* Copy diagnostic d of a kernel source's report into the host file's r,
 * every position taken to the host file. */
static void merge_diag(struct cls_result *r, struct mapping *m, const struct cls_diag *d,
		       struct mem_vec *into)
{
	struct mem_arena *a = &r->arena;
	struct cls_diag *x = MEM_NEW(a, struct cls_diag);
	if (!x)
		return;
	x->rule = d->rule;
	x->severity = d->severity;
	x->justification = d->justification ? mem_strdup(a, d->justification) : NULL;
	x->range = map_range(m, d->range);
	x->msg = map_message(a, m, d->msg);
	unsigned dropped = 0;
	x->notes = MEM_ARRAY(a, struct cls_note, d->nnotes + 1);
	x->fixes = MEM_ARRAY(a, struct cls_fix, d->nfixes + 1);
	if (!x->notes || !x->fixes)
		return;
	for (unsigned i = 0; i < d->nnotes; i++) {
		x->notes[x->nnotes].range = map_range(m, d->notes[i].range);
		x->notes[x->nnotes++].msg = map_message(a, m, d->notes[i].msg);
	}
	for (unsigned i = 0; i < d->nfixes; i++) {
		const struct cls_fix *f = &d->fixes[i];
		size_t b, e;
		const char *text = NULL;
		if (kernel_offset(m, f->range.begin, &b) &&
		    kernel_offset(m, f->range.end.file ? f->range.end : f->range.begin, &e) && e >= b) {
			const struct piece *pc = piece_at(m->g, b);
			/* The replaced bytes must lie in one literal. */
			if (piece_at(m->g, e > b ? e - 1 : b) == pc && m->g->npieces)
				text = literal_text(a, pc, f->text);
		}
		if (!text) {
			dropped++;
			continue;
		}
		struct cls_fix *y = &x->fixes[x->nfixes++];
		y->range.begin = host_pos(m, host_begin(m->g, b));
		y->range.end = e > b ? host_pos(m, host_end(m->g, e)) : y->range.begin;
		y->text = text;
		y->label = map_message(a, m, f->label);
		y->safe = f->safe;
	}
	if (dropped) {
		x->notes[x->nnotes].range = x->range;
		x->notes[x->nnotes++].msg = "a fix-it is not shown: its text does not fit in the "
					    "string literal of the host file it would change";
	}
	mem_vec_push(a, into, x);
}

static void not_analyzed(struct cls_result *r, const char *why)
{
	r->status = CLS_FILE_NOT_ANALYZED;
	r->reason = why;
}

enum cls_host_lang cls_host_lang(const char *path)
{
	static const char *const c_ext[] = { "c", "h", "cc", "cpp", "cxx", "c++", "hpp", "hh",
					     "hxx", "h++", "inl", "ipp", NULL };
	const char *slash = path ? strrchr(path, '/') : NULL;
	const char *dot = path ? strrchr(slash ? slash : path, '.') : NULL;
	if (!dot)
		return CLS_HOST_NONE;
	dot++;
	if (!strcmp(dot, "py"))
		return CLS_HOST_PYTHON;
	for (unsigned i = 0; c_ext[i]; i++)
		if (!strcmp(dot, c_ext[i]))
			return CLS_HOST_C;
	return CLS_HOST_NONE;
}

/* Skip whitespace and C comments from t[i]; returns the offset after them. */
static size_t skip_blank(const char *t, size_t n, size_t i)
{
	for (;;) {
		size_t j = splice(t, n, i);
		if (j != i) {
			i = j;
		} else if (i < n && isspace((unsigned char)t[i])) {
			i++;
		} else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
			while (i < n && t[i] != '\n')
				i++;
		} else if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < n && !e; k++)
				if (t[k] == '*' && t[k + 1] == '/')
					e = t + k;
			if (!e)
				return i;
			i = (size_t)(e - t) + 2;
		} else {
			return i;
		}
	}
}

bool cls_raw_wrapped(const char *text, size_t len)
{
	size_t i = 0, n = len;
	unsigned literals = 0;
	if (n >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		i = 3;   /* a UTF-8 byte order mark */
	for (i = skip_blank(text, n, i); i < n; i = skip_blank(text, n, i)) {
		size_t j = i;
		while (j < n && j - i < 3 && (text[j] == 'u' || text[j] == '8' || text[j] == 'U' ||
					     text[j] == 'L'))
			j++;
		if (j + 1 >= n || text[j] != 'R' || text[j + 1] != '"' ||
		    !(j == i || (j - i == 1 && strchr("uUL", text[i])) ||
		      (j - i == 2 && !memcmp(text + i, "u8", 2))))
			return false;
		/* R"delim( ... )delim": as raw_string() reads it, without a scan. */
		size_t q = j + 1, d = q + 1;
		while (d < n && d - q - 1 <= 16 && text[d] != '(' && !strchr(" )\\\t\v\f\r\n\"", text[d]))
			d++;
		if (d >= n || text[d] != '(' || d - q - 1 > 16)
			return false;
		size_t dl = d - q - 1, k = d + 1;
		while (k < n && !(text[k] == ')' && k + dl + 1 < n && !memcmp(text + k + 1, text + q + 1, dl) &&
				  text[k + 1 + dl] == '"'))
			k++;
		if (k >= n)
			return false;
		i = k + dl + 2;
		literals++;
	}
	return literals > 0;
}

bool cls_host_has_kernels(enum cls_host_lang lang, const char *text, size_t len)
{
	struct mem_arena a;
	mem_init(&a);
	struct scan s = { .a = &a, .t = text, .n = len, .lang = lang, .first_only = true };
	scan(&s);
	bool found = s.groups.len > 0;
	mem_free_all(&a);
	return found;
}

/* Append to `to` (in arena a) the names of `from` it does not hold yet. */
static void add_names(struct mem_arena *a, struct mem_vec *to, const struct mem_vec *from)
{
	for (unsigned i = 0; i < from->len; i++) {
		bool dup = false;
		for (unsigned j = 0; j < to->len && !dup; j++)
			dup = !strcmp(to->items[j], from->items[i]);
		if (!dup)
			mem_vec_push(a, to, mem_strdup(a, from->items[i]));
	}
}

void cls_lint_host(const struct cls_options *o, enum cls_host_lang lang, const char *display,
		   const char *text, size_t len, struct cls_result *r)
{
	memset(r, 0, sizeof *r);
	mem_init(&r->arena);
	r->path = mem_strdup(&r->arena, display);
	r->status = CLS_FILE_ANALYZED;
	r->source = mem_strndup(&r->arena, text, len);
	r->source_len = len;
	if (!r->path || !r->source) {
		not_analyzed(r, "out of memory");
		return;
	}
	if (len == 0) {
		not_analyzed(r, "empty file");
		return;
	}
	if (memchr(text, 0, len)) {
		not_analyzed(r, "binary file (contains NUL bytes)");
		return;
	}
	struct mem_arena scratch;
	mem_init(&scratch);
	bool whole = lang == CLS_HOST_RAW_FILE;   /* the file is its kernel source */
	struct scan s = { .a = &scratch, .t = r->source, .n = len, .lang = lang, .keep_all = whole };
	scan(&s);
	struct mapping m = { .hpath = r->path, .a = &r->arena };
	m.hls = line_starts(&scratch, r->source, len, &m.nhl);
	unsigned failed = 0;
	for (unsigned gi = 0; gi < s.groups.len && m.hls; gi++) {
		const struct group *g = s.groups.items[gi];
		if (!g->text || !g->npieces)
			continue;
		struct cls_pos at = host_pos(&m, g->pieces[0].host_begin);
		struct cls_result k;
		cls_lint(o, display, g->text, g->len, &k);
		m.g = g;
		m.kpath = k.path;
		m.names.len = 0;
		m.kls = line_starts(&scratch, g->text, g->len, &m.nkl);
		for (unsigned i = 0; i < k.diags.len && m.kls; i++)
			merge_diag(r, &m, k.diags.items[i], &r->diags);
		for (unsigned i = 0; i < k.suppressed.len && m.kls; i++)
			merge_diag(r, &m, k.suppressed.items[i], &r->suppressed);
		for (unsigned i = 0; i < k.kernels.len && m.kls; i++) {
			const struct cls_kernel_rec *kr = k.kernels.items[i];
			struct cls_kernel_rec *x = MEM_NEW(&r->arena, struct cls_kernel_rec);
			if (!x)
				break;
			x->name = mem_strdup(&r->arena, kr->name);
			x->pos = map_pos(&m, kr->pos);
			mem_vec_push(&r->arena, &r->kernels, x);
		}
		for (unsigned i = 0; i < k.notes.len && m.kls; i++) {
			if (k.notes.items[i] == k.macro_note)
				continue;
			const char *note = map_message(&r->arena, &m, k.notes.items[i]);
			mem_vec_push(&r->arena, &r->notes,
				     whole ? (void *)note
					   : mem_printf(&r->arena, "kernel source at line %u: %s",
							at.line, note));
		}
		/* What zero configuration assumed: one note for the host file. */
		add_names(&r->arena, &r->macro_consts, &k.macro_consts);
		add_names(&r->arena, &r->macro_types, &k.macro_types);
		if (k.status == CLS_FILE_NOT_ANALYZED) {
			const char *why = whole ? mem_strdup(&r->arena, k.reason ? k.reason : "?")
				: mem_printf(&r->arena, "kernel source at line %u: %s",
					     at.line, k.reason ? k.reason : "?");
			if (!failed++)
				not_analyzed(r, why);
			/* Its compile errors say why; a reason without them is a note. */
			if (!k.diags.len || failed > 1)
				mem_vec_push(&r->arena, &r->notes,
					     mem_printf(&r->arena, "%s: not analyzed", why));
		}
		r->nsuppressed += k.nsuppressed;
		r->t_parse += k.t_parse, r->t_lower += k.t_lower, r->t_cfg += k.t_cfg;
		r->t_uniform += k.t_uniform, r->t_access += k.t_access, r->t_sort += k.t_sort;
		for (unsigned i = 0; i < sizeof r->t_rule / sizeof r->t_rule[0]; i++)
			r->t_rule[i] += k.t_rule[i];
		if (k.peak_arena > r->peak_arena)
			r->peak_arena = k.peak_arena;
		cls_result_free(&k);
	}
	r->macro_note = cls_macro_note(&r->arena, &r->macro_consts, &r->macro_types);
	if (r->macro_note)
		mem_vec_push(&r->arena, &r->notes, (void *)r->macro_note);
	if (failed > 1)
		r->reason = mem_printf(&r->arena, "%u of the %u kernel sources in string literals "
				       "could not be analyzed (%s)", failed, s.groups.len, r->reason);
	if (mem_failed(&scratch) || mem_failed(&r->arena))
		not_analyzed(r, "out of memory");
	else if (!failed && !r->kernels.len) {
		r->status = CLS_FILE_NO_KERNEL;
		if (!s.groups.len)
			mem_vec_push(&r->arena, &r->notes,
				     (void *)"no kernel in this file: no string literal holds an "
					     "OpenCL C kernel, nothing was checked");
	}
	mem_free_all(&scratch);
	diag_finish(r);
}
