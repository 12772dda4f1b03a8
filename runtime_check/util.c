/*
 * util.c - checked allocation, growable strings, files, paths and words.
 */
#include "rc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* Report an allocation failure of `n` bytes and stop: nothing to recover. */
static void oom(size_t n)
{
	fprintf(stderr, "runtime_check: out of memory (%zu bytes)\n", n);
	exit(2);
}

void *rc_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *rc_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *rc_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

char *rc_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(rc_xmalloc(n), s, n);
}

/* printf into a fresh heap string that the caller frees. */
char *rc_xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return rc_xstrdup("");
	char *s = rc_xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* Make room in `b` for `extra` more characters and the terminator. */
static void buf_reserve(struct rc_buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->s = rc_xrealloc(b->s, cap);
	b->cap = cap;
}

void rc_buf_addn(struct rc_buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void rc_buf_add(struct rc_buf *b, const char *s)
{
	rc_buf_addn(b, s, strlen(s));
}

void rc_buf_printf(struct rc_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* The string of `b`; "" when nothing was added yet. */
const char *rc_buf_str(const struct rc_buf *b)
{
	return b->s ? b->s : "";
}

void rc_buf_free(struct rc_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* Read the whole file `path` into a NUL-terminated heap string; its size in
 * *len when `len` is not NULL.  NULL with errno set when it cannot. */
char *rc_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct rc_buf b = { 0 };
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		rc_buf_addn(&b, chunk, n);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		rc_buf_free(&b);
		errno = EIO;
		return NULL;
	}
	if (!b.s)
		rc_buf_add(&b, "");
	if (len)
		*len = b.len;
	return b.s;
}

/* Write `len` bytes to `path`, replacing it; 0 on success, -1 with errno. */
int rc_write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	size_t w = fwrite(data, 1, len, f);
	int bad = fclose(f) != 0 || w != len;
	return bad ? -1 : 0;
}

/* "dir/name"; `name` alone when `dir` is empty or `name` is absolute. */
char *rc_path_join(const char *dir, const char *name)
{
	if (!dir || !*dir || name[0] == '/')
		return rc_xstrdup(name);
	size_t n = strlen(dir);
	return rc_xasprintf("%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", name);
}

/* The folder part of `path` ("." when there is none), freshly allocated. */
char *rc_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return rc_xstrdup(".");
	if (slash == path)
		return rc_xstrdup("/");
	char *d = rc_xmalloc((size_t)(slash - path) + 1);
	memcpy(d, path, (size_t)(slash - path));
	d[slash - path] = '\0';
	return d;
}

const char *rc_basename(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* Nonzero when the paths `a` and `b` name the same existing file. */
int rc_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
		return 0;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Case-insensitive "does `hay` contain `needle`" (ASCII). */
int rc_icontains(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n == 0)
		return 1;
	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return 1;
	return 0;
}

/* Strip leading and trailing white space of `s` in place; returns the start. */
char *rc_trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* Fold `s` onto one line in place (control characters become spaces, runs of
 * spaces one space) and cut it to at most `max` bytes, ending in "...". */
void rc_one_line(char *s, size_t max)
{
	char *w = s;
	int space = 0;
	for (const char *r = s; *r; r++) {
		unsigned char c = (unsigned char)*r;
		if (c < 0x20 || c == 0x7f || c == ' ') {
			space = w != s;
			continue;
		}
		if (space)
			*w++ = ' ';
		space = 0;
		*w++ = (char)c;
	}
	*w = '\0';
	if (max >= 4 && strlen(s) > max) {
		/* Do not cut a UTF-8 sequence in half. */
		size_t cut = max - 3;
		while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
			cut--;
		strcpy(s + cut, "...");
	}
}

/* Split `s` into words at white space; single or double quotes group a word
 * with spaces (no escapes).  *words gets a heap array; returns the count. */
int rc_split_words(const char *s, char ***words)
{
	char **w = NULL;
	size_t n = 0, cap = 0;
	while (*s) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		struct rc_buf b = { 0 };
		while (*s && !isspace((unsigned char)*s)) {
			if (*s == '"' || *s == '\'') {
				char q = *s++;
				const char *end = strchr(s, q);
				size_t len = end ? (size_t)(end - s) : strlen(s);
				rc_buf_addn(&b, s, len);
				s += len + (end ? 1 : 0);
			} else {
				rc_buf_addn(&b, s++, 1);
			}
		}
		*RC_PUSH(w, n, cap) = b.s ? b.s : rc_xstrdup("");
	}
	*words = w;
	return (int)n;
}

void rc_free_words(char **words, int n)
{
	for (int i = 0; i < n; i++)
		free(words[i]);
	free(words);
}

/* Seconds on a monotonic clock. */
double rc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
