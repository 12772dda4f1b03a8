/*
 * observe.c - instrument a kernel to log the accesses to the objects of a
 * finding and the arrivals at its barriers, and find the races and the
 * divergence the log shows (see observe.h).
 *
 * As in trace.c, the copy keeps the kernel's text and line numbers: a
 * prelude on the first line ends with `#line 1`, the new parameters go
 * after the last one, the epoch counters are declared after the body's
 * opening brace, an access E becomes `(*(cls_ob_rec_(..., &(E)), &(E)))`
 * (E is evaluated twice, so an access whose text has a side effect is
 * not wrapped), a plain assignment statement `E = v;` becomes
 * `{ __typeof__((E) + 0) cls_ob_v_ = v; *(cls_ob_rec_(..., hash of
 * cls_ob_v_), &(E)) = cls_ob_v_; }` so that the value written is logged,
 * a barrier call B becomes `(cls_ob_arr_(..., its flags), epochs bumped,
 * B)`, an async copy C `(cls_ob_cp_(..., its arguments), C)` (work-item 0
 * logs the copy's elements) and a wait W `(cls_ob_ew_++, W)`.  No barrier
 * and no fence is added, and the copy is still made by C itself.
 */
#include "observe.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rc.h"

void ob_plan_free(struct ob_plan *p)
{
	for (unsigned i = 0; i < p->n; i++) {
		free(p->sites[i].func);
		free(p->sites[i].object);
	}
	for (unsigned i = 0; i < p->nbar; i++)
		free(p->bars[i].func);
	free(p->sites);
	free(p->bars);
	free(p->waits);
	for (unsigned i = 0; i < p->ngaps; i++)
		free(p->gaps[i].why);
	free(p->gaps);
	free(p->kernel);
	free(p->races);
	free(p->divs);
	free(p->no_access);
	memset(p, 0, sizeof *p);
}

static int parse_pos(const char *s, int *line, int *col)
{
	char *end;
	errno = 0;
	long l = strtol(s, &end, 10);
	if (errno || *end != ':' || l <= 0)
		return -1;
	long c = strtol(end + 1, &end, 10);
	if (errno || *end || c <= 0)
		return -1;
	*line = (int)l;
	*col = (int)c;
	return 0;
}

int ob_plan_parse(struct ob_plan *p, const char *text, const char *kernel, char *err,
		  size_t errlen)
{
	ob_plan_free(p);
	p->kernel = rc_xstrdup(kernel);
	int have_kernel = 0, rc = 0;
	char *copy = rc_xstrdup(text);
	for (char *line = copy, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char **w;
		int nw = rc_split_words(line, &w);
		if (nw == 3 && !strcmp(w[0], "kernel") && !strcmp(w[1], kernel)) {
			have_kernel = 1;
			if (strcmp(w[2], "-") && parse_pos(w[2], &p->pline, &p->pcol))
				p->pline = p->pcol = 0;
		} else if (nw == 10 && !strcmp(w[0], "access") && !strcmp(w[1], kernel)) {
			struct ob_site *s = RC_PUSH(p->sites, p->n, p->cap);
			memset(s, 0, sizeof *s);
			s->func = rc_xstrdup(w[2]);
			s->object = rc_xstrdup(w[9]);
			if (parse_pos(w[3], &s->bline, &s->bcol) || parse_pos(w[4], &s->eline, &s->ecol)) {
				snprintf(err, errlen, "unexpected dump line: %s", line);
				rc = -1;
			}
			s->read = strchr(w[5], 'r') != NULL;
			s->write = strchr(w[5], 'w') != NULL;
			s->atomic = strchr(w[5], 'a') != NULL;
			s->bytes = (unsigned)strtoul(w[6], NULL, 10);
			s->local = !strcmp(w[7], "local");
			s->pointer = !strcmp(w[8], "pointer");
			s->copy = !strcmp(w[8], "copy");
			if (s->atomic && !s->local)
				p->global_atomics = 1;
		} else if (nw == 7 && !strcmp(w[0], "barrier") && !strcmp(w[1], kernel)) {
			struct ob_barrier *b = RC_PUSH(p->bars, p->nbar, p->capbar);
			memset(b, 0, sizeof *b);
			b->func = rc_xstrdup(w[2]);
			if (parse_pos(w[3], &b->bline, &b->bcol) || parse_pos(w[4], &b->eline, &b->ecol)) {
				snprintf(err, errlen, "unexpected dump line: %s", line);
				rc = -1;
			}
			b->flags = (unsigned)strtoul(w[5], NULL, 10);
			b->subgroup = !strcmp(w[6], "sub-group");
			b->traced = !strcmp(b->func, kernel);
		} else if (nw == 5 && !strcmp(w[0], "wait") && !strcmp(w[1], kernel)) {
			struct ob_wait *x = RC_PUSH(p->waits, p->nwait, p->capwait);
			memset(x, 0, sizeof *x);
			if (parse_pos(w[3], &x->bline, &x->bcol) || parse_pos(w[4], &x->eline, &x->ecol)) {
				snprintf(err, errlen, "unexpected dump line: %s", line);
				rc = -1;
			}
			x->traced = !strcmp(w[2], kernel);
		}
		rc_free_words(w, nw);
	}
	free(copy);
	for (unsigned i = 0; i < p->nbar && !p->no_access; i++)
		if (!p->bars[i].traced)
			p->no_access = rc_xasprintf("the barrier at line %d is in '%s', not in the kernel's "
						    "own text: its epochs cannot be counted, so no access "
						    "is logged", p->bars[i].bline, p->bars[i].func);
	if (rc == 0 && !have_kernel) {
		snprintf(err, errlen, "the analyzer found no kernel '%s' (too old a clsynclint?)", kernel);
		rc = -1;
	}
	return rc;
}

