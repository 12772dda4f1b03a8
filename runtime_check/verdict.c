/*
 * verdict.c - evidence per backend, and the verdict of each row.
 *
 * A buggy kernel runs next to its fixed twin (the reference) with the same
 * arguments.  Evidence that needs the twin to be sound (a different result, a
 * hang, a crash, nondeterminism) counts only when the twin did not show the
 * same on this backend: a hang that both show is the backend's, not the
 * bug's.  Oclgrind's reports stand alone, but count for a finding only when
 * they name its line (or a line of its notes) and are of a kind its rule can
 * cause.
 */
#include "verdict.h"

#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "oclgrind.h"
#include "rc.h"
#include "observe.h"
#include "trace.h"

#define EV_OUTCOME (EV_WRONG | EV_NONDET | EV_HANG | EV_CRASH)
#define EV_REPORTS (EV_RACE | EV_DIVERGENCE | EV_INVALID | EV_UNINIT | EV_OTHER)

/* The evidence that can confirm a finding of `rule` ("" or NULL: none, as
 * for --no-static rows: any outcome or report). */
static unsigned accepted(const char *rule)
{
	if (!rule || !*rule)
		return EV_OUTCOME | EV_REPORTS;
	if (!strcmp(rule, "bank-conflict"))
		return EV_SLOWDOWN | EV_DEGREE;
	if (!strcmp(rule, "barrier-divergence"))
		return EV_OUTCOME | EV_DIVERGENCE | EV_INVALID | EV_UNINIT | EV_OBS_DIV;
	if (strstr(rule, "race") || !strcmp(rule, "barrier-fence") ||
	    !strcmp(rule, "subgroup-lockstep") || !strcmp(rule, "cross-group-sync"))
		return EV_OUTCOME | EV_RACE | EV_INVALID | EV_UNINIT | EV_OBS_RACE;
	return EV_OUTCOME | EV_REPORTS; /* a rule this harness does not know yet */
}

/* The evidence bit of an Oclgrind report kind. */
static unsigned report_bit(enum ogr_kind k)
{
	switch (k) {
	case OGR_RACE_RW:
	case OGR_RACE_WW:
		return EV_RACE;
	case OGR_DIVERGENCE:
		return EV_DIVERGENCE;
	case OGR_INVALID:
		return EV_INVALID;
	case OGR_UNINIT:
		return EV_UNINIT;
	case OGR_FATAL:
		return 0;
	case OGR_OTHER:
		break;
	}
	return EV_OTHER;
}

/* The name of one evidence bit, as the table prints it. */
static const char *ev_name(unsigned bit)
{
	switch (bit) {
	case EV_WRONG:
		return "wrong result";
	case EV_NONDET:
		return "nondeterministic";
	case EV_HANG:
		return "hang";
	case EV_CRASH:
		return "crash";
	case EV_RACE:
		return "race report";
	case EV_DIVERGENCE:
		return "divergence report";
	case EV_INVALID:
		return "invalid-access report";
	case EV_UNINIT:
		return "uninitialized-value report";
	case EV_OTHER:
		return "Oclgrind report";
	case EV_DEGREE:
		return "conflict degree observed";
	case EV_OBS_RACE:
		return "observed race";
	case EV_OBS_DIV:
		return "observed divergence";
	}
	return "slower";
}

/* Working state of one cell. */
struct cellwork {
	unsigned ev;             /* evidence that counts */
	struct rc_buf detail;    /* "; "-separated details */
	char crash[96];          /* what crashed: "SIGSEGV", "build error", a CL error */
	char unobserved[320];    /* why the instrumented copy cannot show it, if so */
};

