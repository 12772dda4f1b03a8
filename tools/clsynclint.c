/*
 * clsynclint.c - the command-line program: arguments, files, output, exit code.
 * All analysis lives in libclsynclint (analyzer/, rules/).
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../analyzer/cls.h"
#include "../analyzer/compdb.h"
#include "../analyzer/config.h"

static const char usage_text[] =
	"usage: clsynclint [options] FILE|DIR|- ... [-- compiler-args]\n"
	"\n"
	"Finds OpenCL C synchronization bugs: barriers under divergent control flow,\n"
	"races on __local and __global memory, cross-work-group synchronization and\n"
	"__local bank conflicts.  Directories are searched for .cl files; '-' reads\n"
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
	"Launch configuration (a kernel's reqd_work_group_size also counts):\n"
	"  --local-size=X[,Y[,Z]]   work-group size\n"
	"  --num-groups=X[,Y[,Z]]   number of work-groups\n"
	"  --global-size=X[,Y[,Z]]  global size\n"
	"Rules and output:\n"
	"  --enable=RULE[,RULE]     enable rules (names or ids; 'all')\n"
	"  --disable=RULE[,RULE]    disable rules\n"
	"  --severity=error|warning|note  minimum severity shown (default: note)\n"
	"  --werror                 treat warnings as errors\n"
	"  --report-benign          also report benign races (same value written by all)\n"
	"  --strict                 report unsupported constructs as errors\n"
	"  --assume-aliasing        pointer arguments of the same type may be one buffer\n"
	"                           (default: kernel arguments do not alias)\n"
	"  --budget=SECONDS         per-file analysis budget (default 60; 0: none); past\n"
	"                           it the file is reported as not analyzed\n"
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
	"  --jobs=N, -j N           lint N files at a time (worker processes; same output)\n"
	"  --color=auto|always|never\n"
	"  --stdin-filename=NAME    the name used for '-' in messages (and to find the\n"
	"                           configuration)\n"
	"  --list-rules             list the rules and exit\n"
	"  --explain=RULE           print the documentation of a rule and exit\n"
	"  --verify[=PREFIX]        check the files' expected-... (or PREFIX-...) comments\n"
	"  --dump=ir|uniformity|local-accesses\n"
	"                           print the analysis facts (debugging, runtime_check)\n"
	"  --time-report            print the time spent per phase and rule (stderr)\n"
	"  --version, --help\n"
	"\n"
	"Exit status:\n"
	"  0  no error or warning at or above the --severity threshold (a file that\n"
	"     defines no kernel gets a note saying nothing in it was checked)\n"
	"  1  errors or warnings found (notes alone do not count)\n"
	"  2  some input could not be analyzed (missing, unreadable, empty, binary,\n"
	"     compile errors, not a kernel file, budget exceeded)\n"
	"  3  usage error (unknown option, invalid value, missing or malformed\n"
	"     configuration file or compilation database, unwritable --output file)\n";

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
	struct cdb *cdb;               /* -p DIR: the compilation database */
	bool host_files;               /* --host-files: directories give host files too */
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

static char *read_all(FILE *f, size_t *len);

/* --host-files: is `path` host code holding a kernel source?  (A directory
 * gives the host files that do; a host file named explicitly is always an
 * input.) */