static int on_lines(int line, const int *lines, unsigned nlines)
{
	for (unsigned i = 0; i < nlines; i++)
		if (lines[i] == line)
			return 1;
	return 0;
}

/* A gap at `line`, why (allocated) it is one. */
static void add_gap(struct ob_plan *p, int line, char *why)
{
	*RC_PUSH(p->gaps, p->ngaps, p->capgaps) = (struct ob_gap){ line, why };
}

const char *ob_gap_on(const struct ob_plan *p, const int *lines, unsigned nlines)
{
	for (unsigned i = 0; i < p->ngaps; i++)
		if (on_lines(p->gaps[i].line, lines, nlines))
			return p->gaps[i].why;
	return NULL;
}

unsigned ob_select(struct ob_plan *p, const int *lines, unsigned nlines)
{
	/* A wait in a helper cannot be counted: a copy would never end. */
	const struct ob_wait *elsewhere = NULL;
	for (unsigned i = 0; i < p->nwait && !elsewhere; i++)
		elsewhere = p->waits[i].traced ? NULL : &p->waits[i];
	unsigned n = 0;
	for (unsigned i = 0; i < p->n; i++) {
		struct ob_site *s = &p->sites[i];
		int chosen = !nlines;
		for (unsigned j = 0; j < p->n && !chosen; j++)
			chosen = on_lines(p->sites[j].bline, lines, nlines) &&
				 !strcmp(p->sites[j].object, s->object) &&
				 p->sites[j].local == s->local;
		int wrappable = !strcmp(s->func, p->kernel) && n < OB_MAX_SITES;
		if (chosen && wrappable && s->copy && elsewhere) {
			wrappable = 0;
			add_gap(p, s->bline,
				rc_xasprintf("the wait_group_events at line %d is in a helper, not in "
					     "the kernel's own text: the copies' ends cannot be counted, "
					     "so the async copy at line %d is not logged",
					     elsewhere->bline, s->bline));
		}
		if (chosen && strcmp(s->func, p->kernel))
			add_gap(p, s->bline,
				rc_xasprintf("the access at line %d is in the helper '%s'; only the "
					     "kernel's own text is instrumented", s->bline, s->func));
		else if (chosen && !wrappable && !s->copy)
			add_gap(p, s->bline,
				rc_xasprintf("more than %d accesses to log; the one at line %d is not",
					     OB_MAX_SITES, s->bline));
		s->traced = chosen && wrappable;
		n += (unsigned)s->traced;
	}
	return n;
}

/* ------------------------------------------------------------ instrument */

struct insertion {
	size_t at;
	int order;      /* at one offset: closes (by later start first), then opens
			 * (by later end first) */
	long long key;
	char *text;
};

static int cmp_ins(const void *pa, const void *pb)
{
	const struct insertion *a = pa, *b = pb;
	if (a->at != b->at)
		return a->at < b->at ? -1 : 1;
	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return a->key > b->key ? -1 : a->key < b->key;
}

static long offset_of(const char *src, size_t len, int line, int col)
{
	size_t i = 0;
	for (int l = 1; l < line; l++) {
		const char *nl = memchr(src + i, '\n', len - i);
		if (!nl)
			return -1;
		i = (size_t)(nl - src) + 1;
	}
	if (i + (size_t)(col - 1) > len)
		return -1;
	return (long)(i + (size_t)(col - 1));
}

/* The offset of the kernel body's `{` after offset `from` (comments
 * skipped), or -1. */
static long body_open(const char *src, size_t len, size_t from)
{
	for (size_t i = from; i < len; i++) {
		if (src[i] == '/' && i + 1 < len && src[i + 1] == '/') {
			while (i < len && src[i] != '\n')
				i++;
		} else if (src[i] == '/' && i + 1 < len && src[i + 1] == '*') {
			const char *e = strstr(src + i + 2, "*/");
			if (!e)
				return -1;
			i = (size_t)(e - src) + 1;
		} else if (src[i] == '{') {
			return (long)i;
		} else if (src[i] == ';') {
			return -1; /* a declaration, not a definition */
		}
	}
	return -1;
}

/* Nonzero when the text of [b, e) may have a side effect, so that it must
 * not be evaluated twice. */
static int side_effect(const char *src, size_t b, size_t e)
{
	for (size_t i = b; i < e; i++) {
		char c = src[i], n = i + 1 < e ? src[i + 1] : 0, pc = i > b ? src[i - 1] : 0;
		if ((c == '+' && n == '+') || (c == '-' && n == '-'))
			return 1;
		if (c == '=' && n != '=' && pc != '=' && pc != '!' && pc != '<' && pc != '>')
			return 1;
	}
	return 0;
}

