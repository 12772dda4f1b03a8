/*
 * observe.h - races and divergent barriers observed in an instrumented run.
 *
 * clsynclint's `--dump=accesses` lists each __local and __global access of
 * the kernel and each barrier call.  An instrumented copy of the kernel
 * keeps its text, its line numbers and its synchronization (no barrier or
 * fence is added) and makes
 *
 *  - each access to an observed object record, in a log on the device,
 *    the site, the work-item (local linear id, group linear id), the
 *    address and the work-item's barrier epochs: private counters bumped at
 *    each barrier whose fence covers __local (the local epoch) or __global
 *    memory (the global epoch), and at each sub-group barrier;
 *  - each barrier call count, per work-item, the times it arrived.
 *
 * Only OB_GROUPS work-groups record (the first and the last OB_GROUPS / 2,
 * so that wrapped indices meet), each into its own part of the log of
 * OB_CAPACITY records; what does not fit is counted (overflow).  The
 * host then looks for two work-items that touch one address in the same
 * epoch (the same work-group for __local; for __global also two different
 * work-groups, which no barrier orders), at least one writing, not both
 * atomic: an observed race, unless both write one value, or the reader
 * reads the value that it and every writer of that epoch stored (the
 * benign races that clsynclint and Oclgrind keep quiet about by default;
 * values are hashes of the element's bytes, known for reads and for the
 * plain assignment statements `E = v;`).  A barrier that the work-items of one group
 * reached a different number of times is observed divergence, and so is
 * one that they all reached equally often but with different fence flags
 * (each arrival records the flags the call passes, its argument evaluated
 * once more beside the call, unless it has a side effect).
 *
 * An async copy (async_work_group_copy, async_work_group_strided_copy) is
 * one copy by the work-group, done at times of the implementation's
 * choosing until a wait_group_events.  In the log it is a party of its
 * own, "the work-group's copy": work-item 0 of the group, when it starts
 * the copy (the instrumented kernel still makes the real call), records
 * each element the copy writes (the destination) and reads (the source),
 * with the strided side's stride, under the pseudo work-item id
 * OB_COPY_LID | the copy's number in the work-group, in the epochs of the
 * call.  Each work-item counts the waits it has passed (its wait epoch,
 * in every record).  The copy then conflicts with every access of a
 * work-item of its group, to one of its elements, at least one writing,
 * in the copy's epoch or a later one (no barrier before the call orders
 * it) and before that work-item passed the wait that ends the copy (the
 * same wait epoch or an earlier one); two copies of one group conflict
 * when both are in flight (one wait epoch).  Event values are opaque and
 * cannot be compared: a wait ends every copy started before it, so a copy
 * left in flight across a wait for another event is missed here, never
 * reported wrongly (the analyzer matches events by variable; the log does
 * not).  A copy whose arguments have a side effect (they are
 * evaluated once more for the log), or a kernel with a wait in a helper,
 * logs no copy.
 */
#ifndef RC_OBSERVE_H
#define RC_OBSERVE_H

#include <stddef.h>
#include <stdint.h>

#include "findings.h"
#include "manifest.h"
#include "run.h"

#define OB_GROUPS 8          /* work-groups that record */
#define OB_CAPACITY 16384    /* records per work-group */
#define OB_RECORD 11         /* uints per record */
#define OB_MAX_SITES 250     /* instrumented accesses and barriers, each */
#define OB_SEEDS 4           /* launches of the instrumented copy: seed 0 (no delay) .. 3 */
#define OB_COPY_LID 0x80000000u /* or-ed with a copy's number: the work-group's copy */

struct ob_site {
	int bline, bcol, eline, ecol;  /* the accessed lvalue; end one past it */
	int write, read, atomic;
	int local;                     /* __local, else __global */
	int pointer;                   /* the range is a pointer to the element (an
					* atomic's argument), not the lvalue */
	unsigned bytes;
	char *func, *object;
	int copy;                      /* a side of an async copy (the range is the
					* call): write, its destination; read, its source */
	int traced;                    /* wrapped in the instrumented copy */
};

struct ob_wait {
	int bline, bcol, eline, ecol;  /* a wait_group_events call */
	int traced;                    /* in the kernel's own text: counted */
};

struct ob_barrier {
	int bline, bcol, eline, ecol;  /* the call */
	unsigned flags;                /* 1 local fence, 2 global fence */
	int subgroup;                  /* sub_group_barrier */
	char *func;
	int traced;                    /* in the kernel's own text: counted */
	int call;                      /* not a barrier: a call of a helper that executes
					* one (a finding's place), counted the same way */
};

/* What the log leaves out, and where: an async copy or a barrier's flags
 * that cannot be logged (a finding on that line cannot be observed). */
struct ob_gap {
	int line;
	char *why;
};

/* An observed race: two work-items, one address, one epoch. */
struct ob_race {
	unsigned s1, s2;               /* sites (s1 <= s2) */
	uint32_t lid1, grp1, lid2, grp2;
	uint64_t addr;
	unsigned epoch;                /* the epoch they share (same group); with a
					* copy, the epoch the copy started in */
	int inter;                     /* two work-groups */
	int copy;                      /* a party is the work-group's copy (its lid has
					* OB_COPY_LID) */
	unsigned long long count;      /* conflicting pairs of records seen (at most 64 an
					* address, group and epoch) */
};

