/*
 * obsrun.c - observe one kernel file on one backend (see observe.h): the
 * analyzer's dump (or a saved one), the instrumented copy, its launch at
 * the section's first local size, the log read back and examined.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "observe.h"
#include "proc.h"
#include "rc.h"

RC_PRINTF(2, 3)
static struct ob_result *fail(struct ob_result *o, const char *fmt, ...)
{
	char s[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	rc_one_line(s, 300);
	o->why = rc_xstrdup(s);
	return o;
}

/* The saved dump of `path` in rc->dump_dir: the path with '/' as "__",
 * and ".accesses" added (runtime_check --save-dumps writes them). */
static char *saved_dump(const struct run_ctx *rc, const char *path)
{
	char *name = rc_xstrdup(path);
	struct rc_buf b = { 0 };
	for (const char *c = name; *c; c++)
		if (*c == '/')
			rc_buf_add(&b, "__");
		else
			rc_buf_addn(&b, c, 1);
	rc_buf_add(&b, ".accesses");
	char *file = rc_path_join(rc->dump_dir, b.s);
	char *text = rc_read_file(file, NULL);
	free(file);
	free(name);
	rc_buf_free(&b);
	return text;
}

char *ob_dump_text(const struct fnd_analyzer *a, const struct man_kernel *mk, const char *path,
		   char *err, size_t errlen)
{
	struct man_kernel m = *mk;
	m.path = (char *)path;
	char **args = fnd_argv(a, &m, 0, "--dump=accesses");
	struct rc_buf out = { 0 }, errs = { 0 };
	struct proc_exit ex;
	char *text = NULL;
	if (proc_capture(args, a->timeout, &out, &errs, &ex) != 0) {
		snprintf(err, errlen, "cannot run the analyzer '%s': %s", a->exe, strerror(errno));
	} else if (ex.timed_out || ex.signal || ex.code > 1) {
		char how[128];
		proc_describe_exit(&ex, how, sizeof how);
		snprintf(err, errlen, "the analyzer's --dump=accesses %s", how);
	} else {
		text = rc_xstrdup(rc_buf_str(&out));
	}
	rc_buf_free(&out);
	rc_buf_free(&errs);
	for (int i = 0; args[i]; i++)
		free(args[i]);
	free(args);
	return text;
}

/* Append a buffer argument of `count` uints, zero-filled, read back and
 * not compared, to m. */
static void add_scratch(struct man_kernel *m, size_t count)
{
	struct man_arg *g = &m->args[m->nargs++];
	memset(g, 0, sizeof *g);
	g->present = 1;
	g->kind = MAN_ARG_BUFFER;
	fill_type_parse("uint", &g->type);
	g->count = count;
	g->fill.kind = FILL_ZERO;
	g->dir = MAN_OUT;
	g->scratch = 1;
	snprintf(g->text, sizeof g->text, "buffer uint %zu zero out", count);
}

static void *read_out(const struct run_result *r, unsigned i, size_t want)
{
	size_t n = 0;
	char *d = r->out[0][i] ? rc_read_file(r->out[0][i], &n) : NULL;
	if (d && n != want) {
		free(d);
		return NULL;
	}
	return d;
}

