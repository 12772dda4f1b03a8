/*
 * config.c - the .clsynclint configuration file (cfg_ prefix).
 *
 * libinih reads the INI syntax; each key becomes an entry holding its value
 * as command-line arguments, checked at load time by cls_parse_option, the
 * parser of the command line, so the file and the flags cannot drift apart.
 * Applying a configuration replays those arguments onto a file's options.
 */
#include <errno.h>
#include <fnmatch.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"   /* diag_rule_index */

enum cfg_key {
	K_OPTIONS,   /* build and analysis options, as on the command line */
	K_CL_STD,
	K_LOCAL,
	K_GROUPS,
	K_GLOBAL,
	K_DEVICE,
	K_ENABLE,
	K_DISABLE,
	K_SEVERITY,  /* severity.RULE */
	K_INCLUDE,   /* directory walking, global part only */
	K_EXCLUDE,
	K_ASSUME,    /* a fact, as --assume */
	K_ASSUME_MACROS, /* yes or no, as --assume-macros= */
};

/* Each key and the command-line flag its value is given to (NULL: none). */
static const struct {
	const char *name, *flag;
} keys[] = {
	[K_OPTIONS] = { "options", NULL },
	[K_CL_STD] = { "cl-std", "-cl-std=" },
	[K_LOCAL] = { "local-size", "--local-size=" },
	[K_GROUPS] = { "num-groups", "--num-groups=" },
	[K_GLOBAL] = { "global-size", "--global-size=" },
	[K_DEVICE] = { "device", "--device=" },
	[K_ENABLE] = { "enable", "--enable=" },
	[K_DISABLE] = { "disable", "--disable=" },
	[K_SEVERITY] = { "severity.RULE", NULL },
	[K_INCLUDE] = { "include", NULL },
	[K_EXCLUDE] = { "exclude", NULL },
	[K_ASSUME] = { "assume", "--assume=" },
	[K_ASSUME_MACROS] = { "assume-macros", "--assume-macros=" },
};

struct cfg_entry {
	enum cfg_key key;
	const char *glob;            /* NULL: the global part; else its [path:GLOB] */
	int argc;
	char **argv;                 /* the value as arguments, or the globs */
	int rule;                    /* severity.RULE: index in cls_rules */
	int sev;                     /* severity.RULE: enum cls_severity, or -1 for off */
};

struct cfg {
	const char *path;            /* the file, absolute */
	const char *dir;             /* its directory, absolute */
	struct mem_vec entries;      /* struct cfg_entry *, in file order */
	struct cfg *next;
};

/* Which configuration governs a directory (c NULL: none). */
struct cfg_dir {
	const char *dir;
	const struct cfg *c;
	struct cfg_dir *next;
};

struct cfg_set {
	struct mem_arena arena;      /* everything below */
	struct cfg *loaded;
	struct cfg_dir *dirs;
};

struct cfg_set *cfg_set_new(void)
{
	struct cfg_set *s = calloc(1, sizeof *s);
	if (s)
		mem_init(&s->arena);
	return s;
}

void cfg_set_free(struct cfg_set *s)
{
	if (!s)
		return;
	mem_free_all(&s->arena);
	free(s);
}

/* ---------------------------------------------------------------- paths */

/* An absolute version of path (resolved when it exists), in a. */
static char *abs_path(struct mem_arena *a, const char *path)
{
	char *r = realpath(path, NULL);
	if (r) {
		char *c = mem_strdup(a, r);
		free(r);
		return c;
	}
	if (path[0] == '/')
		return mem_strdup(a, path);
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		return mem_strdup(a, path);
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return mem_printf(a, "%s/%s", strcmp(cwd, "/") ? cwd : "", path);
}

/* The parent of an absolute directory, in a; NULL for the root. */
static char *parent_dir(struct mem_arena *a, const char *dir)
{
	const char *slash = strrchr(dir, '/');
	if (!slash || !strcmp(dir, "/"))
		return NULL;
	return slash == dir ? mem_strdup(a, "/") : mem_strndup(a, dir, (size_t)(slash - dir));
}

static bool exists(const char *dir, const char *name, bool regular)
{
	char p[4096];
	struct stat st;
	snprintf(p, sizeof p, "%s/%s", strcmp(dir, "/") ? dir : "", name);
	return stat(p, &st) == 0 && (!regular || S_ISREG(st.st_mode));
}

