/*
 * arena.c - bump allocator with chunks; see arena.h for the contract.
 */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
