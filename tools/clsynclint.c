/*
 * clsynclint.c - the command-line program: arguments, files, output, exit code.
 * All analysis lives in libclsynclint (analyzer/, rules/).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "../analyzer/cls.h"
#include "../analyzer/compdb.h"
#include "../analyzer/config.h"
#include "../analyzer/lsp.h"

static const char usage_text[] =
	"usage: clsynclint [options] FILE|DIR|- ... [-- compiler-args]\n"
	"\n"
	"Finds OpenCL C synchronization bugs: barriers under divergent control flow,\n"
	"races on __local and __global memory, cross-work-group synchronization and\n"
	"__local bank conflicts.  Directories are searched for .cl files; '-' reads\n"
	"standard input.  Only regular files (and standard input) of at most 64 MiB\n"
	"are read, inputs and includes alike.\n"
	"standard input.  A C, C++ or Python file (.c .h .cc .cpp .cxx .hpp .py ...)\n"
	"is host code: the kernels in its string literals are linted, and reported\n"
	"at the host file's lines.\n"
	"\n"
	"Inputs:\n"
	"  --host-files             directories also give the host files (C, C++,\n"
	"                           Python) that hold kernels in string literals\n"
	"Build options (as given to clBuildProgram):\n"
	"  -D NAME[=VALUE], -U NAME, -I DIR, -include FILE, -cl-std=CL1.2|CL2.0|CL3.0\n"
	"  -- ARGS...               pass the remaining arguments to the compiler\n"
	"  -p DIR                   take each file's build options from its entry in\n"
	"                           DIR/compile_commands.json (as clang-tidy does)\n"
	"  --no-assume-macros       require every macro: by default an identifier\n"
	"                           nothing defines that is spelled like a macro\n"
	"                           constant (TILE) is analyzed as an unknown integer\n"
	"                           constant, a type name nothing defines as float,\n"
	"                           and a note names them (--assume-macros[=yes|no])\n"
	"Launch configuration (a kernel's reqd_work_group_size also counts):\n"
	"  --local-size=X[,Y[,Z]]   work-group size (at most 1024 work-items)\n"
	"  --num-groups=X[,Y[,Z]]   number of work-groups\n"
	"  --global-size=X[,Y[,Z]]  global size (at most 2^32-1 per dimension)\n"
	"Rules and output:\n"
	"  --enable=RULE[,RULE]     enable rules (names or ids; 'all')\n"
	"  --disable=RULE[,RULE]    disable rules\n"
	"  --severity=error|warning|note  minimum severity shown (default: note)\n"
	"  --werror                 treat warnings as errors\n"
	"  --report-benign          also report benign races (same value written by all)\n"
	"  --report-conditional     also report races that need a coincidence of\n"
	"                           arguments (warnings)\n"
	"  --strict                 report unsupported constructs as errors\n"
	"  --assume-aliasing        pointer arguments of the same type may be one buffer\n"
	"                           (default: kernel arguments do not alias)\n"
	"  --budget=SECONDS         per-file time budget (default 60; 0: none), a hard\n"
	"                           bound: past it the file is reported as not analyzed\n"
	"Bank conflicts:\n"
	"  --device=generic|nvidia|amd|intel  memory bank model (default: generic)\n"
	"  --banks=N, --bank-width=BYTES, --subgroup-size=N  override the model\n"
	"  --min-conflict-degree=N  report conflicts of at least this degree (default 2)\n"
	"  --compiler-warnings      show the OpenCL C compiler's warnings\n"
	"Configuration (a .clsynclint file in the input's directory or the nearest parent,\n"
	"up to a directory holding .git; command-line flags win):\n"
	"  --config=FILE            use FILE for every input instead of searching\n"
	"  --no-config              use no configuration file\n"
	"  --show-config            print the settings that apply to each input and exit\n"
	"Suppressions: '// clsynclint: disable=RULE[,RULE] -- reason' on the line, or\n"
	"disable-next-line=, disable-begin= ... disable-end=, disable-file= (top comments).\n"
	"  --report-unused-suppressions  report suppressions that hid nothing [suppression]\n"
	"Output:\n"
	"  --format=text|gcc|json|sarif|github  output format (default: text)\n"
	"  --output=FILE            write the report to FILE and a summary to stderr\n"
	"  --statistics             print the number of findings per rule at the end\n"
	"  --jobs=N, -j N           lint N files at a time (supervised worker processes,\n"
	"                           one by default; same output)\n"
	"  --color=auto|always|never\n"
	"  --stdin-filename=NAME    the name used for '-' in messages (and to find the\n"
	"                           configuration)\n"
	"  --lsp                    run as a language server on standard input and\n"
	"                           output (LSP; no input files): lints the editor's\n"
	"                           buffers as they change, fix-its as quick fixes;\n"
	"                           exits 0 after shutdown and exit, else 1\n"
	"Fixes (the fix-its findings carry: a barrier, fence flags, row padding):\n"
	"  --fix                    apply the safe fix-its to the files (atomically),\n"
	"                           then report what is left\n"
	"  --diff                   print the fix-its as a unified diff (patch -p0,\n"
	"                           git apply); change nothing\n"
	"  --unsafe-fixes           also apply the fix-its marked unsafe\n"
	"  --list-rules             list the rules and exit\n"
	"  --explain=RULE           print the documentation of a rule and exit\n"
	"  --verify[=PREFIX]        check the files' expected-... (or PREFIX-...) comments\n"
	"  --dump=ir|uniformity|local-accesses|accesses|intervals|conflicts\n"
	"                           print the analysis facts (debugging, runtime_check)\n"
	"  --time-report            print the time spent per phase and rule (stderr)\n"
	"  --version, --help\n"
	"\n"
	"Exit status:\n"
	"  0  no error or warning at or above the --severity threshold (a file that\n"
	"     defines no kernel gets a note saying nothing in it was checked)\n"
	"  1  errors or warnings found (notes alone do not count); --fix: some are\n"
	"     left after fixing; --diff: the diff is not empty\n"
	"  2  some input could not be analyzed (missing, unreadable, empty, binary,\n"
	"     not a regular file, larger than 64 MiB, compile errors, not a kernel\n"
	"     file, over the time budget, internal error; --fix: a file could not\n"
	"     be rewritten)\n"
	"  3  usage error (unknown option, invalid value, launch size over a device\n"
	"     limit, missing or malformed configuration file or compilation database,\n"
	"     unwritable --output file, --fix with '-', --fix with --diff,\n"
	"     --unsafe-fixes alone, --diff with --format, input files with --lsp)\n";

struct prog {
	struct mem_arena arena;        /* option strings, file names */
	struct cls_options opt;
	struct cls_output out;
	const char *stdin_name;
	bool verify;
	const char *verify_prefix;     /* --verify=PREFIX */
	bool list_rules;
	char **files;
	unsigned nfiles, capfiles;
	unsigned not_analyzed;         /* inputs that could not be analyzed */
	double t_phase[6], t_rule[64], t_total; /* --time-report sums */
	size_t peak_arena;
	double t_solver;                 /* summed over the files, as the workers send it */
	unsigned long solver_queries, solver_checks;
	unsigned verify_failed;
	/* Configuration: the command line's analysis options again (cli, tail),
	 * replayed over each file's configuration so that they win. */
	struct cfg_set *cfgs;
	const struct cfg *forced_cfg;  /* --config */
	const struct cfg *walk_cfg;    /* the directory being walked: include/exclude */
	const struct cfg **file_cfg;   /* per input, parallel to files */
	bool no_config, show_config;
	char **cli;                    /* arguments cls_parse_option took */
	int ncli, capcli;
	char **tail;                   /* arguments after -- */
	int ntail;
	bool statistics;
	unsigned jobs;
	FILE *aux;                     /* --verify's lines (stdout; a worker's part) */
	bool worker_failed;            /* a worker ended badly after its files */
	struct cdb *cdb;               /* -p DIR: the compilation database */
	bool host_files;               /* --host-files: directories give host files too */
	bool fix, diff, unsafe_fixes;  /* --fix, --diff, --unsafe-fixes */
	unsigned ndiff;                /* --diff: files with a non-empty diff */
};

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print a one-line usage error to stderr; returns the usage exit code. */
static int usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "clsynclint: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'clsynclint --help'.\n");
	return CLS_EXIT_USAGE;
}