RC_PRINTF(2, 3)
static void add_detail(struct cellwork *w, const char *fmt, ...)
{
	char s[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	if (w->detail.len)
		rc_buf_add(&w->detail, "; ");
	rc_buf_add(&w->detail, s);
}

/* Set a cell to "not run (why)". */
RC_PRINTF(3, 4)
static void not_run(struct vd_cell *cell, int infra, const char *fmt, ...)
{
	char s[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	rc_one_line(s, 300);
	cell->status = VD_NOT_RUN;
	cell->infra = infra;
	cell->text = rc_xasprintf("not run (%s)", s);
}

/* Text of the evidence bits `ev`: "wrong result, crash: SIGSEGV". */
static char *ev_text(unsigned ev, const char *crash)
{
	struct rc_buf b = { 0 };
	for (unsigned bit = 1; bit <= EV_OBS_DIV; bit <<= 1) {
		if (!(ev & bit))
			continue;
		if (b.len)
			rc_buf_add(&b, ", ");
		rc_buf_add(&b, ev_name(bit));
		if (bit == EV_CRASH && crash && *crash)
			rc_buf_printf(&b, ": %s", crash);
	}
	return b.s ? b.s : rc_xstrdup("");
}

/* What crashed in run r, for "crash: X": the signal, "build error", or the
 * OpenCL error of the failed launch. */
static void crash_name(const struct run_result *r, char *out, size_t n)
{
	if (r->status == RUN_BUILD_ERROR)
		snprintf(out, n, "build error");
	else if (r->status == RUN_EXEC_ERROR)
		snprintf(out, n, "%s", r->cl_error ? r->cl_error : "launch error");
	else if (r->why && !strncmp(r->why, "signal ", 7))
		sscanf(r->why + 7, "%95s", out);
	else
		snprintf(out, n, "%s", "exit");
}

/* Did run r fail the way a bug makes it fail: hang, crash, build or launch
 * error?  Returns the evidence bit, 0 when it did not. */
static unsigned failure_bit(const struct run_result *r)
{
	switch (r->status) {
	case RUN_HANG:
		return EV_HANG;
	case RUN_CRASH:
	case RUN_BUILD_ERROR:
	case RUN_EXEC_ERROR:
		return EV_CRASH;
	default:
		return 0;
	}
}

/* Nonzero when Oclgrind report rep names the finding's line or one of its
 * notes' lines. */
static int report_on_finding(const struct ogr_report *rep, const struct fnd_finding *f)
{
	if (ogr_names_line(rep, f->line))
		return 1;
	for (unsigned i = 0; i < f->nnotes; i++)
		if (ogr_names_line(rep, f->notes[i].line))
			return 1;
	return 0;
}

/* Describe report rep: "read-write race at lines 16, 17 (x63)". */
static void describe_report(const struct ogr_report *rep, struct rc_buf *b)
{
	rc_buf_add(b, ogr_kind_name(rep->kind));
	for (unsigned i = 0; i < rep->nlines; i++)
		rc_buf_printf(b, "%s%d", i == 0 ? (rep->nlines > 1 ? " at lines " : " at line ") : ", ",
			      rep->lines[i]);
	if (rep->kind == OGR_OTHER || rep->kind == OGR_FATAL)
		rc_buf_printf(b, " (%s)", rep->head);
	if (rep->count > 1)
		rc_buf_printf(b, " (x%u)", rep->count);
}

/* Add Oclgrind's reports of run r to w: those of kinds in `accept` that name
 * the finding's lines (any line when f is NULL) count as evidence; the others
 * are listed as details after `others` ("other Oclgrind reports").  Returns
 * the bits of all reports seen. */
static unsigned add_reports(struct cellwork *w, const struct run_result *r,
			    const struct fnd_finding *f, unsigned accept, const char *others)
{
	struct rc_buf other = { 0 };
	unsigned seen = 0;
	for (unsigned i = 0; i < r->ogr.n; i++) {
		const struct ogr_report *rep = &r->ogr.items[i];
		unsigned bit = report_bit(rep->kind);
		seen |= bit;
		struct rc_buf d = { 0 };
		describe_report(rep, &d);
		if ((bit & accept) && (!f || report_on_finding(rep, f))) {
			w->ev |= bit;
			add_detail(w, "Oclgrind: %s", d.s);
		} else {
			rc_buf_printf(&other, "%s%s", other.len ? ", " : "", d.s);
		}
		rc_buf_free(&d);
	}
	if (other.len)
		add_detail(w, "%s: %s", others, other.s);
	if (r->ogr.truncated)
		add_detail(w, "Oclgrind stopped reporting after 1000 errors");
	rc_buf_free(&other);
	return seen;
}

/* Compare the first-run outputs of runs a (the buggy kernel) and b (the
 * reference) at every local size; adds a detail for the first difference and
 * returns nonzero when there is one. */
static int outputs_differ(struct cellwork *w, const struct run_result *a,
			  const struct run_result *b, const struct man_kernel *mk,
			  const struct cmp_opts *cmp, const char *b_name)
{
	for (unsigned l = 0; l < mk->nlocal; l++) {
		for (unsigned i = 0; i < mk->nargs; i++) {
			const struct man_arg *arg = &mk->args[i];
			if (arg->kind != MAN_ARG_BUFFER || arg->dir == MAN_IN || !a->out[l][i] ||
			    !b->out[l][i])
				continue;
			size_t na, nb;
			char *da = rc_read_file(a->out[l][i], &na);
			char *db = rc_read_file(b->out[l][i], &nb);
			int differ = 0;
			size_t want = arg->count * arg->type.size;
			if (da && db && na == want && nb == want) {
				struct cmp_diff d;
				if (cmp_buffers(da, db, &arg->type, arg->count, cmp, &d)) {
					char what[32], msg[512], lsz[64];
					snprintf(what, sizeof what, "arg.%u", i);
					cmp_describe(&d, what, &arg->type, "", b_name, msg, sizeof msg);
					man_format_size(mk->local[l], mk->dims, lsz, sizeof lsz);
					add_detail(w, "%s (local size %s)", msg, lsz);
					differ = 1;
				}
			}
			free(da);
			free(db);
			if (differ)
				return 1;
		}
	}
	return 0;
}

/* The finding cannot be observed here, and why: a detail, and the reason
 * a "not reproduced" cell gives. */
/* Is a barrier on `line` counted in the kernel's own text? */
static int counted_barrier(const struct ob_plan *p, int line)
{
	for (unsigned i = 0; i < p->nbar; i++)
		if (p->bars[i].bline == line && p->bars[i].traced && !p->bars[i].call)
			return 1;
	return 0;
}

static void not_observed(struct cellwork *w, const char *why)
{
	add_detail(w, "not observed: %s", why);
	if (!w->unobserved[0])
		snprintf(w->unobserved, sizeof w->unobserved, "%s", why);
}

/* Finish a finding's cell from w: confirmed when some evidence counts, else
 * not reproduced (the kernel ran; with why it cannot be observed, when it
 * cannot) or not run. */
static void finish_finding(struct vd_cell *cell, struct cellwork *w, int ran, const char *why)
{
	if (w->ev) {
		char *t = ev_text(w->ev, w->crash);
		cell->status = VD_CONFIRMED;
		cell->text = rc_xasprintf("confirmed (%s)", t);
		free(t);
	} else if (ran) {
		cell->status = VD_NOT_REPRODUCED;
		cell->text = w->unobserved[0] ? rc_xasprintf("not reproduced (not observable: %s)",
							     w->unobserved)
					      : rc_xstrdup("not reproduced");
	} else {
		not_run(cell, 0, "%s", why);
	}
	cell->evidence = w->ev;
	cell->detail = w->detail.s;
}

/* The median of the n kernel times at ns (sorted in place). */
static double median(unsigned long long *ns, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && ns[j - 1] > ns[j]; j--) {
			unsigned long long t = ns[j];
			ns[j] = ns[j - 1];
			ns[j - 1] = t;
		}
	return n % 2 ? (double)ns[n / 2] : ((double)ns[n / 2 - 1] + (double)ns[n / 2]) / 2;
}

/* A bank-conflict finding (or a timing section's row): the kernel and its
 * reference each run `runs` times with profiling; the ratio of the median
 * kernel times confirms when it reaches o->min_slowdown. */
static void eval_timing(struct vd_cell *cell, struct run_ctx *rc, const struct be_backend *be,
			const struct man_kernel *mk, const struct vd_opts *o)
{
	if (!be_is_gpu(be) && !(o->cpu_timing && !be->is_oclgrind)) {
		not_run(cell, 0, "timing needs a GPU");
		return;
	}
	const struct run_result *k = run_kernel(rc, be, mk, mk->path);
	const struct run_result *r = run_kernel(rc, be, mk, mk->ref_path);
	const struct run_result *bad = k->status != RUN_OK ? k : r->status != RUN_OK ? r : NULL;
	if (bad) {
		not_run(cell, bad->status == RUN_SETUP_ERROR, "%s: %s: %s",
			bad == k ? mk->section : mk->reference, run_status_name(bad->status),
			bad->why ? bad->why : "");
		return;
	}
	if (!k->nns || !r->nns) {
		not_run(cell, 0, "no profiling times from this device");
		return;
	}
	unsigned long long *a = rc_xmalloc(k->nns * sizeof *a);
	unsigned long long *b = rc_xmalloc(r->nns * sizeof *b);
	memcpy(a, k->ns, k->nns * sizeof *a);
	memcpy(b, r->ns, r->nns * sizeof *b);
	double ma = median(a, k->nns), mb = median(b, r->nns);
	free(a);
	free(b);
	struct cellwork w = { 0 };
	cell->ratio = mb > 0 ? ma / mb : 0;
	add_detail(&w, "median %.4g ms against %.4g ms for %s over %u runs each", ma / 1e6, mb / 1e6,
		   mk->reference, k->nns < r->nns ? k->nns : r->nns);
	if (outputs_differ(&w, k, r, mk, &rc->cmp, "in the reference"))
		add_detail(&w, "the outputs differ, so the twin is not an equivalent kernel");
	if (cell->ratio >= o->min_slowdown) {
		cell->status = VD_CONFIRMED;
		cell->evidence = EV_SLOWDOWN;
		cell->text = rc_xasprintf("confirmed (%.1fx slower)", cell->ratio);
	} else {
		cell->status = VD_NOT_REPRODUCED;
		cell->text = rc_xasprintf("not reproduced (%.2fx)", cell->ratio);
	}
	cell->detail = w.detail.s;
}

/* Where the address trace can stand in for timing: a section that asks for
 * it (trace = yes) on a CPU device. */
static int traceable(const struct be_backend *be, const struct man_kernel *mk,
		     const struct vd_opts *o)
{
	return mk->trace && !be_is_gpu(be) && !(o->cpu_timing && !be->is_oclgrind);
}

static const struct tr_site *site_at(const struct tr_plan *p, int line, int col)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->sites[i].bline == line && p->sites[i].bcol == col)
			return &p->sites[i];
	return NULL;
}

