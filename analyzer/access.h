/*
 * access.h - memory accesses, barrier intervals and conflicts (acc_, sym_ prefixes).
 *
 * For every kernel, the analysis builds an "inlined" graph: the kernel's
 * blocks, plus a copy of each helper that executes a barrier, per call site
 * (helpers without barriers have their accesses folded into the call point).
 * Each node holds events in evaluation order: memory accesses, barriers and
 * fences.  A forward data-flow over that graph gives, for every access, the
 * set of interval starts (kernel entry or a barrier) that reach it without
 * crossing a barrier; two accesses whose sets meet may run concurrently for
 * different work-items.  Indices are turned into symbolic expressions over
 * work-item ids, group ids, sizes, kernel arguments and loop induction
 * variables (sym_), which conflict checks evaluate for concrete work-items.
 */
#ifndef CLS_ACCESS_H
#define CLS_ACCESS_H

#include "facts.h"
#include "launch.h"

/* ------------------------------------------------------------ symbolic */

enum sym_op {
	S_CONST,
	S_LID,        /* get_local_id(dim) */
	S_GRP,        /* get_group_id(dim) */
	S_LSZ,        /* get_local_size(dim) */
	S_NGRP,       /* get_num_groups(dim) */
	S_SLOT,       /* a uniform unknown: kernel argument, opaque uniform value */
	S_IV,         /* loop induction variable: init (op step)^k, k = slot's value */
	S_DIVERGENT,  /* a value that differs per work-item in a way we cannot model */
	S_BIN,        /* a (sub: enum ir_binop, or the S_MIN/S_MAX codes) b */
	S_NEG,
	S_NOT,        /* ~a */
	S_LNOT,       /* !a */
	S_COND,       /* a ? b : c */
	S_LOAD,       /* the value at byte offset a of object c (an identity) */
	S_ELEM,       /* an element number of a work-group's async copy: some k with
		       * 0 <= k < a (a uniform count), chosen per access (slot: an
		       * identity); the copy touches every one */
	S_LAST,       /* a variable's value after a loop that sets it in every
		       * iteration (symval.c last_value): a if block c ran in the
		       * last iteration of the loop of the counter in slot, else b;
		       * x if the loop did not run (NULL: it is assumed to run).
		       * Only the solver's translation follows it; elsewhere it
		       * is an unknown per work-item, like S_DIVERGENT */
};

#define SYM_MIN 100   /* S_BIN sub codes beyond enum ir_binop */
#define SYM_MAX 101
#define SYM_TOGGLE 102 /* S_IV step operator of `v = step - v`: init, step - init, init, ... */

struct sym {
	unsigned char op;
	unsigned char sub;      /* S_BIN: operator; S_IV: the step operator */
	unsigned char dim;      /* S_LID, S_GRP, S_LSZ, S_NGRP */
	unsigned char wraps;    /* S_BIN IR_B_SUB of C's unsigned type: below 0 it
				 * wraps, a value the integers here take as negative */
	unsigned slot;          /* S_SLOT, S_IV: index into the environment's values */
	long long c;            /* S_CONST */
	struct sym *a, *b, *x;  /* operands; S_IV: a = init, b = step */
	unsigned id;            /* creation order in the kernel's build, from 1 (0:
				 * a temporary): names it in the solver, where an
				 * address would make verdicts differ between runs */
};