static void add_file(struct prog *p, const char *path)
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

static char *read_input(const char *path, size_t *len, const char **why);

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

/* Add the .cl files under dir, recursively, in sorted order (with
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
		p->not_analyzed++;
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
			else if (S_ISREG(s2.st_mode) && strlen(names[i]) > 3 &&
				 !strcmp(names[i] + strlen(names[i]) - 3, ".cl"))
				add_file(p, path);
			else if (S_ISREG(s2.st_mode) && p->host_files && host_file_with_kernels(path))
				add_file(p, path);
		}
		free(names[i]);
	}
	free(names);
}

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

/*
 * Read input `path` ('-': standard input) whole.  Only standard input and
 * regular files are read, neither beyond CLS_MAX_FILE_SIZE bytes: a device
 * such as /dev/zero would never end, a FIFO could block forever.  Returns a
 * malloc'ed buffer (length in *len), or NULL with the reason in *why.
 */
static char *read_input(const char *path, size_t *len, const char **why)
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

/* An input that could not be read: report it like a file that was not analyzed. */
static void input_error(struct prog *p, const char *path, const char *why)
{
	struct cls_result r;
	memset(&r, 0, sizeof r);
	mem_init(&r.arena);
	r.path = path;
	r.status = CLS_FILE_NOT_ANALYZED;
	r.reason = why;
	cls_output_file(&p->out, &p->opt, &r);
	p->not_analyzed++;
}

/* Append one raw compiler argument (after --) to o's, copied into a. */
static bool add_cc_arg(struct mem_arena *a, struct cls_options *o, const char *arg)
{
	const char **n = MEM_ARRAY(a, const char *, o->ncc_args + 1);
	if (!n)
		return false;
	if (o->ncc_args)
		memcpy(n, o->cc_args, o->ncc_args * sizeof *n);
	n[o->ncc_args++] = arg;
	o->cc_args = n;
	return true;
}

/*
 * The options for input `path` under configuration c: the defaults, then c,
 * then its entry in the compilation database (-p), then the command line
 * again (it wins); strings go to a.  Without either they are the command
 * line's, p->opt.  *note (when note is not NULL) gets what the file's report
 * must say about the database's options, or NULL.
 */
static void file_options(struct prog *p, const struct cfg *c, const char *path,
			 struct mem_arena *a, struct cls_options *o, const char **note)
{
	*o = p->opt;
	if (note)
		*note = NULL;
	if (!c && !p->cdb)
		return;
	cls_options_init(o);
	cfg_apply(c, path, a, o);
	if (p->cdb && !cls_host_lang(path)) {
		/* A host file's entry holds the host compiler's options. */
		const char *n = cdb_apply(p->cdb, path, a, o);
		if (note)
			*note = n;
	}
	char err[256];
	for (int i = 0; i < p->ncli; i++)   /* checked when main() parsed them */
		(void)cls_parse_option(a, o, p->ncli, p->cli, &i, err, sizeof err);
	for (int i = 0; i < p->ntail; i++)
		add_cc_arg(a, o, p->tail[i]);
	/* Settings main() sets itself rather than through cls_parse_option. */
	o->time_report = p->opt.time_report;
	o->dump = p->opt.dump;
	o->dump_out = p->opt.dump_out;
	o->report_unused_suppressions = p->opt.report_unused_suppressions;
}

/* Lint text as input `display`: a host file's kernels, or OpenCL C. */
static void lint_text(const struct cls_options *opt, const char *display, const char *text,
		      size_t len, struct cls_result *r)
{
	enum cls_host_lang host = cls_host_lang(display);
	if (host)
		cls_lint_host(opt, host, display, text, len, r);
	else
		cls_lint(opt, display, text, len, r);
}

/*
 * --diff: print the diff of r's fix-its; --fix: make them in file `path`
 * and lint it again into r, whose findings are then what is left.  Either
 * way one line on stderr says what was done and what was left out.
 * Returns false when the file could not be written.
 */
static bool fix_one(struct prog *p, const char *path, const char *display, const char *text,
		    size_t len, const struct cls_options *opt, struct cls_result *r)
{
	struct mem_arena a;
	mem_init(&a);
	struct cls_fix_plan plan;
	cls_fix_plan(r, opt, p->unsafe_fixes, &a, &plan);
	if (mem_failed(&a)) {
		fprintf(stderr, "clsynclint: %s: no fix-it applied: out of memory\n", display);
		mem_free_all(&a);
		return false;
	}
	for (unsigned i = 0; i < plan.skipped.len; i++)
		fprintf(stderr, "%s\n", (const char *)plan.skipped.items[i]);
	bool ok = true;
	if (p->diff && plan.edits.len) {
		ok = cls_fix_diff(p->out.out, display, text, len, &plan);
		p->ndiff++;
	} else if (plan.edits.len) {
		size_t nlen = 0;
		const char *why = strerror(ENOMEM);
		char *fixed = cls_fix_apply(text, len, &plan, &nlen);
		ok = fixed && cls_fix_write(path, fixed, nlen, &why);
		if (ok) {
			cls_result_free(r);
			lint_text(opt, display, fixed, nlen, r);
		} else {
			fprintf(stderr, "clsynclint: %s: cannot write the fixed file: %s\n", display,
				why);
		}
		free(fixed);
	}
	if (plan.napplied || plan.nunsafe || plan.nskipped) {
		fprintf(stderr, "clsynclint: %s: %s %u finding%s", display,
			p->diff ? "the diff fixes" : ok ? "fixed" : "could not fix", plan.napplied,
			plan.napplied == 1 ? "" : "s");
		if (plan.nunsafe)
			fprintf(stderr, "; %u unsafe fix-it%s left out (--unsafe-fixes applies %s)",
				plan.nunsafe, plan.nunsafe == 1 ? "" : "s",
				plan.nunsafe == 1 ? "it" : "them");
		if (plan.nskipped)
			fprintf(stderr, "; %u skipped", plan.nskipped);
		fputc('\n', stderr);
	}
	mem_free_all(&a);
	return ok;
}

