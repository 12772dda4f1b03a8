/*
 * lspio.h - the base protocol of the Language Server Protocol (lspio_
 * prefix): messages framed by a "Content-Length: N" header block, read from
 * a file descriptor that poll() watches, and written whole.
 *
 * Reading never trusts the peer: a header block without a valid length is
 * reported and skipped (the reader resynchronizes at the next
 * "Content-Length:"), a body over LSPIO_MAX_BODY is skipped as it arrives
 * without being stored, and end of input ends the stream cleanly.
 */
#ifndef CLS_LSPIO_H
#define CLS_LSPIO_H

#include <stdbool.h>
#include <stddef.h>

/* The largest body kept: a 64 MiB buffer escaped into JSON, with room.
 * Larger ones are skipped and reported. */
#define LSPIO_MAX_BODY ((size_t)160 << 20)
/* The largest header block; a longer one is garbage. */
#define LSPIO_MAX_HEADER 8192

struct lspio_reader {
	int fd;
	char *buf;           /* bytes read and not yet consumed: buf[0..len) */
	size_t len, cap;
	size_t skip;         /* bytes of an oversized body still to discard */
	bool eof;            /* the peer closed its end */
};

enum lspio_status {
	LSPIO_MESSAGE,       /* a body: *body (malloc'ed, NUL-terminated), *len */
	LSPIO_AGAIN,         /* no whole message buffered: read more (lspio_fill) */
	LSPIO_BAD,           /* a framing error, skipped: *body is its one-line reason */
	LSPIO_EOF,           /* end of input (what was left is an incomplete message) */
};

void lspio_init(struct lspio_reader *r, int fd);
void lspio_free(struct lspio_reader *r);

/* Read what fd has now (once; call when poll() says it is readable).
 * false on a read error other than EINTR/EAGAIN (then r->eof is set). */
bool lspio_fill(struct lspio_reader *r);

/*
 * The next message from what is buffered.  LSPIO_MESSAGE and LSPIO_BAD give
 * a malloc'ed string in *body that the caller frees; call again until
 * LSPIO_AGAIN or LSPIO_EOF.
 */
enum lspio_status lspio_next(struct lspio_reader *r, char **body, size_t *len);

/* Write one message (len bytes of JSON) with its header to fd, retrying
 * short writes; false when the peer is gone. */
bool lspio_write(int fd, const char *body, size_t len);

#endif