/* A uniform unknown: what it stands for and how to pick values for it. */
struct sym_slot {
	const char *name;              /* for messages: "stride", "n" */
	const struct ir_var *var;      /* the variable, if any */
	const struct ir_expr *expr;    /* else the expression it is the value of, */
	const struct ir_var *object;   /* or the memory it is loaded from (object, */
	const struct sym *offset;      /* offset, field): the same place, the same slot */
	const char *field;
	const struct ir_func *func;    /* owner of var/loop */
	const void *ctx;               /* inlining context (struct acc_ctx *) */
	const struct ir_block *loop;   /* S_IV: the loop's header; else NULL */
	const struct ir_block *def_loop; /* innermost loop containing a definition, or NULL */
	bool is_iv;
	bool is_param;                 /* a kernel argument, or a macro constant the
					* build does not define (is_macro) */
	bool is_macro;                 /* var is a VAR_MACRO: one unknown of the whole
					* program (zero configuration), in every context */
	bool per_group;                /* uniform in a group, but a group's own: loaded
					* from __local memory or from an address that
					* depends on the group id (a reserved offset, a
					* per-group table entry) */
	struct sym *iv;                /* S_IV: the induction variable itself */
	struct sym *cond;              /* S_IV: the loop's condition, in terms of iv */
	bool cond_true_enters;         /* the loop body is the condition's true edge */
	unsigned trip;                 /* S_IV: iterations + 1, 0 = not computed yet */
	/* A quantity derived from a kernel argument (symval.c derived_slot):
	 * the argument's slot `from` divided by `by` (IR_B_DIV) or shifted
	 * right by it (IR_B_SHR); 0: not derived.  Its S_SLOT keeps that
	 * expression in a, which evaluation follows. */
	unsigned char from_op;
	unsigned from;
	long long by;
};

/* Values for one work-item's evaluation. */
struct sym_env {
	unsigned lid[3], grp[3], lsz[3], ngrp[3];
	long long *val;                /* per slot */
	bool hash_loads;               /* S_LOAD: a hash of (object, offset), the same
					* for every work-item reading one place (race-free);
					* otherwise loads are unknown */
	unsigned hash_seed;            /* varies the values of S_LOAD */
};

/* Evaluate s; false when it depends on something unknown (or divides by 0). */
bool sym_eval(const struct sym *s, const struct sym_env *env, long long *out);
bool sym_equal(const struct sym *a, const struct sym *b);
bool sym_uses_lid(const struct sym *s);
bool sym_uses_grp(const struct sym *s);
bool sym_uses_grp_dim(const struct sym *s, unsigned dim);
/* Is s get_group_id(d) * get_local_size(d), in either order (the part of a
 * global id that names the group)?  *dim: d. */
bool sym_group_block(const struct sym *s, unsigned *dim);
bool sym_uses_slot(const struct sym *s, unsigned slot);
bool sym_uses_lsz(const struct sym *s, unsigned dim);

/* -------------------------------------------------------------- accesses */

enum acc_kind {
	ACC_READ = 1,
	ACC_WRITE = 2,
};

/* Splitting modes of the interval analysis: which events end an interval. */
enum acc_mode {
	MODE_LOCAL,      /* barriers whose flags include CLK_LOCAL_MEM_FENCE */
	MODE_GLOBAL,     /* barriers whose flags include CLK_GLOBAL_MEM_FENCE */
	MODE_ANY,        /* any work-group barrier */
	MODE_FENCE,      /* any barrier or memory fence */
	MODE_SG_LOCAL,   /* MODE_LOCAL, plus sub_group_barrier(CLK_LOCAL_MEM_FENCE) */
	MODE_COUNT,
	MODE_NONE = MODE_COUNT  /* nothing splits (program order only); no intervals kept */
};

struct acc_ctx {                   /* one inlined copy of a function */
	const struct ir_func *f;
	const struct unif_inst *in;
	struct acc_ctx *parent;
	const struct ir_expr *call;    /* call site in parent */
	const struct ir_block *call_block;
	unsigned call_inst;            /* instruction index of the call in call_block */
	unsigned id;                   /* creation order: a stable identity */
	unsigned *first_node;          /* per block: first graph node; NULL when the
					* callee's accesses are folded into the call */
	unsigned *last_node;           /* per block: last graph node */
	unsigned depth;
	/* guard evaluation scratch (conflict.c) */
	unsigned *g_gen;
	unsigned char *g_val;
	struct sym **cond;             /* per block: the terminator's condition */
	bool *cond_done;
};

#define ACC_MAX_EGUARD 4
#define ACC_MAX_BOUND 4