/* path relative to c's directory, in a; NULL when it lies outside. */
static const char *rel_to(const struct cfg *c, struct mem_arena *a, const char *path)
{
	const char *abs = abs_path(a, path);
	size_t n = strlen(c->dir);
	if (!abs)
		return NULL;
	if (!strcmp(c->dir, "/"))
		return abs + 1;
	if (strncmp(abs, c->dir, n) || abs[n] != '/')
		return NULL;
	return abs + n + 1;
}

/* --------------------------------------------------------------- values */

/* Split a value into words: blanks separate, '...' and "..." quote, a
 * backslash escapes one character.  Returns the words in a (count in *argc). */
static char **split(struct mem_arena *a, const char *s, int *argc)
{
	size_t n = strlen(s);
	char **argv = MEM_ARRAY(a, char *, n / 2 + 2);
	char *buf = mem_alloc(a, n + 1);
	int k = 0;
	if (!argv || !buf)
		return NULL;
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		char *w = buf, q = 0;
		for (; *s && (q || (*s != ' ' && *s != '\t')); s++) {
			if (q && *s == q)
				q = 0;
			else if (!q && (*s == '\'' || *s == '"'))
				q = *s;
			else if (*s == '\\' && s[1] && q != '\'')
				*buf++ = *++s;
			else
				*buf++ = *s;
		}
		*buf++ = 0;
		argv[k++] = w;
	}
	*argc = k;
	return argv;
}

/* Make the relative paths of -I DIR, -IDIR and -include FILE relative to dir. */
static void anchor_paths(struct mem_arena *a, const char *dir, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		char *v = NULL;
		if ((!strcmp(argv[i], "-I") || !strcmp(argv[i], "-include")) && i + 1 < argc)
			v = argv[++i];
		else if (!strncmp(argv[i], "-I", 2) && argv[i][2] && argv[i][2] != '/')
			argv[i] = mem_printf(a, "-I%s/%s", dir, argv[i] + 2);
		if (v && v[0] != '/')
			argv[i] = mem_printf(a, "%s/%s", dir, v);
	}
}

/* Apply arguments to o with the command line's parser; -1 (message in err)
 * or 0 (argv[*bad] is not an option) on failure, 1 on success. */
static int apply_args(struct mem_arena *a, struct cls_options *o, int argc, char **argv,
		      int *bad, char *err, size_t errlen)
{
	for (int i = 0; i < argc; i++) {
		*bad = i;
		int k = cls_parse_option(a, o, argc, argv, &i, err, errlen);
		if (k <= 0)
			return k;
	}
	return 1;
}

/* ---------------------------------------------------------------- loading */

struct loader {
	struct cfg_set *set;
	struct cfg *c;
	const char *section;         /* the last section name seen */
	const char *glob;            /* its glob (NULL: global part) */
	FILE *f;                     /* the file, read line by line (read_line) */
	int line;                    /* the line libinih is parsing */
	int err_line;                /* the first line the handler failed on; 0: none */
	int long_line;               /* a line too long for libinih; 0: none */
	int max_line;                /* the most characters libinih takes in a line */
	char *err;                   /* the handler's message, if it failed */
	size_t errlen;
};

static int load_fail(struct loader *ld, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Record the handler's first error message and its line; returns 0, an
 * error for libinih (which goes on to the end and returns the first line
 * with an error, a syntax error or ours). */
static int load_fail(struct loader *ld, const char *fmt, ...)
{
	if (ld->err_line)
		return 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ld->err, ld->errlen, fmt, ap);
	va_end(ap);
	ld->err_line = ld->line;
	return 0;
}

/*
 * libinih's reader: the next line of ld->f into str (at most num - 1
 * bytes), counting lines, so that the handler knows where it is.  A line
 * that does not fit would be split in two silently: stop there instead
 * (NULL, like the end of the file) and let cfg_load report it.
 */
static char *read_line(char *str, int num, void *user)
{
	struct loader *ld = user;
	if (ld->long_line || !fgets(str, num, ld->f))
		return NULL;
	ld->line++;
	size_t n = strlen(str);
	if (n && str[n - 1] != '\n' && !feof(ld->f)) {
		ld->long_line = ld->line;
		ld->max_line = num - 2;
		return NULL;
	}
	return str;
}

