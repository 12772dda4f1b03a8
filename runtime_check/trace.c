/*
 * trace.c - instrument a kernel's __local accesses, and measure the bank
 * conflicts its execution shows (see trace.h).
 *
 * The instrumented copy keeps the kernel's text and line numbers: a
 * prelude on the first line ends with `#line 1`, the two new parameters go
 * after the last one, and each traced access E becomes
 * `(*CLS_TR_(site, &(E)))`, which records the address and then reads or
 * writes through it, so loads, stores and compound assignments keep their
 * meaning and E is evaluated once.
 */
#include "trace.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "proc.h"
#include "rc.h"

static void plan_reset(struct tr_plan *p)
{
	for (unsigned i = 0; i < p->n; i++) {
		free(p->sites[i].func);
		free(p->sites[i].object);
	}
	free(p->sites);
	free(p->kernel);
	memset(p, 0, sizeof *p);
}

void tr_plan_free(struct tr_plan *p)
{
	plan_reset(p);
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

int tr_plan_parse(struct tr_plan *p, const char *text, const char *kernel, char *err,
		  size_t errlen)
{
	plan_reset(p);
	p->kernel = rc_xstrdup(kernel);
	int have_model = 0, have_kernel = 0, rc = 0;
	char *copy = rc_xstrdup(text);
	for (char *line = copy, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char **w;
		int nw = rc_split_words(line, &w);
		if (nw == 5 && !strcmp(w[0], "bank-model")) {
			/* one per file analyzed: the same for all */
			p->banks = (unsigned)strtoul(w[1], NULL, 10);
			p->width = (unsigned)strtoul(w[2], NULL, 10);
			p->subgroup = (unsigned)strtoul(w[3], NULL, 10);
			p->phase = (unsigned)strtoul(w[4], NULL, 10);
			have_model = p->banks && p->width && p->subgroup && p->phase;
		} else if (nw == 3 && !strcmp(w[0], "kernel") && !strcmp(w[1], kernel)) {
			have_kernel = 1;
			if (strcmp(w[2], "-") && parse_pos(w[2], &p->pline, &p->pcol))
				p->pline = p->pcol = 0;
		} else if (nw == 9 && !strcmp(w[0], "local-access") && !strcmp(w[1], kernel)) {
			struct tr_site *s = RC_PUSH(p->sites, p->n, p->cap);
			memset(s, 0, sizeof *s);
			s->func = rc_xstrdup(w[2]);
			s->object = rc_xstrdup(w[8]);
			if (parse_pos(w[3], &s->bline, &s->bcol) || parse_pos(w[4], &s->eline, &s->ecol) ||
			    strlen(w[5]) >= sizeof s->kind) {
				snprintf(err, errlen, "unexpected dump line: %s", line);
				rc = -1;
			}
			snprintf(s->kind, sizeof s->kind, "%s", w[5]);
			s->bytes = (unsigned)strtoul(w[6], NULL, 10);
			s->predicted = strcmp(w[7], "?") ? atoi(w[7]) : -1;
			s->traced = !strcmp(s->func, kernel) && s->bytes > 0;
		}
		rc_free_words(w, nw);
	}
	free(copy);
	if (rc == 0 && !have_model) {
		snprintf(err, errlen, "the analyzer printed no bank model (too old a clsynclint?)");
		rc = -1;
	} else if (rc == 0 && !have_kernel) {
		snprintf(err, errlen, "the analyzer found no kernel '%s'", kernel);
		rc = -1;
	}
	return rc;
}

int tr_plan_load(struct tr_plan *p, const struct fnd_analyzer *a, const struct man_kernel *mk,
		 const char *kernel, char *err, size_t errlen)
{
	char **args = fnd_argv(a, mk, 0, "--dump=local-accesses");
	struct rc_buf out = { 0 }, errs = { 0 };
	struct proc_exit ex;
	int rc = -1;
	if (proc_capture(args, a->timeout, &out, &errs, &ex) != 0) {
		snprintf(err, errlen, "cannot run the analyzer '%s': %s", a->exe, strerror(errno));
	} else if (ex.timed_out || ex.signal || ex.code > 1) {
		char how[128];
		proc_describe_exit(&ex, how, sizeof how);
		snprintf(err, errlen, "the analyzer's --dump=local-accesses %s", how);
	} else {
		rc = tr_plan_parse(p, rc_buf_str(&out), kernel, err, errlen);
	}
	rc_buf_free(&out);
	rc_buf_free(&errs);
	for (int i = 0; args[i]; i++)
		free(args[i]);
	free(args);
	return rc;
}

/* ------------------------------------------------------------ instrument */

struct insertion {
	size_t at;
	int order;      /* at one offset: closes (by later start first), then opens
			 * (by later end first) */
	long long key;
	const char *text;
	char buf[48];
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

/* Byte offset of 1-based (line, col) in src, or -1. */
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

static const char prelude[] =
	"#define CLS_TR_(s, p) ({ __typeof__(p) cls_tr_p_ = (p); "
	"cls_tr_rec_(cls_tr_buf_, cls_tr_n_, (s), (uint)(size_t)cls_tr_p_); cls_tr_p_; }) "
	"\n"
	"void cls_tr_rec_(__global uint *b, volatile __global uint *n, uint s, uint a); "
	"void cls_tr_rec_(__global uint *b, volatile __global uint *n, uint s, uint a) { "
	"if (get_group_id(0) != 0 || get_group_id(1) != 0 || get_group_id(2) != 0) return; "
	"uint k = atomic_inc(n); if (k >= %uu) return; "
	"b[3 * k] = s; b[3 * k + 1] = (uint)(get_local_id(0) + get_local_size(0) * "
	"(get_local_id(1) + get_local_size(1) * get_local_id(2))); b[3 * k + 2] = a; }\n"
	"#line 1\n";

char *tr_instrument(const struct tr_plan *p, const char *source, char *err, size_t errlen)
{
	if (!p->pline) {
		snprintf(err, errlen, "kernel '%s' has no parameters to extend", p->kernel);
		return NULL;
	}
	size_t len = strlen(source), nins = 0;
	struct insertion *ins = rc_xcalloc(2 * p->n + 2, sizeof *ins);
	long at = offset_of(source, len, p->pline, p->pcol);
	if (at < 0) {
		free(ins);
		snprintf(err, errlen, "the end of the parameters (%d:%d) is not in the file",
			 p->pline, p->pcol);
		return NULL;
	}
	ins[nins++] = (struct insertion){ (size_t)at, 0, 0,
		", __global uint *cls_tr_buf_, volatile __global uint *cls_tr_n_", "" };
	unsigned traced = 0;
	for (unsigned i = 0; i < p->n; i++) {
		const struct tr_site *s = &p->sites[i];
		if (!s->traced)
			continue;
		long b = offset_of(source, len, s->bline, s->bcol);
		long e = offset_of(source, len, s->eline, s->ecol);
		if (b < 0 || e <= b)
			continue;
		struct insertion *o = &ins[nins++], *c = &ins[nins++];
		*o = (struct insertion){ (size_t)b, 1, e, NULL, "" };
		snprintf(o->buf, sizeof o->buf, "(*CLS_TR_(%uu, &(", i);
		o->text = NULL;
		*c = (struct insertion){ (size_t)e, 0, b, ")))", "" };
		traced++;
	}
	if (!traced) {
		free(ins);
		snprintf(err, errlen, "no __local access of kernel '%s' can be traced", p->kernel);
		return NULL;
	}
	qsort(ins, nins, sizeof *ins, cmp_ins);
	struct rc_buf out = { 0 };
	rc_buf_printf(&out, prelude, (unsigned)TR_CAPACITY);
	size_t done = 0;
	for (size_t i = 0; i < nins; i++) {
		rc_buf_addn(&out, source + done, ins[i].at - done);
		done = ins[i].at;
		rc_buf_add(&out, ins[i].text ? ins[i].text : ins[i].buf);
	}
	rc_buf_addn(&out, source + done, len - done);
	free(ins);
	return out.s;
}

/* -------------------------------------------------------------- observe */

unsigned tr_request_degree(const struct tr_plan *p, const uint32_t *addr, const int *active,
			   unsigned n, unsigned bytes)
{
	/* A phase serves at most the bytes of all banks at once (clsynclint's
	 * request_degree in analyzer/conflict.c: the same model). */
	unsigned phase = p->phase < p->banks * p->width ? p->phase : p->banks * p->width;
	unsigned per_phase = phase / (bytes ? bytes : 1);
	if (per_phase == 0)
		per_phase = 1;
	unsigned words_per = (bytes + p->width - 1) / p->width + 1;
	unsigned cap = per_phase * words_per + 1, worst = 0;
	uint32_t *words = rc_xmalloc(cap * sizeof *words);
	for (unsigned p0 = 0; p0 < n; p0 += per_phase) {
		unsigned nw = 0;
		for (unsigned t = p0; t < n && t < p0 + per_phase; t++) {
			if (!active[t])
				continue;
			uint32_t first = addr[t] / p->width, last = (addr[t] + bytes - 1) / p->width;
			for (uint32_t w = first; w <= last && nw < cap; w++) {
				int dup = 0;
				for (unsigned i = 0; i < nw && !dup; i++)
					dup = words[i] == w;
				if (!dup)
					words[nw++] = w;
			}
		}
		for (unsigned i = 0; i < nw; i++) {
			unsigned cnt = 0;
			for (unsigned j = 0; j < nw; j++)
				cnt += words[j] % p->banks == words[i] % p->banks;
			if (cnt > worst)
				worst = cnt;
		}
	}
	free(words);
	return worst;
}

struct event {
	uint32_t site, lid, addr, occ, seq;
};

static int cmp_event(const void *pa, const void *pb)
{
	const struct event *a = pa, *b = pb;
	if (a->site != b->site)
		return a->site < b->site ? -1 : 1;
	if (a->lid != b->lid)
		return a->lid < b->lid ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int cmp_request(const void *pa, const void *pb)
{
	const struct event *a = pa, *b = pb;
	if (a->site != b->site)
		return a->site < b->site ? -1 : 1;
	if (a->occ != b->occ)
		return a->occ < b->occ ? -1 : 1;
	return a->lid < b->lid ? -1 : a->lid > b->lid;
}

void tr_observe(struct tr_plan *p, const uint32_t *rec, size_t n)
{
	struct event *ev = rc_xcalloc(n + 1, sizeof *ev);
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		if (rec[3 * i] >= p->n)
			continue; /* a slot that was never written */
		ev[m++] = (struct event){ rec[3 * i], rec[3 * i + 1], rec[3 * i + 2], 0, (uint32_t)i };
	}
	/* A work-item's records of one site are in program order (the slots of
	 * one work-item's atomic increments grow): number its executions. */
	qsort(ev, m, sizeof *ev, cmp_event);
	for (size_t i = 0; i < m; i++)
		ev[i].occ = i && ev[i - 1].site == ev[i].site && ev[i - 1].lid == ev[i].lid
				    ? ev[i - 1].occ + 1 : 0;
	/* A request: one site, one execution, the lanes of one sub-group. */
	qsort(ev, m, sizeof *ev, cmp_request);
	unsigned sg = p->subgroup;
	uint32_t *addr = rc_xcalloc(sg, sizeof *addr);
	int *active = rc_xcalloc(sg, sizeof *active);
	for (size_t i = 0; i < m;) {
		size_t j = i;
		uint32_t first_sg = ev[i].lid / sg;
		memset(active, 0, sg * sizeof *active);
		while (j < m && ev[j].site == ev[i].site && ev[j].occ == ev[i].occ &&
		       ev[j].lid / sg == first_sg) {
			addr[ev[j].lid % sg] = ev[j].addr;
			active[ev[j].lid % sg] = 1;
			j++;
		}
		struct tr_site *s = &p->sites[ev[i].site];
		unsigned d = tr_request_degree(p, addr, active, sg, s->bytes);
		if (ev[i].occ == 0 && first_sg == 0)
			s->first = d;
		if (d > s->worst)
			s->worst = d;
		s->nreq++;
		i = j;
	}
	free(addr);
	free(active);
	free(ev);
}