struct acc {
	unsigned id;
	unsigned char kind;            /* ACC_READ | ACC_WRITE (both: read-modify-write) */
	unsigned char space;           /* AS_LOCAL or AS_GLOBAL */
	bool atomic;
	bool advances;                 /* an atomic increment/decrement or add/sub of a
					* non-zero amount: each call moves the value itself */
	bool is_volatile;
	const struct ir_expr *cas;     /* the atomic_cmpxchg call this access is, or NULL */
	const struct ir_expr *ticket;  /* the atomic increment (atomic_inc, atomic_add of a
					* constant) this access is, or NULL */
	signed char ticket_dir;        /* with ticket: +1 counts up, -1 down */
	unsigned events;               /* async: the classes of its event (events.c),
					* as bits; 0: unknown, any wait ends it */
	bool async;                    /* an element of async_work_group_(strided_)copy:
					* done by the work-group as a whole, from the
					* interval of the call until a wait_group_events
					* (index: over an S_ELEM) */
	const struct ir_var *object;   /* the __local array/variable or pointer argument */
	const struct ir_expr *lv;      /* the accessed lvalue or pointer expression */
	const struct ir_expr *stmt;    /* the instruction containing the access */
	struct cls_range range;
	struct sym *index;             /* element index into object, NULL if unknown */
	unsigned width;                /* elements touched (vload4: 4) */
	long long elem_size;           /* bytes per element of object */
	const struct ir_type *elem_type;
	const char *field;             /* struct member or vector component, or NULL */
	/* An array whose lengths are macro constants the build does not define
	 * (ir_var.extent): each subscript and the length it must stay below,
	 * outermost first; a correct kernel keeps 0 <= sub < ext (decide.c) */
	unsigned char nbound;
	struct sym *bsub[ACC_MAX_BOUND], *bext[ACC_MAX_BOUND];
	struct sym *value;             /* stored value (writes), NULL if unknown */
	unsigned char value_level;     /* uniformity of the stored value */
	struct acc_ctx *ctx;
	const struct ir_block *block;
	unsigned inst;                 /* instruction index in block (ninsts: terminator) */
	unsigned node, seq;            /* position in the inlined graph */
	unsigned *iv[MODE_COUNT];      /* interval starts reaching the access, sorted */
	unsigned niv[MODE_COUNT];
	/* ?:, && or || operands the access sits in: it runs only when each
	 * condition has the given truth value */
	struct {
		struct sym *cond;
		bool when_true;
	} eguard[ACC_MAX_EGUARD];
	unsigned neguard;
};

struct acc_event {
	unsigned char kind;            /* EV_ACCESS, EV_BARRIER, EV_FENCE */
	unsigned char flags;           /* fence flags: 1 local, 2 global, 4 image */
	bool sg_scope;                 /* work_group_barrier(..., memory_scope_sub_group) */
	unsigned start;                /* EV_BARRIER/EV_FENCE: interval start id */
	struct acc *a;
	const struct ir_expr *call;
	struct acc_ctx *ctx;
	const struct ir_block *block;
	unsigned waits;                /* EV_WAIT: the event classes it ends (bits,
					* like acc.events); 0: every copy's */
};

enum { EV_ACCESS, EV_BARRIER, EV_FENCE, EV_SG_BARRIER,
       EV_WAIT /* wait_group_events: ends the async copies before it, nothing else */ };
/* Or-ed into a mode given to acc_reaches: wait_group_events splits too;
 * with a copy's event classes (acc.events) shifted by MODE_EV_SHIFT, only a
 * wait that ends one of them does (acc_wait_mode). */
#define MODE_WAIT 0x40
#define MODE_EV_SHIFT 8
#define EV_NAMES 23
static inline enum acc_mode acc_wait_mode(enum acc_mode m, unsigned events)
{
	return (enum acc_mode)(m | MODE_WAIT | (events << MODE_EV_SHIFT));
}
#define FENCE_LOCAL 1
#define FENCE_GLOBAL 2
#define FENCE_IMAGE 4

