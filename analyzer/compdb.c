/*
 * compdb.c - build options from a JSON compilation database (cdb_ prefix).
 *
 * libclang's compilation database reads the file: the same JSON reader and
 * the same splitting of a "command" string into arguments as clang-tidy's,
 * so an entry means here what it means to every clang tool.  (It includes
 * clang-c/CXCompilationDatabase.h, not Index.h: the frontend stays the only
 * user of the parser.)  Which entry belongs to a file is decided here, by the
 * file's resolved path: libclang would infer a command for a file that has
 * none from a similar file, possibly a host C++ file whose -D options are no
 * kernel's build options, and would not say so.
 */
#include <clang-c/CXCompilationDatabase.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compdb.h"

struct cdb_entry {
	char *key;                 /* the entry's file: absolute, resolved */
	unsigned index;            /* in all */
};

struct cdb {
	CXCompilationDatabase db;
	CXCompileCommands all;
	char *json;                /* DIR/compile_commands.json, as given */
	struct cdb_entry *v;       /* sorted by key */
	unsigned n;
};

/* Copy a CXString (malloc'ed, "" for none) and dispose of it. */
static char *take(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = strdup(c ? c : "");
	clang_disposeString(s);
	return r;
}

/* `path` made absolute (against `dir` when relative, which may be NULL for
 * the current directory) and resolved; when it does not exist, its `.` and
 * `..` components removed instead.  Malloc'ed; NULL when out of memory. */
static char *resolve(const char *dir, const char *path)
{
	char cwd[PATH_MAX], buf[PATH_MAX];
	if (path[0] != '/' && !dir)
		dir = getcwd(cwd, sizeof cwd) ? cwd : ".";
	int k = path[0] == '/' ? snprintf(buf, sizeof buf, "%s", path)
			       : snprintf(buf, sizeof buf, "%s/%s", dir, path);
	if (k < 0 || (size_t)k >= sizeof buf)
		return strdup(path);
	char *real = realpath(buf, NULL);
	if (real)
		return real;
	/* Lexically: drop "." and "name/.." pairs. */
	char *out = malloc(strlen(buf) + 2);
	if (!out)
		return NULL;
	size_t n = 0;
	for (const char *p = buf; *p;) {
		while (*p == '/')
			p++;
		size_t len = strcspn(p, "/");
		if (!len)
			break;
		if (len == 1 && p[0] == '.') {
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (n && out[n - 1] != '/')
				n--;
			if (n)
				n--;
		} else {
			out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
	}
	if (!n)
		out[n++] = '/';
	out[n] = 0;
	return out;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct cdb_entry *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

/*
 * libclang says why it cannot load a database on stderr, over several lines
 * ("YAML:3:5: error: Unexpected token..." from its JSON reader, or
 * "json-compilation-database: Missing key: \"file\"."): keep the most
 * specific one for a one-line message about `json`.
 */
static void load_error(FILE *msgs, const char *json, char *err, size_t errlen)
{
	char line[1024];
	unsigned l, c;
	int off = 0;
	snprintf(err, errlen, "%s: cannot be read as a JSON compilation database", json);
	while (msgs && fgets(line, sizeof line, msgs)) {
		line[strcspn(line, "\r\n")] = 0;
		if (sscanf(line, "YAML:%u:%u: error: %n", &l, &c, &off) == 2 && off) {
			snprintf(err, errlen, "%s:%u:%u: %s", json, l, c, line + off);
			return;
		}
		const char *j = strstr(line, "json-compilation-database: ");
		if (j && !strstr(j, "Error while opening"))
			snprintf(err, errlen, "%s: %s", json, j + 27);
	}
}

/*
 * A strict check of JSON syntax (RFC 8259).  libclang reads the database
 * with its YAML parser, which accepts a missing comma or a truncated array
 * and then reads something else than what was meant; the file is checked
 * first so that such a file is an error with its line and column.
 */
struct jscan {
	const char *p, *end, *bol;   /* position, end, beginning of its line */
	unsigned line;
	const char *what;            /* the first error, or NULL */
};

static void jfail(struct jscan *j, const char *what)
{
	if (!j->what)
		j->what = what;
}

static void jspace(struct jscan *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) {
		if (*j->p == '\n') {
			j->line++;
			j->bol = j->p + 1;
		}
		j->p++;
	}
}

static bool jstring(struct jscan *j)
{
	if (j->p >= j->end || *j->p != '"') {
		jfail(j, "expected a string");
		return false;
	}
	for (j->p++; j->p < j->end && *j->p != '"'; j->p++) {
		unsigned char c = (unsigned char)*j->p;
		if (c < 0x20) {
			jfail(j, "control character or end of line in a string");
			return false;
		}
		if (c == '\\') {
			j->p++;
			if (j->p >= j->end || !strchr("\"\\/bfnrtu", *j->p)) {
				jfail(j, "invalid escape in a string");
				return false;
			}
		}
	}
	if (j->p >= j->end) {
		jfail(j, "unterminated string");
		return false;
	}
	j->p++;
	return true;
}

static bool jvalue(struct jscan *j, unsigned depth)
{
	jspace(j);
	if (j->p >= j->end) {
		jfail(j, "unexpected end of file");
		return false;
	}
	char c = *j->p;
	if (depth > 64) {
		jfail(j, "nested too deeply");
		return false;
	}
	if (c == '"')
		return jstring(j);
	if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';
		j->p++;
		jspace(j);
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return true;
		}
		for (;;) {
			if (close == '}') {
				if (!jstring(j))
					return false;
				jspace(j);
				if (j->p >= j->end || *j->p != ':') {
					jfail(j, "expected ':' after a key");
					return false;
				}
				j->p++;
			}
			if (!jvalue(j, depth + 1))
				return false;
			jspace(j);
			if (j->p < j->end && *j->p == ',') {
				j->p++;
				jspace(j);
				continue;
			}
			if (j->p < j->end && *j->p == close) {
				j->p++;
				return true;
			}
			jfail(j, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
			return false;
		}
	}
	static const char *const words[] = { "true", "false", "null" };
	for (unsigned k = 0; k < 3; k++) {
		size_t n = strlen(words[k]);
		if ((size_t)(j->end - j->p) >= n && !strncmp(j->p, words[k], n)) {
			j->p += n;
			return true;
		}
	}
	const char *q = j->p;
	if (q < j->end && *q == '-')
		q++;
	if (q >= j->end || *q < '0' || *q > '9') {
		jfail(j, "expected a value");
		return false;
	}
	while (q < j->end && strchr("0123456789.eE+-", *q))
		q++;
	j->p = q;
	return true;
}

