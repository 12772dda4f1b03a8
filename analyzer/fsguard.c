/*
 * fsguard.c - the files the compiler may read (fsg_ prefix).
 *
 * libclang reads #include targets, -include files and whatever its header
 * search finds through the C library's open(), and trusts what it opens:
 * a character device such as /dev/zero or /dev/urandom is read until memory
 * runs out, and opening a FIFO blocks until some writer appears.  libclang
 * offers no hook to refuse a file, so the library defines open() and its
 * 64-bit and *at variants itself.  A program linking it exports them
 * (CMakeLists.txt: --export-dynamic-symbol), and the dynamic linker binds
 * libLLVM's calls here before the C library's.  A read-only open succeeds
 * only on a directory or on a regular file of at most CLS_MAX_FILE_SIZE
 * bytes; anything else fails with EACCES before it is opened, and the path is
 * remembered so that the frontend can say what it refused.  Opens for
 * writing pass through unchanged.
 *
 * The check is stat, then open with O_NONBLOCK, then fstat: a path swapped
 * for a FIFO in between cannot block the open, and the fstat judges what
 * was really opened.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cls.h"
#include "fsguard.h"

/* The paths refused since fsg_reset (the first few), and why.  libclang
 * parses on a thread of its own, but the caller waits for it: no two threads
 * race here. */
#define FSG_KEEP 8
static struct {
	char path[1024];
	const char *why;
} refused[FSG_KEEP];
static unsigned nrefused;

void fsg_reset(void)
{
	nrefused = 0;
}

bool fsg_any_refused(void)
{
	return nrefused > 0;
}

const char *fsg_why_refused(const char *name)
{
	size_t n = strlen(name);
	for (unsigned i = 0; i < nrefused && i < FSG_KEEP; i++) {
		const char *p = refused[i].path;
		size_t k = strlen(p);
		if (k >= n && !strcmp(p + k - n, name) && (k == n || p[k - n - 1] == '/'))
			return refused[i].why;
	}
	return NULL;
}

/* Why the file with status st may not be read; NULL when it may. */
static const char *unreadable(const struct stat *st)
{
	if (S_ISDIR(st->st_mode))
		return NULL;
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (st->st_size > (off_t)CLS_MAX_FILE_SIZE)
		return "larger than " CLS_MAX_FILE_SIZE_TEXT;
	return NULL;
}

/* Remember a refusal; returns -1 with errno EACCES. */
static int refuse(const char *path, const char *why)
{
	if (nrefused < FSG_KEEP) {
		snprintf(refused[nrefused].path, sizeof refused[nrefused].path, "%s", path);
		refused[nrefused].why = why;
	}
	nrefused++;
	errno = EACCES;
	return -1;
}

/* open(2) relative to dirfd with the checks above; mode matters with O_CREAT. */
static int guarded_open(int dirfd, const char *path, int flags, mode_t mode)
{
	bool reading = (flags & O_ACCMODE) == O_RDONLY && !(flags & (O_CREAT | O_PATH)) &&
		       !(flags & O_DIRECTORY);
	struct stat st;
	if (reading && fstatat(dirfd, path, &st, 0) == 0) {
		const char *why = unreadable(&st);
		if (why)
			return refuse(path, why);
	}
	int fd = (int)syscall(SYS_openat, dirfd, path, reading ? flags | O_NONBLOCK : flags, mode);
	if (fd < 0 || !reading)
		return fd;
	const char *why = fstat(fd, &st) == 0 ? unreadable(&st) : "cannot be examined (fstat)";
	if (why) {
		close(fd);
		return refuse(path, why);
	}
	if (!(flags & O_NONBLOCK))
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/* The mode argument, present when the flags create a file. */
#define FSG_MODE(flags, last, mode)                                    \
	do {                                                           \
		if ((flags) & (O_CREAT | O_TMPFILE)) {                 \
			va_list ap;                                    \
			va_start(ap, last);                            \
			mode = (mode_t)va_arg(ap, int);                \
			va_end(ap);                                    \
		}                                                      \
	} while (0)

/* The C library's entry points, replaced (see the top of the file).  They
 * are declared in <fcntl.h>; _GNU_SOURCE does not rename open to open64 on
 * 64-bit targets, so all four are distinct symbols. */
int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	FSG_MODE(flags, flags, mode);
	return guarded_open(AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	FSG_MODE(flags, flags, mode);
	return guarded_open(AT_FDCWD, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	FSG_MODE(flags, flags, mode);
	return guarded_open(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;
	FSG_MODE(flags, flags, mode);
	return guarded_open(dirfd, path, flags, mode);
}