static bool host_file_with_kernels(const char *path)
{
	enum cls_host_lang lang = cls_host_lang(path);
	FILE *f = lang ? fopen(path, "rb") : NULL;
	if (!f)
		return false;
	size_t len = 0;
	char *text = read_all(f, &len);
	fclose(f);
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

/* Read a whole stream; NULL on error (errno set). */
static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	for (;;) {
		if (n == cap) {
			char *x = cap > ((size_t)1 << 30) ? NULL : realloc(buf, cap * 2);
			if (!x) {
				free(buf);
				errno = EFBIG;
				return NULL;
			}
			buf = x;
			cap *= 2;
		}
		size_t k = fread(buf + n, 1, cap - n, f);
		n += k;
		if (k == 0) {
			if (ferror(f)) {
				free(buf);
				return NULL;
			}
			break;
		}
	}
	*len = n;
	return buf;
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

/* Lint (or verify) one input, under configuration c. */
static void run_one(struct prog *p, const char *path, const struct cfg *c)
{
	bool is_stdin = !strcmp(path, "-");
	const char *display = is_stdin ? (p->stdin_name ? p->stdin_name : "<stdin>") : path;
	char *text;
	size_t len = 0;
	if (is_stdin) {
		text = read_all(stdin, &len);
	} else {
		struct stat st;
		if (stat(path, &st) != 0) {
			input_error(p, path, strerror(errno));
			return;
		}
		if (S_ISDIR(st.st_mode)) {
			input_error(p, path, "is a directory");
			return;
		}
		FILE *f = fopen(path, "rb");
		if (!f) {
			input_error(p, path, strerror(errno));
			return;
		}
		text = read_all(f, &len);
		fclose(f);
	}
	if (!text) {
		input_error(p, display, strerror(errno));
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
				fprintf(stdout, "%s: error: bad RUN-CONFIG: %s\n", display,
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
	enum cls_host_lang host = cls_host_lang(display);
	if (host)
		cls_lint_host(&opt, host, display, text, len, &r);
	else
		cls_lint(&opt, display, text, len, &r);
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
	}
	if (p->verify) {
		bool xfail = false;
		bool ok = cls_verify(&r, text, len, stdout, p->verify_prefix, &xfail);
		if (ok && !xfail) {
			printf("PASS: %s\n", display);
		} else if (!ok && xfail) {
			printf("XFAIL: %s\n", display);
		} else if (ok && xfail) {
			printf("XPASS: %s (remove its XFAIL line)\n", display);
			p->verify_failed++;
		} else {
			printf("FAIL: %s\n", display);
			p->verify_failed++;
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

/* ------------------------------------------------------------------ --jobs */

/* What a worker sends back for one file; the report text, the file's name
 * and reason (json, sarif: has_rec) follow it in the pipe. */
struct job_msg {
	unsigned count[3], rule_count[64], suppressed, nfiles;
	unsigned not_analyzed, verify_failed;
	double t_phase[6], t_rule[64], t_total;
	size_t peak_arena;
	size_t text_len, path_len, reason_len, detail_len;
	bool has_rec, analyzed, has_reason;
	unsigned char status;          /* the record's enum cls_file_status */
};

static bool write_full(int fd, const void *buf, size_t n)
{
	const char *b = buf;
	while (n) {
		ssize_t k = write(fd, b, n);
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

/* A worker: lint inputs w, w+n, w+2n, ... each into a part of the report,
 * and send the parts through fd in that order. */
static void job_worker(struct prog *p, unsigned w, unsigned n, int fd)
{
	for (unsigned i = w; i < p->nfiles; i += n) {
		p->not_analyzed = p->verify_failed = 0;
		memset(p->t_phase, 0, sizeof p->t_phase);
		memset(p->t_rule, 0, sizeof p->t_rule);
		p->t_total = 0;
		p->peak_arena = 0;
		char *text = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&text, &len);
		if (!m)
			_exit(1);
		struct cls_output whole = p->out, part;
		cls_output_part(&p->out, &whole, m);
		run_one(p, p->files[i], p->file_cfg ? p->file_cfg[i] : NULL);
		fclose(m);
		part = p->out;
		p->out = whole;
		struct job_msg msg;
		memset(&msg, 0, sizeof msg);
		memcpy(msg.count, part.count, sizeof msg.count);
		memcpy(msg.rule_count, part.rule_count, sizeof msg.rule_count);
		msg.suppressed = part.suppressed;
		msg.nfiles = part.nfiles;
		msg.not_analyzed = p->not_analyzed;
		msg.verify_failed = p->verify_failed;
		memcpy(msg.t_phase, p->t_phase, sizeof msg.t_phase);
		memcpy(msg.t_rule, p->t_rule, sizeof msg.t_rule);
		msg.t_total = p->t_total;
		msg.peak_arena = p->peak_arena;
		msg.text_len = len;
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
			  (!rec || (write_full(fd, rec->path, msg.path_len) &&
				    write_full(fd, rec->reason ? rec->reason : "", msg.reason_len) &&
				    write_full(fd, rec->detail ? rec->detail : "", msg.detail_len)));
		cls_output_part_free(&part);
		free(text);
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

/* Receive input i's part from fd and add it to the report; false if the
 * worker is gone. */
static bool job_receive(struct prog *p, int fd)
{
	struct job_msg msg;
	if (!read_full(fd, &msg, sizeof msg))
		return false;
	char *text = read_str(fd, msg.text_len);
	struct cls_file_rec rec = { NULL, NULL, msg.analyzed, msg.status, NULL };
	bool ok = text != NULL;
	if (ok && msg.has_rec) {
		rec.path = read_str(fd, msg.path_len);
		rec.reason = read_str(fd, msg.reason_len);
		rec.detail = msg.detail_len ? read_str(fd, msg.detail_len) : NULL;
		ok = rec.path && rec.reason && (rec.detail || !msg.detail_len);
		if (ok && !msg.has_reason) {
			free(rec.reason);
			rec.reason = NULL;
		}
	}
	if (ok) {
		struct cls_output part;
		cls_output_part(&part, &p->out, NULL);
		memcpy(part.count, msg.count, sizeof part.count);
		memcpy(part.rule_count, msg.rule_count, sizeof part.rule_count);
		part.suppressed = msg.suppressed;
		part.nfiles = msg.nfiles;
		part.files = msg.has_rec ? &rec : NULL;
		cls_output_splice(&p->out, &part, text, msg.text_len);
		p->not_analyzed += msg.not_analyzed;
		p->verify_failed += msg.verify_failed;
		for (unsigned k = 0; k < 6; k++)
			p->t_phase[k] += msg.t_phase[k];
		for (unsigned k = 0; k < 64; k++)
			p->t_rule[k] += msg.t_rule[k];
		p->t_total += msg.t_total;
		if (msg.peak_arena > p->peak_arena)
			p->peak_arena = msg.peak_arena;
	}
	free(rec.path);
	free(rec.reason);
	free(rec.detail);
	free(text);
	return ok;
}

/*
 * Lint the inputs with p->jobs worker processes (each has its own libclang
 * index).  Input i goes to worker i % jobs; the parent reads the parts back
 * in input order, so the report is the one a serial run prints.
 */
static void run_jobs(struct prog *p)
{
	unsigned n = p->jobs < p->nfiles ? p->jobs : p->nfiles;
	int *fds = calloc(n, sizeof *fds);
	pid_t *pids = calloc(n, sizeof *pids);
	unsigned started = 0;
	fflush(NULL);
	for (; fds && pids && started < n; started++) {
		int pfd[2];
		if (pipe(pfd) != 0)
			break;
		pid_t pid = fork();
		if (pid < 0) {
			close(pfd[0]);
			close(pfd[1]);
			break;
		}
		if (pid == 0) {
			close(pfd[0]);
			for (unsigned k = 0; k < started; k++)
				close(fds[k]);
			job_worker(p, started, n, pfd[1]);
			_exit(0);
		}
		close(pfd[1]);
		fds[started] = pfd[0];
		pids[started] = pid;
	}
	if (started < n) {
		/* Could not start them all: the workers lint with other shares. */
		fprintf(stderr, "clsynclint: could not start %u worker processes (%s); "
				"running serially\n", n, strerror(errno));
		for (unsigned k = 0; k < started; k++) {
			close(fds[k]);
			waitpid(pids[k], NULL, 0);
		}
		for (unsigned i = 0; i < p->nfiles; i++)
			run_one(p, p->files[i], p->file_cfg ? p->file_cfg[i] : NULL);
	} else {
		for (unsigned i = 0; i < p->nfiles; i++)
			if (!job_receive(p, fds[i % n]))
				input_error(p, p->files[i],
					    "internal error: the worker process linting it exited");
		for (unsigned k = 0; k < n; k++) {
			close(fds[k]);
			waitpid(pids[k], NULL, 0);
		}
	}
	free(fds);
	free(pids);
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
	const char *color = "auto", *format = "text";
	const char *config_file = NULL, *output = NULL, *explain_rule = NULL, *cdb_dir = NULL;
	bool files_only = false;

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
			    strcmp(p.opt.dump, "local-accesses"))
				return usage_error("unknown --dump kind '%s' (ir, uniformity, "
						   "local-accesses)", p.opt.dump);
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
	if (!p.nfiles)
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

	/* Every input's configuration, found and checked before anything is linted. */
	p.file_cfg = MEM_ARRAY(&p.arena, const struct cfg *, p.nfiles + 1);
	for (unsigned i = 0; i < p.nfiles && p.file_cfg; i++) {
		bool bad = false;
		const char *name = strcmp(p.files[i], "-") ? p.files[i]
				 : p.stdin_name ? p.stdin_name : ".";
		p.file_cfg[i] = p.forced_cfg;
		if (!p.forced_cfg && !p.no_config)
			p.file_cfg[i] = cfg_find(p.cfgs, name, &bad, cfg_err, sizeof cfg_err);
		if (bad)
			return usage_error("%s", cfg_err);
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
	if (output && !(report = fopen(output, "w")))
		return usage_error("cannot write the report to '%s': %s", output, strerror(errno));
	if (report)
		p.out.out = report;

	cls_output_begin(&p.out);
	/* --verify and --dump print as they go: they run serially. */
	if (p.jobs > 1 && p.nfiles > 1 && !p.verify && !p.opt.dump)
		run_jobs(&p);
	else
		for (unsigned i = 0; i < p.nfiles; i++)
			run_one(&p, p.files[i], p.file_cfg ? p.file_cfg[i] : NULL);
	cls_output_end(&p.out);
	bool machine = p.out.format == CLS_FMT_JSON || p.out.format == CLS_FMT_SARIF ||
		       p.out.format == CLS_FMT_GITHUB;
	if (p.statistics && !p.verify)
		statistics(&p, machine ? stderr : p.out.out);
	fflush(stdout);
	if (report) {
		bool bad = ferror(report);
		bad |= fclose(report) != 0;
		fprintf(stderr, "clsynclint: ");
		cls_output_summary(&p.out, stderr);
		if (bad)
			fprintf(stderr, "; could not write the report to %s\n", output);
		else
			fprintf(stderr, "; report written to %s\n", output);
	}
	if (p.opt.time_report)
		time_report(&p);
	cfg_set_free(p.cfgs);
	cdb_free(p.cdb);

	int rc = CLS_EXIT_CLEAN;
	if (p.verify)
		rc = p.verify_failed ? CLS_EXIT_FINDINGS : p.not_analyzed ? CLS_EXIT_NOT_ANALYZED
									  : CLS_EXIT_CLEAN;
	else if (p.not_analyzed)
		rc = CLS_EXIT_NOT_ANALYZED;
	else if (p.out.count[CLS_ERROR] || p.out.count[CLS_WARNING])
		rc = CLS_EXIT_FINDINGS;
	mem_free_all(&p.arena);
	return rc;
}