/* When the lvalue [b, e) is the whole left side of a plain assignment
 * statement `E = v;` (after `;`, `{`, `}`, `)` or `else`), the offset of
 * its `;`; else -1. */
static long assignment_end(const char *src, size_t len, long open, size_t b, size_t e)
{
	size_t i = e;
	while (i < len && (src[i] == ' ' || src[i] == '\t'))
		i++;
	if (i + 1 >= len || src[i] != '=' || src[i + 1] == '=')
		return -1;
	long k = (long)b - 1;
	while (k > open && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r'))
		k--;
	if (k < open)
		return -1;
	if (!strchr(";{})", src[k]) &&
	    !(k >= 3 && !strncmp(src + k - 3, "else", 4) && (k < 4 || !isalnum((unsigned char)src[k - 4]))))
		return -1;
	int depth = 0;
	for (size_t j = i + 1; j < len; j++) {
		char c = src[j];
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}') {
			if (--depth < 0)
				return -1;
		} else if (c == ';' && depth == 0) {
			return (long)j;
		} else if (c == '"' || c == '\'' || (c == '/' && j + 1 < len &&
							(src[j + 1] == '/' || src[j + 1] == '*'))) {
			return -1; /* keep it simple: no literals, no comments */
		} else if (c == ',' && depth == 0) {
			return -1; /* a comma expression */
		}
	}
	return -1;
}

#define OB_MAX_ARGS 8

struct call_args {
	unsigned n;
	size_t b[OB_MAX_ARGS], e[OB_MAX_ARGS];  /* each argument's text */
	size_t end;                             /* one past the `)` */
};

/* The offset one past the comment that starts at offset i, or i when none
 * does. */
static size_t skip_comment(const char *src, size_t len, size_t i)
{
	if (i + 1 >= len || src[i] != '/' || (src[i + 1] != '/' && src[i + 1] != '*'))
		return i;
	const char *e = src[i + 1] == '/' ? memchr(src + i, '\n', len - i)
					  : strstr(src + i + 2, "*/");
	return !e ? len : src[i + 1] == '/' ? (size_t)(e - src) : (size_t)(e - src) + 2;
}

/* Split the call that starts at offset b (a name, then its parenthesized
 * arguments, comments allowed) into its arguments; 0 when it is not one
 * (or has more than OB_MAX_ARGS). */
static int call_args(const char *src, size_t len, size_t b, struct call_args *ca)
{
	size_t i = b;
	while (i < len && (isalnum((unsigned char)src[i]) || src[i] == '_'))
		i++;
	while (i < len && isspace((unsigned char)src[i]))
		i++;
	if (i >= len || src[i] != '(' || i == b)
		return 0;
	int depth = 0;
	size_t start = i + 1;
	ca->n = 0;
	for (; i < len; i++) {
		size_t c = skip_comment(src, len, i);
		if (c != i) {
			i = c - 1;
			continue;
		}
		int last = src[i] == ')' && depth == 1;
		if ((src[i] == ',' && depth == 1) || last) {
			if (ca->n == OB_MAX_ARGS)
				return 0;
			ca->b[ca->n] = start;
			ca->e[ca->n++] = i;
			start = i + 1;
			if (last) {
				ca->end = i + 1;
				return 1;
			}
		}
		if (src[i] == '(' || src[i] == '[')
			depth++;
		else if (src[i] == ')' || src[i] == ']')
			depth--;
		else if (src[i] == ';' || src[i] == '{' || src[i] == '}')
			return 0;
	}
	return 0;
}

/* The offset one past the call that starts at offset b, or -1. */
static long call_end(const char *src, size_t len, long b)
{
	struct call_args ca;
	return b >= 0 && call_args(src, len, (size_t)b, &ca) ? (long)ca.end : -1;
}

/* Argument k of ca as code on one line: comments left out, newlines made
 * spaces, so that the lines after it keep their numbers.  NULL when it
 * may have a side effect (it is evaluated once more). */
static char *arg_code(const char *src, const struct call_args *ca, unsigned k)
{
	struct rc_buf b = { 0 };
	for (size_t i = ca->b[k]; i < ca->e[k]; i++) {
		size_t c = skip_comment(src, ca->e[k], i);
		if (c != i)
			i = c - 1;
		rc_buf_addn(&b, c != i || src[i] == '\n' || src[i] == '\r' ? " " : src + i, 1);
	}
	if (!b.s || side_effect(b.s, 0, strlen(b.s))) {
		rc_buf_free(&b);
		return NULL;
	}
	return b.s;
}

/* The log of the async copy whose call is site i's range (a
 * `(cls_ob_cp_(...), ` to put before the call): its sides' sites, the
 * __global side strided (async_work_group_strided_copy's fourth
 * argument).  NULL when i is not the copy's first traced side, or (a gap
 * added) when the call cannot be logged. */
