/*
 * rc.h - runtime_check's small utilities: checked allocation, growable
 * strings, files and paths, word splitting.  Out of memory is fatal here:
 * the harness is a short-lived program and has nothing to save.
 */
#ifndef RC_H
#define RC_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define RC_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

void *rc_xmalloc(size_t n);
void *rc_xcalloc(size_t n, size_t size);
void *rc_xrealloc(void *p, size_t n);
char *rc_xstrdup(const char *s);
char *rc_xasprintf(const char *fmt, ...) RC_PRINTF(1, 2);

/* Append one element to a growable array `arr` of `n` elements and `cap`
 * slots, doubling the slots when full; evaluates to the new element. */
#define RC_PUSH(arr, n, cap)                                                  \
	(((n) == (cap) ? ((cap) = (cap) ? 2 * (cap) : 8,                      \
	                  (arr) = rc_xrealloc((arr), (cap) * sizeof *(arr)))   \
	               : (arr)),                                              \
	 &(arr)[(n)++])

/* A growable NUL-terminated string; zero-initialized is empty. */
struct rc_buf {
	char *s;
	size_t len, cap;
};

void rc_buf_addn(struct rc_buf *b, const char *s, size_t n);
void rc_buf_add(struct rc_buf *b, const char *s);
void rc_buf_printf(struct rc_buf *b, const char *fmt, ...) RC_PRINTF(2, 3);
const char *rc_buf_str(const struct rc_buf *b);
void rc_buf_free(struct rc_buf *b);

char *rc_read_file(const char *path, size_t *len);
int rc_write_file(const char *path, const void *data, size_t len);
char *rc_path_join(const char *dir, const char *name);
char *rc_dirname(const char *path);
const char *rc_basename(const char *path);
int rc_same_file(const char *a, const char *b);
int rc_icontains(const char *hay, const char *needle);
char *rc_trim(char *s);
void rc_one_line(char *s, size_t max);
int rc_split_words(const char *s, char ***words);
void rc_free_words(char **words, int n);
double rc_now(void);

#endif
