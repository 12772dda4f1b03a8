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
};

struct race {
	const struct acc_kernel *k;
	const struct acc *first, *second;  /* in execution order */
	unsigned t_first[3], t_second[3];  /* the witness work-items */
	struct acc_witness w;
	enum race_kind kind;
	bool same_iteration;               /* false: loop-carried */
};

struct race_list {
	struct mem_vec races;              /* struct race * */
};

/* All conflicting pairs on `space` (AS_LOCAL or AS_GLOBAL), computed once. */
const struct race_list *race_find(struct cls_ctx *ctx, unsigned space);
/* "scratch[1]: work-item 1 writes it (line 4) while work-item 0 reads it (line 7)" */
const char *race_witness(struct cls_ctx *ctx, const struct race *r);
/* The local-size assumption behind the witness, or NULL when it was given. */
const char *race_assumption(struct cls_ctx *ctx, const struct race *r);
/* Attach a fix-it inserting barrier(flags) before a's statement; false if unsafe. */
bool race_barrier_fixit(struct cls_ctx *ctx, struct cls_diag *d, const struct acc *a,
			const char *flags);

#endif