static char *copy_log(struct ob_plan *p, unsigned i, const char *src, size_t len, size_t b,
		      size_t e)
{
	const struct ob_site *s = &p->sites[i];
	unsigned side[2] = { ~0u, ~0u }; /* the destination's site, the source's */
	int dst_local = -1;
	for (unsigned j = 0; j < p->n; j++) {
		const struct ob_site *t = &p->sites[j];
		if (!t->copy || t->bline != s->bline || t->bcol != s->bcol)
			continue;
		if (t->traced && j < i)
			return NULL; /* logged with that side */
		dst_local = t->write ? t->local : !t->local;
		if (t->traced)
			side[t->write ? 0 : 1] = j;
	}
	struct call_args ca;
	if (!call_args(src, len, b, &ca) || ca.end != e || (ca.n != 4 && ca.n != 5)) {
		add_gap(p, s->bline, rc_xasprintf("the async copy at line %d is not a call of four or "
						  "five arguments in the text: not logged", s->bline));
		return NULL;
	}
	char *arg[4] = { 0 };
	int ok = 1;
	for (unsigned k = 0; k + 1 < ca.n; k++)
		ok &= (arg[k] = arg_code(src, &ca, k)) != NULL;
	char *t = NULL;
	if (ok) {
		const char *stride = ca.n == 5 ? arg[3] : "1u";
		t = rc_xasprintf("(cls_ob_cp_(cls_ob_log_, cls_ob_n_, %uu, %uu, cls_ob_nc_++, "
				 "cls_ob_el_, cls_ob_eg_, cls_ob_ew_, (ulong)(size_t)(%s), "
				 "(ulong)(size_t)(%s), (uint)sizeof(*(%s)), (uint)(%s), (uint)(%s), "
				 "(uint)(%s)), ", side[0], side[1], arg[0], arg[1], arg[0], arg[2],
				 dst_local ? "1u" : stride, dst_local ? stride : "1u");
	} else {
		add_gap(p, s->bline, rc_xasprintf("the arguments of the async copy at line %d may have "
						  "a side effect (the log evaluates them once more): "
						  "the copy is not logged", s->bline));
	}
	for (unsigned k = 0; k < 4; k++)
		free(arg[k]);
	return t;
}

void ob_add_call(struct ob_plan *p, int line, int col)
{
	struct ob_barrier *b = RC_PUSH(p->bars, p->nbar, p->capbar);
	memset(b, 0, sizeof *b);
	b->bline = line;
	b->bcol = col;
	b->func = rc_xstrdup(p->kernel);
	b->traced = 1;
	b->call = 1;
}

static const char prelude[] =
	"uint cls_ob_grp_(void); uint cls_ob_grp_(void) { return (uint)(get_group_id(0) + "
	"get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2))); } "
	"uint cls_ob_slot_(void); uint cls_ob_slot_(void) { uint g = cls_ob_grp_(), n = (uint)"
	"(get_num_groups(0) * get_num_groups(1) * get_num_groups(2)); if (n <= %uu || g < %uu) "
	"return g; return g >= n - %uu ? g - (n - %uu) + %uu : %uu; } "
	"uint cls_ob_lid_(void); uint cls_ob_lid_(void) { return (uint)(get_local_id(0) + "
	"get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))); } "
	"uint cls_ob_hp_(const __private uchar *p, uint n); uint cls_ob_hp_(const __private uchar *p, "
	"uint n) { "
	"uint h = 2166136261u; for (uint i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u; return h; } "
	"uint cls_ob_hl_(const __local uchar *p, uint n); uint cls_ob_hl_(const __local uchar *p, "
	"uint n) { uint h = 2166136261u; for (uint i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u; "
	"return h; } "
	"uint cls_ob_hg_(const __global uchar *p, uint n); uint cls_ob_hg_(const __global uchar *p, "
	"uint n) { uint h = 2166136261u; for (uint i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u; "
	"return h; } "
	"void cls_ob_put_(__global uint *lg, volatile __global uint *cnt, uint seed, uint site, "
	"uint l, uint el, uint eg, uint es, uint ew, ulong a, uint v, uint hv); "
	"void cls_ob_put_(__global uint *lg, volatile __global uint *cnt, uint seed, uint site, "
	"uint l, uint el, uint eg, uint es, uint ew, ulong a, uint v, uint hv) { "
	"uint g = cls_ob_grp_(), s = cls_ob_slot_(); "
	"if (seed) { uint h = seed * 2654435761u ^ l * 40503u ^ g * 9176u ^ site * 7919u; "
	"h ^= h >> 13; h *= 1540483477u; h ^= h >> 15; "
	"for (volatile uint i = 0; i < (h & 1023u); i++) {} } "
	"if (s >= %uu) return; uint k = atomic_inc(&cnt[s]); if (k >= %uu) return; "
	"__global uint *r = lg + %uu * (s * %uu + k); r[0] = site; r[1] = l; r[2] = g; "
	"r[3] = el; r[4] = eg; r[5] = es; r[6] = (uint)a; r[7] = (uint)(a >> 32); r[8] = v; "
	"r[9] = hv; r[10] = ew; } "
	"void cls_ob_rec_(__global uint *lg, volatile __global uint *cnt, uint seed, uint site, "
	"uint el, uint eg, uint es, uint ew, ulong a, uint v, uint hv); "
	"void cls_ob_rec_(__global uint *lg, volatile __global uint *cnt, uint seed, uint site, "
	"uint el, uint eg, uint es, uint ew, ulong a, uint v, uint hv) { "
	"cls_ob_put_(lg, cnt, seed, site, cls_ob_lid_(), el, eg, es, ew, a, v, hv); } "
	/* the work-group's copy: work-item 0 logs its elements (observe.h);
	 * sub-group id 0xffff: no sub-group barrier orders it */
	"void cls_ob_cp_(__global uint *lg, volatile __global uint *cnt, uint sw, uint sr, uint nc, "
	"uint el, uint eg, uint ew, ulong d, ulong s, uint sz, uint n, uint ds, uint ss); "
	"void cls_ob_cp_(__global uint *lg, volatile __global uint *cnt, uint sw, uint sr, uint nc, "
	"uint el, uint eg, uint ew, ulong d, ulong s, uint sz, uint n, uint ds, uint ss) { "
	"if (cls_ob_lid_() != 0u) return; uint who = %uu | (nc & 0xffffu); "
	"for (uint k = 0; k < n; k++) { if (sw != 0xffffffffu) cls_ob_put_(lg, cnt, 0u, sw, who, "
	"el, eg, 0xffff0000u, ew, d + (ulong)k * ds * sz, 0u, 0u); if (sr != 0xffffffffu) "
	"cls_ob_put_(lg, cnt, 0u, sr, who, el, eg, 0xffff0000u, ew, s + (ulong)k * ss * sz, 0u, "
	"0u); } } "
	"void cls_ob_arr_(__global uint *arr, uint bar, uint f); "
	"void cls_ob_arr_(__global uint *arr, uint bar, uint f) { uint g = cls_ob_slot_(); "
	"if (g < %uu) { uint i = (bar * %uu + g) * %uu + cls_ob_lid_(); arr[i] += 1u; "
	"arr[%uu + i] |= f; arr[%uu + i] = arr[%uu + i] * 31u + f + 1u; } }\n"
	"#line 1\n";

