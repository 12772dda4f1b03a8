/*
 * race.h - conflicting access pairs, shared by the race and fence rules.
 */
#ifndef CLS_RACE_H
#define CLS_RACE_H

#include "access.h"

enum race_kind {
	RACE_PLAIN,      /* nothing orders the two accesses */
	RACE_FLAGS,      /* a barrier separates them but does not fence their memory */
	RACE_FENCE,      /* only a memory fence separates them */
	RACE_LOCKSTEP,   /* only within one sub-group: relies on lockstep */
	RACE_INTER,      /* work-items of two different work-groups */
};

struct race {
	const struct acc_kernel *k;
	const struct acc *first, *second;  /* in execution order */
	unsigned t_first[3], t_second[3];  /* the witness work-items */
	unsigned g_first[3], g_second[3];  /* and their groups (RACE_INTER) */
	struct acc_witness w;
	enum race_kind kind;
	bool same_iteration;               /* false: loop-carried */
};

struct race_list {
	struct mem_vec races;              /* struct race * */
	struct mem_vec undecided;          /* struct race *: pairs the solver could not
					    * settle (w.why_unknown) */
	void *seconds;                     /* (statement, object) already reported (race.c) */
	void *pairs;                       /* (first, second) statements of fence findings */
};

/* A loop whose exit waits for a value another work-item (of another group,
 * for global memory) writes. */
struct spin {
	const struct acc_kernel *k;
	const struct acc *read;            /* the access the exit condition depends on */
	const struct acc *writer;          /* a write by someone else */
	const struct ir_block *branch;     /* the loop's exit branch */
	const struct acc_ctx *ctx;
	struct acc_witness w;
	bool global_barrier;               /* atomic arrive + wait: a home-made global barrier */
};

struct spin_list {
	struct mem_vec spins;              /* struct spin * */
};

/* All conflicting pairs on `space` (AS_LOCAL or AS_GLOBAL), computed once. */
const struct race_list *race_find(struct cls_ctx *ctx, unsigned space);
/* Pairs of global accesses by work-items of different work-groups. */
const struct race_list *race_inter(struct cls_ctx *ctx);
/* Spin-waits on memory written by other work-items or work-groups (spin.c). */
const struct spin_list *spin_find(struct cls_ctx *ctx);
/* Is r a plain read whose value a compare-and-swap w of the same element
 * takes as its expected value (`old = *p; ... atomic_cmpxchg(p, old, nv)`)?
 * The swap validates it: not a race with the swaps. */
bool spin_cas_read(const struct acc *r, const struct acc *w);
/* "scratch[1]: work-item 1 writes it (line 4) while work-item 0 reads it (line 7)" */
const char *race_witness(struct cls_ctx *ctx, const struct race *r);
/* "the other access: s[5]" for the note at r->first. */
const char *race_other_access(struct cls_ctx *ctx, const struct race *r);
/* The note for a plain race whose work-items all lie in one sub-group (it
 * may look synchronized on a lockstep device), or NULL. */
const char *race_lockstep_note(struct cls_ctx *ctx, const struct race *r);
/* The note for the number of work-groups an inter-group witness took, or
 * NULL when the launch gave it. */
const char *race_group_assumption(struct cls_ctx *ctx, const struct race *r);
/* The local-size assumption behind the witness, or NULL when it was given. */
const char *race_assumption(struct cls_ctx *ctx, const struct race *r);
/* ", when 'n' < get_global_size(0)": what the race needs, or "". */
const char *race_when(struct cls_ctx *ctx, const struct race *r);
/* Lower d to a warning when r needs a coincidence of arguments. */
void race_severity(struct cls_diag *d, const struct race *r);
/* Report the pairs of rl the solver could not settle, as unsupported notes. */
void race_report_undecided(struct cls_ctx *ctx, const struct race_list *rl);
/* The note for a race with an async copy still in flight at the other
 * access (no wait for its event between: a barrier does not end a copy),
 * or NULL when r is not one. */
const char *race_copy_in_flight(struct cls_ctx *ctx, const struct race *r);
/* " with no barrier between", or what is missing instead for a copy in flight. */
const char *race_separator(struct cls_ctx *ctx, const struct race *r);
/* Attach a fix-it inserting barrier(flags) before a's statement; false if unsafe. */
bool race_barrier_fixit(struct cls_ctx *ctx, struct cls_diag *d, const struct acc *a,
			const char *flags);

#endif