/* The glob of a section: "" is the global part, "path:GLOB" a per-path part. */
static int enter_section(struct loader *ld, const char *section)
{
	if (ld->section && !strcmp(ld->section, section))
		return 1;
	struct mem_arena *a = &ld->set->arena;
	ld->section = mem_strdup(a, section);
	ld->glob = NULL;
	if (!*section)
		return 1;
	if (strncmp(section, "path:", 5) || !section[5])
		return load_fail(ld, "unknown section [%s] (use [path:GLOB])", section);
	/* The same glob in two sections: one identity, for 'options'. */
	for (unsigned i = 0; i < ld->c->entries.len; i++) {
		const struct cfg_entry *e = ld->c->entries.items[i];
		if (e->glob && !strcmp(e->glob, section + 5)) {
			ld->glob = e->glob;
			return 1;
		}
	}
	ld->glob = mem_strdup(a, section + 5);
	return 1;
}

/* libinih's handler: one key of one section.  Returns 0 on an error. */
static int on_key(void *user, const char *section, const char *name, const char *value)
{
	struct loader *ld = user;
	struct mem_arena *a = &ld->set->arena;
	if (!enter_section(ld, section))
		return 0;
	struct cfg_entry *e = MEM_NEW(a, struct cfg_entry);
	if (!e)
		return load_fail(ld, "out of memory");
	e->glob = ld->glob;
	int key = -1;
	for (int k = 0; k < (int)(sizeof keys / sizeof keys[0]); k++)
		if (!strcmp(name, keys[k].name))
			key = k;
	if (!strncmp(name, "severity.", 9))
		key = K_SEVERITY;
	if (key < 0)
		return load_fail(ld, "unknown key '%s' (options, cl-std, local-size, num-groups, "
				     "global-size, device, enable, disable, severity.RULE, include, "
				     "exclude, assume, assume-macros)", name);
	e->key = (enum cfg_key)key;
	if (!*value)
		return load_fail(ld, "'%s' needs a value", name);

	if (key == K_SEVERITY) {
		const struct cls_rule *r = cls_rule_by_name(name + 9);
		if (!r)
			return load_fail(ld, "unknown rule '%s' in '%s' (see --list-rules)", name + 9,
					 name);
		e->rule = diag_rule_index(r);
		if (!strcmp(value, "error"))
			e->sev = CLS_ERROR;
		else if (!strcmp(value, "warning"))
			e->sev = CLS_WARNING;
		else if (!strcmp(value, "note"))
			e->sev = CLS_NOTE;
		else if (!strcmp(value, "off"))
			e->sev = -1;
		else
			return load_fail(ld, "invalid %s '%s' (error, warning, note or off)", name,
					 value);
	} else if (key == K_INCLUDE || key == K_EXCLUDE) {
		if (e->glob)
			return load_fail(ld, "'%s' belongs before the first [path:] section", name);
		e->argv = split(a, value, &e->argc);
	} else if (key == K_OPTIONS) {
		e->argv = split(a, value, &e->argc);
		if (e->argv)
			anchor_paths(a, ld->c->dir, e->argc, e->argv);
	} else {
		e->argc = 1;
		e->argv = MEM_ARRAY(a, char *, 1);
		if (e->argv) {
			/* Rule lists may have blanks after their commas. */
			char *v = mem_printf(a, "%s%s", keys[key].flag, value), *w = v;
			for (char *p = v; v && *p; p++)
				if (*p != ' ' && *p != '\t')
					*w++ = *p;
			if (w)
				*w = 0;
			e->argv[0] = v;
		}
	}
	if (mem_failed(a))
		return load_fail(ld, "out of memory");
	if (e->argv && key != K_INCLUDE && key != K_EXCLUDE) {
		/* Check the value with the command line's own parser. */
		struct cls_options scratch;
		char msg[256];
		int bad = 0;
		cls_options_init(&scratch);
		int k = apply_args(a, &scratch, e->argc, e->argv, &bad, msg, sizeof msg);
		if (k < 0)
			return load_fail(ld, "%s", msg);
		if (k == 0)
			return load_fail(ld, "'%s' is not a build or analysis option", e->argv[bad]);
	}
	mem_vec_push(a, &ld->c->entries, e);
	return 1;
}