struct acc_node {
	struct acc_ctx *ctx;
	const struct ir_block *block;
	unsigned first_ev, nev;
	unsigned nsucc, npred;
	unsigned *succ, *pred;
	bool *back;                    /* per succ: a loop back edge */
};

/* Everything known about one kernel's memory accesses. */
struct acc_kernel {
	const struct ir_func *kernel;
	const struct unif_inst *in;
	struct launch launch;          /* sizes: fixed, bounded or open (launch.h) */
	int *first_exit;               /* per node: for a loop header whose body surely
					* runs when the loop is entered, the exit
					* successor's index; else -1 (NULL: none) */
	struct mem_vec accs;           /* struct acc * */
	struct acc_event *ev;
	unsigned nev, capev;
	struct acc_node *nodes;
	unsigned nnodes, capnodes;
	unsigned nstarts;              /* interval starts: 0 = entry, then barriers/fences */
	struct sym_slot *slots;
	unsigned nslots, capslots;
	bool truncated;                /* inlining budget exceeded */
};

struct abuild;

struct acc_unit {
	struct mem_vec kernels;        /* struct acc_kernel * */
	struct abuild *build;          /* builder state kept for conflict checks */
};

/* Build the access facts of every kernel (after unif_analyze). */
void acc_analyze(struct cls_ctx *ctx);

/* Is `start` among the intervals of a under mode m? */
bool acc_in_interval(const struct acc *a, enum acc_mode m, unsigned start);

/* Do two accesses share an interval under `mode`? */
bool acc_concurrent(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode mode);

enum acc_verdict {
	VERDICT_FREE,           /* proved: the two never touch one element */
	VERDICT_RACE,           /* a witness exists */
	VERDICT_UNKNOWN,        /* not decided: why_unknown says why */
};

/* The outcome of a conflict decision, with its witness. */
struct acc_witness {
	enum acc_verdict verdict;
	unsigned t1[3], t2[3];         /* local ids: t1 runs a, t2 runs b */
	unsigned g1[3], g2[3];         /* group ids */
	unsigned lsz[3];               /* the witness's work-group size */
	long long index;               /* a byte both touch */
	bool same_subgroup;            /* a witness lies within one sub-group */
	bool cross_subgroup;           /* a witness spans two sub-groups */
	bool benign;                   /* both write the same value in every witness */
	bool lockstep;                 /* guards keep every witness inside one sub-group */
	bool data_dependent;           /* the same index computed from loaded data */
	unsigned char data_any;        /* an index not resolved (data, a lost counter)
					* that meets whatever its value: 1 written by
					* one work-item, 2 for every sample, 3 against
					* an index of no data (decide.c) */
	bool index_unknowns;           /* the element depends on kernel arguments or
					* other unknowns: messages show the expression */
	const char *condition;         /* NULL: for every value of the unknowns; else
					* what the race needs ("'n' < get_global_size(0)") */
	bool coincidence;              /* the condition is a coincidence of
					* arguments, or a launch larger than the data
					* in more than one dimension: a warning */
	const char *why_unknown;       /* VERDICT_UNKNOWN */
	const char *quiet;             /* a race not reported, for --dump=conflicts: why */
	const char *macros;            /* the values the witness gives macro constants
					* the build does not define ("TILE = 16"), or NULL */
};

/*
 * Decide whether two different work-items of one work-group (inter_group
 * false), or of two different work-groups, can make a and b touch the same
 * bytes, symbolically over every launch the kernel allows (decide.c).  With
 * a sub-group size, it also tells witnesses within one sub-group from the
 * others.  A read-modify-write with a data-dependent index (hist[bin]++)
 * conflicts with itself.  Returns true on VERDICT_RACE.  Without `detail`,
 * only the verdict is decided (no condition, witness or classification).
 */
bool acc_conflict(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		  const struct acc *b, enum acc_mode mode, bool inter_group, unsigned sg_size,
		  bool detail, struct acc_witness *w);

