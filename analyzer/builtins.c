/*
 * builtins.c - look-up of builtins.def.
 */
#include "builtins.h"

#include <string.h>

struct bi_entry {
	const char *name;
	unsigned char kind;
	bool prefix;
};

static const struct bi_entry bi_table[] = {
#define BUILTIN(n, k) { #n, k, false },
#define BUILTIN_PREFIX(n, k) { #n, k, true },
#include "builtins.def"
#undef BUILTIN
#undef BUILTIN_PREFIX
};

enum bi_kind bi_classify(const char *name)
{
	size_t i, n = sizeof bi_table / sizeof bi_table[0];

	if (!name)
		return BI_NONE;
	for (i = 0; i < n; i++)
		if (!bi_table[i].prefix && !strcmp(bi_table[i].name, name))
			return (enum bi_kind)bi_table[i].kind;
	for (i = 0; i < n; i++)
		if (bi_table[i].prefix &&
		    !strncmp(bi_table[i].name, name, strlen(bi_table[i].name)))
			return (enum bi_kind)bi_table[i].kind;
	return BI_NONE;
}

bool bi_is_wg_barrier_like(enum bi_kind k)
{
	return k == BI_BARRIER || k == BI_WG_COLLECTIVE || k == BI_WG_SCAN ||
	       k == BI_ASYNC_COPY || k == BI_WAIT_EVENTS;
}

bool bi_is_sg_barrier_like(enum bi_kind k)
{
	return k == BI_SG_BARRIER || k == BI_SG_COLLECTIVE || k == BI_SG_SCAN ||
	       k == BI_SG_SHUFFLE;
}

bool bi_is_atomic(enum bi_kind k)
{
	return k == BI_ATOMIC_LOAD || k == BI_ATOMIC_STORE || k == BI_ATOMIC_RMW;
}
