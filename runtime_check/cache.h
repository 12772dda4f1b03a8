/*
 * cache.h - the program cache: built OpenCL programs kept as binaries
 * across rows and across runs of the harness.
 *
 * Every kernel run happens in a forked child (proc.h), so a built program
 * does not outlive its run in memory; a fixed twin, its instrumented copies
 * and the next run of the harness would build the same source again.  After
 * a successful build from source, the child stores the program's binary
 * (clGetProgramInfo CL_PROGRAM_BINARIES) in a folder, under the SHA-256 of
 * the device (platform, device, driver and versions), the build options and
 * the whole source text; a later run with the same key creates the program
 * from that binary instead.  An entry that is corrupt or that the driver
 * rejects is never a row's failure: the child builds from source and
 * replaces it.  Entries are written to a temporary file and renamed, so
 * concurrent harnesses (ctest -j) see a whole entry or none.
 *
 * An entry, DIR/<key>.bin:
 *   "rcprog1\n"  <key, 64 hex digits>"\n"  <size, 16 hex digits>"\n"
 *   <SHA-256 of the binary, 64 hex digits>"\n"  <the binary>
 *
 * The OpenCL calls stay in clrun.c; this file is hashing, files and the
 * choice of folder, so the unit tests link it without a device.
 */
#ifndef RC_CACHE_H
#define RC_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 (FIPS 180-4), incrementally. */
struct pc_sha256 {
	uint32_t h[8];
	uint64_t bytes;
	unsigned char block[64];
	size_t used;
};

void pc_sha256_init(struct pc_sha256 *s);
void pc_sha256_update(struct pc_sha256 *s, const void *data, size_t len);
void pc_sha256_hex(struct pc_sha256 *s, char hex[65]);

/* The key of a program: the SHA-256, in hex, of the cache format, the
 * `nfields` device strings and the build options (each NUL-terminated, so
 * that no two lists run together the same way), then the source text. */
void pc_key(const char *const *fields, unsigned nfields, const char *src, size_t srclen,
	    char hex[65]);

/* The binary stored under `key` in `dir`, with its size in *len; NULL when
 * there is none (*why empty) or when the entry is unusable (*why says how). */
unsigned char *pc_load(const char *dir, const char *key, size_t *len, char *why, size_t n);

/* Store `len` bytes under `key` in `dir`, atomically; 0, or -1 with *why. */
int pc_store(const char *dir, const char *key, const void *bin, size_t len, char *why, size_t n);

/* The folder to use: `option` (--program-cache) when given, else
 * $RC_PROGRAM_CACHE, else program-cache beside the runtime_check
 * executable (the build tree), else $XDG_CACHE_HOME/clsynclint/programs
 * (~/.cache/...); "off" in the option or the variable turns the cache off.
 * Creates it.  NULL when the cache is off; *note then says why when it was
 * asked for or could not be created (empty when turned off on purpose). */
char *pc_choose_dir(const char *option, char *note, size_t n);

#endif