/* Check the JSON syntax of file `json`; false with "FILE:LINE:COL: what" in err. */
static bool json_ok(const char *json, char *err, size_t errlen)
{
	FILE *f = fopen(json, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot be read", json);
		return false;
	}
	char *text = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		if (len == cap) {
			char *x = cap < ((size_t)1 << 30) ? realloc(text, cap ? cap * 2 : 65536) : NULL;
			if (!x)
				break;
			text = x;
			cap = cap ? cap * 2 : 65536;
		}
		size_t k = fread(text + len, 1, cap - len, f);
		len += k;
		if (!k)
			break;
	}
	bool bad = ferror(f) || len == cap;
	fclose(f);
	if (bad || !text) {
		free(text);
		snprintf(err, errlen, "%s: cannot be read", json);
		return false;
	}
	struct jscan j = { text, text + len, text, 1, NULL };
	if (jvalue(&j, 0)) {
		jspace(&j);
		if (j.p < j.end)
			jfail(&j, "text after the end of the database");
	}
	if (j.what)
		snprintf(err, errlen, "%s:%u:%u: invalid JSON: %s", json, j.line,
			 (unsigned)(j.p - j.bol) + 1, j.what);
	free(text);
	return !j.what;
}

struct cdb *cdb_load(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	char json[PATH_MAX], base[PATH_MAX];
	size_t dl = strlen(dir);
	const char *name = "compile_commands.json";
	size_t nl = strlen(name);
	if (stat(dir, &st) != 0) {
		snprintf(err, errlen, "-p %s: no such directory", dir);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		snprintf(base, sizeof base, "%s", dir);
		snprintf(json, sizeof json, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", name);
	} else if (dl >= nl && !strcmp(dir + dl - nl, name) &&
		   (dl == nl || dir[dl - nl - 1] == '/')) {
		snprintf(json, sizeof json, "%s", dir);
		snprintf(base, sizeof base, "%.*s", dl == nl ? 1 : (int)(dl - nl - 1),
			 dl == nl ? "." : dir);
	} else {
		snprintf(err, errlen, "-p %s: give the build directory that holds "
			 "compile_commands.json", dir);
		return NULL;
	}
	if (stat(json, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "-p %s: no compile_commands.json in this directory", dir);
		return NULL;
	}
	if (!json_ok(json, err, errlen))
		return NULL;
	struct cdb *c = calloc(1, sizeof *c);
	if (!c || !(c->json = strdup(json))) {
		free(c);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* Catch what libclang prints while loading (see load_error). */
	FILE *msgs = tmpfile();
	int saved = msgs ? dup(STDERR_FILENO) : -1;
	fflush(stderr);
	if (saved >= 0)
		dup2(fileno(msgs), STDERR_FILENO);
	CXCompilationDatabase_Error code;
	c->db = clang_CompilationDatabase_fromDirectory(base, &code);
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
	if (!c->db || code != CXCompilationDatabase_NoError) {
		if (msgs)
			rewind(msgs);
		load_error(msgs, json, err, errlen);
		if (msgs)
			fclose(msgs);
		cdb_free(c);
		return NULL;
	}
	if (msgs)
		fclose(msgs);
	c->all = clang_CompilationDatabase_getAllCompileCommands(c->db);
	unsigned n = c->all ? clang_CompileCommands_getSize(c->all) : 0;
	c->v = calloc(n + 1, sizeof *c->v);
	for (unsigned i = 0; c->v && i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(c->all, i);
		char *d = take(clang_CompileCommand_getDirectory(cmd));
		char *f = take(clang_CompileCommand_getFilename(cmd));
		char *key = d && f ? resolve(d, f) : NULL;
		free(d);
		free(f);
		if (!key)
			continue;
		c->v[c->n].key = key;
		c->v[c->n].index = i;
		c->n++;
	}
	if (!c->v) {
		cdb_free(c);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	qsort(c->v, c->n, sizeof *c->v, entry_cmp);
	return c;
}

void cdb_free(struct cdb *c)
{
	if (!c)
		return;
	for (unsigned i = 0; i < c->n; i++)
		free(c->v[i].key);
	free(c->v);
	if (c->all)
		clang_CompileCommands_dispose(c->all);
	if (c->db)
		clang_CompilationDatabase_dispose(c->db);
	free(c->json);
	free(c);
}

/* The build options of one command, as arguments for struct cls_options. */
struct opts {
	const char **v;
	unsigned n, cap;
	struct mem_arena *a;
};

static void push(struct opts *o, const char *arg)
{
	if (o->n == o->cap) {
		unsigned cap = o->cap ? o->cap * 2 : 16;
		const char **v = MEM_ARRAY(o->a, const char *, cap);
		if (!v)
			return;
		if (o->n)
			memcpy(v, o->v, o->n * sizeof *v);
		o->v = v;
		o->cap = cap;
	}
	o->v[o->n++] = arg;
}

/* Flags whose value is a directory, which a relative path takes from the
 * entry's directory. */
static const char *const dir_flags[] = { "-I", "-isystem", "-iquote", "-idirafter", NULL };

/*
 * The build options of command `cmd`, in order: -D -U and the directory
 * flags joined to their values, -include and -imacros followed by theirs,
 * -cl-std=V (also from -std=clV), other -cl-* options as they are.
 */
static struct opts command_options(CXCompileCommand cmd, struct mem_arena *a)
{
	struct opts o = { .a = a };
	char *dir = take(clang_CompileCommand_getDirectory(cmd));
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	char **args = calloc(n + 1, sizeof *args);
	for (unsigned i = 0; args && i < n; i++)
		args[i] = take(clang_CompileCommand_getArg(cmd, i));
	for (unsigned i = 1; args && dir && i < n; i++) {
		const char *x = args[i];
		const char *next = i + 1 < n ? args[i + 1] : NULL;
		if (!x)
			continue;
		if (!strcmp(x, "-Xclang") || !strcmp(x, "-mllvm") || !strcmp(x, "-Xlinker")) {
			i++;   /* their value is not a build option */
			continue;
		}
		if (x[0] == '-' && (x[1] == 'D' || x[1] == 'U')) {
			if (x[2]) {
				push(&o, mem_strdup(a, x));
			} else if (next) {
				push(&o, mem_printf(a, "-%c%s", x[1], next));
				i++;
			}
			continue;
		}
		bool done = false;
		for (unsigned k = 0; dir_flags[k] && !done; k++) {
			size_t fl = strlen(dir_flags[k]);
			if (strncmp(x, dir_flags[k], fl))
				continue;
			const char *v = x[fl] ? x + fl : next;
			if (!x[fl])
				i++;
			done = true;
			if (!v)
				break;
			char *abs = v[0] == '/' ? strdup(v) : resolve(dir, v);
			push(&o, mem_printf(a, "%s%s", dir_flags[k], abs ? abs : v));
			free(abs);
		}
		if (done)
			continue;
		if ((!strcmp(x, "-include") || !strcmp(x, "-imacros")) && next) {
			/* clang looks for it in its working directory first. */
			char *abs = next[0] == '/' ? NULL : resolve(dir, next);
			struct stat st;
			push(&o, mem_strdup(a, x));
			push(&o, mem_strdup(a, abs && stat(abs, &st) == 0 ? abs : next));
			free(abs);
			i++;
		} else if (!strncmp(x, "-std=", 5) && (x[5] == 'c' || x[5] == 'C') &&
			   (x[6] == 'l' || x[6] == 'L')) {
			push(&o, mem_printf(a, "-cl-std=%s", x + 5));
		} else if (!strncmp(x, "-cl-", 4)) {
			push(&o, mem_strdup(a, x));
		}
	}
	for (unsigned i = 0; args && i < n; i++)
		free(args[i]);
	free(args);
	free(dir);
	return o;
}

static bool same_options(const struct opts *x, const struct opts *y)
{
	if (x->n != y->n)
		return false;
	for (unsigned i = 0; i < x->n; i++)
		if (strcmp(x->v[i], y->v[i]))
			return false;
	return true;
}

/* Add one build option to o (already in a). */
static void add_cc_arg(struct mem_arena *a, struct cls_options *o, const char *arg)
{
	const char **v = MEM_ARRAY(a, const char *, o->ncc_args + 1);
	if (!v)
		return;
	if (o->ncc_args)
		memcpy(v, o->cc_args, o->ncc_args * sizeof *v);
	v[o->ncc_args++] = arg;
	o->cc_args = v;
}

const char *cdb_apply(const struct cdb *c, const char *path, struct mem_arena *a,
		      struct cls_options *o)
{
	char *key = resolve(NULL, path);
	if (!key)
		return NULL;
	unsigned lo = 0, hi = c->n;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (strcmp(c->v[mid].key, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	unsigned first = lo, last = lo;
	while (last < c->n && !strcmp(c->v[last].key, key))
		last++;
	free(key);
	if (first == last)
		return mem_printf(a, "no entry for this file in %s: linted without its build "
				  "options", c->json);
	struct opts use = command_options(clang_CompileCommands_getCommand(c->all,
									   c->v[first].index), a);
	const char *note = NULL;
	for (unsigned i = first + 1; i < last && !note; i++) {
		struct opts other = command_options(
			clang_CompileCommands_getCommand(c->all, c->v[i].index), a);
		if (!same_options(&use, &other))
			note = mem_printf(a, "%s has %u entries for this file with different build "
					  "options: linted with the first one's", c->json, last - first);
	}
	for (unsigned i = 0; i < use.n; i++) {
		const char *x = use.v[i];
		if (!strncmp(x, "-cl-std=", 8)) {
			/* The version the options parser knows is o->cl_std; any
			 * other is clang's to reject. */
			char *argv[1] = { (char *)x };
			int k = 0;
			char err[256];
			if (cls_parse_option(a, o, 1, argv, &k, err, sizeof err) > 0)
				continue;
		}
		add_cc_arg(a, o, x);
	}
	return note;
}