size_t ob_log_uints(void)
{
	return (size_t)OB_GROUPS * OB_CAPACITY * OB_RECORD;
}

/* One of the three parts of the arrivals' buffer. */
static size_t arrival_part(const struct ob_plan *p, unsigned items)
{
	return (size_t)(p->nbar ? p->nbar : 1) * OB_GROUPS * items;
}

size_t ob_arrival_uints(const struct ob_plan *p, unsigned items)
{
	return 3 * arrival_part(p, items);
}

char *ob_instrument(struct ob_plan *p, const char *source, unsigned items, char *err,
		    size_t errlen)
{
	if (!p->pline) {
		snprintf(err, errlen, "kernel '%s' has no parameters to extend", p->kernel);
		return NULL;
	}
	/* A barrier in a helper: its epochs cannot be counted, so no access is
	 * logged (the arrivals are counted still). */
	int no_access = p->no_access != NULL;
	size_t len = strlen(source), nins = 0;
	struct insertion *ins = rc_xcalloc(3 * (p->n + p->nbar) + 2 * p->nwait + 4, sizeof *ins);
	long at = offset_of(source, len, p->pline, p->pcol);
	long open = at < 0 ? -1 : body_open(source, len, (size_t)at);
	if (at < 0 || open < 0) {
		free(ins);
		snprintf(err, errlen, "the kernel's body after %d:%d is not in the file", p->pline,
			 p->pcol);
		return NULL;
	}
	int sg = 0;
	for (unsigned i = 0; i < p->nbar; i++)
		sg |= p->bars[i].subgroup;
	ins[nins++] = (struct insertion){ (size_t)at, 0, 0,
		rc_xstrdup(", __global uint *cls_ob_log_, volatile __global uint *cls_ob_n_, "
			   "__global uint *cls_ob_arrive_, uint cls_ob_seed_") };
	ins[nins++] = (struct insertion){ (size_t)open + 1, 0, 0,
		rc_xstrdup(" uint cls_ob_el_ = 0, cls_ob_eg_ = 0, cls_ob_es_ = 0, cls_ob_ew_ = 0, "
			   "cls_ob_nc_ = 0;") };
	const char *sgid = sg ? "((uint)get_sub_group_id() << 16) | " : "";
	for (unsigned i = 0; i < p->n; i++) {
		const struct ob_site *s = &p->sites[i];
		if (s->traced != 1 || no_access)
			continue;
		long b = offset_of(source, len, s->bline, s->bcol);
		long e = offset_of(source, len, s->eline, s->ecol);
		if (b < 0 || e <= b || b <= open)
			continue;
		if (s->copy) {
			char *t = copy_log(p, i, source, len, (size_t)b, (size_t)e);
			if (t) {
				ins[nins++] = (struct insertion){ (size_t)b, 1, e, t };
				ins[nins++] = (struct insertion){ (size_t)e, 0, b, rc_xstrdup(")") };
			}
			continue;
		}
		int el = (int)(e - b);
		const char *E = source + b;
		char args[160];
		snprintf(args, sizeof args, "cls_ob_log_, cls_ob_n_, cls_ob_seed_, %uu, cls_ob_el_, "
			 "cls_ob_eg_, %scls_ob_es_, cls_ob_ew_", i, sgid);
		long semi = -1;
		if (s->write && !s->read && !s->atomic)
			semi = assignment_end(source, len, open, (size_t)b, (size_t)e);
		if (semi > 0) {
			/* `E = v;` becomes `{ __typeof__(&(E)) cls_ob_p_ = &(E);
			 * __typeof__((E) + 0) cls_ob_v_ = v; *(rec(.., cls_ob_p_,
			 * hash(cls_ob_v_)), cls_ob_p_) = cls_ob_v_; }`: E is evaluated
			 * once (the original E stays, inside a comment) */
			ins[nins++] = (struct insertion){ (size_t)b, 1, e,
				rc_xasprintf("{ __typeof__(&(%.*s)) cls_ob_p_ = &(%.*s); "
					     "__typeof__((%.*s) + 0) cls_ob_v_ /*", el, E, el, E, el, E) };
			ins[nins++] = (struct insertion){ (size_t)e, 0, b, rc_xstrdup("*/") };
			ins[nins++] = (struct insertion){ (size_t)semi + 1, 0, -1,
				rc_xasprintf(" *(cls_ob_rec_(%s, (ulong)(size_t)cls_ob_p_, cls_ob_hp_((const "
					     "__private uchar *)&cls_ob_v_, (uint)sizeof cls_ob_v_), 1u), cls_ob_p_) = "
					     "cls_ob_v_; }", args) };
			continue;
		}
		if (side_effect(source, (size_t)b, (size_t)e))
			continue; /* E would be evaluated twice */
		if (s->pointer) {
			/* an atomic's pointer argument P: `(rec(.., P), (P))` */
			ins[nins++] = (struct insertion){ (size_t)b, 1, e,
				rc_xasprintf("(cls_ob_rec_(%s, (ulong)(size_t)(", args) };
			ins[nins++] = (struct insertion){ (size_t)e, 0, b,
				rc_xasprintf("), 0u, 0u), (%.*s))", el, E) };
			continue;
		}
		/* a read records the value it finds (the element's bytes) */
		char val[160] = "0u, 0u";
		if (s->read && !s->write && !s->atomic && s->bytes)
			snprintf(val, sizeof val, "cls_ob_h%c_((const %s uchar *)&(%.*s), %uu), 1u",
				 s->local ? 'l' : 'g', s->local ? "__local" : "__global", el, E,
				 s->bytes);
		ins[nins++] = (struct insertion){ (size_t)b, 1, e,
			rc_xasprintf("(*(cls_ob_rec_(%s, (ulong)(size_t)&(", args) };
		ins[nins++] = (struct insertion){ (size_t)e, 0, b,
			rc_xasprintf("), %s), &(%.*s)))", val, el, E) };
	}
	for (unsigned i = 0; i < p->nbar; i++) {
		const struct ob_barrier *br = &p->bars[i];
		if (!br->traced)
			continue;
		long b = offset_of(source, len, br->bline, br->bcol);
		long e = br->call ? call_end(source, len, b) : offset_of(source, len, br->eline, br->ecol);
		if (b < 0 || e <= b) {
			for (size_t k = 0; k < nins; k++)
				free(ins[k].text);
			free(ins);
			snprintf(err, errlen, "the %s at line %d is not in the file",
				 br->call ? "call" : "barrier", br->bline);
			return NULL;
		}
		const char *bump = br->subgroup ? "cls_ob_es_++, "
				   : br->flags == 3 ? "cls_ob_el_++, cls_ob_eg_++, "
				   : br->flags == 2 ? "cls_ob_eg_++, "
				   : br->flags == 1 ? "cls_ob_el_++, " : "";
		/* the flags it passes: its first argument, once more (not a call's) */
		struct call_args ca;
		int args = !br->call && call_args(source, len, (size_t)b, &ca) && ca.n >= 1;
		char *f = args ? arg_code(source, &ca, 0) : NULL;
		if (!f && !br->call)
			add_gap(p, br->bline,
				rc_xasprintf("the flags of the barrier at line %d %s: they are not "
					     "recorded", br->bline, args ? "may have a side effect (the "
					     "log evaluates them once more)" : "are not in its call's text "
					     "(a macro?)"));
		ins[nins++] = (struct insertion){ (size_t)b, 1, e,
			rc_xasprintf("(cls_ob_arr_(cls_ob_arrive_, %uu, %s%s%s), %s", i, f ? "(uint)(" : "",
				     f ? f : "0u", f ? ")" : "", bump) };
		ins[nins++] = (struct insertion){ (size_t)e, 0, b, rc_xstrdup(")") };
		free(f);
	}
	/* Each wait bumps the wait epoch (ob_select logs no copy when a wait
	 * is not in the kernel's text). */
	for (unsigned i = 0; i < p->nwait; i++) {
		long b = offset_of(source, len, p->waits[i].bline, p->waits[i].bcol);
		long e = offset_of(source, len, p->waits[i].eline, p->waits[i].ecol);
		if (!p->waits[i].traced || b <= open || e <= b)
			continue;
		ins[nins++] = (struct insertion){ (size_t)b, 1, e, rc_xstrdup("(cls_ob_ew_++, ") };
		ins[nins++] = (struct insertion){ (size_t)e, 0, b, rc_xstrdup(")") };
	}
	qsort(ins, nins, sizeof *ins, cmp_ins);
	struct rc_buf out = { 0 };
	unsigned half = OB_GROUPS / 2;
	unsigned part = (unsigned)arrival_part(p, items);
	rc_buf_printf(&out, prelude, (unsigned)OB_GROUPS, half, half, half, half, (unsigned)OB_GROUPS,
		      (unsigned)OB_GROUPS, (unsigned)OB_CAPACITY, (unsigned)OB_RECORD,
		      (unsigned)OB_CAPACITY, OB_COPY_LID, (unsigned)OB_GROUPS, (unsigned)OB_GROUPS, items,
		      part, 2 * part, 2 * part);
	size_t done = 0;
	for (size_t i = 0; i < nins; i++) {
		rc_buf_addn(&out, source + done, ins[i].at - done);
		done = ins[i].at;
		rc_buf_add(&out, ins[i].text);
		free(ins[i].text);
	}
	rc_buf_addn(&out, source + done, len - done);
	free(ins);
	return out.s;
}

