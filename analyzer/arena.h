/*
 * arena.h - one allocation arena per translation unit.
 *
 * Everything the analyzer builds for one file (IR, facts, diagnostics) comes
 * from one arena and is released at once by mem_free_all().  Allocation
 * failure is sticky: the allocator returns NULL, sets a->oom, and callers
 * check mem_failed() at phase boundaries instead of after every call.
 */
#ifndef CLS_ARENA_H
#define CLS_ARENA_H

#include <stddef.h>
#include <stdbool.h>

struct mem_chunk;

struct mem_arena {
	struct mem_chunk *head;   /* newest chunk first */
	size_t used_total;        /* bytes handed out, for --time-report */
	size_t limit;             /* 0 = unlimited; else fail beyond this many bytes */
	bool oom;                 /* sticky: some allocation failed */
};

void mem_init(struct mem_arena *a);
void *mem_alloc(struct mem_arena *a, size_t size);
void *mem_zalloc(struct mem_arena *a, size_t size);
char *mem_strdup(struct mem_arena *a, const char *s);
char *mem_strndup(struct mem_arena *a, const char *s, size_t n);
char *mem_printf(struct mem_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void mem_free_all(struct mem_arena *a);

static inline bool mem_failed(const struct mem_arena *a) { return a->oom; }

/*
 * Put the process's heap on transparent huge pages, for a process about to
 * lint (a worker): a file's run touches 20 to 40 MB of fresh heap, most of
 * it a Z3 context's tables, and a fault per 4 KiB page was a third of a
 * small file's time.  Without huge pages (or under a sanitizer's or
 * Valgrind's allocator) it changes nothing.  Call before any thread starts.
 */
void mem_heap_hugepages(void);
/* Blocks of any size from the advised heap (true), or large ones mmap'd
 * (false, glibc's default); no effect unless mem_heap_hugepages took. */
void mem_heap_big_blocks(bool in_heap);
/* Hand freed heap pages back to the system (all but the advised stretch). */
void mem_heap_trim(void);

/*
 * Stack discipline for scratch arenas: mem_release(a, m) frees everything
 * allocated from a since m = mem_mark(a), and nothing older.  Marks must be
 * released innermost first.  Used for temporaries of recursive walks whose
 * results live in another arena, so that scratch memory follows the depth of
 * the walk instead of the size of the input.
 */
struct mem_mark {
	struct mem_chunk *chunk;  /* a->head when marked */
	size_t used;              /* its fill then */
	size_t total;             /* a->used_total then */
};

struct mem_mark mem_mark(const struct mem_arena *a);
void mem_release(struct mem_arena *a, struct mem_mark m);

/* Size-checked array allocation: NULL (and oom set) on overflow. */
void *mem_array(struct mem_arena *a, size_t n, size_t size);
#define MEM_NEW(a, type) ((type *)mem_zalloc((a), sizeof(type)))
#define MEM_ARRAY(a, type, n) ((type *)mem_array((a), (n), sizeof(type)))

/*
 * A growable array of pointers whose storage lives in the arena (old storage
 * is simply abandoned on growth; the arena frees it with everything else).
 */
struct mem_vec {
	void **items;
	unsigned len, cap;
};

bool mem_vec_push(struct mem_arena *a, struct mem_vec *v, void *item);

#endif