static struct ob_result *observe(struct run_ctx *rc, const struct be_backend *be,
				 const struct man_kernel *mk, const char *path,
				 const struct fnd_analyzer *a, const int *lines, unsigned nlines,
				 const int *calls, unsigned ncalls, struct ob_result *o)
{
	char err[512];
	double t0 = rc_now();
	if (mk->nargs + 4 > MAN_MAX_ARGS)
		return fail(o, "%s", "too many arguments to add the log buffers");
	char *kernel = mk->kernel ? rc_xstrdup(mk->kernel) : man_only_kernel(mk->path);
	if (!kernel)
		return fail(o, "%s", "no single kernel in the file: name it with kernel =");
	char *dump = a ? ob_dump_text(a, mk, path, err, sizeof err)
		       : rc->dump_dir ? saved_dump(rc, path) : NULL;
	if (!dump) {
		free(kernel);
		if (a)
			return fail(o, "%s", err);
		return fail(o, "%s", rc->dump_dir ? "no saved --dump=accesses for this file"
			    : "needs the analyzer or --dumps");
	}
	int ok = ob_plan_parse(&o->plan, dump, kernel, err, sizeof err);
	free(dump);
	free(kernel);
	if (ok != 0)
		return fail(o, "%s", err);
	for (unsigned i = 0; i < ncalls; i++)
		ob_add_call(&o->plan, calls[2 * i], calls[2 * i + 1]);
	if (!ob_select(&o->plan, lines, nlines) && !o->plan.nbar)
		return fail(o, "%s", "no access of the finding's objects can be instrumented");
	char *source = rc_read_file(path, NULL);
	if (!source)
		return fail(o, "cannot read %s", path);
	size_t items = 1, groups = 1;
	for (unsigned d = 0; d < mk->dims; d++) {
		items *= mk->local[0][d];
		groups *= mk->global[d] / mk->local[0][d];
	}
	char *inst = ob_instrument(&o->plan, source, (unsigned)items, err, sizeof err);
	free(source);
	if (!inst)
		return fail(o, "%s", err);
	char *name = rc_xasprintf("observe-%u-%s", ++rc->counter, rc_basename(path));
	char *ipath = rc_path_join(rc->tmpdir, name);
	free(name);
	if (rc_write_file(ipath, inst, strlen(inst)) != 0) {
		free(inst);
		free(ipath);
		return fail(o, "%s", "cannot write the instrumented kernel");
	}
	free(inst);

	/* One launch at the first local size; on a GPU, OB_SEEDS launches with
	 * the seeds 1.. of the delays (the log is the first one's). */
	struct man_kernel m = *mk;
	char *dir = rc_dirname(path);
	m.path = ipath;
	m.kernel = o->plan.kernel;
	m.options = rc_xasprintf("%s -I %s", mk->options ? mk->options : "", dir);
	free(dir);
	m.reference = m.ref_path = NULL;
	m.compare = MAN_CMP_OUTPUT;
	m.nlocal = 1;
	m.runs = be_is_gpu(be) ? OB_SEEDS : 1;
	m.timeout = 3 * mk->timeout; /* the log costs time, Oclgrind's the most */
	unsigned il = m.nargs;
	add_scratch(&m, ob_log_uints());
	add_scratch(&m, OB_GROUPS);
	add_scratch(&m, ob_arrival_uints(&o->plan, (unsigned)items));
	struct man_arg *seed = &m.args[m.nargs++];
	memset(seed, 0, sizeof *seed);
	seed->present = 1;
	seed->kind = MAN_ARG_SCALAR;
	fill_type_parse("uint", &seed->type);
	snprintf(seed->text, sizeof seed->text, "uint 0");
	m.seed_arg = be_is_gpu(be) ? m.nargs : 0;
	const struct run_result *r = run_kernel(rc, be, &m, m.path);
	free(m.options);
	free(ipath);
	o->seconds = rc_now() - t0;
	if (r->status != RUN_OK)
		return fail(o, "the instrumented kernel: %s: %s", run_status_name(r->status),
			    r->why ? r->why : "");
	uint32_t *log = read_out(r, il, ob_log_uints() * 4);
	uint32_t *cnt = read_out(r, il + 1, OB_GROUPS * 4);
	uint32_t *arr = read_out(r, il + 2, ob_arrival_uints(&o->plan, (unsigned)items) * 4);
	if (!log || !cnt || !arr) {
		free(log);
		free(cnt);
		free(arr);
		return fail(o, "%s", "the instrumented kernel's log was not read back");
	}
	ob_observe(&o->plan, log, cnt, arr, (unsigned)groups, (unsigned)items);
	free(log);
	free(cnt);
	free(arr);
	o->run = r;
	o->ok = 1;
	return o;
}

const struct ob_result *ob_run(struct run_ctx *rc, const struct be_backend *be,
			       const struct man_kernel *mk, const char *path,
			       const struct fnd_analyzer *a, const int *lines, unsigned nlines,
			       const int *calls, unsigned ncalls)
{
	struct rc_buf k = { 0 };
	rc_buf_printf(&k, "%s|%s|%s|%s|", be->id, mk->manifest, mk->section, path);
	for (unsigned i = 0; i < nlines; i++)
		rc_buf_printf(&k, "%d,", lines[i]);
	for (unsigned i = 0; i < ncalls; i++)
		rc_buf_printf(&k, "|%d:%d", calls[2 * i], calls[2 * i + 1]);
	for (unsigned i = 0; i < rc->nobs; i++)
		if (!strcmp(rc->obs[i]->key, k.s)) {
			rc_buf_free(&k);
			return rc->obs[i];
		}
	struct ob_result *o = rc_xcalloc(1, sizeof *o);
	o->key = k.s;
	*RC_PUSH(rc->obs, rc->nobs, rc->capobs) = o;
	return observe(rc, be, mk, path, a, lines, nlines, calls, ncalls, o);
}

void ob_free_all(struct run_ctx *rc)
{
	for (unsigned i = 0; i < rc->nobs; i++) {
		ob_plan_free(&rc->obs[i]->plan);
		free(rc->obs[i]->key);
		free(rc->obs[i]->why);
		free(rc->obs[i]);
	}
	free(rc->obs);
	rc->obs = NULL;
	rc->nobs = rc->capobs = 0;
}