/* -------------------------------------------------------------- observe */

struct rec {
	uint32_t site, lid, grp, ep, es;  /* ep: the epoch of the object's space */
	int local;
	uint64_t addr;
	uint32_t value;                   /* hash of the value written or read */
	int has_value;
	uint32_t ew;                      /* the wait epoch */
	int copy;                         /* the work-group's copy (lid has OB_COPY_LID) */
};

/* Records by space, address, group, epoch: the records that can race are
 * neighbours. */
static int cmp_rec(const void *pa, const void *pb)
{
	const struct rec *a = pa, *b = pb;
	if (a->local != b->local)
		return a->local < b->local ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->grp != b->grp)
		return a->grp < b->grp ? -1 : 1;
	if (a->ep != b->ep)
		return a->ep < b->ep ? -1 : 1;
	return a->site < b->site ? -1 : a->site > b->site;
}

static void add_race(struct ob_plan *p, const struct rec *x, const struct rec *y, unsigned epoch,
		     int inter)
{
	if (x->site > y->site) {
		const struct rec *t = x; /* work-item 1 is site 1's */
		x = y;
		y = t;
	}
	for (unsigned i = 0; i < p->nraces; i++)
		if (p->races[i].s1 == x->site && p->races[i].s2 == y->site &&
		    p->races[i].inter == inter) {
			p->races[i].count++;
			return;
		}
	struct ob_race *r = RC_PUSH(p->races, p->nraces, p->capraces);
	*r = (struct ob_race){ x->site, y->site, x->lid, x->grp, y->lid, y->grp, x->addr, epoch, inter,
			       x->copy || y->copy, 1 };
}