/* Report the facts (assume.h) that contradict a kernel's launch. */
void dec_check_facts(struct cls_ctx *ctx);
/* --dump=conflicts: every decision taken for the file, in order. */
void dec_dump(struct cls_ctx *ctx, FILE *out);
/* Release the solver of the file (after the rules ran). */
void dec_free(struct cls_ctx *ctx);
/* Start making the solver's context for the next file (a second thread,
 * while the file is parsed). */
void acc_prewarm(void);
/* Solver statistics of the file, for --time-report. */
void dec_stats(struct cls_ctx *ctx, unsigned long *queries, unsigned long *checks,
	       unsigned long *unknowns, double *seconds);

/* Is there a path from a to b with no splitter of mode m?  header == -1: no
 * back edge may be taken; -2: any may; else the path must take the back edge
 * into node `header` (other back edges allowed). */
bool acc_reaches(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		 enum acc_mode m, int header);

/* Order a concurrent pair: true when b runs after a on a barrier-free path. */
bool acc_b_after_a(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		   enum acc_mode mode);

/* Is there a loop around both a and b (one loop of one inlined copy of its
 * function)?  Without one, a and b never meet in different iterations. */
bool acc_share_loop(const struct acc_kernel *k, const struct acc *a, const struct acc *b);

/* Text of "scratch[1]" or "tile[3][4]" for an element of a's object. */
const char *acc_element_text(struct cls_ctx *ctx, const struct acc *a, long long index);

/* The barrier/fence events that separate a and b under `mode`'s weaker
 * relatives: calls fn for each event in a's or b's intervals of `mode`. */
void acc_separators(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		    enum acc_mode mode, void (*fn)(const struct acc_event *ev, void *d), void *d);

/* For the pairs of one work-group: a's index as a part the same for every
 * work-item of the group (a key: equal keys, equal parts; gcoef: the group
 * ids' coefficients in it) and the bytes the rest reaches; false when the
 * rest is not bounded by the local ids. */
bool acc_group_span(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
		    unsigned long long *key, long long *lo, long long *hi, long long gcoef[3]);

/* The bytes a can touch, over every work-item and group of the launch,
 * from the bounds of its index's parts; false when unbounded. */
bool acc_bounds(const struct acc_kernel *k, const struct acc *a, long long *lo, long long *hi);

/* A model of __local memory banks (device profile). */
struct bank_model {
	unsigned banks;        /* number of banks */
	unsigned width;        /* bytes per bank word */
	unsigned subgroup;     /* work-items issuing one request */
	unsigned phase_bytes;  /* bytes one conflict-free phase serves */
};

struct bank_result {
	unsigned degree;       /* most distinct words in one bank, in one phase */
	unsigned bank;
	long long word1, word2;/* two distinct words in that bank */
	unsigned lin1, lin2;   /* the work-items touching them (linear ids) */
	unsigned t1[3], t2[3];
	long long stride_words;/* between the first two active work-items */
	bool assumed_iv;       /* a loop variable was taken at its first value */
	unsigned pad_kind;     /* 1: pad rows by `pad` elements; 2: BANK_OFFSET index */
	unsigned pad;          /* 0: padding does not help */
	unsigned degree_after; /* with the padding */
};

/*
 * Is the condition of branch `b` in kernel f's own code the same for every
 * work-item of a work-group, although the uniformity analysis could not
 * tell (lid < get_local_size(0), get_local_id(1) with a 1-D group)?
 * Decided symbolically: no two work-items of one group disagree on it.
 */
bool acc_branch_uniform(struct cls_ctx *ctx, const struct ir_func *f, const struct ir_block *b);

/*
 * The same for branch b of a uniformity instance: a kernel's own code, or
 * a helper's, where every inlined copy of that instance (every call that
 * made it) must agree: `if (n < 16)` in a helper called with the local id
 * of a 16-wide group.  False when some call was not inlined.
 */
bool acc_branch_uniform_inst(struct cls_ctx *ctx, const struct unif_inst *in,
			     const struct ir_block *b);