static void trace_detail(struct cellwork *w, const struct tr_result *t, const struct tr_site *s)
{
	add_detail(w, "address trace of work-group 0: the first request of sub-group 0 is %u-way, "
		   "the worst of %u request%s %u-way (%u banks of %u bytes, sub-groups of %u)",
		   s->first, s->nreq, s->nreq == 1 ? "" : "s", s->worst, t->plan.banks, t->plan.width,
		   t->plan.subgroup);
	if (t->total > TR_CAPACITY)
		add_detail(w, "%llu accesses, the first %u kept", t->total, (unsigned)TR_CAPACITY);
}

/* A bank-conflict finding on a CPU: the degree the trace shows for the
 * finding's access must be the one the message predicts. */
static void eval_trace(struct vd_cell *cell, struct run_ctx *rc, const struct be_backend *be,
		       const struct vd_row *row, const struct vd_opts *o)
{
	const struct tr_result *t = tr_run(rc, be, row->mk, o->analyzer);
	if (!t->ok) {
		not_run(cell, 0, "address trace: %s", t->why);
		return;
	}
	const struct tr_site *s = site_at(&t->plan, row->line, row->col);
	unsigned predicted = 0;
	if (!s || !s->traced) {
		not_run(cell, 0, "address trace: the access at line %d is not traceable (not in "
			"the kernel's own text, or not an addressable lvalue)", row->line);
		return;
	}
	if (sscanf(row->message, "%u-way", &predicted) != 1)
		predicted = s->predicted > 0 ? (unsigned)s->predicted : 0;
	struct cellwork w = { 0 };
	trace_detail(&w, t, s);
	if (s->first == 0) {
		cell->status = VD_NOT_REPRODUCED;
		cell->text = rc_xstrdup("not reproduced (the access did not run in sub-group 0)");
	} else if (s->first == predicted) {
		cell->status = VD_CONFIRMED;
		cell->evidence = EV_DEGREE;
		cell->text = rc_xasprintf("confirmed (degree %u observed)", s->first);
	} else {
		cell->status = VD_NOT_REPRODUCED;
		cell->text = rc_xasprintf("not reproduced (degree %u observed, %u predicted)",
					  s->first, predicted);
	}
	cell->detail = w.detail.s;
}