/* Two records conflict: different work-items, one writes, not both atomic,
 * not ordered by a sub-group barrier between them (same sub-group, other
 * sub-group epoch); two plain writes of one value are counted in p->benign. */
static int conflict(struct ob_plan *p, const struct rec *x, const struct rec *y)
{
	const struct ob_site *a = &p->sites[x->site], *b = &p->sites[y->site];
	if (x->lid == y->lid && x->grp == y->grp)
		return 0;
	if (!a->write && !b->write)
		return 0;
	if (a->atomic && b->atomic)
		return 0;
	if (x->grp == y->grp && (x->es >> 16) == (y->es >> 16) && x->es != y->es)
		return 0;
	/* Two plain writes of one value: benign. */
	if (a->write && b->write && !a->read && !b->read && x->has_value && y->has_value &&
	    x->value == y->value) {
		p->benign++;
		return 0;
	}
	return 1;
}

/* Nonzero when a read record r of [b, e) (one address, group and epoch)
 * is benign: every write there stored the value it read, and its own
 * work-item is one of the writers. */
static int benign_read(const struct ob_plan *p, const struct rec *v, size_t b, size_t e,
		       const struct rec *r)
{
	if (!r->has_value || p->sites[r->site].write)
		return 0;
	int own = 0;
	for (size_t i = b; i < e; i++) {
		const struct ob_site *s = &p->sites[v[i].site];
		if (!s->write || v[i].copy)
			continue; /* a copy's window is not the epoch's: copy_races */
		if (s->read || !v[i].has_value || v[i].value != r->value)
			return 0;
		own |= v[i].lid == r->lid && v[i].grp == r->grp;
	}
	return own;
}

/* Nonzero when a record of [b, e) writes. */
static int any_write(const struct ob_plan *p, const struct rec *v, size_t b, size_t e)
{
	for (size_t i = b; i < e; i++)
		if (p->sites[v[i].site].write)
			return 1;
	return 0;
}

/* Nonzero when copy record c and record y of its group meet: y is a
 * work-item's access from the copy's epoch on and before the wait that
 * ends the copy, or another copy in flight with it (observe.h). */
static int in_flight(const struct rec *c, const struct rec *y)
{
	if (y->copy)
		return y->lid != c->lid && y->ew == c->ew;
	return y->ep >= c->ep && y->ew <= c->ew;
}

/* The races of the work-group's copies among records [b, e) (one space and
 * address), at most 64. */
