/*
 * arena.c - bump allocator with chunks; see arena.h for the contract.
 */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __GLIBC__
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#define CHUNK_MIN (64 * 1024)
#define ALIGN 16

struct mem_chunk {
	struct mem_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

void mem_init(struct mem_arena *a)
{
	memset(a, 0, sizeof *a);
}

/* Hand out size bytes, aligned to 16; NULL and a->oom on failure. */
void *mem_alloc(struct mem_arena *a, size_t size)
{
	struct mem_chunk *c = a->head;
	size_t need = (size + (ALIGN - 1)) & ~(size_t)(ALIGN - 1);

	if (a->oom || need < size)
		goto fail;
	if (a->limit && a->used_total + need > a->limit)
		goto fail;
	if (!c || c->size - c->used < need) {
		size_t csize = need > CHUNK_MIN ? need : CHUNK_MIN;
		c = malloc(sizeof *c + csize);
		if (!c)
			goto fail;
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = c->data + c->used;
	c->used += need;
	a->used_total += need;
	return p;
fail:
	a->oom = true;
	return NULL;
}

void *mem_zalloc(struct mem_arena *a, size_t size)
{
	void *p = mem_alloc(a, size);
	if (p)
		memset(p, 0, size);
	return p;
}

void *mem_array(struct mem_arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		a->oom = true;
		return NULL;
	}
	return mem_zalloc(a, n * size);
}

char *mem_strndup(struct mem_arena *a, const char *s, size_t n)
{
	char *p = mem_alloc(a, n + 1);
	if (p) {
		memcpy(p, s, n);
		p[n] = 0;
	}
	return p;
}

char *mem_strdup(struct mem_arena *a, const char *s)
{
	return s ? mem_strndup(a, s, strlen(s)) : NULL;
}

char *mem_printf(struct mem_arena *a, const char *fmt, ...)
{
	va_list ap;
	char small[256];

	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return mem_strdup(a, "");
	if ((size_t)n < sizeof small)
		return mem_strndup(a, small, (size_t)n);
	char *p = mem_alloc(a, (size_t)n + 1);
	if (!p)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

struct mem_mark mem_mark(const struct mem_arena *a)
{
	struct mem_mark m = { a->head, a->head ? a->head->used : 0, a->used_total };
	return m;
}

void mem_release(struct mem_arena *a, struct mem_mark m)
{
	while (a->head != m.chunk) {
		struct mem_chunk *c = a->head;
		if (!c)
			return;   /* not a mark of this arena: keep what is left */
		a->head = c->next;
		free(c);
	}
	if (a->head)
		a->head->used = m.used;
	a->used_total = m.total;
}

void mem_free_all(struct mem_arena *a)
{
	struct mem_chunk *c = a->head, *next;
	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
	a->used_total = 0;
	a->oom = false;
}

bool mem_vec_push(struct mem_arena *a, struct mem_vec *v, void *item)
{
	if (v->len == v->cap) {
		unsigned ncap = v->cap ? v->cap * 2 : 8;
		void **n = MEM_ARRAY(a, void *, ncap);
		if (!n)
			return false;
		if (v->len)
			memcpy(n, v->items, v->len * sizeof *n);
		v->items = n;
		v->cap = ncap;
	}
	v->items[v->len++] = item;
	return true;
}

#if defined(__SANITIZE_ADDRESS__)
#define CLS_OWN_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CLS_OWN_MALLOC 0
#endif
#endif
#ifndef CLS_OWN_MALLOC
#define CLS_OWN_MALLOC 1
#endif

/*
 * glibc's heap grows by brk, and a region advised MADV_HUGEPAGE is faulted
 * in 2 MiB at a time where the kernel's transparent huge pages are on
 * "madvise" (Debian's default).  So every thread allocates from the brk
 * heap (one arena: the solver's context is made on a second thread), the
 * heap is grown once by HEAP_RESERVE of address space (touched only as
 * used), and that stretch is advised.  What lies beyond it, if a file needs
 * more, is ordinary pages.  The cost is at most one partly used huge page at
 * the top of the heap.
 *
 * Blocks of MMAP_BIG and more are mmap'd one by one, though (glibc's
 * threshold starts at 128 KiB): kept in the heap, the parse of a large
 * kernel (whose vectors grow by copying there, where mmap'd ones grow by
 * mremap) peaked 12% higher at 50,000 lines; from 4 MB up the peak is as
 * with glibc's default, and a small file's page faults are as few as with
 * everything in the heap.  The exception is made where it pays:
 * mem_heap_big_blocks(true) while a Z3 context is made (two tables of 8 MB,
 * half of its pages).
 */
#define HEAP_RESERVE ((size_t)64 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)
#define MMAP_BIG (4 << 20)              /* mmap'd from this size up */

static bool heap_advised;

void mem_heap_hugepages(void)
{
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && CLS_OWN_MALLOC
	if (heap_advised || !mallopt(M_ARENA_MAX, 1) || !mallopt(M_TOP_PAD, (int)HEAP_RESERVE) ||
	    !mallopt(M_MMAP_THRESHOLD, 32 << 20))
		return;
	void *p = malloc(HUGE_PAGE);      /* grows the heap by the pad */
	void *end = sbrk(0);
	/* only where p is the block at the heap's top (an allocator of its
	 * own, Valgrind's, puts it elsewhere) */
	if (p && end != (void *)-1 && (uintptr_t)p < (uintptr_t)end &&
	    (uintptr_t)end - (uintptr_t)p <= HEAP_RESERVE + 2 * HUGE_PAGE) {
		uintptr_t from = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		if (from < (uintptr_t)end)
			heap_advised = madvise((void *)from, (uintptr_t)end - from,
					       MADV_HUGEPAGE) == 0;
	}
	free(p);
	/* later growth in the usual steps; a freed top is kept (trimming
	 * it would give back the advised stretch) */
	mallopt(M_TOP_PAD, 128 << 10);
	mallopt(M_MMAP_THRESHOLD, MMAP_BIG);
	mallopt(M_TRIM_THRESHOLD, (int)HEAP_RESERVE);
#endif
}

void mem_heap_trim(void)
{
#ifdef __GLIBC__
	/* keep the advised stretch mapped: grown again, it would not be */
	malloc_trim(heap_advised ? HEAP_RESERVE : 0);
#endif
}

void mem_heap_big_blocks(bool in_heap)
{
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && CLS_OWN_MALLOC
	if (heap_advised)
		mallopt(M_MMAP_THRESHOLD, in_heap ? 32 << 20 : MMAP_BIG);
#else
	(void)in_heap;
#endif
}
