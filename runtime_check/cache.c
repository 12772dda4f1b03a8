/*
 * cache.c - the program cache's keys, entries and folder (cache.h).
 */
#include "cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rc.h"

/* Bump when the key or the entry format changes: old entries then miss. */
#define PC_FORMAT "runtime_check program cache 1"
#define PC_MAGIC "rcprog1\n"

/* ------------------------------------------------------------- SHA-256 */
/* A key collision would run the wrong kernel without a word, so the key is
 * a cryptographic hash rather than a 64-bit one. */

static const uint32_t sha_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n)
{
	return x >> n | x << (32 - n);
}

static void sha_block(struct pc_sha256 *s, const unsigned char *p)
{
	uint32_t w[64];
	for (unsigned i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (unsigned i = 16; i < 64; i++) {
		uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ w[i - 15] >> 3;
		uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ w[i - 2] >> 10;
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	uint32_t e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
	for (unsigned i = 0; i < 64; i++) {
		uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) +
			      sha_k[i] + w[i];
		uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		h = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	s->h[0] += a;
	s->h[1] += b;
	s->h[2] += c;
	s->h[3] += d;
	s->h[4] += e;
	s->h[5] += f;
	s->h[6] += g;
	s->h[7] += h;
}

void pc_sha256_init(struct pc_sha256 *s)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	memcpy(s->h, h0, sizeof h0);
	s->bytes = 0;
	s->used = 0;
}

void pc_sha256_update(struct pc_sha256 *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	s->bytes += len;
	while (len > 0) {
		size_t take = 64 - s->used < len ? 64 - s->used : len;
		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		len -= take;
		if (s->used == 64) {
			sha_block(s, s->block);
			s->used = 0;
		}
	}
}

/* Finish: the digest as 64 lowercase hex digits and a NUL. */
void pc_sha256_hex(struct pc_sha256 *s, char hex[65])
{
	uint64_t bits = s->bytes * 8;
	unsigned char pad[72] = { 0x80 };
	size_t npad = (s->used < 56 ? 56 : 120) - s->used;
	for (unsigned i = 0; i < 8; i++)
		pad[npad + i] = (unsigned char)(bits >> (56 - 8 * i));
	pc_sha256_update(s, pad, npad + 8);
	for (unsigned i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", (unsigned)s->h[i]);
}

void pc_key(const char *const *fields, unsigned nfields, const char *src, size_t srclen,
	    char hex[65])
{
	struct pc_sha256 s;
	pc_sha256_init(&s);
	pc_sha256_update(&s, PC_FORMAT, sizeof PC_FORMAT);
	for (unsigned i = 0; i < nfields; i++) {
		const char *f = fields[i] ? fields[i] : "";
		pc_sha256_update(&s, f, strlen(f) + 1);
	}
	pc_sha256_update(&s, src, srclen);
	pc_sha256_hex(&s, hex);
}

/* --------------------------------------------------------------- entries */

static char *entry_path(const char *dir, const char *key)
{
	return rc_xasprintf("%s/%s.bin", dir, key);
}

unsigned char *pc_load(const char *dir, const char *key, size_t *len, char *why, size_t n)
{
	why[0] = '\0';
	char *path = entry_path(dir, key);
	size_t flen;
	char *text = rc_read_file(path, &flen);
	free(path);
	if (!text) {
		if (errno != ENOENT)
			snprintf(why, n, "unreadable entry (%s)", strerror(errno));
		return NULL;
	}
	/* magic, key, size, checksum: 8 + 65 + 17 + 65 bytes */
	const size_t head = 8 + 65 + 17 + 65;
	char sum[65];
	unsigned long long size = 0;
	if (flen < head || memcmp(text, PC_MAGIC, 8) != 0) {
		snprintf(why, n, "corrupt entry (no header)");
	} else if (memcmp(text + 8, key, 64) != 0 || text[72] != '\n') {
		snprintf(why, n, "corrupt entry (another key)");
	} else if (sscanf(text + 73, "%16llx", &size) != 1 || text[89] != '\n' ||
		   size != flen - head) {
		snprintf(why, n, "corrupt entry (%zu bytes of binary, the header says %llu)",
			 flen > head ? flen - head : 0, size);
	} else {
		struct pc_sha256 s;
		pc_sha256_init(&s);
		pc_sha256_update(&s, text + head, flen - head);
		pc_sha256_hex(&s, sum);
		if (memcmp(text + 90, sum, 64) != 0 || text[154] != '\n')
			snprintf(why, n, "corrupt entry (checksum)");
	}
	if (why[0]) {
		free(text);
		return NULL;
	}
	/* Keep the heap block: move the binary to its start. */
	memmove(text, text + head, flen - head);
	*len = flen - head;
	return (unsigned char *)text;
}

/* write(2) all of it; 0, or -1 with errno. */
static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int pc_store(const char *dir, const char *key, const void *bin, size_t len, char *why, size_t n)
{
	char sum[65], head[160];
	struct pc_sha256 s;
	pc_sha256_init(&s);
	pc_sha256_update(&s, bin, len);
	pc_sha256_hex(&s, sum);
	int hlen = snprintf(head, sizeof head, "%s%s\n%016llx\n%s\n", PC_MAGIC, key,
			    (unsigned long long)len, sum);
	/* A temporary name in the same folder, then rename(2): a reader (another
	 * run, in parallel) sees the old entry, the new one, or none; a child
	 * killed while writing leaves only a .tmp file. */
	char *tmp = rc_xasprintf("%s/.%s.XXXXXX.tmp", dir, key);
	int fd = mkstemps(tmp, 4);
	if (fd < 0) {
		snprintf(why, n, "cannot create a file in %s (%s)", dir, strerror(errno));
		free(tmp);
		return -1;
	}
	int bad = write_all(fd, head, (size_t)hlen) != 0 || write_all(fd, bin, len) != 0;
	int err = errno;
	if (close(fd) != 0 && !bad) {
		bad = 1;
		err = errno;
	}
	char *path = entry_path(dir, key);
	if (!bad && rename(tmp, path) != 0) {
		bad = 1;
		err = errno;
	}
	if (bad) {
		snprintf(why, n, "cannot write %s (%s)", path, strerror(err));
		unlink(tmp);
	}
	free(path);
	free(tmp);
	return bad ? -1 : 0;
}

/* ---------------------------------------------------------------- folder */

/* mkdir -p `dir` (private folders: the entries are code that will run).
 * 0, or -1 with errno. */
static int make_dirs(const char *dir)
{
	char *p = rc_xstrdup(dir);
	for (char *c = p + 1; *c; c++) {
		if (*c != '/')
			continue;
		*c = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*c = '/';
	}
	int rc = mkdir(p, 0700) != 0 && errno != EEXIST ? -1 : 0;
	free(p);
	if (rc == 0 && access(dir, W_OK | X_OK) != 0)
		rc = -1;
	return rc;
}

/* The default folder: beside the executable when that folder is writable
 * (the build tree: gpu/run.sh builds in build-gpu, so it is writable there
 * too), else under $XDG_CACHE_HOME or ~/.cache; NULL when neither exists. */
static char *default_dir(void)
{
	char self[PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	if (len > 0) {
		self[len] = '\0';
		char *exe_dir = rc_dirname(self);
		int ok = access(exe_dir, W_OK | X_OK) == 0;
		char *d = ok ? rc_path_join(exe_dir, "program-cache") : NULL;
		free(exe_dir);
		if (d)
			return d;
	}
	const char *xdg = getenv("XDG_CACHE_HOME");
	if (xdg && xdg[0] == '/')
		return rc_path_join(xdg, "clsynclint/programs");
	const char *home = getenv("HOME");
	if (home && home[0] == '/')
		return rc_xasprintf("%s/.cache/clsynclint/programs", home);
	return NULL;
}

char *pc_choose_dir(const char *option, char *note, size_t n)
{
	note[0] = '\0';
	const char *env = getenv("RC_PROGRAM_CACHE");
	const char *want = option ? option : env && *env ? env : NULL;
	if (want && !strcmp(want, "off"))
		return NULL;
	char *dir = want ? rc_xstrdup(want) : default_dir();
	if (!dir) {
		snprintf(note, n, "program cache off: no folder for it (set RC_PROGRAM_CACHE)");
		return NULL;
	}
	if (make_dirs(dir) != 0) {
		snprintf(note, n, "program cache off: cannot use %s (%s)", dir, strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}
