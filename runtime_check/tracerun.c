/*
 * tracerun.c - run the address trace of one section on one backend (see
 * trace.h): the analyzer's dump, the instrumented copy, one launch.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rc.h"
#include "trace.h"

RC_PRINTF(2, 3)
static struct tr_result *fail(struct tr_result *t, const char *fmt, ...)
{
	char s[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	rc_one_line(s, 300);
	t->why = rc_xstrdup(s);
	return t;
}

static struct tr_result *trace(struct run_ctx *rc, const struct be_backend *be,
			       const struct man_kernel *mk, const struct fnd_analyzer *a,
			       struct tr_result *t)
{
	char err[512];
	if (!a)
		return fail(t, "%s", "the address trace needs the analyzer (not with --findings "
			    "or --no-static)");
	if (mk->nargs + 2 > MAN_MAX_ARGS)
		return fail(t, "%s", "too many arguments to add the trace buffers");
	char *kernel = mk->kernel ? rc_xstrdup(mk->kernel) : man_only_kernel(mk->path);
	if (!kernel)
		return fail(t, "%s", "no single kernel in the file: name it with kernel =");
	int ok = tr_plan_load(&t->plan, a, mk, kernel, err, sizeof err);
	free(kernel);
	if (ok != 0)
		return fail(t, "%s", err);
	char *source = rc_read_file(mk->path, NULL);
	if (!source)
		return fail(t, "cannot read %s", mk->path);
	char *inst = tr_instrument(&t->plan, source, err, sizeof err);
	free(source);
	if (!inst)
		return fail(t, "%s", err);
	char *name = rc_xasprintf("trace-%u-%s", ++rc->counter, rc_basename(mk->path));
	char *path = rc_path_join(rc->tmpdir, name);
	free(name);
	if (rc_write_file(path, inst, strlen(inst)) != 0) {
		free(inst);
		free(path);
		return fail(t, "%s", "cannot write the instrumented kernel");
	}
	free(inst);

	/* The same launch, once, at the first local size, with the two buffers;
	 * the folder of the kernel stays on the include path. */
	struct man_kernel m = *mk;
	char *dir = rc_dirname(mk->path);
	m.path = path;
	m.kernel = t->plan.kernel;
	m.options = rc_xasprintf("%s -I %s", mk->options ? mk->options : "", dir);
	free(dir);
	m.reference = m.ref_path = NULL;
	m.compare = MAN_CMP_OUTPUT;
	m.nlocal = 1;
	m.runs = 1;
	unsigned ib = m.nargs, in = m.nargs + 1;
	for (unsigned i = ib; i <= in; i++) {
		struct man_arg *g = &m.args[i];
		memset(g, 0, sizeof *g);
		g->present = 1;
		g->kind = MAN_ARG_BUFFER;
		fill_type_parse("uint", &g->type);
		g->count = i == ib ? 3 * (size_t)TR_CAPACITY : 1;
		g->fill.kind = FILL_ZERO;
		g->dir = MAN_OUT;
		snprintf(g->text, sizeof g->text, "buffer uint %zu zero out", g->count);
	}
	m.nargs += 2;
	const struct run_result *r = run_kernel(rc, be, &m, m.path);
	free(m.options);
	free(path);
	if (r->status != RUN_OK) {
		char why[600];
		snprintf(why, sizeof why, "the instrumented kernel: %s: %s", run_status_name(r->status),
			 r->why ? r->why : "");
		return fail(t, "%s", why);
	}
	size_t nb = 0, nn = 0;
	char *buf = r->out[0][ib] ? rc_read_file(r->out[0][ib], &nb) : NULL;
	char *cnt = r->out[0][in] ? rc_read_file(r->out[0][in], &nn) : NULL;
	if (!buf || !cnt || nb != 3 * (size_t)TR_CAPACITY * 4 || nn != 4) {
		free(buf);
		free(cnt);
		return fail(t, "%s", "the instrumented kernel's trace was not read back");
	}
	uint32_t total;
	memcpy(&total, cnt, 4);
	t->total = total;
	tr_observe(&t->plan, (const uint32_t *)(void *)buf, total < TR_CAPACITY ? total : TR_CAPACITY);
	free(buf);
	free(cnt);
	t->ok = 1;
	return t;
}

const struct tr_result *tr_run(struct run_ctx *rc, const struct be_backend *be,
			       const struct man_kernel *mk, const struct fnd_analyzer *a)
{
	char *key = rc_xasprintf("%s|%s|%s", be->id, mk->manifest, mk->section);
	for (unsigned i = 0; i < rc->ntraces; i++)
		if (!strcmp(rc->traces[i]->key, key)) {
			free(key);
			return rc->traces[i];
		}
	struct tr_result *t = rc_xcalloc(1, sizeof *t);
	t->key = key;
	*RC_PUSH(rc->traces, rc->ntraces, rc->captraces) = t;
	return trace(rc, be, mk, a, t);
}

void tr_free_all(struct run_ctx *rc)
{
	for (unsigned i = 0; i < rc->ntraces; i++) {
		tr_plan_free(&rc->traces[i]->plan);
		free(rc->traces[i]->key);
		free(rc->traces[i]->why);
		free(rc->traces[i]);
	}
	free(rc->traces);
	rc->traces = NULL;
	rc->ntraces = rc->captraces = 0;
}