/* Lint (or verify, or fix) one input, under configuration c. */
static void run_one(struct prog *p, const char *path, const struct cfg *c)
{
	bool is_stdin = !strcmp(path, "-");
	const char *display = is_stdin ? (p->stdin_name ? p->stdin_name : "<stdin>") : path;
	size_t len = 0;
	const char *why = NULL;
	char *text = read_input(path, &len, &why);
	if (!text) {
		input_error(p, display, why);
		return;
	}

	struct cls_options opt;
	struct mem_arena cfg;
	const char *note;
	mem_init(&cfg);
	file_options(p, c, display, &cfg, &opt, &note);
	if (p->verify) {
		int argc = 0;
		char **argv = cls_run_config(&cfg, text, len, &argc);
		char err[256];
		for (int i = 0; i < argc; i++) {
			int k = cls_parse_option(&cfg, &opt, argc, argv, &i, err, sizeof err);
			if (k <= 0) {
				fprintf(p->aux, "%s: error: bad RUN-CONFIG: %s\n", display,
					k < 0 ? err : argv[i]);
				p->verify_failed++;
				mem_free_all(&cfg);
				free(text);
				return;
			}
		}
	}
	struct cls_result r;
	double t0 = cls_now();
	lint_text(&opt, display, text, len, &r);
	if ((p->fix || p->diff) && r.status != CLS_FILE_NOT_ANALYZED &&
	    !fix_one(p, path, display, text, len, &opt, &r))
		p->not_analyzed++;
	if (note)
		mem_vec_push(&r.arena, &r.notes, mem_strdup(&r.arena, note));
	if (p->opt.time_report) {
		p->t_total += cls_now() - t0;
		double ph[6] = { r.t_parse, r.t_lower, r.t_cfg, r.t_uniform, r.t_access, r.t_sort };
		for (unsigned i = 0; i < 6; i++)
			p->t_phase[i] += ph[i];
		for (unsigned i = 0; i < 64; i++)
			p->t_rule[i] += r.t_rule[i];
		if (r.peak_arena > p->peak_arena)
			p->peak_arena = r.peak_arena;
		p->t_solver += r.t_solver;
		p->solver_queries += r.solver_queries;
		p->solver_checks += r.solver_checks;
	}
	if (p->verify) {
		bool xfail = false;
		bool ok = cls_verify(&r, text, len, p->aux, p->verify_prefix, &xfail);
		if (ok && !xfail) {
			fprintf(p->aux, "PASS: %s\n", display);
		} else if (!ok && xfail) {
			fprintf(p->aux, "XFAIL: %s\n", display);
		} else if (ok && xfail) {
			fprintf(p->aux, "XPASS: %s (remove its XFAIL line)\n", display);
			p->verify_failed++;
		} else {
			fprintf(p->aux, "FAIL: %s\n", display);
			p->verify_failed++;
		}
	} else if (p->diff) {
		/* Standard output holds the diff alone. */
		if (r.status == CLS_FILE_NOT_ANALYZED) {
			fprintf(stderr, "clsynclint: %s: not analyzed: %s\n", display, r.reason);
			p->not_analyzed++;
		}
	} else {
		cls_output_file(&p->out, &opt, &r);
		if (r.status == CLS_FILE_NOT_ANALYZED)
			p->not_analyzed++;
	}
	cls_result_free(&r);
	mem_free_all(&cfg);
	free(text);
}

/* --time-report: where the time went, on stderr. */
static void time_report(const struct prog *p)
{
	static const char *const names[6] = { "parse (libclang)", "lower to IR", "cfg + call graph",
					      "uniformity", "accesses + intervals", "sort + dedupe" };
	double sum = 0;
	fprintf(stderr, "%-28s %10s %6s\n", "phase", "seconds", "share");
	for (unsigned i = 0; i < 6; i++)
		sum += p->t_phase[i];
	for (unsigned i = 0; i < cls_nrules && i < 64; i++)
		sum += p->t_rule[i];
	for (unsigned i = 0; i < 6; i++)
		fprintf(stderr, "%-28s %10.4f %5.1f%%\n", names[i], p->t_phase[i],
			sum > 0 ? 100 * p->t_phase[i] / sum : 0);
	for (unsigned i = 0; i < cls_nrules && i < 64; i++)
		if (cls_rules[i]->run)
			fprintf(stderr, "rule %-23s %10.4f %5.1f%%\n", cls_rules[i]->name, p->t_rule[i],
				sum > 0 ? 100 * p->t_rule[i] / sum : 0);
	fprintf(stderr, "%-28s %10.4f\n", "total (files, I/O, output)", p->t_total);
	if (p->solver_queries)
		fprintf(stderr, "%-28s %10.4f  (%lu decisions, %lu solver calls, %.3f ms per call)\n",
			"of which solver", p->t_solver, p->solver_queries, p->solver_checks,
			p->solver_checks ? 1e3 * p->t_solver / (double)p->solver_checks : 0.0);
	fprintf(stderr, "%-28s %10.1f MB\n", "largest arena", (double)p->peak_arena / 1048576.0);
	/* The process's own peak, libclang included (workers of --jobs are
	 * children: their largest peak). */
	struct rusage self, kids;
	if (!getrusage(RUSAGE_SELF, &self) && !getrusage(RUSAGE_CHILDREN, &kids)) {
		long kb = self.ru_maxrss > kids.ru_maxrss ? self.ru_maxrss : kids.ru_maxrss;
		fprintf(stderr, "%-28s %10.1f MB\n", "peak RSS", (double)kb / 1024.0);
	}
}

/* Keep the arguments cls_parse_option took, to replay them per file. */
static void record_cli(struct prog *p, char **args, int n)
{
	if (p->ncli + n > p->capcli) {
		int cap = (p->capcli + n) * 2;
		char **v = MEM_ARRAY(&p->arena, char *, (size_t)cap);
		if (!v)
			return;
		if (p->ncli)
			memcpy(v, p->cli, (size_t)p->ncli * sizeof *v);
		p->cli = v;
		p->capcli = cap;
	}
	memcpy(p->cli + p->ncli, args, (size_t)n * sizeof *args);
	p->ncli += n;
}

/* A rule named both in --enable and in --disable on the command line (not
 * through 'all', which is how one says "only these"): the user's intent is
 * unclear, so say so.  Returns the rule's name, or NULL. */
static const char *conflicting_rule(const struct prog *p)
{
	unsigned char seen[64] = { 0 };
	for (int i = 0; i < p->ncli; i++) {
		const char *a = p->cli[i], *v = NULL;
		unsigned char bit = 0;
		if (!strncmp(a, "--enable", 8) || !strncmp(a, "--disable", 9)) {
			bit = a[2] == 'e' ? 1 : 2;
			const char *eq = strchr(a, '=');
			v = eq ? eq + 1 : i + 1 < p->ncli ? p->cli[++i] : NULL;
		}
		while (v && *v) {
			char name[128];
			size_t k = strcspn(v, ",");
			if (k > 0 && k < sizeof name) {
				memcpy(name, v, k);
				name[k] = 0;
				const struct cls_rule *r = cls_rule_by_name(name);
				for (unsigned j = 0; r && j < cls_nrules && j < 64; j++)
					if (cls_rules[j] == r && (seen[j] |= bit) == 3)
						return r->name;
			}
			v += k + (v[k] == ',');
		}
	}
	return NULL;
}

/* --fix, --diff and --unsafe-fixes with what they cannot go with: the
 * usage error's message, or NULL. */
