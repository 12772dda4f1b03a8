/*
 * launch.h - the launch of each kernel, decided once (launch_ prefix).
 *
 * How many work-items a group has and how many groups run is what the host
 * decides, and the analyses need it: two work-items exist only when a group
 * has two.  One module decides it per kernel, from what is known in this
 * order: the command line (--local-size, --num-groups, --global-size), the
 * kernel's reqd_work_group_size, the dimensions the kernel actually tells
 * apart (a dimension whose local id the kernel never asks for is one
 * work-item wide), and the kernel's own constants (a __local array that an
 * access would overrun in a larger group, a stride that hard-codes the group
 * size).  What is still open stays symbolic within the device limits: the
 * conflict decision (decide.c) takes every size the bounds allow, and only
 * the witnesses and the enumerating analyses (bank conflicts) use the
 * concrete sizes `wlsz` / `wngrp`.  Every "assuming ..." note is worded here.
 */
#ifndef CLS_LAUNCH_H
#define CLS_LAUNCH_H

#include <stdbool.h>

#include "cls.h"

struct cls_ctx;
struct ir_func;
struct acc_kernel;
struct abuild;

/* Device limits every size must respect (OpenCL's minimum guarantees are
 * lower; these are the largest that common GPUs accept). */
#define LAUNCH_MAX_WG CLS_MAX_WORK_GROUP /* work-items in one work-group (cls.h) */
#define LAUNCH_MAX_DIM2 64u              /* work-items along dimension 2 */
#define LAUNCH_MAX_GLOBAL ((unsigned long long)CLS_MAX_GLOBAL_SIZE) /* global size, one dimension */
#define LAUNCH_MAX_TIES 8                /* bounds of open sizes by macro constants */

enum launch_src {
	LAUNCH_GIVEN,        /* --local-size */
	LAUNCH_REQD,         /* reqd_work_group_size */
	LAUNCH_BOUNDED,      /* open, but bounded by the kernel's own constants */
	LAUNCH_OPEN,         /* open within the device limits */
};

struct launch {
	unsigned dims;           /* 1..3: the highest dimension the kernel asks about, + 1 */
	unsigned item_dims;      /* bit d: work-items of one group are told apart along d */
	unsigned group_dims;     /* bit d: work-groups are told apart along d */
	unsigned local_dims;     /* bit d: the kernel asks for its local id or size along d */
	unsigned lsz[3];         /* the local size when fixed; 0: symbolic */
	unsigned lsz_max[3];     /* the largest a symbolic local size may be */
	unsigned ngrp[3];        /* the number of groups when fixed; 0: symbolic */
	unsigned long long ngrp_max[3]; /* the most a symbolic number of groups may be */
	unsigned long long gsz[3]; /* the global size when given; 0: not given */
	unsigned wlsz[3];        /* concrete sizes for witnesses and enumeration */
	unsigned wngrp[3];
	enum launch_src src;
	bool ngrp_given;         /* --num-groups or --global-size */
	const char *bound;       /* LAUNCH_BOUNDED: what bounds the size, for the note
				  * ("every access to 'tile' in bounds") */
	unsigned sg_size;        /* sub-group size of the device model */
	/* Zero configuration: open local sizes that the kernel ties to macro
	 * constants the build does not define, lsz[dim] <= (coef * M + off) /
	 * div (== when eq: reqd_work_group_size(TILE, ...), (SIZE / 2, ...);
	 * C's division, of a positive number), M the unknown of var.  The
	 * solver's base holds them; the witness takes M's value from its
	 * model. */
	struct launch_tie {
		const struct ir_var *var;
		long long coef, off;
		unsigned char dim;
		bool eq;
		long long div;       /* >= 1 */
	} tie[LAUNCH_MAX_TIES];
	unsigned nties;
};

/* Decide what the options, the kernel's attributes and the dimensions it
 * uses fix (before its accesses are collected). */
void launch_resolve(struct cls_ctx *ctx, const struct ir_func *f, struct launch *l);
/* Bound what is still open by the kernel's own constants (after its
 * accesses are collected). */
void launch_infer(struct abuild *ab, struct acc_kernel *k);
/* The note a finding carries when its witness took a local size `lsz` that
 * the launch did not give ("assuming a work-group of 256 work-items; give
 * --local-size for the real one"), or NULL. */
const char *launch_note(struct cls_ctx *ctx, const struct launch *l, const unsigned lsz[3]);
/* The same for the number of work-groups of an inter-group witness. */
const char *launch_group_note(struct cls_ctx *ctx, const struct launch *l, const unsigned g1[3],
			      const unsigned g2[3]);
/* Can two work-groups run at all? */
bool launch_many_groups(const struct launch *l);
/* "work-item 3", "work-item (3,1)" in the launch's dimensions. */
const char *launch_item_text(struct cls_ctx *ctx, const struct launch *l, const unsigned t[3]);
const char *launch_group_text(struct cls_ctx *ctx, const struct launch *l, const unsigned g[3]);

#endif
