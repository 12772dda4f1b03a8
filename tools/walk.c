/*
 * walk.c - the inputs: directories expanded into the .cl and .opencl files (and, with
 * --host-files, the host files holding kernels) under them, in sorted order,
 * and each input read whole, within the size limit.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prog.h"

void add_file(struct prog *p, const char *path)
{
	if (p->nfiles == p->capfiles) {
		unsigned n = p->capfiles ? p->capfiles * 2 : 16;
		char **v = MEM_ARRAY(&p->arena, char *, n);
		if (!v)
			return;
		if (p->nfiles)
			memcpy(v, p->files, p->nfiles * sizeof *v);
		p->files = v;
		p->capfiles = n;
	}
	p->files[p->nfiles++] = mem_strdup(&p->arena, path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Visited directories (device, inode), to stop symlink loops. */
struct seen_dir {
	dev_t dev;
	ino_t ino;
	struct seen_dir *up;
};

/*
 * Read at most CLS_MAX_FILE_SIZE bytes from fd into a malloc'ed buffer
 * (length in *len; `hint` is the expected size, 0 if unknown).  NULL with
 * the reason in *why on a read error or when there is more.
 */
static char *read_fd(int fd, size_t hint, size_t *len, const char **why)
{
	size_t cap = hint ? hint + 1 : 1 << 16, n = 0;
	char *buf = malloc(cap);
	if (!buf) {
		*why = strerror(ENOMEM);
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			size_t ncap = cap * 2 > (size_t)CLS_MAX_FILE_SIZE + 1
					      ? (size_t)CLS_MAX_FILE_SIZE + 1 : cap * 2;
			char *x = n > CLS_MAX_FILE_SIZE ? NULL : realloc(buf, ncap);
			if (!x) {
				free(buf);
				*why = n > CLS_MAX_FILE_SIZE ? "larger than " CLS_MAX_FILE_SIZE_TEXT
							       " (the largest file read)"
							     : strerror(ENOMEM);
				return NULL;
			}
			buf = x;
			cap = ncap;
		}
		ssize_t k = read(fd, buf + n, cap - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			free(buf);
			*why = strerror(errno);
			return NULL;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	*len = n;
	return buf;
}

/* Read input `path` whole (prog.h); fsguard.c guards the open. */
char *read_input(const char *path, size_t *len, const char **why)
{
	if (!strcmp(path, "-"))
		return read_fd(STDIN_FILENO, 0, len, why);
	struct stat st;
	if (stat(path, &st) != 0) {
		*why = strerror(errno);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		*why = "is a directory";
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		*why = "not a regular file (only regular files and standard input are read)";
		return NULL;
	}
	if (st.st_size > (off_t)CLS_MAX_FILE_SIZE) {
		*why = "larger than " CLS_MAX_FILE_SIZE_TEXT " (the largest file read)";
		return NULL;
	}
	/* open() is fsguard.c's: should the path have become something else
	 * since the stat, it is not opened (or not read when opened). */
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	char *text = read_fd(fd, (size_t)st.st_size, len, why);
	close(fd);
	return text;
}

/* --host-files: is `path` host code holding a kernel source?  (A directory
 * gives the host files that do; a host file named explicitly is always an
 * input.) */
static bool host_file_with_kernels(const char *path)
{
	enum cls_host_lang lang = cls_host_lang(path);
	if (!lang)
		return false;
	size_t len = 0;
	const char *why;
	char *text = read_input(path, &len, &why);
	bool yes = text && cls_host_has_kernels(lang, text, len);
	free(text);
	return yes;
}

/* Is `name` an OpenCL C file's name: .cl, or .opencl (CLBlast's kernels,
 * written as C++ raw strings: cls_raw_wrapped)? */
static bool kernel_file_name(const char *name)
{
	size_t n = strlen(name);
	return (n > 3 && !strcmp(name + n - 3, ".cl")) || (n > 7 && !strcmp(name + n - 7, ".opencl"));
}

/* Add the .cl and .opencl files under dir, recursively, in sorted order (with
 * --host-files, also the host files that hold kernel sources). */
static void walk_dir(struct prog *p, const char *dir, struct seen_dir *up, unsigned depth)
{
	struct stat st;
	if (stat(dir, &st) != 0 || depth > 64)
		return;
	for (struct seen_dir *s = up; s; s = s->up)
		if (s->dev == st.st_dev && s->ino == st.st_ino) {
			fprintf(stderr, "clsynclint: %s: directory loop, skipped\n", dir);
			return;
		}
	struct seen_dir me = { st.st_dev, st.st_ino, up };
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "clsynclint: %s: %s\n", dir, strerror(errno));
		p->sum.not_analyzed++;
		return;
	}
	char **names = NULL;
	unsigned n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			char **x = realloc(names, cap * sizeof *x);
			if (!x)
				break;
			names = x;
		}
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	for (unsigned i = 0; i < n; i++) {
		char *path = mem_printf(&p->arena, "%s%s%s", dir,
					dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
		struct stat s2;
		if (path && stat(path, &s2) == 0 &&
		    cfg_walk_allows(p->walk_cfg, path, S_ISDIR(s2.st_mode))) {
			if (S_ISDIR(s2.st_mode))
				walk_dir(p, path, &me, depth + 1);
			else if (S_ISREG(s2.st_mode) && kernel_file_name(names[i]))
				add_file(p, path);
			else if (S_ISREG(s2.st_mode) && p->host_files && host_file_with_kernels(path))
				add_file(p, path);
		}
		free(names[i]);
	}
	free(names);
}

int walk_inputs(struct prog *p, unsigned *stdin_count)
{
	char **given = p->files;
	unsigned ngiven = p->nfiles;
	char cfg_err[600];
	p->files = NULL;
	p->nfiles = p->capfiles = 0;
	*stdin_count = 0;
	for (unsigned i = 0; i < ngiven; i++) {
		struct stat st;
		*stdin_count += !strcmp(given[i], "-");
		if (strcmp(given[i], "-") && stat(given[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			unsigned before = p->nfiles;
			bool bad = false;
			p->walk_cfg = p->forced_cfg;
			if (!p->walk_cfg && !p->no_config)
				p->walk_cfg = cfg_find(p->cfgs, given[i], &bad, cfg_err, sizeof cfg_err);
			if (bad)
				return usage_error("%s", cfg_err);
			walk_dir(p, given[i], NULL, 0);
			if (p->nfiles == before) {
				fprintf(stderr, "clsynclint: %s: no .cl or .opencl files%s in this directory\n",
					given[i], p->host_files ? ", nor host files with kernels," : "");
				p->sum.not_analyzed++;
			}
		} else {
			add_file(p, given[i]);
		}
	}
	return -1;
}