static const char *fix_conflict(const struct prog *p, const char *format, unsigned stdin_count)
{
	if (p->fix && p->diff)
		return "--fix rewrites the files and --diff only shows the changes; give one";
	if (p->unsafe_fixes && !p->fix && !p->diff)
		return "--unsafe-fixes needs --fix or --diff";
	if ((p->fix || p->diff) && p->verify)
		return "--verify checks the expected diagnostics; it does not go with --fix or --diff";
	if (p->fix && stdin_count)
		return "--fix cannot rewrite standard input ('-'); use --diff to see the changes";
	if (p->diff && strcmp(format, "text"))
		return "--diff prints a unified diff; it takes no --format";
	return NULL;
}

/* --lsp: the options of the buffer of file `path`, as --stdin-filename
 * would give them (lsp.h, lsp_options_fn). */
static bool lsp_file_options(void *env, const char *path, struct mem_arena *a,
			     struct cls_options *o, const char **note, char *err, size_t n)
{
	struct prog *p = env;
	const struct cfg *c = p->forced_cfg;
	bool bad = false;
	if (!c && !p->no_config) {
		/* Looked up afresh for every lint: the file may have been edited
		 * since the last one. */
		cfg_set_free(p->cfgs);
		p->cfgs = cfg_set_new();
		c = p->cfgs ? cfg_find(p->cfgs, path, &bad, err, n) : NULL;
		if (bad)
			return false;
	}
	file_options(p, c, path, a, o, note);
	return cls_check_launch(o, err, n) >= 0;
}

/* --statistics: findings per rule, then the totals. */
static void statistics(const struct prog *p, FILE *f)
{
	fprintf(f, "statistics:\n");
	for (unsigned i = 0; i < cls_nrules && i < 64; i++)
		if (p->out.rule_count[i])
			fprintf(f, "  %-7s %-24s %6u\n", cls_rules[i]->id, cls_rules[i]->name,
				p->out.rule_count[i]);
	fprintf(f, "  total: ");
	cls_output_summary(&p->out, f);
	fputc('\n', f);
}

/* --explain RULE: the rule's page, or its summary when no page is installed. */
static int explain(const char *name)
{
	const struct cls_rule *r = cls_rule_by_name(name);
	if (!r)
		return usage_error("unknown rule '%s' (see --list-rules)", name);
	size_t len = 0;
	char *doc = cls_rule_doc(r, &len);
	if (doc) {
		fwrite(doc, 1, len, stdout);
		free(doc);
	} else {
		printf("%s %s (%s, %s): %s\n", r->id, r->name,
		       r->severity == CLS_ERROR ? "error" : r->severity == CLS_WARNING ? "warning"
										  : "note",
		       r->category, r->summary);
		fprintf(stderr, "clsynclint: no documentation page for '%s' is installed\n", r->name);
	}
	return CLS_EXIT_CLEAN;
}

/* ------------------------------------------------------ supervised workers */

/* LeakSanitizer checks a process in an atexit handler, so a build with it
 * ends its processes with exit().  Any other build ends them with _exit()
 * after flushing stdio: that skips libLLVM's static destructors, which
 * nothing needs and which cost a millisecond or two in each of the two
 * processes that lint a file (Valgrind checks at _exit too). */
#if defined(__SANITIZE_ADDRESS__)
#define CLS_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define CLS_LEAK_CHECKED 1
#endif
#endif

static void end_process(int rc) __attribute__((noreturn));

/* End this process (supervisor or worker) with exit status rc. */
static void end_process(int rc)
{
#ifdef CLS_LEAK_CHECKED
	exit(rc);
#else
	fflush(NULL);
	_exit(rc);
#endif
}

/*
 * Every input is linted in a worker process, --jobs of them (one by
 * default), which the parent supervises: it hands each worker one input at a
 * time over a socket, reads the formatted part of the report back, and
 * prints the parts in input order, so the report is the one a single process
 * would print.  A worker that dies (a crash, the kernel's OOM killer) costs
 * only the input it was linting, and one that is still at it when the
 * input's --budget runs out is killed: the input gets one "not analyzed"
 * line, the next worker takes over, every other input is reported as usual.
 */

/* What a worker sends back for one input: this, then the report text, the
 * text for standard output (--verify, --dump), then the input's name and
 * reason (json, sarif: has_rec). */
struct job_msg {
	unsigned index;
	unsigned count[3], rule_count[64], suppressed, nfiles, nresults;
	unsigned not_analyzed, verify_failed, ndiff;
	double t_phase[6], t_rule[64], t_total, t_solver;
	unsigned long solver_queries, solver_checks;
	size_t peak_arena;
	size_t text_len, aux_len, path_len, reason_len, detail_len;
	bool has_rec, analyzed, has_reason;
	unsigned char status;          /* the record's enum cls_file_status */
};