static void copy_races(struct ob_plan *p, struct rec *v, size_t b, size_t e)
{
	unsigned found = 0;
	for (size_t x = b; x < e && found < 64; x++) {
		if (!v[x].copy)
			continue;
		for (size_t y = b; y < e && found < 64; y++)
			if (y != x && v[y].grp == v[x].grp && (!v[y].copy || y > x) &&
			    in_flight(&v[x], &v[y]) && conflict(p, &v[x], &v[y])) {
				add_race(p, &v[x], &v[y], v[x].ep, 0);
				found++;
			}
	}
}

/* The races among records [b, e), all of one space and address, sorted by
 * group and epoch: pairs within one group and epoch (a work-group's copy
 * apart: copy_races), then (__global) pairs of two groups.  One race a site
 * pair per run is enough. */
static void races_at(struct ob_plan *p, struct rec *v, size_t b, size_t e)
{
	if (!any_write(p, v, b, e))
		return;
	copy_races(p, v, b, e);
	for (size_t i = b; i < e;) {
		size_t j = i;
		while (j < e && v[j].grp == v[i].grp && v[j].ep == v[i].ep)
			j++;
		unsigned found = 0;
		if (any_write(p, v, i, j))
			for (size_t x = i; x < j && found < 64; x++)
				for (size_t y = x + 1; y < j && found < 64; y++)
					if (!v[x].copy && !v[y].copy && conflict(p, &v[x], &v[y]) &&
					    !benign_read(p, v, i, j, &v[x]) &&
					    !benign_read(p, v, i, j, &v[y])) {
						add_race(p, &v[x], &v[y], v[x].ep, 0);
						found++;
					}
		i = j;
	}
	/* __global: two groups, no epoch orders them.  Where the kernel has
	 * __global atomics, they may (a flag, a lock): then only a plain access
	 * and an atomic one to the same address count. */
	if (v[b].local)
		return;
	for (size_t x = b; x < e; x++) {
		if (!p->sites[v[x].site].write)
			continue;
		for (size_t y = b; y < e; y++)
			if (v[x].grp != v[y].grp && conflict(p, &v[x], &v[y]) &&
			    (!p->global_atomics ||
			     p->sites[v[x].site].atomic != p->sites[v[y].site].atomic)) {
				add_race(p, &v[x], &v[y], 0, 1);
				return;
			}
	}
}

unsigned ob_slot_group(unsigned slot, unsigned total)
{
	unsigned half = OB_GROUPS / 2;
	return total <= OB_GROUPS || slot < half ? slot : total - OB_GROUPS + slot;
}

void ob_observe(struct ob_plan *p, const uint32_t *log, const uint32_t *counts,
		const uint32_t *arrivals, unsigned total, unsigned items)
{
	unsigned groups = total < OB_GROUPS ? total : OB_GROUPS;
	p->nraces = p->ndivs = 0;
	p->records = p->lost = p->benign = 0;
	p->groups = groups;
	size_t n = 0;
	for (unsigned g = 0; g < OB_GROUPS; g++) {
		p->records += counts[g];
		if (counts[g] > OB_CAPACITY)
			p->lost += counts[g] - OB_CAPACITY;
		n += counts[g] < OB_CAPACITY ? counts[g] : OB_CAPACITY;
	}
	struct rec *v = rc_xcalloc(n + 1, sizeof *v);
	size_t m = 0;
	for (unsigned g = 0; g < OB_GROUPS; g++) {
		unsigned k = counts[g] < OB_CAPACITY ? counts[g] : OB_CAPACITY;
		for (unsigned i = 0; i < k; i++) {
			const uint32_t *r = log + (size_t)OB_RECORD * ((size_t)g * OB_CAPACITY + i);
			if (r[0] >= p->n)
				continue; /* a slot that was never written */
			int local = p->sites[r[0]].local;
			v[m++] = (struct rec){ r[0], r[1], r[2], local ? r[3] : r[4], r[5], local,
					       (uint64_t)r[6] | (uint64_t)r[7] << 32, r[8], r[9] != 0,
					       r[10], (r[1] & OB_COPY_LID) != 0 };
		}
	}
	qsort(v, m, sizeof *v, cmp_rec);
	for (size_t i = 0; i < m;) {
		size_t j = i;
		while (j < m && v[j].addr == v[i].addr && v[j].local == v[i].local)
			j++;
		races_at(p, v, i, j);
		i = j;
	}
	free(v);
	size_t part = arrival_part(p, items);
	for (unsigned b = 0; b < p->nbar; b++)
		for (unsigned g = 0; g < groups && g < OB_GROUPS; g++) {
			const uint32_t *a = arrivals + ((size_t)b * OB_GROUPS + g) * items;
			const uint32_t *fl = a + part, *seq = a + 2 * part;
			unsigned lo = a[0], hi = a[0], arrived = 0, other = 0;
			for (unsigned t = 0; t < items; t++) {
				lo = a[t] < lo ? a[t] : lo;
				hi = a[t] > hi ? a[t] : hi;
				arrived += a[t] > 0;
				if (!other && seq[t] != seq[0])
					other = t;
			}
			/* Equally often, but not with the same flags each time. */
			int flags = lo == hi && other;
			if (lo != hi || flags)
				*RC_PUSH(p->divs, p->ndivs, p->capdivs) =
					(struct ob_div){ b, ob_slot_group(g, total), arrived, items, lo, hi,
							 flags, 0, other, fl[0], fl[other] };
		}
}