/* A kernel that must stay clean and asks for a trace: every access whose
 * degree the analyzer computed (and found below the reporting threshold)
 * must show that degree.  Accesses it could not compute are listed only. */
static void trace_clean(struct cellwork *w, struct run_ctx *rc, const struct be_backend *be,
			const struct man_kernel *mk, const struct vd_opts *o)
{
	const struct tr_result *t = tr_run(rc, be, mk, o->analyzer);
	if (!t->ok) {
		add_detail(w, "address trace not run: %s", t->why);
		return;
	}
	unsigned checked = 0;
	for (unsigned i = 0; i < t->plan.n; i++) {
		const struct tr_site *s = &t->plan.sites[i];
		if (!s->traced || !s->nreq)
			continue;
		if (s->predicted < 0) {
			if (s->worst >= 2)
				add_detail(w, "address trace: %s at line %d is %u-way at worst (not "
					   "predicted, not counted)", s->object, s->bline, s->worst);
			continue;
		}
		checked++;
		if (s->first != (unsigned)s->predicted) {
			w->ev |= EV_DEGREE;
			add_detail(w, "address trace: %s at line %d is %u-way, %d-way predicted",
				   s->object, s->bline, s->first, s->predicted);
		}
	}
	if (!(w->ev & EV_DEGREE))
		add_detail(w, "address trace: %u access%s as predicted (%u banks of %u bytes, "
			   "sub-groups of %u)", checked, checked == 1 ? "" : "es", t->plan.banks,
			   t->plan.width, t->plan.subgroup);
}

/* The lines of finding f (its own and its notes'), at most cap. */
static unsigned finding_lines(const struct fnd_finding *f, int *lines, unsigned cap)
{
	unsigned n = 0;
	lines[n++] = f->line;
	for (unsigned i = 0; i < f->nnotes && n < cap; i++)
		lines[n++] = f->notes[i].line;
	return n;
}

static int in_lines(int line, const int *lines, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (lines[i] == line)
			return 1;
	return 0;
}

/* "work-item 3 of group 0" or "the async copy of group 0" (observe.h) */
static void describe_party(struct rc_buf *b, uint32_t lid, uint32_t grp)
{
	if (lid & OB_COPY_LID)
		rc_buf_printf(b, "the async copy of group %u", grp);
	else
		rc_buf_printf(b, "work-item %u of group %u", lid, grp);
}

/* "work-item 3 of group 0 writes tile at line 17, work-item 4 of group 0
 * reads it at line 18, in barrier epoch 0" */
static void describe_race(struct rc_buf *b, const struct ob_plan *p, const struct ob_race *r)
{
	const struct ob_site *x = &p->sites[r->s1], *y = &p->sites[r->s2];
	describe_party(b, r->lid1, r->grp1);
	rc_buf_printf(b, " %s %s at line %d, ",
		      x->atomic ? "atomically updates" : x->write ? "writes" : "reads", x->object,
		      x->bline);
	describe_party(b, r->lid2, r->grp2);
	rc_buf_printf(b, " %s it at line %d, ",
		      y->atomic ? "atomically updates" : y->write ? "writes" : "reads", y->bline);
	if (r->inter)
		rc_buf_add(b, "in two work-groups (no barrier orders them)");
	else if (r->copy)
		rc_buf_printf(b, "while the copy is in flight (from barrier epoch %u until its "
			      "wait_group_events)", r->epoch);
	else
		rc_buf_printf(b, "in one barrier epoch (%u)", r->epoch);
	rc_buf_printf(b, " (%llu such pair%s)", r->count, r->count == 1 ? "" : "s");
}

/* Fence flags as the kernel writes them: "CLK_LOCAL_MEM_FENCE | ..." */
static void describe_flags(struct rc_buf *b, unsigned f)
{
	static const char *const names[] = { "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE",
					     "CLK_IMAGE_MEM_FENCE" };
	if (!f || f > 7) {
		rc_buf_printf(b, "%u", f);
		return;
	}
	for (unsigned i = 0, n = 0; i < 3; i++)
		if (f & 1u << i)
			rc_buf_printf(b, "%s%s", n++ ? " | " : "", names[i]);
}

/* "the barrier at line 9: in work-group 0, 3 of 64 work-items arrived (0
 * to 1 times each)", or for flags that differ, "barrier flags differ
 * between work-items: ..." */
static void describe_div(struct rc_buf *b, const struct ob_plan *p, const struct ob_div *d)
{
	const struct ob_barrier *br = &p->bars[d->bar];
	if (d->flags) {
		rc_buf_printf(b, "barrier flags differ between work-items: the barrier at line %d: in "
			      "work-group %u, work-item %u passed ", br->bline, d->group, d->lid1);
		describe_flags(b, d->flags1);
		rc_buf_printf(b, ", work-item %u passed ", d->lid2);
		describe_flags(b, d->flags2);
		rc_buf_printf(b, " (all %u work-items arrived %u time%s)", d->items, d->lo,
			      d->lo == 1 ? "" : "s");
		return;
	}
	rc_buf_printf(b, "the %s at line %d: in work-group %u, %u of %u work-items arrived (%u to "
		      "%u times each)", br->call ? "call (of a helper with a barrier)" : "barrier",
		      br->bline, d->group, d->arrived, d->items, d->lo, d->hi);
}