/* Divergence observed at one barrier in one work-group. */
struct ob_div {
	unsigned bar;
	uint32_t group;
	unsigned arrived, items;       /* work-items that arrived at least once, of items */
	unsigned lo, hi;               /* fewest and most arrivals of one work-item */
	int flags;                     /* all arrived equally often, with different fence
					* flags: */
	uint32_t lid1, lid2;           /* two work-items that passed different ones, */
	unsigned flags1, flags2;       /* the flags each passed (or-ed over its arrivals) */
};

struct ob_plan {
	char *kernel;
	int pline, pcol;               /* after the kernel's last parameter; 0: none */
	struct ob_site *sites;
	unsigned n, cap;
	struct ob_barrier *bars;
	unsigned nbar, capbar;
	struct ob_wait *waits;
	unsigned nwait, capwait;
	struct ob_gap *gaps;           /* filled by ob_select and ob_instrument */
	unsigned ngaps, capgaps;
	char *no_access;               /* why no access is logged (a barrier in a helper),
					* or NULL */
	int global_atomics;            /* some __global access is atomic: groups may
					* order each other, so only a plain and an atomic
					* access of two groups make an inter-group race */
	/* filled by ob_observe */
	struct ob_race *races;
	unsigned nraces, capraces;
	struct ob_div *divs;
	unsigned ndivs, capdivs;
	unsigned long long records;    /* made, over all groups */
	unsigned long long lost;       /* made beyond a group's capacity */
	unsigned long long benign;     /* pairs left out: two writes of one value */
	unsigned groups;               /* groups that recorded */
};

/* Parse `--dump=accesses` text, keeping `kernel`'s accesses and barriers.
 * 0, or -1 with a reason. */
int ob_plan_parse(struct ob_plan *p, const char *text, const char *kernel, char *err,
		  size_t errlen);

/* Choose what to record: the accesses, in the kernel's own text, to every
 * object that some access on one of the `nlines` lines touches (nlines 0:
 * every object).  Returns the number of accesses traced. */
unsigned ob_select(struct ob_plan *p, const int *lines, unsigned nlines);

/* Count the arrivals at the call that starts at line:col too (a call of a
 * helper that executes a barrier, where a finding is). */
void ob_add_call(struct ob_plan *p, int line, int col);

/* The instrumented source for a launch whose work-groups have `items`
 * work-items: three parameters added (the log, its per-group counters,
 * the arrival counts) and a fourth, the seed of the delays (0: none);
 * NULL with a reason when the kernel cannot be instrumented. */
char *ob_instrument(struct ob_plan *p, const char *source, unsigned items, char *err,
		    size_t errlen);

/* The sizes of the three buffers, in uints (the arrivals' holds, per
 * barrier, group and work-item, the count, the flags or-ed and a hash of
 * the flags of each arrival in turn). */
size_t ob_log_uints(void);
size_t ob_arrival_uints(const struct ob_plan *p, unsigned items);

/* Find the races and the divergence in the log (`counts`: OB_GROUPS
 * counters) and the arrival counts of a launch of `total` work-groups of
 * `items` work-items each. */
void ob_observe(struct ob_plan *p, const uint32_t *log, const uint32_t *counts,
		const uint32_t *arrivals, unsigned total, unsigned items);
/* Why nothing that could show a finding on one of the `nlines` lines is
 * logged (a gap there), or NULL. */
const char *ob_gap_on(const struct ob_plan *p, const int *lines, unsigned nlines);
/* The work-group that recorded into log part `slot` of a launch of `total`. */
unsigned ob_slot_group(unsigned slot, unsigned total);

void ob_plan_free(struct ob_plan *p);

/* One section observed on one backend. */
struct ob_result {
	char *key;
	struct ob_plan plan;
	int ok;                        /* it ran: races and divergence are known */
	char *why;                     /* otherwise, why not */
	const struct run_result *run;  /* the instrumented launch: its outputs (the
					* first seed's) and the differences between seeds */
	double seconds;
};

/* Observe section mk's kernel file `path` (its own, or its twin's) on `be`,
 * recording the objects of the lines `lines` (nlines 0: all): cached per
 * backend, file and lines.  calls: ncalls pairs of line and column of calls
 * whose arrivals are counted too (ob_add_call).  Without an analyzer (a NULL), the dump is read
 * from rc->dump_dir. */
const struct ob_result *ob_run(struct run_ctx *rc, const struct be_backend *be,
			       const struct man_kernel *mk, const char *path,
			       const struct fnd_analyzer *a, const int *lines, unsigned nlines,
			       const int *calls, unsigned ncalls);
/* The analyzer's --dump=accesses of file `path` with section mk's options
 * and first local size; NULL with a reason. */
char *ob_dump_text(const struct fnd_analyzer *a, const struct man_kernel *mk, const char *path,
		   char *err, size_t errlen);
void ob_free_all(struct run_ctx *rc);

#endif