static bool write_full(int fd, const void *buf, size_t n)
{
	const char *b = buf;
	while (n) {
		/* MSG_NOSIGNAL: a dead peer is an error here, not a SIGPIPE. */
		ssize_t k = send(fd, b, n, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		b += k;
		n -= (size_t)k;
	}
	return true;
}

static bool read_full(int fd, void *buf, size_t n)
{
	char *b = buf;
	while (n) {
		ssize_t k = read(fd, b, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		b += k;
		n -= (size_t)k;
	}
	return true;
}

/* The name input `path` has in messages. */
static const char *display_name(const struct prog *p, const char *path)
{
	return strcmp(path, "-") ? path : p->stdin_name ? p->stdin_name : "<stdin>";
}

/* CLSYNCLINT_DEBUG_CRASH=SUBSTRING: a worker dies of SIGSEGV on the inputs
 * whose name (--stdin-filename for '-') contains SUBSTRING, so that the tests
 * can check what the supervisor makes of a crash. */
static void debug_crash(const char *path)
{
	const char *crash = getenv("CLSYNCLINT_DEBUG_CRASH");
	if (crash && *crash && strstr(path, crash)) {
		signal(SIGSEGV, SIG_DFL);   /* no sanitizer report: a plain crash */
		raise(SIGSEGV);
	}
}

/*
 * A worker: lint the inputs whose indices arrive on fd, one at a time, each
 * into a part of the report sent back on fd; exit when fd closes.
 */
static void job_worker(struct prog *p, int fd)
{
	unsigned i;
	/* the solver's context, made while the first file is read and parsed */
	cls_prewarm();
	while (read_full(fd, &i, sizeof i) && i < p->nfiles) {
		p->not_analyzed = p->verify_failed = p->ndiff = 0;
		memset(p->t_phase, 0, sizeof p->t_phase);
		memset(p->t_rule, 0, sizeof p->t_rule);
		p->t_total = p->t_solver = 0;
		p->solver_queries = p->solver_checks = 0;
		p->peak_arena = 0;
		char *text = NULL, *aux = NULL;
		size_t len = 0, aux_len = 0;
		FILE *m = open_memstream(&text, &len), *ma = open_memstream(&aux, &aux_len);
		if (!m || !ma)
			_exit(1);
		struct cls_output whole = p->out, part;
		cls_output_part(&p->out, &whole, m);
		p->aux = ma;
		p->opt.dump_out = p->opt.dump ? ma : NULL;
		debug_crash(display_name(p, p->files[i]));
		run_one(p, p->files[i], p->file_cfg ? p->file_cfg[i] : NULL);
		fclose(m);
		fclose(ma);
		part = p->out;
		p->out = whole;
		struct job_msg msg;
		memset(&msg, 0, sizeof msg);
		msg.index = i;
		memcpy(msg.count, part.count, sizeof msg.count);
		memcpy(msg.rule_count, part.rule_count, sizeof msg.rule_count);
		msg.suppressed = part.suppressed;
		msg.nresults = part.nresults;
		msg.nfiles = part.nfiles;
		msg.not_analyzed = p->not_analyzed;
		msg.verify_failed = p->verify_failed;
		msg.ndiff = p->ndiff;
		memcpy(msg.t_phase, p->t_phase, sizeof msg.t_phase);
		memcpy(msg.t_rule, p->t_rule, sizeof msg.t_rule);
		msg.t_total = p->t_total;
		msg.t_solver = p->t_solver;
		msg.solver_queries = p->solver_queries;
		msg.solver_checks = p->solver_checks;
		msg.peak_arena = p->peak_arena;
		msg.text_len = len;
		msg.aux_len = aux_len;
		const struct cls_file_rec *rec = part.files && part.nfiles ? &part.files[0] : NULL;
		if (rec) {
			msg.has_rec = true;
			msg.analyzed = rec->analyzed;
			msg.path_len = strlen(rec->path);
			msg.has_reason = rec->reason != NULL;
			msg.reason_len = rec->reason ? strlen(rec->reason) : 0;
			msg.status = rec->status;
			msg.detail_len = rec->detail ? strlen(rec->detail) : 0;
		}
		bool ok = write_full(fd, &msg, sizeof msg) && write_full(fd, text, len) &&
			  write_full(fd, aux, aux_len) &&
			  (!rec || (write_full(fd, rec->path, msg.path_len) &&
				    write_full(fd, rec->reason ? rec->reason : "", msg.reason_len) &&
				    write_full(fd, rec->detail ? rec->detail : "", msg.detail_len)));
		cls_output_part_free(&part);
		free(text);
		free(aux);
		if (!ok)
			_exit(1);
	}
}

/* Read n bytes from fd into a new NUL-terminated string; NULL on failure. */
static char *read_str(int fd, size_t n)
{
	char *s = malloc(n + 1);
	if (s && !read_full(fd, s, n)) {
		free(s);
		return NULL;
	}
	if (s)
		s[n] = 0;
	return s;
}

/* One input's outcome, kept until the inputs before it are printed. */
struct job_part {
	bool done;
	struct job_msg msg;
	char *text, *aux;            /* the report part, the standard output part */
	struct cls_file_rec rec;     /* json, sarif (msg.has_rec) */
	const char *failure;         /* not analyzed by the worker: why (static or arena) */
};

/* Receive a part from fd into parts[]; false if the worker is gone. */
static bool job_receive(struct prog *p, int fd, struct job_part *parts)
{
	struct job_msg msg;
	if (!read_full(fd, &msg, sizeof msg) || msg.index >= p->nfiles)
		return false;
	struct job_part *jp = &parts[msg.index];
	jp->msg = msg;
	jp->text = read_str(fd, msg.text_len);
	jp->aux = jp->text ? read_str(fd, msg.aux_len) : NULL;
	jp->rec.analyzed = msg.analyzed;
	jp->rec.status = msg.status;
	bool ok = jp->aux != NULL;
	if (ok && msg.has_rec) {
		jp->rec.path = read_str(fd, msg.path_len);
		jp->rec.reason = jp->rec.path ? read_str(fd, msg.reason_len) : NULL;
		jp->rec.detail = jp->rec.reason && msg.detail_len ? read_str(fd, msg.detail_len)
								  : NULL;
		ok = jp->rec.reason && (jp->rec.detail || !msg.detail_len);
		if (ok && !msg.has_reason) {
			free(jp->rec.reason);
			jp->rec.reason = NULL;
		}
	}
	if (!ok) {
		free(jp->text);
		free(jp->aux);
		free(jp->rec.path);
		free(jp->rec.reason);
		free(jp->rec.detail);
		memset(jp, 0, sizeof *jp);
		return false;
	}
	jp->done = true;
	return true;
}

/* Print input i's part (its turn has come) and add up its counts. */
static void job_print(struct prog *p, unsigned i, struct job_part *jp)
{
	if (jp->failure) {
		input_error(p, display_name(p, p->files[i]), jp->failure);
		return;
	}
	const struct job_msg *msg = &jp->msg;
	if (msg->aux_len) {
		fwrite(jp->aux, 1, msg->aux_len, stdout);
		if (p->out.out != stdout)
			fflush(stdout);
	}
	struct cls_output part;
	cls_output_part(&part, &p->out, NULL);
	memcpy(part.count, msg->count, sizeof part.count);
	memcpy(part.rule_count, msg->rule_count, sizeof part.rule_count);
	part.suppressed = msg->suppressed;
	part.nresults = msg->nresults;
	part.nfiles = msg->nfiles;
	part.files = msg->has_rec ? &jp->rec : NULL;
	cls_output_splice(&p->out, &part, jp->text, msg->text_len);
	p->not_analyzed += msg->not_analyzed;
	p->verify_failed += msg->verify_failed;
	p->ndiff += msg->ndiff;
	for (unsigned k = 0; k < 6; k++)
		p->t_phase[k] += msg->t_phase[k];
	for (unsigned k = 0; k < 64; k++)
		p->t_rule[k] += msg->t_rule[k];
	p->t_total += msg->t_total;
	p->t_solver += msg->t_solver;
	p->solver_queries += msg->solver_queries;
	p->solver_checks += msg->solver_checks;
	if (msg->peak_arena > p->peak_arena)
		p->peak_arena = msg->peak_arena;
	free(jp->text);
	free(jp->aux);
	free(jp->rec.path);
	free(jp->rec.reason);
	free(jp->rec.detail);
	memset(jp, 0, sizeof *jp);
}

/* A worker process as the parent sees it. */
struct worker {
	pid_t pid;                   /* 0: none */
	int fd;                      /* the parent's end of its socket */
	int file;                    /* the input it is linting, -1: idle */
	double deadline;             /* cls_now() at which that input is over budget; 0: none */
};

/* Start a worker in slot w (the others' sockets closed in the child);
 * false if it cannot be started. */
static bool job_start(struct prog *p, struct worker *ws, unsigned n, unsigned w)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return false;
	fflush(NULL);   /* what the parent printed is not printed again by the child */
	pid_t pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return false;
	}
	if (pid == 0) {
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);  /* no orphan outlives the run */
#endif
		signal(SIGINT, SIG_DFL);   /* the parent's report_interrupted is its own */
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		close(sv[0]);
		for (unsigned k = 0; k < n; k++)
			if (ws[k].pid)
				close(ws[k].fd);
		job_worker(p, sv[1]);
		/* Like a process of its own: what checks a process at its end
		 * (LeakSanitizer, Valgrind) checks the worker, which did the
		 * analyses.  The parent flushed stdio before the fork. */
		end_process(0);
	}
	close(sv[1]);
	ws[w].pid = pid;
	ws[w].fd = sv[0];
	ws[w].file = -1;
	return true;
}

