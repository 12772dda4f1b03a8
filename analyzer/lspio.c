/*
 * lspio.c - LSP base protocol framing (lspio_ prefix); see lspio.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lspio.h"

void lspio_init(struct lspio_reader *r, int fd)
{
	memset(r, 0, sizeof *r);
	r->fd = fd;
}

void lspio_free(struct lspio_reader *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}

bool lspio_fill(struct lspio_reader *r)
{
	if (r->cap - r->len < 65536) {
		size_t ncap = r->cap ? r->cap * 2 : 131072;
		char *n = realloc(r->buf, ncap);
		if (!n) {
			r->eof = true;   /* nothing sensible is left to do */
			return false;
		}
		r->buf = n;
		r->cap = ncap;
	}
	ssize_t k = read(r->fd, r->buf + r->len, r->cap - r->len);
	if (k < 0 && (errno == EINTR || errno == EAGAIN))
		return true;
	if (k <= 0) {
		r->eof = true;
		return k == 0;
	}
	r->len += (size_t)k;
	return true;
}

/* Drop the first n buffered bytes. */
static void consume(struct lspio_reader *r, size_t n)
{
	if (!n)
		return;   /* buf may still be NULL */
	memmove(r->buf, r->buf + n, r->len - n);
	r->len -= n;
}

static char *reason(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A malloc'ed one-line reason (NULL when out of memory). */
static char *reason(const char *fmt, ...)
{
	char *s = malloc(200);
	va_list ap;
	va_start(ap, fmt);
	if (s)
		vsnprintf(s, 200, fmt, ap);
	va_end(ap);
	return s;
}

/* After a bad header block: drop bytes up to the next "Content-Length:"
 * after the start, where the next message presumably begins.  Without one,
 * keep only a tail that is the start of one (the rest is still to come), so
 * that one bad block is reported once. */
static void resync(struct lspio_reader *r)
{
	static const char key[] = "Content-Length:";
	const size_t k = sizeof key - 1;
	for (size_t i = 1; i + k <= r->len; i++)
		if (!strncasecmp(r->buf + i, key, k)) {
			consume(r, i);
			return;
		}
	size_t keep = r->len < k ? r->len : k - 1;
	while (keep && strncasecmp(r->buf + r->len - keep, key, keep))
		keep--;
	if (keep == r->len)
		keep = 0;   /* the bad block itself: drop it */
	consume(r, r->len - keep);
}

/*
 * Parse the header block at the start of the buffer.  1: complete, its size
 * in *hlen and the body's length in *blen; 0: incomplete; -1: malformed,
 * *why says how.
 */
static int parse_header(const struct lspio_reader *r, size_t *hlen, unsigned long long *blen,
			const char **why)
{
	bool have_len = false;
	size_t pos = 0;
	*why = NULL;
	for (;;) {
		const char *line = r->buf + pos;
		const char *nl = memchr(line, '\n', r->len - pos);
		if (!nl)
			return r->len > LSPIO_MAX_HEADER ? (*why = "header block too long", -1) : 0;
		size_t n = (size_t)(nl - line);
		pos += n + 1;
		if (pos > LSPIO_MAX_HEADER) {
			*why = "header block too long";
			return -1;
		}
		if (n && line[n - 1] == '\r')
			n--;
		if (n == 0) {
			if (!have_len) {
				*why = "header block without Content-Length";
				return -1;
			}
			*hlen = pos;
			return 1;
		}
		const char *colon = memchr(line, ':', n);
		if (!colon) {
			*why = "header line without ':'";
			return -1;
		}
		size_t name = (size_t)(colon - line);
		if (name != 14 || strncasecmp(line, "Content-Length", 14))
			continue;   /* Content-Type and anything else: ignored */
		const char *v = colon + 1, *end = line + n;
		while (v < end && (*v == ' ' || *v == '\t'))
			v++;
		unsigned long long x = 0;
		const char *d = v;
		while (d < end && *d >= '0' && *d <= '9' && d - v < 19)
			x = x * 10 + (unsigned)(*d++ - '0');
		while (d < end && (*d == ' ' || *d == '\t'))
			d++;
		if (d == v || d != end) {
			*why = "invalid Content-Length";
			return -1;
		}
		*blen = x;
		have_len = true;
	}
}

enum lspio_status lspio_next(struct lspio_reader *r, char **body, size_t *len)
{
	*body = NULL;
	*len = 0;
	if (r->skip) {
		size_t n = r->skip < r->len ? r->skip : r->len;
		consume(r, n);
		r->skip -= n;
		if (r->skip)
			return r->eof ? LSPIO_EOF : LSPIO_AGAIN;
	}
	/* Blank lines between messages are tolerated. */
	size_t blank = 0;
	while (blank < r->len && (r->buf[blank] == '\r' || r->buf[blank] == '\n'))
		blank++;
	consume(r, blank);
	if (!r->len)
		return r->eof ? LSPIO_EOF : LSPIO_AGAIN;
	size_t hlen = 0;
	unsigned long long blen = 0;
	const char *why;
	int h = parse_header(r, &hlen, &blen, &why);
	if (h < 0) {
		*body = reason("%s: skipped to the next Content-Length", why);
		resync(r);
		return LSPIO_BAD;
	}
	if (h == 0)
		return r->eof ? LSPIO_EOF : LSPIO_AGAIN;
	if (blen > LSPIO_MAX_BODY) {
		consume(r, hlen);
		r->skip = (size_t)blen;
		*body = reason("message of %llu bytes skipped: over the limit of 160 MiB", blen);
		return LSPIO_BAD;
	}
	if (r->len - hlen < blen)
		return r->eof ? LSPIO_EOF : LSPIO_AGAIN;
	char *b = malloc((size_t)blen + 1);
	if (!b) {
		consume(r, hlen + (size_t)blen);
		*body = reason("message of %llu bytes skipped: out of memory", blen);
		return LSPIO_BAD;
	}
	memcpy(b, r->buf + hlen, (size_t)blen);
	b[blen] = 0;
	consume(r, hlen + (size_t)blen);
	*body = b;
	*len = (size_t)blen;
	return LSPIO_MESSAGE;
}

bool lspio_write(int fd, const char *body, size_t len)
{
	char head[64];
	int hn = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
	const char *parts[2] = { head, body };
	size_t sizes[2] = { (size_t)hn, len };
	for (int i = 0; i < 2; i++) {
		const char *p = parts[i];
		size_t n = sizes[i];
		while (n) {
			ssize_t k = write(fd, p, n);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				return false;
			p += k;
			n -= (size_t)k;
		}
	}
	return true;
}