/* The work-items the static witness names ("work-item 32 writes it ...
 * work-item 64 reads it"), -1 where none. */
/* One work-item of a finding's message at p: "7", or "(1,0)" made linear
 * with the local size lsz, as the log counts them; -1 when unreadable. */
static long witness_item(const char *p, const size_t lsz[3])
{
	char *end;
	if (*p != '(') {
		long v = strtol(p, &end, 10);
		return end == p ? -1 : v;
	}
	long lin = 0, scale = 1;
	p++;
	for (unsigned d = 0; d < 3; d++) {
		long v = strtol(p, &end, 10);
		if (end == p)
			return -1;
		lin += v * scale;
		scale *= lsz[d] ? (long)lsz[d] : 1;
		p = end;
		if (*p == ')')
			return lin;
		if (*p++ != ',')
			return -1;
	}
	return -1;
}

static void witness_items(const char *msg, const size_t lsz[3], long *a, long *b)
{
	*a = *b = -1;
	const char *p = strstr(msg, "work-item ");
	if (p)
		*a = witness_item(p + 10, lsz);
	p = p ? strstr(p + 10, "work-item ") : NULL;
	if (p)
		*b = witness_item(p + 10, lsz);
}

/* Which backend observes `row` (NULL: a clean kernel) when not `be`: a GPU
 * observes everything; of the CPU backends, one is enough (the log's epochs
 * do not depend on the schedule), PoCL (faster) for races, Oclgrind for
 * divergence (PoCL runs a divergent barrier's region for every work-item)
 * and for clean kernels (both), within --oclgrind-max-items.  Returns the
 * other backend's id, or NULL when `be` observes. */
static const char *observer(const struct be_backend *be, const struct vd_row *row,
			    const struct man_kernel *mk, const struct vd_opts *o)
{
	if (be_is_gpu(be))
		return NULL;
	int want_ogr = !row || !strcmp(row->rule, "barrier-divergence");
	const struct be_backend *pick = NULL;
	for (unsigned b = 0; b < o->nbes; b++) {
		const struct be_backend *c = o->bes[b];
		if (be_is_gpu(c))
			continue;
		if (c->is_oclgrind && man_work_items(mk) > o->oclgrind_max_items)
			continue;
		if (!pick || (c->is_oclgrind == want_ogr && pick->is_oclgrind != want_ogr))
			pick = c;
	}
	return !pick || pick == be ? NULL : pick->id;
}

/* Observation for a finding of a race or divergence rule: the instrumented
 * copy's log (observe.h), and on a GPU its outputs under delays against the
 * reference run `ref` (NULL: none, or not sound); k is the plain run. */