/*
 * Can some work-item run block b of uniformity instance `in` (a kernel's
 * own code, or every inlined copy of a helper's) for some launch the
 * kernel allows?  False only when that is decided impossible: code behind
 * `if (get_group_id(0) > 0)` in a launch of one group, or after a return
 * that every work-item takes.
 */
bool acc_block_runs(struct cls_ctx *ctx, const struct unif_inst *in, const struct ir_block *b);

/* The bank model of the options' device profile and overrides. */
void cls_bank_model(const struct cls_options *o, struct bank_model *m);

/* The conflict degree of a's request by the first sub-group; false when
 * the address is not a function of the work-item ids alone, or < 2. */
bool acc_bank(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
	      const struct bank_model *bm, struct bank_result *out);

/* --dump=local-accesses (accdump.c): the __local accesses, their ranges and
 * predicted bank-conflict degrees, for runtime_check's address trace. */
void acc_dump_local(struct cls_ctx *ctx, FILE *out);
/* --dump=accesses (obsdump.c): the __local and __global accesses, their
 * ranges, spaces and atomicity, for runtime_check's observed races. */
void acc_dump_observed(struct cls_ctx *ctx, FILE *out);
/* --dump=intervals (accdump.c): the launch, the splitting events and the
 * interval starts of every access. */
void acc_dump_intervals(struct cls_ctx *ctx, FILE *out);

/* a's degree if the rows of its 2-D array were `pad` elements longer (0 if
 * it cannot be computed). */
unsigned acc_bank_padded(struct cls_ctx *ctx, const struct acc_kernel *k, const struct acc *a,
			 const struct bank_model *bm, unsigned pad);

/*
 * May a and b run concurrently for two work-items?  Sharing an interval is
 * necessary; in addition, within the interval the two work-items walk
 * together from its start and can only part at a divergent branch (or at a
 * uniform one they may take in different iterations of a loop inside the
 * interval).  So the accesses on the two sides of a uniform branch, such as
 * a loop body and the code after a loop whose trip count is uniform, are not
 * concurrent even when both follow the same barrier.
 */
bool acc_may_meet(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
		  enum acc_mode m);

/* Can the start of loop header `header` (of context c) reach x without a
 * splitter of mode m?  When it cannot, x meets what follows the loop only in
 * the loop's last iteration. */
/* Do a and b meet only in different iterations of the loop headed by node
 * `header` (interval.c)? */
bool acc_apart_iterations(const struct acc_kernel *k, const struct acc *a, const struct acc *b,
			  enum acc_mode m, unsigned header);
/* Does every pass through the loop headed by node h cross a splitter of
 * mode m (interval.c)? */
bool acc_loop_splits(const struct acc_kernel *k, unsigned h, enum acc_mode m);
/* why_unknown of a pair not asked: an access whose other pairs ran into
 * the solver's limit (decide.c) */
extern const char acc_hard_why[];

bool acc_header_reaches(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m);
/* From x's position, is the loop's header reached (its next pass begun)
 * without a barrier of mode m? */
bool acc_reaches_header(const struct acc_kernel *k, const struct acc_ctx *c,
			const struct ir_block *header, const struct acc *x, enum acc_mode m);

/* Is ev the first splitter of mode m that a meets on some path from a? */
bool acc_event_follows(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       enum acc_mode m);

/* Is ev on a path from a to b with no splitter of mode m on either side? */
bool acc_event_between(const struct acc_kernel *k, const struct acc *a, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m);

/* Does barrier/fence event ev reach b with no splitter of mode m between? */
bool acc_reaches_event(const struct acc_kernel *k, const struct acc_event *ev,
		       const struct acc *b, enum acc_mode m);

/* Is the block of `a` controlled by a divergent branch (no barrier may go there)? */
bool acc_under_divergence(const struct acc *a);
/* The same for block b of the inlined copy ctx (where an event sits). */
bool acc_block_under_divergence(const struct acc_ctx *ctx, const struct ir_block *b);

#endif