const struct cfg *cfg_load(struct cfg_set *s, const char *file, char *err, size_t errlen)
{
	struct mem_arena *a = &s->arena;
	const char *path = abs_path(a, file);
	for (struct cfg *c = s->loaded; c && path; c = c->next)
		if (!strcmp(c->path, path))
			return c;
	struct cfg *c = MEM_NEW(a, struct cfg);
	if (!c || !path) {
		snprintf(err, errlen, "%s: out of memory", file);
		return NULL;
	}
	c->path = path;
	c->dir = parent_dir(a, path);
	if (!c->dir)
		c->dir = "/";
	struct stat st;
	int found = stat(file, &st) == 0;
	if (!found || !S_ISREG(st.st_mode)) {
		/* (st says nothing when stat failed: errno does) */
		snprintf(err, errlen, "%s: cannot read the configuration file: %s", file,
			 !found ? strerror(errno)
			 : S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return NULL;
	}
	char msg[512] = "";
	struct loader ld = { .set = s, .c = c, .err = msg, .errlen = sizeof msg };
	ld.f = fopen(file, "r");
	if (!ld.f) {
		snprintf(err, errlen, "%s: cannot read the configuration file: %s", file,
			 strerror(errno));
		return NULL;
	}
	int rc = ini_parse_stream(read_line, &ld, on_key, &ld);
	bool read_error = ferror(ld.f) != 0;
	fclose(ld.f);
	if (rc < 0 || read_error) {
		snprintf(err, errlen, "%s: cannot read the configuration file: %s", file,
			 read_error ? strerror(EIO) : "out of memory");
		return NULL;
	}
	/* The first error wins: libinih's line is the first syntax error or
	 * handler failure, whichever came first. */
	if (ld.long_line && (!rc || rc >= ld.long_line)) {
		snprintf(err, errlen, "%s:%d: line too long (at most %d characters; a value "
			 "goes on on indented lines)", file, ld.long_line, ld.max_line);
		return NULL;
	}
	if (rc > 0) {
		snprintf(err, errlen, "%s:%d: %s", file, rc, rc == ld.err_line ? msg
			 : "syntax error (expected KEY = VALUE, [path:GLOB] or a ; comment)");
		return NULL;
	}
	c->next = s->loaded;
	s->loaded = c;
	return c;
}

const struct cfg *cfg_find(struct cfg_set *s, const char *path, bool *failed, char *err,
			   size_t errlen)
{
	struct mem_arena *a = &s->arena;
	struct stat st;
	*failed = false;
	char *dir = abs_path(a, path);
	if (!dir)
		return NULL;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		dir = parent_dir(a, dir);
	const char *start = dir;
	for (struct cfg_dir *d = s->dirs; d && start; d = d->next)
		if (!strcmp(d->dir, start))
			return d->c;
	const struct cfg *c = NULL;
	while (dir) {
		if (exists(dir, ".clsynclint", true)) {
			char *file = mem_printf(a, "%s/.clsynclint", strcmp(dir, "/") ? dir : "");
			if (!file || !(c = cfg_load(s, file, err, errlen))) {
				*failed = true;
				return NULL;
			}
			break;
		}
		if (exists(dir, ".git", false))
			break;
		dir = parent_dir(a, dir);
	}
	struct cfg_dir *d = MEM_NEW(a, struct cfg_dir);
	if (d && start) {
		*d = (struct cfg_dir){ start, c, s->dirs };
		s->dirs = d;
	}
	return c;
}

/* ---------------------------------------------------------------- applying */

static bool matches(const struct cfg_entry *e, const char *rel)
{
	return !e->glob || (rel && fnmatch(e->glob, rel, 0) == 0);
}

void cfg_apply(const struct cfg *c, const char *path, struct mem_arena *a,
	       struct cls_options *o)
{
	if (!c)
		return;
	const char *rel = rel_to(c, a, path);
	/* 'options' of the last matching part that sets it replace the others. */
	const char *owner = NULL;   /* its glob; NULL: the global part */
	bool have_owner = false;
	for (unsigned i = 0; i < c->entries.len; i++) {
		const struct cfg_entry *e = c->entries.items[i];
		if (e->key == K_OPTIONS && matches(e, rel)) {
			owner = e->glob;
			have_owner = true;
		}
	}
	for (unsigned i = 0; i < c->entries.len; i++) {
		const struct cfg_entry *e = c->entries.items[i];
		if (!matches(e, rel) || e->key == K_INCLUDE || e->key == K_EXCLUDE)
			continue;
		if (e->key == K_OPTIONS && (!have_owner || e->glob != owner))
			continue;
		if (e->key == K_SEVERITY) {
			if (e->rule < 0 || (unsigned)e->rule >= sizeof o->rule_severity)
				continue;
			if (e->sev < 0) {
				o->rule_enabled[e->rule] = 2;
			} else {
				o->rule_severity[e->rule] = (unsigned char)(e->sev + 1);
				if (o->rule_enabled[e->rule] == 2)
					o->rule_enabled[e->rule] = 0;
			}
			continue;
		}
		char err[256];
		int bad;
		/* Checked when the file was loaded: this cannot fail. */
		(void)apply_args(a, o, e->argc, e->argv, &bad, err, sizeof err);
	}
}

bool cfg_walk_allows(const struct cfg *c, const char *path, bool is_dir)
{
	if (!c)
		return true;
	struct mem_arena a;
	mem_init(&a);
	const char *rel = rel_to(c, &a, path);
	bool ok = true, any_include = false, included = false;
	for (unsigned i = 0; rel && ok && i < c->entries.len; i++) {
		const struct cfg_entry *e = c->entries.items[i];
		for (int k = 0; k < e->argc && (e->key == K_INCLUDE || e->key == K_EXCLUDE); k++) {
			bool m = fnmatch(e->argv[k], rel, 0) == 0;
			if (e->key == K_EXCLUDE && m)
				ok = false;
			if (e->key == K_INCLUDE) {
				any_include = true;
				included |= m;
			}
		}
	}
	if (ok && rel && !is_dir && any_include && !included)
		ok = false;
	mem_free_all(&a);
	return ok;
}

/* ----------------------------------------------------------- --show-config */

static void show_dims(FILE *out, const char *key, const unsigned v[3])
{
	fprintf(out, "%s =", key);
	if (v[0])
		fprintf(out, " %u,%u,%u", v[0], v[1], v[2]);
	fputc('\n', out);
}

void cfg_show(const struct cfg *c, const char *path, const struct cls_options *o, FILE *out)
{
	static const char *const sev[] = { "note", "warning", "error" };
	fprintf(out, "# %s\n# configuration: %s\n", path, c ? c->path : "none");
	if (c) {
		struct mem_arena a;
		mem_init(&a);
		const char *rel = rel_to(c, &a, path);
		for (unsigned i = 0; i < c->entries.len; i++) {
			const struct cfg_entry *e = c->entries.items[i];
			bool seen = false;
			for (unsigned j = 0; j < i && !seen; j++)
				seen = ((const struct cfg_entry *)c->entries.items[j])->glob == e->glob;
			if (e->glob && !seen && matches(e, rel))
				fprintf(out, "# matching section: [path:%s]\n", e->glob);
		}
		mem_free_all(&a);
	}
	fputs("options =", out);
	for (unsigned i = 0; i < o->ncc_args; i++)
		fprintf(out, " %s", o->cc_args[i]);
	fprintf(out, "\ncl-std = %s\n", o->cl_std ? o->cl_std : "CL3.0");
	show_dims(out, "local-size", o->launch.local);
	show_dims(out, "num-groups", o->launch.groups);
	show_dims(out, "global-size", o->launch.global);
	fprintf(out, "device = %s\n", o->device ? o->device : "generic");
	fprintf(out, "assume-macros = %s\n", o->assume_macros ? "yes" : "no");
	for (unsigned i = 0; i < cls_nrules && i < sizeof o->rule_enabled; i++) {
		const struct cls_rule *r = cls_rules[i];
		const char *level = sev[r->severity];
		if (o->rule_severity[i])
			level = sev[o->rule_severity[i] - 1];
		if (o->rule_enabled[i] == 2)
			level = "off";
		fprintf(out, "severity.%s = %s\n", r->name, level);
	}
}