static void observe_finding(struct cellwork *w, struct run_ctx *rc, const struct be_backend *be,
			    const struct vd_row *row, unsigned accept, const struct vd_opts *o,
			    const struct run_result *ref, const struct run_result *k)
{
	if (!(accept & (EV_OBS_RACE | EV_OBS_DIV)) || row->kind != VD_ROW_FINDING)
		return;
	if (k->status == RUN_HANG) {
		/* The copy would hang the same way, and the log never comes back. */
		not_observed(w, "the kernel itself hangs here");
		return;
	}
	int lines[64];
	unsigned n = finding_lines(row->finding, lines, 64);
	const char *where = observer(be, row, row->mk, o);
	if (where) {
		add_detail(w, "observed on %s (one CPU backend observes each row)", where);
		return;
	}
	/* One copy for all the findings of the section (their lines, their
	 * calls of helpers with barriers, where arrivals are counted too). */
	int own_call[2] = { row->line, row->col };
	int call = (accept & EV_OBS_DIV) && !strncmp(row->message, "call to '", 9);
	const struct ob_result *ob =
		row->obs_lines ? ob_run(rc, be, row->mk, row->mk->path, o->analyzer, row->obs_lines,
					row->nobs_lines, row->obs_calls, row->nobs_calls / 2)
			       : ob_run(rc, be, row->mk, row->mk->path, o->analyzer, lines, n,
					own_call, call ? 1 : 0);
	if (!ob->ok) {
		not_observed(w, ob->why);
		return;
	}
	const struct ob_plan *p = &ob->plan;
	const char *gap = ob_gap_on(p, lines, n);
	if ((accept & EV_OBS_RACE) && p->no_access) {
		not_observed(w, p->no_access);
	} else if (accept & EV_OBS_RACE) {
		/* The best pair: on the finding's line and a line of its notes (the
		 * witness's two accesses), else one access on those lines. */
		const struct ob_race *best = NULL;
		int both = 0;
		for (unsigned i = 0; i < p->nraces; i++) {
			const struct ob_race *r = &p->races[i];
			int a = p->sites[r->s1].bline, b = p->sites[r->s2].bline;
			int l1 = in_lines(a, lines, n), l2 = in_lines(b, lines, n);
			int match = l1 && l2 && (a == lines[0] || b == lines[0]);
			if ((l1 || l2) && (!best || (match && !both))) {
				best = r;
				both = match;
			}
		}
		if (best) {
			struct rc_buf d = { 0 };
			long wa, wb;
			describe_race(&d, p, best);
			witness_items(row->message, row->mk->local[0], &wa, &wb);
			w->ev |= EV_OBS_RACE;
			add_detail(w, "observed race: %s; %s the static witness's lines%s", d.s,
				   both ? "matches" : "only one access on", both ? "" : " (another pair)");
			if (wa >= 0 && wb >= 0)
				add_detail(w, "the witness names work-items %ld and %ld", wa, wb);
			rc_buf_free(&d);
		} else if (gap) {
			not_observed(w, gap);
		} else if (strstr(row->message, "before the copy is waited for") && p->nwait > 1) {
			/* observe.h: the log's waits end every copy */
			not_observed(w, "the log ends every async copy at the next wait_group_events, "
				     "whichever events it waits for: a copy left in flight across a "
				     "wait for another event is not seen in flight");
		} else if (!strcmp(row->rule, "cross-group-sync")) {
			not_observed(w, "a wait for another work-group shows as a hang, on a device "
				     "that leaves a started group unscheduled while others spin; a "
				     "log of accesses does not show it");
		} else if (p->global_atomics && !strcmp(row->rule, "inter-group-race")) {
			/* The log has each access, not the order the kernel's own
			 * atomics impose between groups (observe.c). */
			not_observed(w, "the kernel orders work-groups with __global atomics of its "
				     "own (a lock, a flag, a home-made barrier), which may order "
				     "two groups' plain accesses, so only a plain access against "
				     "an atomic one counts; the race is in the memory model, not "
				     "in a log of accesses");
		} else {
			add_detail(w, "instrumented: no race among %llu accesses of %u work-group%s",
				   p->records, p->groups, p->groups == 1 ? "" : "s");
			if (p->benign)
				add_detail(w, "%llu pair%s of writes of one value left out (benign)",
					   p->benign, p->benign == 1 ? "" : "s");
		}
	}
	if (accept & EV_OBS_DIV) {
		const struct ob_div *best = NULL;
		for (unsigned i = 0; i < p->ndivs && !best; i++)
			if (in_lines(p->bars[p->divs[i].bar].bline, lines, n))
				best = &p->divs[i];
		if (best) {
			struct rc_buf d = { 0 };
			describe_div(&d, p, best);
			w->ev |= EV_OBS_DIV;
			add_detail(w, "observed divergence: %s", d.s);
			rc_buf_free(&d);
		} else if (gap) {
			not_observed(w, gap);
		} else if (!strncmp(row->message, "async copy", 10) ||
			   strstr(row->message, "wait_group_events")) {
			not_observed(w, "arrivals are counted at barriers, not at async copies and "
				     "waits, and the work-items' copy arguments are not compared");
		} else if (!counted_barrier(p, row->line)) {
			not_observed(w, "the barrier is in a helper, whose arrivals are counted once "
				     "per call of it in the kernel: a loop in the helper that runs a "
				     "different number of times in each work-item is not counted");
		} else {
			add_detail(w, "instrumented: every work-item of %u group%s arrived at each of "
				   "%u barrier%s equally often%s", p->groups, p->groups == 1 ? "" : "s",
				   p->nbar, p->nbar == 1 ? "" : "s",
				   p->ndivs ? " (but not at the finding's)" : "");
		}
	}
	if (p->lost)
		add_detail(w, "log overflow: %llu of %llu accesses not kept (%u a work-group)",
			   p->lost, p->records, (unsigned)OB_CAPACITY);
	/* Delays (GPU): a different result, or results that change between seeds. */
	if (ref && ob->run && (accept & EV_WRONG) && be_is_gpu(be) &&
	    outputs_differ(w, ob->run, ref, row->mk, &rc->cmp, "in the reference (under delays)"))
		w->ev |= EV_WRONG;
	if (ob->run && be_is_gpu(be) && (accept & EV_NONDET) && ob->run->nnondet) {
		w->ev |= EV_NONDET;
		add_detail(w, "under delays: %s", ob->run->nondet[0]);
	}
}

/* A kernel that must stay clean, instrumented on every object: an observed
 * race or divergence is a harness failure or a miss of the analyzer. */
static void observe_clean(struct cellwork *w, struct run_ctx *rc, const struct be_backend *be,
			  const struct man_kernel *mk, const struct vd_opts *o)
{
	if (mk->compare == MAN_CMP_TIMING)
		return;
	const char *where = observer(be, NULL, mk, o);
	if (where) {
		add_detail(w, "observed on %s", where);
		return;
	}
	const struct ob_result *ob = ob_run(rc, be, mk, mk->path, o->analyzer, NULL, 0, NULL, 0);
	if (!ob->ok) {
		add_detail(w, "not observed: %s", ob->why);
		return;
	}
	const struct ob_plan *p = &ob->plan;
	if (p->nraces) {
		struct rc_buf d = { 0 };
		describe_race(&d, p, &p->races[0]);
		w->ev |= EV_OBS_RACE;
		add_detail(w, "OBSERVED RACE in a kernel that must stay clean (a harness failure or a "
			   "miss of the analyzer): %s", d.s);
		rc_buf_free(&d);
	}
	if (p->ndivs) {
		struct rc_buf d = { 0 };
		describe_div(&d, p, &p->divs[0]);
		w->ev |= EV_OBS_DIV;
		add_detail(w, "OBSERVED DIVERGENCE in a kernel that must stay clean: %s", d.s);
		rc_buf_free(&d);
	}
	if (!p->nraces && !p->ndivs)
		add_detail(w, "instrumented: no race, no divergence among %llu accesses of %u "
			   "work-group%s", p->records, p->groups, p->groups == 1 ? "" : "s");
	if (p->no_access)
		add_detail(w, "(%s)", p->no_access);
	if (p->lost)
		add_detail(w, "log overflow: %llu of %llu accesses not kept", p->lost, p->records);
}

