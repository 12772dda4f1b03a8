/*
 * events.c - which wait_group_events ends which async copy (ev_ prefix).
 *
 * An async copy returns an event, or joins the event it is given; a
 * wait_group_events(n, list) ends the copies of the events in its list and
 * nothing else.  Event values cannot be compared or printed in OpenCL C, so
 * they are followed by name: the private variable (or array of them) a
 * copy's event is stored in, or the one it joins.  Two names a copy ties
 * together (`e2 = async_work_group_copy(..., e1)`) are one event class.
 *
 * A wait ends the copies of the class its list names.  It ends every copy
 * (as if events were not followed) when the list is not a plain `&v`,
 * `&v[i]` or array `v`, or when some variable of the class gets a value
 * other than a copy's event (`e2 = e1;`, a helper's parameter, an address
 * given to a function): the event may then have travelled.  A copy whose
 * event is stored nowhere is ended by any wait.  These fallbacks only
 * shorten a copy's flight: a miss, never a false alarm.
 *
 * Names are per kernel (an inlined helper's variables are its copy's own),
 * at most EV_NAMES of them; a copy or wait beyond that is ended by any wait.
 */
#include <string.h>

#include "access_int.h"
#include "builtins.h"

/* The variable an event lvalue or list names: v, v[i], &v, &v[i]; NULL when
 * it is not such a private variable of context c's function. */
static const struct ir_var *event_var(const struct ir_expr *e, const struct acc_ctx *c)
{
	e = ir_strip(e);
	if (e && e->op == E_ADDROF && e->nkids == 1)
		e = ir_strip(e->kids[0]);
	while (e && e->op == E_INDEX && e->nkids == 2)
		e = ir_strip(e->kids[0]);
	if (!e || e->op != E_VAR || !e->u.var)
		return NULL;
	const struct ir_var *v = e->u.var;
	return v->kind == VAR_PRIVATE && v->func == c->f && v->id < c->f->nvars ? v : NULL;
}

/* The class of a name: union-find over the kernel's names. */
static unsigned root(const struct abuild *ab, unsigned i)
{
	while (ab->evn[i].parent != i)
		i = ab->evn[i].parent;
	return i;
}

/* Does every definition of v store a copy's event, or hand v's address to
 * wait_group_events?  Otherwise its event may have come from elsewhere. */
static bool only_copies(struct abuild *ab, const struct acc_ctx *c, const struct ir_var *v)
{
	struct fn_info *fi = acc_fn_info(ab, c->f);
	if (!fi || !fi->defs)
		return false;
	for (unsigned i = 0; i < fi->ndefs[v->id]; i++) {
		const struct ir_expr *e = fi->defs[v->id][i].e, *r;
		if (!e)
			return false;
		if (e->op == E_CALL && e->sub == BI_WAIT_EVENTS && !e->callee)
			continue;
		if (e->op != E_ASSIGN || e->sub || e->nkids < 2)
			return false;
		r = ir_strip(e->kids[1]);
		if (!r || r->op != E_CALL || r->sub != BI_ASYNC_COPY || r->callee)
			return false;
	}
	return true;
}

/* The name of v in context c, made on first use; EV_NAMES when full. */
static unsigned name_of(struct abuild *ab, const struct acc_ctx *c, const struct ir_var *v)
{
	for (unsigned i = 0; i < ab->nevn; i++)
		if (ab->evn[i].var == v && ab->evn[i].ctx == c)
			return i;
	if (ab->nevn == EV_NAMES)
		return EV_NAMES;
	unsigned i = ab->nevn++;
	ab->evn[i].var = v;
	ab->evn[i].ctx = c;
	ab->evn[i].parent = (unsigned char)i;
	ab->evn[i].travels = !only_copies(ab, c, v);
	return i;
}

void ev_copy(struct abuild *ab, struct acc_ctx *c, const struct ir_expr *stmt,
	     const struct ir_expr *call, unsigned first, unsigned end)
{
	unsigned names[2], n = 0;
	/* where its event is stored: `e = async_work_group_copy(...)` */
	if (stmt && stmt->op == E_ASSIGN && !stmt->sub && stmt->nkids == 2 &&
	    ir_strip(stmt->kids[1]) == call) {
		const struct ir_var *v = event_var(stmt->kids[0], c);
		if (!v)
			return;         /* stored somewhere else: any wait ends it */
		names[n++] = name_of(ab, c, v);
	}
	/* the event it joins: its last argument, unless that is 0 */
	long long zero;
	const struct ir_expr *join = call->nkids ? call->kids[call->nkids - 1] : NULL;
	if (join && !(ir_const_int(join, &zero) && zero == 0)) {
		const struct ir_var *u = event_var(join, c);
		if (!u)
			return;
		names[n++] = name_of(ab, c, u);
	}
	unsigned bits = 0;
	for (unsigned i = 0; i < n; i++) {
		if (names[i] == EV_NAMES)
			return;
		bits |= 1u << names[i];
	}
	if (n == 2 && root(ab, names[0]) != root(ab, names[1])) {
		unsigned a = root(ab, names[0]), b = root(ab, names[1]);
		ab->evn[a].parent = (unsigned char)b;
		ab->evn[b].travels |= ab->evn[a].travels;
	}
	for (unsigned i = first; i < end; i++)
		((struct acc *)ab->k->accs.items[i])->events = bits;
}

void ev_wait(struct abuild *ab, struct acc_ctx *c, const struct ir_expr *call,
	     struct acc_event *ev)
{
	const struct ir_var *v = call->nkids == 2 ? event_var(call->kids[1], c) : NULL;
	unsigned i = v ? name_of(ab, c, v) : EV_NAMES;
	ev->waits = i < EV_NAMES ? 1u << i : 0;
}

/* A mask of names as the mask of their classes. */
static unsigned classes(const struct abuild *ab, unsigned names)
{
	unsigned out = 0;
	for (unsigned j = 0; j < ab->nevn; j++)
		if (names & (1u << j))
			out |= 1u << root(ab, j);
	return out;
}

/* Turn the names of copies and waits into their classes. */
void ev_finish(struct abuild *ab)
{
	struct acc_kernel *k = ab->k;
	for (unsigned i = 0; i < ab->nevn; i++)
		ab->evn[root(ab, i)].travels |= ab->evn[i].travels;
	for (unsigned i = 0; i < k->accs.len; i++) {
		struct acc *a = k->accs.items[i];
		if (a->async && a->events)
			a->events = classes(ab, a->events);
	}
	for (unsigned i = 0; i < k->nev; i++) {
		struct acc_event *ev = &k->ev[i];
		if (ev->kind != EV_WAIT || !ev->waits)
			continue;
		unsigned w = classes(ab, ev->waits);
		ev->waits = ab->evn[__builtin_ctz(w)].travels ? 0 : w;
	}
	ab->nevn = 0;
}