/* Stop the worker in slot w (kill: at once) and reap it; returns its wait status. */
static int job_stop(struct worker *w, bool kill_it)
{
	int status = 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->file = -1;
	return status;
}

/* Why a worker that ended with wait status `status` left its input unlinted. */
static const char *job_failure(struct prog *p, int status)
{
	if (WIFSIGNALED(status))
		return mem_printf(&p->arena, "internal error (signal %d) \u2014 please report",
				  WTERMSIG(status));
	return mem_printf(&p->arena, "internal error (worker exit status %d) \u2014 please "
				     "report", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* The --budget of input i: the command line's, or its configuration's. */
static double job_budget(struct prog *p, unsigned i)
{
	const struct cfg *c = p->file_cfg ? p->file_cfg[i] : NULL;
	if (!c)
		return p->opt.budget_seconds;
	struct cls_options o;
	struct mem_arena a;
	mem_init(&a);
	file_options(p, c, display_name(p, p->files[i]), &a, &o, NULL);
	mem_free_all(&a);
	return o.budget_seconds;
}

/*
 * Lint every input in supervised workers (see the top of this section) and
 * print the report in input order.  If no worker can be started at all, the
 * inputs left are linted in this process, unsupervised, and a line on
 * standard error says so.
 */
static void run_supervised(struct prog *p)
{
	unsigned n = p->jobs ? p->jobs : 1, next = 0, printed = 0;
	if (n > p->nfiles)
		n = p->nfiles;
	struct worker *ws = calloc(n, sizeof *ws);
	struct job_part *parts = calloc(p->nfiles, sizeof *parts);
	struct pollfd *pfd = calloc(n, sizeof *pfd);
	if (!ws || !parts || !pfd)
		n = 0;
	for (;;) {
		unsigned live = 0;
		for (unsigned w = 0; w < n; w++) {
			if (!ws[w].pid && next < p->nfiles)
				job_start(p, ws, n, w);
			if (!ws[w].pid)
				continue;
			live++;
			if (ws[w].file < 0 && next < p->nfiles) {
				double budget = job_budget(p, next);
				if (!write_full(ws[w].fd, &next, sizeof next)) {
					parts[next].failure = job_failure(p, job_stop(&ws[w], true));
					parts[next++].done = true;
					continue;
				}
				ws[w].file = (int)next++;
				ws[w].deadline = budget > 0 ? cls_now() + budget : 0;
			}
		}
		while (printed < p->nfiles && parts[printed].done) {
			job_print(p, printed, &parts[printed]);
			printed++;
		}
		if (printed == p->nfiles)
			break;
		if (!live) {
			fprintf(stderr, "clsynclint: cannot start a worker process (%s); linting "
					"the rest in this process, without supervision\n",
				strerror(errno));
			for (; printed < p->nfiles; printed++)
				if (parts[printed].done)
					job_print(p, printed, &parts[printed]);
				else
					run_one(p, p->files[printed],
						p->file_cfg ? p->file_cfg[printed] : NULL);
			break;
		}
		/* Wait for a part, or for the nearest deadline. */
		double now = cls_now(), first = 0;
		unsigned np = 0;
		for (unsigned w = 0; w < n; w++) {
			if (!ws[w].pid || ws[w].file < 0)
				continue;
			pfd[np].fd = ws[w].fd;
			pfd[np].events = POLLIN;
			pfd[np].revents = 0;
			np++;
			if (ws[w].deadline && (!first || ws[w].deadline < first))
				first = ws[w].deadline;
		}
		int timeout = -1;
		if (first)
			timeout = first <= now ? 0 : (int)((first - now) * 1000.0) + 1;
		if (poll(pfd, np, timeout) < 0 && errno != EINTR)
			break;
		now = cls_now();
		for (unsigned w = 0, k = 0; w < n; w++) {
			if (!ws[w].pid || ws[w].file < 0)
				continue;
			struct worker *wk = &ws[w];
			short ev = pfd[k++].revents;
			unsigned f = (unsigned)wk->file;
			if (ev & (POLLIN | POLLHUP | POLLERR)) {
				if (job_receive(p, wk->fd, parts) && parts[f].done) {
					wk->file = -1;
					continue;
				}
				parts[f].failure = job_failure(p, job_stop(wk, false));
				parts[f].done = true;
			} else if (wk->deadline && now >= wk->deadline) {
				job_stop(wk, true);
				parts[f].failure = mem_printf(&p->arena, "over the time budget of %g s",
							      job_budget(p, f));
				parts[f].done = true;
			}
		}
	}
	/* A worker that ends badly after its last file (a sanitizer's or
	 * Valgrind's finding at its exit) makes the run fail too. */
	for (unsigned w = 0; w < n; w++) {
		pid_t pid = ws[w].pid;
		int status = pid ? job_stop(&ws[w], false) : 0;
		if (status) {
			fprintf(stderr, "clsynclint: worker process %ld: %s\n", (long)pid,
				job_failure(p, status));
			p->worker_failed = true;
		}
	}
	free(ws);
	free(parts);
	free(pfd);
}

/* ------------------------------------------------------------------ --output */

/* The temporary file the report is written to, renamed over the --output
 * file at the end; removed if the run is interrupted. */
static char *report_tmp;

static void report_interrupted(int sig)
{
	if (report_tmp)
		unlink(report_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Is st the file of standard input, output or error (/dev/stdout redirected
 * to a file)?  Renaming over it would cut the shell's redirection off. */
static bool is_std_stream(const struct stat *st)
{
	struct stat s;
	for (int fd = 0; fd <= 2; fd++)
		if (fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
			return true;
	return false;
}

/*
 * Open the --output file `path` for the report.  A regular file (or a new
 * one) is written as a temporary file beside it, renamed over it by
 * report_close: a reader, or another run writing the same file, sees the
 * old report or the new one whole, never a mix.  Anything else (a FIFO,
 * /dev/stdout, the file standard output is redirected to) is written directly.  NULL with errno set on failure, before
 * anything is linted.
 */
static FILE *report_open(const char *path)
{
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists && (!S_ISREG(st.st_mode) || !strncmp(path, "/dev/", 5) ||
		       !strncmp(path, "/proc/", 6) || is_std_stream(&st)))
		return fopen(path, "w");
	if (exists && access(path, W_OK) != 0)
		return NULL;   /* as unwritable as before: the rename would hide it */
	/* A symbolic link stays one: the file it names is replaced. */
	char *target = exists ? realpath(path, NULL) : strdup(path);
	if (!target)
		return NULL;
	const char *slash = strrchr(target, '/');
	report_tmp = malloc(strlen(target) + sizeof "..XXXXXX");
	if (!report_tmp) {
		free(target);
		return NULL;
	}
	if (slash)
		sprintf(report_tmp, "%.*s.%s.XXXXXX", (int)(slash + 1 - target), target, slash + 1);
	else
		sprintf(report_tmp, ".%s.XXXXXX", target);
	free(target);
	int fd = mkstemp(report_tmp);
	if (fd < 0) {
		int e = errno;
		free(report_tmp);
		report_tmp = NULL;
		errno = e;
		return NULL;
	}
	/* The mode a new file would get from fopen, or the old file's. */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int e = errno;
		close(fd);
		unlink(report_tmp);
		free(report_tmp);
		report_tmp = NULL;
		errno = e;
		return NULL;
	}
	signal(SIGINT, report_interrupted);
	signal(SIGTERM, report_interrupted);
	signal(SIGHUP, report_interrupted);
	return f;
}

/* Finish the report opened by report_open: NULL when it is in place, else why not. */
static const char *report_close(FILE *f, const char *path)
{
	bool bad = ferror(f) != 0;
	int e = bad ? EIO : 0;
	if (fclose(f) != 0 && !bad) {
		bad = true;
		e = errno;
	}
	if (!report_tmp)
		return bad ? strerror(e) : NULL;
	char *tmp = report_tmp;
	if (!bad) {
		/* The link's target, when path is a symbolic link (see report_open). */
		char *target = realpath(path, NULL);
		if (rename(tmp, target ? target : path) != 0) {
			bad = true;
			e = errno;
		}
		free(target);
	}
	if (bad)
		unlink(tmp);
	report_tmp = NULL;
	free(tmp);
	return bad ? strerror(e) : NULL;
}

static void list_rules(void)
{
	for (unsigned i = 0; i < cls_nrules; i++) {
		const struct cls_rule *r = cls_rules[i];
		printf("%s  %-22s %-8s %-12s %s\n", r->id, r->name,
		       r->severity == CLS_ERROR ? "error" : r->severity == CLS_WARNING ? "warning"
										 : "note",
		       r->category, r->summary);
	}
}

int main(int argc, char **argv)
{
	/* static: what p owns stays reachable (no leak report) on the early exits */
	static struct prog p;
	memset(&p, 0, sizeof p);
	mem_init(&p.arena);
	cls_options_init(&p.opt);
	p.out.out = stdout;
	p.aux = stdout;
	const char *color = "auto", *format = "text";
	const char *config_file = NULL, *output = NULL, *explain_rule = NULL, *cdb_dir = NULL;
	bool files_only = false, lsp = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		char err[256];
		if (files_only || a[0] != '-' || !strcmp(a, "-")) {
			add_file(&p, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			/* Everything after -- goes to the compiler. */
			p.tail = argv + i + 1;
			p.ntail = argc - i - 1;
			for (i++; i < argc; i++)
				if (!add_cc_arg(&p.arena, &p.opt, argv[i]))
					return CLS_EXIT_USAGE;
			break;
		}
		int start = i;
		int k = cls_parse_option(&p.arena, &p.opt, argc, argv, &i, err, sizeof err);
		if (k < 0)
			return usage_error("%s", err);
		if (k > 0) {
			record_cli(&p, argv + start, i - start + 1);
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return CLS_EXIT_CLEAN;
		} else if (!strcmp(a, "--version")) {
			printf("clsynclint %s\n", CLS_VERSION);
			return CLS_EXIT_CLEAN;
		} else if (!strcmp(a, "--list-rules")) {
			p.list_rules = true;
		} else if (!strcmp(a, "--time-report")) {
			p.opt.time_report = true;
		} else if (!strcmp(a, "--verify")) {
			p.verify = true;
		} else if (!strncmp(a, "--verify=", 9) && a[9]) {
			p.verify = true;
			p.verify_prefix = a + 9;
		} else if (!strncmp(a, "--format=", 9)) {
			format = a + 9;
		} else if (!strcmp(a, "--format") && i + 1 < argc) {
			format = argv[++i];
		} else if (!strncmp(a, "--color=", 8)) {
			color = a + 8;
		} else if (!strncmp(a, "--stdin-filename=", 17)) {
			p.stdin_name = a + 17;
		} else if (!strcmp(a, "--stdin-filename") && i + 1 < argc) {
			p.stdin_name = argv[++i];
		} else if (!strncmp(a, "--config=", 9) || (!strcmp(a, "--config") && i + 1 < argc)) {
			config_file = a[8] == '=' ? a + 9 : argv[++i];
		} else if (!strncmp(a, "-p=", 3) || (!strcmp(a, "-p") && i + 1 < argc)) {
			cdb_dir = a[2] == '=' ? a + 3 : argv[++i];
		} else if (!strcmp(a, "--fix")) {
			p.fix = true;
		} else if (!strcmp(a, "--diff")) {
			p.diff = true;
		} else if (!strcmp(a, "--unsafe-fixes")) {
			p.unsafe_fixes = true;
		} else if (!strcmp(a, "--host-files")) {
			p.host_files = true;
		} else if (!strcmp(a, "--no-config")) {
			p.no_config = true;
		} else if (!strcmp(a, "--show-config")) {
			p.show_config = true;
		} else if (!strcmp(a, "--report-unused-suppressions")) {
			p.opt.report_unused_suppressions = true;
		} else if (!strncmp(a, "--output=", 9) || (!strcmp(a, "--output") && i + 1 < argc)) {
			output = a[8] == '=' ? a + 9 : argv[++i];
		} else if (!strcmp(a, "--lsp")) {
			lsp = true;
		} else if (!strcmp(a, "--statistics")) {
			p.statistics = true;
		} else if (!strncmp(a, "--jobs=", 7) || !strncmp(a, "-j", 2) ||
			   (!strcmp(a, "--jobs") && i + 1 < argc)) {
			const char *v = a[1] == 'j' ? (a[2] ? a + 2 : i + 1 < argc ? argv[++i] : "")
				      : a[6] == '=' ? a + 7 : argv[++i];
			char *end;
			unsigned long n = strtoul(v, &end, 10);
			if (!*v || *end || n == 0 || n > 1024)
				return usage_error("invalid --jobs '%s': give a number from 1 to 1024", v);
			p.jobs = (unsigned)n;
		} else if (!strncmp(a, "--explain=", 10) || (!strcmp(a, "--explain") && i + 1 < argc)) {
			explain_rule = a[9] == '=' ? a + 10 : argv[++i];
		} else if (!strncmp(a, "--dump=", 7)) {
			p.opt.dump = a + 7;
			if (strcmp(p.opt.dump, "ir") && strcmp(p.opt.dump, "uniformity") &&
			    strcmp(p.opt.dump, "local-accesses") && strcmp(p.opt.dump, "conflicts") &&
			    strcmp(p.opt.dump, "accesses") &&
			    strcmp(p.opt.dump, "intervals"))
				return usage_error("unknown --dump kind '%s' (ir, uniformity, "
						   "local-accesses, accesses, intervals, conflicts)", p.opt.dump);
			p.opt.dump_out = stdout;
		} else if (!strcmp(a, "--config") || !strcmp(a, "--output") ||
			   !strcmp(a, "--explain") || !strcmp(a, "--format") ||
			   !strcmp(a, "--stdin-filename") || !strcmp(a, "--jobs") || !strcmp(a, "-p")) {
			return usage_error("%s needs a value", a);
		} else {
			return usage_error("unknown option '%s'", a);
		}
	}
	if (p.list_rules) {
		list_rules();
		return CLS_EXIT_CLEAN;
	}
	if (explain_rule)
		return explain(explain_rule);
	if (!strcmp(format, "text"))
		p.out.format = CLS_FMT_TEXT;
	else if (!strcmp(format, "gcc"))
		p.out.format = CLS_FMT_GCC;
	else if (!strcmp(format, "json"))
		p.out.format = CLS_FMT_JSON;
	else if (!strcmp(format, "sarif"))
		p.out.format = CLS_FMT_SARIF;
	else if (!strcmp(format, "github"))
		p.out.format = CLS_FMT_GITHUB;
	else
		return usage_error("unknown format '%s' (text, gcc, json, sarif, github)", format);
	if (!strcmp(color, "always"))
		p.out.color = true;
	else if (!strcmp(color, "never"))
		p.out.color = false;
	else if (!strcmp(color, "auto"))
		p.out.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") &&
			      !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb"));
	else
		return usage_error("invalid --color '%s' (auto, always, never)", color);
	if (p.out.format != CLS_FMT_TEXT || output)
		p.out.color = false;
	if (!p.nfiles && !lsp)
		return usage_error("%s", "no input files (give a .cl file, a directory or '-')");
	if (config_file && p.no_config)
		return usage_error("%s", "--config and --no-config exclude each other");
	const char *both = conflicting_rule(&p);
	if (both)
		return usage_error("rule '%s' is both enabled and disabled; give it once (use "
				   "--disable=all --enable=%s for only this rule)", both, both);
	char cfg_err[600];
	p.cfgs = cfg_set_new();
	if (!p.cfgs)
		return CLS_EXIT_USAGE;
	if (config_file && !(p.forced_cfg = cfg_load(p.cfgs, config_file, cfg_err, sizeof cfg_err)))
		return usage_error("%s", cfg_err);
	if (cdb_dir && !(p.cdb = cdb_load(cdb_dir, cfg_err, sizeof cfg_err)))
		return usage_error("%s", cfg_err);
	if (lsp && p.nfiles)
		return usage_error("%s", "--lsp takes no input files: the editor sends them");
	if (lsp && (p.fix || p.diff))
		return usage_error("%s", "--lsp offers fix-its as code actions; it does not go "
				   "with --fix or --diff");
	if (lsp)
		end_process(lsp_serve(STDIN_FILENO, STDOUT_FILENO, lsp_file_options, &p));

	/* Expand directories into their .cl files, keeping the given order. */
	char **given = p.files;
	unsigned ngiven = p.nfiles;
	p.files = NULL;
	p.nfiles = p.capfiles = 0;
	unsigned stdin_count = 0;
	for (unsigned i = 0; i < ngiven; i++) {
		struct stat st;
		stdin_count += !strcmp(given[i], "-");
		if (strcmp(given[i], "-") && stat(given[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			unsigned before = p.nfiles;
			bool bad = false;
			p.walk_cfg = p.forced_cfg;
			if (!p.walk_cfg && !p.no_config)
				p.walk_cfg = cfg_find(p.cfgs, given[i], &bad, cfg_err, sizeof cfg_err);
			if (bad)
				return usage_error("%s", cfg_err);
			walk_dir(&p, given[i], NULL, 0);
			if (p.nfiles == before) {
				fprintf(stderr, "clsynclint: %s: no .cl files%s in this directory\n",
					given[i], p.host_files ? " or host files with kernels" : "");
				p.not_analyzed++;
			}
		} else {
			add_file(&p, given[i]);
		}
	}
	if (p.stdin_name && stdin_count == 0)
		return usage_error("--stdin-filename names standard input, but no '-' is among "
				   "the inputs");
	if (stdin_count > 1)
		return usage_error("%s", "'-' (standard input) given more than once");
	const char *bad_fix = fix_conflict(&p, format, stdin_count);
	if (bad_fix)
		return usage_error("%s", bad_fix);

	/* Every input's configuration, found and checked before anything is
	 * linted, and the launch it ends up with. */
	p.file_cfg = MEM_ARRAY(&p.arena, const struct cfg *, p.nfiles + 1);
	if (cls_check_launch(&p.opt, cfg_err, sizeof cfg_err) < 0)
		return usage_error("%s", cfg_err);
	for (unsigned i = 0; i < p.nfiles && p.file_cfg; i++) {
		bool bad = false;
		const char *name = strcmp(p.files[i], "-") ? p.files[i]
				 : p.stdin_name ? p.stdin_name : ".";
		p.file_cfg[i] = p.forced_cfg;
		if (!p.forced_cfg && !p.no_config)
			p.file_cfg[i] = cfg_find(p.cfgs, name, &bad, cfg_err, sizeof cfg_err);
		if (bad)
			return usage_error("%s", cfg_err);
		if (p.file_cfg[i]) {
			struct cls_options o;
			struct mem_arena a;
			mem_init(&a);
			file_options(&p, p.file_cfg[i], name, &a, &o, NULL);
			bad = cls_check_launch(&o, cfg_err, sizeof cfg_err) < 0;
			mem_free_all(&a);
			if (bad)
				return usage_error("%s (with the configuration of %s)", cfg_err, name);
		}
	}
	if (p.show_config) {
		for (unsigned i = 0; i < p.nfiles; i++) {
			struct cls_options o;
			struct mem_arena a;
			mem_init(&a);
			const char *name = strcmp(p.files[i], "-") ? p.files[i]
					 : p.stdin_name ? p.stdin_name : "<stdin>";
			const char *note;
			file_options(&p, p.file_cfg ? p.file_cfg[i] : NULL, name, &a, &o, &note);
			cfg_show(p.file_cfg ? p.file_cfg[i] : NULL, name, &o, stdout);
			if (note)
				printf("; %s\n", note);
			mem_free_all(&a);
		}
		cfg_set_free(p.cfgs);
		cdb_free(p.cdb);
		mem_free_all(&p.arena);
		return CLS_EXIT_CLEAN;
	}
	FILE *report = NULL;
	if (output && !(report = report_open(output)))
		return usage_error("cannot write the report to '%s': %s", output, strerror(errno));
	if (report)
		p.out.out = report;

	cls_output_begin(&p.out);
	run_supervised(&p);
	cls_output_end(&p.out);
	bool machine = p.out.format == CLS_FMT_JSON || p.out.format == CLS_FMT_SARIF ||
		       p.out.format == CLS_FMT_GITHUB;
	if (p.statistics && !p.verify)
		statistics(&p, machine ? stderr : p.out.out);
	fflush(stdout);
	if (report) {
		const char *bad = report_close(report, output);
		fprintf(stderr, "clsynclint: ");
		cls_output_summary(&p.out, stderr);
		if (bad)
			fprintf(stderr, "; could not write the report to %s: %s\n", output, bad);
		else
			fprintf(stderr, "; report written to %s\n", output);
	}
	if (p.opt.time_report)
		time_report(&p);
	cfg_set_free(p.cfgs);
	cdb_free(p.cdb);

	int rc = CLS_EXIT_CLEAN;
	if (p.verify)
		rc = p.verify_failed ? CLS_EXIT_FINDINGS
		   : p.not_analyzed || p.worker_failed ? CLS_EXIT_NOT_ANALYZED : CLS_EXIT_CLEAN;
	else if (p.not_analyzed || p.worker_failed)
		rc = CLS_EXIT_NOT_ANALYZED;
	else if (p.diff)
		rc = p.ndiff ? CLS_EXIT_FINDINGS : CLS_EXIT_CLEAN;   /* 1: the diff is not empty */
	else if (p.out.count[CLS_ERROR] || p.out.count[CLS_WARNING])
		rc = CLS_EXIT_FINDINGS;   /* with --fix: what is left after fixing */
	mem_free_all(&p.arena);
	end_process(rc);
}