/* A finding whose kernel has no reference to compare with (launched with
 * the arguments its condition needs, say): only what needs no twin counts,
 * a hang, a crash, output that changes between runs, Oclgrind's reports. */
static void eval_alone(struct vd_cell *cell, struct run_ctx *rc, const struct be_backend *be,
		       const struct vd_row *row, unsigned accept, const struct vd_opts *o)
{
	const struct man_kernel *mk = row->mk;
	const struct run_result *k = run_kernel(rc, be, mk, mk->path);
	if (k->status == RUN_SETUP_ERROR) {
		not_run(cell, 1, "%s", k->why);
		return;
	}
	if (k->status == RUN_BUILD_ERROR || k->status == RUN_TOOL_ERROR) {
		not_run(cell, 0, "%s%s", k->status == RUN_BUILD_ERROR ? "build failed: " : "", k->why);
		return;
	}
	struct cellwork w = { 0 };
	unsigned kfail = failure_bit(k);
	if (kfail & accept) {
		w.ev |= kfail;
		if (kfail == EV_CRASH)
			crash_name(k, w.crash, sizeof w.crash);
		add_detail(&w, "%s: %s", kfail == EV_HANG ? "hang" : "crash", k->why);
	}
	if ((accept & EV_NONDET) && k->nnondet) {
		w.ev |= EV_NONDET;
		add_detail(&w, "%s%s", k->nondet[0], k->nnondet > 1 ? " (and more differences)" : "");
	}
	if (be->is_oclgrind)
		add_reports(&w, k, row->kind == VD_ROW_FINDING ? row->finding : NULL, accept,
			    "other Oclgrind reports");
	if (k->note)
		add_detail(&w, "%s", k->note);
	observe_finding(&w, rc, be, row, accept, o, NULL, k);
	finish_finding(cell, &w, 1, "");
}

/* A row of a buggy kernel (a finding, or a kernel with a reference): run it
 * and its reference on `be`, and collect the evidence that counts. */
static void eval_buggy(struct vd_cell *cell, struct run_ctx *rc, const struct be_backend *be,
		       const struct vd_row *row, const struct vd_opts *o)
{
	const struct man_kernel *mk = row->mk;
	const struct fnd_finding *f = row->finding;
	unsigned accept = accepted(row->rule);
	if (accept == (EV_SLOWDOWN | EV_DEGREE) && traceable(be, mk, o)) {
		eval_trace(cell, rc, be, row, o);
		return;
	}
	if (accept == (EV_SLOWDOWN | EV_DEGREE) || (mk->compare == MAN_CMP_TIMING && !*row->rule)) {
		if (mk->compare != MAN_CMP_TIMING) {
			not_run(cell, 0, "a bank conflict is confirmed by timing: set compare = "
				"timing and a padded reference");
			return;
		}
		eval_timing(cell, rc, be, mk, o);
		return;
	}
	if (!mk->ref_path) {
		eval_alone(cell, rc, be, row, accept, o);
		return;
	}
	const struct run_result *k = run_kernel(rc, be, mk, mk->path);
	const struct run_result *r = run_kernel(rc, be, mk, mk->ref_path);
	if (k->status == RUN_SETUP_ERROR || r->status == RUN_SETUP_ERROR) {
		const struct run_result *bad = k->status == RUN_SETUP_ERROR ? k : r;
		not_run(cell, 1, "%s", bad->why);
		return;
	}
	if (k->status == RUN_TOOL_ERROR || r->status == RUN_TOOL_ERROR) {
		const struct run_result *bad = k->status == RUN_TOOL_ERROR ? k : r;
		not_run(cell, 0, "%s%s", bad == r ? "the reference: " : "", bad->why);
		return;
	}
	struct cellwork w = { 0 };
	unsigned kfail = failure_bit(k);
	/* The twin ran cleanly: differences, hangs and crashes are the bug's. */
	int sound = r->status == RUN_OK && r->nnondet == 0;
	char why[600] = "";
	if (!sound) {
		if (r->status == RUN_OK)
			snprintf(why, sizeof why, "the reference itself differs between runs: %s",
				 r->nondet[0]);
		else if (kfail && k->status == r->status)
			snprintf(why, sizeof why, "%s here and in %s: %s", run_status_name(k->status),
				 mk->reference, k->why ? k->why : "");
		else
			snprintf(why, sizeof why, "the reference: %s: %s", run_status_name(r->status),
				 r->why ? r->why : "");
	} else if (kfail & accept) {
		w.ev |= kfail;
		if (kfail == EV_CRASH)
			crash_name(k, w.crash, sizeof w.crash);
		add_detail(&w, "%s: %s", kfail == EV_HANG ? "hang" : "crash", k->why);
	}
	if (sound && (accept & EV_WRONG) && outputs_differ(&w, k, r, mk, &rc->cmp, "in the reference"))
		w.ev |= EV_WRONG;
	if (sound && (accept & EV_NONDET) && k->nnondet) {
		w.ev |= EV_NONDET;
		add_detail(&w, "%s%s", k->nondet[0], k->nnondet > 1 ? " (and more differences)" : "");
	}
	/* Oclgrind's reports need no twin: a run that got anywhere could show them. */
	int reports = be->is_oclgrind && k->status != RUN_BUILD_ERROR;
	if (reports)
		add_reports(&w, k, row->kind == VD_ROW_FINDING ? f : NULL, accept,
			    "other Oclgrind reports");
	if (k->note)
		add_detail(&w, "%s", k->note);
	unsigned before = w.ev;
	observe_finding(&w, rc, be, row, accept, o, sound ? r : NULL, k);
	int ran = sound || reports || (w.ev & ~before);
	finish_finding(cell, &w, ran, why);
}

