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
#include <sys/stat.h>
#include <unistd.h>

#include "../analyzer/cls.h"

static const char usage_text[] =
	"usage: clsynclint [options] FILE|DIR|- ... [-- compiler-args]\n"
	"\n"
	"Finds OpenCL C synchronization bugs: barriers under divergent control flow,\n"
	"races on __local and __global memory, cross-work-group synchronization and\n"
	"__local bank conflicts.  Directories are searched for .cl files; '-' reads\n"
	"standard input.\n"
	"\n"
	"Build options (as given to clBuildProgram):\n"
	"  -D NAME[=VALUE], -U NAME, -I DIR, -include FILE, -cl-std=CL1.2|CL2.0|CL3.0\n"
	"  -- ARGS...               pass the remaining arguments to the compiler\n"
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
	"Bank conflicts:\n"
	"  --device=generic|nvidia|amd|intel  memory bank model (default: generic)\n"
	"  --banks=N, --bank-width=BYTES, --subgroup-size=N  override the model\n"
	"  --min-conflict-degree=N  report conflicts of at least this degree (default 2)\n"
	"  --compiler-warnings      show the OpenCL C compiler's warnings\n"
	"  --format=text|gcc|json   output format (default: text)\n"
	"  --color=auto|always|never\n"
	"  --stdin-filename=NAME    the name used for '-' in messages\n"
	"  --list-rules             list the rules and exit\n"
	"  --verify[=PREFIX]        check the files' expected-... (or PREFIX-...) comments\n"
	"  --dump=ir|uniformity     print the analysis facts (debugging)\n"
	"  --time-report            print the time spent per phase and rule (stderr)\n"
	"  --version, --help\n"
	"\n"
	"Exit status:\n"
	"  0  no error or warning at or above the --severity threshold\n"
	"  1  errors or warnings found (notes alone do not count)\n"
	"  2  some input could not be analyzed (missing, unreadable, empty, binary,\n"
	"     invalid UTF-8, compile errors, not a kernel file)\n"
	"  3  usage error (unknown option, invalid value)\n";

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

/* Add the .cl files under dir, recursively, in sorted order. */
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
		if (path && stat(path, &s2) == 0) {
			if (S_ISDIR(s2.st_mode))
				walk_dir(p, path, &me, depth + 1);
			else if (S_ISREG(s2.st_mode) && strlen(names[i]) > 3 &&
				 !strcmp(names[i] + strlen(names[i]) - 3, ".cl"))
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

/* Lint (or verify) one input. */
static void run_one(struct prog *p, const char *path)
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

	struct cls_options opt = p->opt;
	struct mem_arena cfg;
	mem_init(&cfg);
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
	cls_lint(&opt, display, text, len, &r);
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
	struct prog p;
	memset(&p, 0, sizeof p);
	mem_init(&p.arena);
	cls_options_init(&p.opt);
	p.out.out = stdout;
	const char *color = "auto", *format = "text";
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
			for (i++; i < argc; i++) {
				const char **n = MEM_ARRAY(&p.arena, const char *, p.opt.ncc_args + 1);
				if (!n)
					return CLS_EXIT_USAGE;
				if (p.opt.ncc_args)
					memcpy(n, p.opt.cc_args, p.opt.ncc_args * sizeof *n);
				n[p.opt.ncc_args++] = argv[i];
				p.opt.cc_args = n;
			}
			break;
		}
		int k = cls_parse_option(&p.arena, &p.opt, argc, argv, &i, err, sizeof err);
		if (k < 0)
			return usage_error("%s", err);
		if (k > 0)
			continue;
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
		} else if (!strncmp(a, "--dump=", 7)) {
			p.opt.dump = a + 7;
			if (strcmp(p.opt.dump, "ir") && strcmp(p.opt.dump, "uniformity"))
				return usage_error("unknown --dump kind '%s' (ir, uniformity)", p.opt.dump);
			p.opt.dump_out = stdout;
		} else {
			return usage_error("unknown option '%s'", a);
		}
	}
	if (p.list_rules) {
		list_rules();
		return CLS_EXIT_CLEAN;
	}
	if (!strcmp(format, "text"))
		p.out.format = CLS_FMT_TEXT;
	else if (!strcmp(format, "gcc"))
		p.out.format = CLS_FMT_GCC;
	else if (!strcmp(format, "json"))
		p.out.format = CLS_FMT_JSON;
	else
		return usage_error("unknown format '%s' (text, gcc, json)", format);
	if (!strcmp(color, "always"))
		p.out.color = true;
	else if (!strcmp(color, "never"))
		p.out.color = false;
	else if (!strcmp(color, "auto"))
		p.out.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") &&
			      !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb"));
	else
		return usage_error("invalid --color '%s' (auto, always, never)", color);
	if (p.out.format != CLS_FMT_TEXT)
		p.out.color = false;
	if (!p.nfiles)
		return usage_error("%s", "no input files (give a .cl file, a directory or '-')");

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
			walk_dir(&p, given[i], NULL, 0);
			if (p.nfiles == before) {
				fprintf(stderr, "clsynclint: %s: no .cl files in this directory\n",
					given[i]);
				p.not_analyzed++;
			}
		} else {
			add_file(&p, given[i]);
		}
	}
	if (stdin_count > 1)
		return usage_error("%s", "'-' (standard input) given more than once");

	cls_output_begin(&p.out);
	for (unsigned i = 0; i < p.nfiles; i++)
		run_one(&p, p.files[i]);
	cls_output_end(&p.out);
	fflush(stdout);
	if (p.opt.time_report)
		time_report(&p);

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
