/*
 * builtins.h - classification of OpenCL C built-in functions (bi_ prefix).
 */
#ifndef CLS_BUILTINS_H
#define CLS_BUILTINS_H

#include <stdbool.h>

enum bi_kind {
	BI_NONE = 0,        /* not a builtin we know: treated as a pure function */
	BI_ID_DIVERGENT,    /* get_local_id & co: differs between work-items */
	BI_ID_SUBGROUP,     /* get_sub_group_id: uniform within a sub-group */
	BI_ID_UNIFORM,      /* get_group_id & co: uniform in the work-group */
	BI_BARRIER,         /* barrier, work_group_barrier */
	BI_WG_COLLECTIVE,   /* work-group function with a uniform result */
	BI_WG_SCAN,         /* work-group scan: a barrier, divergent result */
	BI_ASYNC_COPY,      /* async_work_group_(strided_)copy */
	BI_WAIT_EVENTS,     /* wait_group_events */
	BI_SG_BARRIER,      /* sub_group_barrier */
	BI_SG_COLLECTIVE,   /* sub-group function with a sub-group-uniform result */
	BI_SG_SCAN,         /* sub-group scan: divergent result */
	BI_SG_SHUFFLE,      /* sub-group shuffles: need the whole sub-group */
	BI_SG_ELECT,        /* sub_group_elect: divergent, convergent call */
	BI_SG_NONUNIFORM,   /* sub_group_non_uniform_*: allowed under divergence */
	BI_FENCE,           /* mem_fence & co */
	BI_ATOMIC_INIT,     /* atomic_init: a plain store */
	BI_ATOMIC_LOAD,
	BI_ATOMIC_STORE,
	BI_ATOMIC_RMW,      /* every other atomic_* and atom_* */
	BI_VLOAD,
	BI_VSTORE,
	BI_UNSUPPORTED,     /* pipes, device enqueue, image writes */
};

/* Classify a function name; BI_NONE when it is not one we know. */
enum bi_kind bi_classify(const char *name);

/* Does a call of this kind synchronize the whole work-group? */
bool bi_is_wg_barrier_like(enum bi_kind k);
/* Does a call of this kind need the whole sub-group (convergence)? */
bool bi_is_sg_barrier_like(enum bi_kind k);
bool bi_is_atomic(enum bi_kind k);

#endif