/* A row of a kernel that must stay clean: any evidence is a problem. */
static void eval_clean(struct vd_cell *cell, struct run_ctx *rc, const struct be_backend *be,
		       const struct man_kernel *mk, const struct vd_opts *o)
{
	const struct run_result *k = run_kernel(rc, be, mk, mk->path);
	if (k->status == RUN_SETUP_ERROR) {
		not_run(cell, 1, "%s", k->why);
		return;
	}
	if (k->status == RUN_BUILD_ERROR || k->status == RUN_TOOL_ERROR) {
		not_run(cell, 0, "%s%s", k->status == RUN_BUILD_ERROR ? "build failed: " : "", k->why);
		return;
	}
	struct cellwork w = { 0 };
	unsigned fail = failure_bit(k);
	if (fail) {
		w.ev |= fail;
		crash_name(k, w.crash, sizeof w.crash);
		add_detail(&w, "%s: %s", fail == EV_HANG ? "hang" : "crash", k->why);
	}
	if (k->nnondet) {
		w.ev |= EV_NONDET;
		add_detail(&w, "%s%s", k->nondet[0], k->nnondet > 1 ? " (and more differences)" : "");
	}
	/* Oclgrind's uninitialized-value check has false alarms (it does not see
	 * async copies initialize __local memory): listed, not counted. */
	if (be->is_oclgrind)
		add_reports(&w, k, NULL, EV_REPORTS & ~EV_UNINIT, "not counted");
	if (k->note)
		add_detail(&w, "%s", k->note);
	if (traceable(be, mk, o))
		trace_clean(&w, rc, be, mk, o);
	if (k->status != RUN_HANG) /* the copy would hang too */
		observe_clean(&w, rc, be, mk, o);
	if (w.ev) {
		char *t = ev_text(w.ev, w.crash);
		cell->status = VD_EVIDENCE;
		cell->text = rc_xasprintf("evidence (%s)", t);
		free(t);
	} else {
		cell->status = VD_CLEAN;
		cell->text = rc_xstrdup("clean");
	}
	cell->evidence = w.ev;
	cell->detail = w.detail.s;
}

/* Evaluate `row` on each of the `nbes` backends and set its verdict:
 * a finding is confirmed when one backend confirms it, not reproduced when
 * one ran it and none confirmed, else not run; a clean kernel shows
 * evidence when one backend shows some, is clean when one ran it cleanly. */
void vd_eval_row(struct vd_row *row, struct run_ctx *rc, const struct be_backend *const *bes,
		 unsigned nbes, const struct vd_opts *opts)
{
	struct vd_opts with_bes = *opts;
	with_bes.bes = bes;
	with_bes.nbes = nbes;
	const struct vd_opts *o = &with_bes;
	row->cells = rc_xcalloc(nbes ? nbes : 1, sizeof *row->cells);
	row->ncells = nbes;
	if (row->kind == VD_ROW_ERROR) {
		for (unsigned b = 0; b < nbes; b++)
			not_run(&row->cells[b], 1, "not analyzed");
		row->verdict = VD_ERROR;
		row->infra = 1;
		return;
	}
	for (unsigned b = 0; b < nbes; b++) {
		struct vd_cell *cell = &row->cells[b];
		const struct be_backend *be = bes[b];
		size_t items = man_work_items(row->mk);
		if (o->deadline > 0 && rc_now() > o->deadline)
			not_run(cell, 0, "--max-time spent");
		else if (be->is_oclgrind && items > o->oclgrind_max_items)
			not_run(cell, 0, "%zu work-items, too many for Oclgrind (--oclgrind-max-items "
				"%zu)", items, o->oclgrind_max_items);
		else if (row->kind == VD_ROW_CLEAN)
			eval_clean(cell, rc, be, row->mk, o);
		else
			eval_buggy(cell, rc, be, row, o);
		row->infra |= cell->infra;
	}
	int any[6] = { 0 };
	for (unsigned b = 0; b < nbes; b++)
		any[row->cells[b].status] = 1;
	if (row->kind == VD_ROW_CLEAN)
		row->verdict = any[VD_EVIDENCE] ? VD_EVIDENCE : any[VD_CLEAN] ? VD_CLEAN : VD_NOT_RUN;
	else
		row->verdict = any[VD_CONFIRMED]       ? VD_CONFIRMED
			       : any[VD_NOT_REPRODUCED] ? VD_NOT_REPRODUCED
							: VD_NOT_RUN;
}

void vd_row_free(struct vd_row *row)
{
	for (unsigned b = 0; b < row->ncells; b++) {
		free(row->cells[b].text);
		free(row->cells[b].detail);
	}
	free(row->cells);
	free(row->message);
	free(row->obs_lines);
	free(row->obs_calls);
}
