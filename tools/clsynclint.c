/*
 * clsynclint.c - the command-line program: its arguments, what they mean
 * together, and the exit code.  The inputs are walk.c's, linting one run.c's,
 * the workers jobs.c's, the report's file report.c's (prog.h); all analysis
 * and every output format live in libclsynclint (analyzer/, rules/).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "../analyzer/lsp.h"
#include "prog.h"

static const char usage_text[] =
	"usage: clsynclint [options] FILE|DIR|- ... [-- compiler-args]\n"
	"\n"
	"Finds OpenCL C synchronization bugs: barriers under divergent control flow,\n"
	"races on __local and __global memory, cross-work-group synchronization and\n"
	"__local bank conflicts.  Directories are searched for .cl files; '-' reads\n"
	"standard input.  Only regular files (and standard input) of at most 64 MiB\n"
	"are read, inputs and includes alike.\n"
	"A C, C++ or Python file (.c .h .cc .cpp .cxx .hpp .py ...)\n"
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
	"  --dump=ir|uniformity|local-accesses|accesses|intervals|conflicts|smt\n"
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

/* Print a one-line usage error to stderr; returns the usage exit code. */
int usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "clsynclint: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'clsynclint --help'.\n");
	return CLS_EXIT_USAGE;
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

/*
 * The command line into p: the options, the inputs into p->files, what
 * follows -- into the compiler's arguments.  Returns -1 to go on, or the
 * exit code to end with (--help, --version, a usage error).
 */
static int parse_args(struct prog *p, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		char err[256];
		if (a[0] != '-' || !strcmp(a, "-")) {
			add_file(p, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			/* Everything after -- goes to the compiler. */
			p->tail = argv + i + 1;
			p->ntail = argc - i - 1;
			for (i++; i < argc; i++)
				if (!add_cc_arg(&p->arena, &p->opt, argv[i]))
					return CLS_EXIT_USAGE;
			break;
		}
		int start = i;
		int k = cls_parse_option(&p->arena, &p->opt, argc, argv, &i, err, sizeof err);
		if (k < 0)
			return usage_error("%s", err);
		if (k > 0) {
			record_cli(p, argv + start, i - start + 1);
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return CLS_EXIT_CLEAN;
		} else if (!strcmp(a, "--version")) {
			printf("clsynclint %s\n", CLS_VERSION);
			return CLS_EXIT_CLEAN;
		} else if (!strcmp(a, "--list-rules")) {
			p->list_rules = true;
		} else if (!strcmp(a, "--time-report")) {
			p->opt.time_report = true;
		} else if (!strcmp(a, "--verify")) {
			p->verify = true;
		} else if (!strncmp(a, "--verify=", 9) && a[9]) {
			p->verify = true;
			p->verify_prefix = a + 9;
		} else if (!strncmp(a, "--format=", 9)) {
			p->format = a + 9;
		} else if (!strcmp(a, "--format") && i + 1 < argc) {
			p->format = argv[++i];
		} else if (!strncmp(a, "--color=", 8)) {
			p->color = a + 8;
		} else if (!strncmp(a, "--stdin-filename=", 17)) {
			p->stdin_name = a + 17;
		} else if (!strcmp(a, "--stdin-filename") && i + 1 < argc) {
			p->stdin_name = argv[++i];
		} else if (!strncmp(a, "--config=", 9) || (!strcmp(a, "--config") && i + 1 < argc)) {
			p->config_file = a[8] == '=' ? a + 9 : argv[++i];
		} else if (!strncmp(a, "-p=", 3) || (!strcmp(a, "-p") && i + 1 < argc)) {
			p->cdb_dir = a[2] == '=' ? a + 3 : argv[++i];
		} else if (!strcmp(a, "--fix")) {
			p->fix = true;
		} else if (!strcmp(a, "--diff")) {
			p->diff = true;
		} else if (!strcmp(a, "--unsafe-fixes")) {
			p->unsafe_fixes = true;
		} else if (!strcmp(a, "--host-files")) {
			p->host_files = true;
		} else if (!strcmp(a, "--no-config")) {
			p->no_config = true;
		} else if (!strcmp(a, "--show-config")) {
			p->show_config = true;
		} else if (!strcmp(a, "--report-unused-suppressions")) {
			p->opt.report_unused_suppressions = true;
		} else if (!strncmp(a, "--output=", 9) || (!strcmp(a, "--output") && i + 1 < argc)) {
			p->output = a[8] == '=' ? a + 9 : argv[++i];
		} else if (!strcmp(a, "--lsp")) {
			p->lsp = true;
		} else if (!strcmp(a, "--statistics")) {
			p->statistics = true;
		} else if (!strncmp(a, "--jobs=", 7) || !strncmp(a, "-j", 2) ||
			   (!strcmp(a, "--jobs") && i + 1 < argc)) {
			const char *v = a[1] == 'j' ? (a[2] ? a + 2 : i + 1 < argc ? argv[++i] : "")
				      : a[6] == '=' ? a + 7 : argv[++i];
			char *end;
			unsigned long n = strtoul(v, &end, 10);
			if (!*v || *end || n == 0 || n > 1024)
				return usage_error("invalid --jobs '%s': give a number from 1 to 1024", v);
			p->jobs = (unsigned)n;
		} else if (!strncmp(a, "--explain=", 10) || (!strcmp(a, "--explain") && i + 1 < argc)) {
			p->explain_rule = a[9] == '=' ? a + 10 : argv[++i];
		} else if (!strncmp(a, "--dump=", 7)) {
			p->opt.dump = a + 7;
			if (strcmp(p->opt.dump, "ir") && strcmp(p->opt.dump, "uniformity") &&
			    strcmp(p->opt.dump, "local-accesses") && strcmp(p->opt.dump, "conflicts") &&
			    strcmp(p->opt.dump, "accesses") && strcmp(p->opt.dump, "smt") &&
			    strcmp(p->opt.dump, "intervals"))
				return usage_error("unknown --dump kind '%s' (ir, uniformity, "
						   "local-accesses, accesses, intervals, conflicts, smt)",
						   p->opt.dump);
			p->opt.dump_out = stdout;
		} else if (!strcmp(a, "--config") || !strcmp(a, "--output") ||
			   !strcmp(a, "--explain") || !strcmp(a, "--format") ||
			   !strcmp(a, "--stdin-filename") || !strcmp(a, "--jobs") || !strcmp(a, "-p")) {
			return usage_error("%s needs a value", a);
		} else {
			return usage_error("unknown option '%s'", a);
		}
	}
	return -1;
}

/*
 * What the options mean together: --list-rules and --explain, the format and
 * colors, the conflicts between options, the configuration file and the
 * compilation database, loaded.  Returns -1 to go on, or the exit code.
 */
static int check_args(struct prog *p)
{
	if (p->list_rules) {
		list_rules();
		return CLS_EXIT_CLEAN;
	}
	if (p->explain_rule)
		return explain(p->explain_rule);
	if (!cls_format_by_name(p->format, &p->out.format))
		return usage_error("unknown format '%s' (text, gcc, json, sarif, github)", p->format);
	if (!strcmp(p->color, "always"))
		p->out.color = true;
	else if (!strcmp(p->color, "never"))
		p->out.color = false;
	else if (!strcmp(p->color, "auto"))
		p->out.color = isatty(STDOUT_FILENO) && !getenv("NO_COLOR") &&
			       !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb"));
	else
		return usage_error("invalid --color '%s' (auto, always, never)", p->color);
	if (p->out.format != CLS_FMT_TEXT || p->output)
		p->out.color = false;
	if (!p->nfiles && !p->lsp)
		return usage_error("%s", "no input files (give a .cl file, a directory or '-')");
	if (p->config_file && p->no_config)
		return usage_error("%s", "--config and --no-config exclude each other");
	const char *both = conflicting_rule(p);
	if (both)
		return usage_error("rule '%s' is both enabled and disabled; give it once (use "
				   "--disable=all --enable=%s for only this rule)", both, both);
	char err[600];
	p->cfgs = cfg_set_new();
	if (!p->cfgs)
		return CLS_EXIT_USAGE;
	if (p->config_file && !(p->forced_cfg = cfg_load(p->cfgs, p->config_file, err, sizeof err)))
		return usage_error("%s", err);
	if (p->cdb_dir && !(p->cdb = cdb_load(p->cdb_dir, err, sizeof err)))
		return usage_error("%s", err);
	if (p->lsp && p->nfiles)
		return usage_error("%s", "--lsp takes no input files: the editor sends them");
	if (p->lsp && (p->fix || p->diff))
		return usage_error("%s", "--lsp offers fix-its as code actions; it does not go "
				   "with --fix or --diff");
	return -1;
}

/*
 * Every input's configuration, found and checked before anything is
 * linted, and the launch it ends up with.  Returns -1 to go on, or the
 * exit code of a usage error.
 */
static int input_configs(struct prog *p)
{
	char err[600];
	p->file_cfg = MEM_ARRAY(&p->arena, const struct cfg *, p->nfiles + 1);
	if (cls_check_launch(&p->opt, err, sizeof err) < 0)
		return usage_error("%s", err);
	for (unsigned i = 0; i < p->nfiles && p->file_cfg; i++) {
		bool bad = false;
		const char *name = strcmp(p->files[i], "-") ? p->files[i]
				 : p->stdin_name ? p->stdin_name : ".";
		p->file_cfg[i] = p->forced_cfg;
		if (!p->forced_cfg && !p->no_config)
			p->file_cfg[i] = cfg_find(p->cfgs, name, &bad, err, sizeof err);
		if (bad)
			return usage_error("%s", err);
		if (p->file_cfg[i]) {
			struct cls_options o;
			struct mem_arena a;
			mem_init(&a);
			file_options(p, p->file_cfg[i], name, &a, &o, NULL);
			bad = cls_check_launch(&o, err, sizeof err) < 0;
			mem_free_all(&a);
			if (bad)
				return usage_error("%s (with the configuration of %s)", err, name);
		}
	}
	return -1;
}

/* --show-config: the settings that apply to each input. */
static int show_config(struct prog *p)
{
	for (unsigned i = 0; i < p->nfiles; i++) {
		struct cls_options o;
		struct mem_arena a;
		mem_init(&a);
		const char *name = strcmp(p->files[i], "-") ? p->files[i]
				 : p->stdin_name ? p->stdin_name : "<stdin>";
		const char *note;
		file_options(p, p->file_cfg ? p->file_cfg[i] : NULL, name, &a, &o, &note);
		cfg_show(p->file_cfg ? p->file_cfg[i] : NULL, name, &o, stdout);
		if (note)
			printf("; %s\n", note);
		mem_free_all(&a);
	}
	cfg_set_free(p->cfgs);
	cdb_free(p->cdb);
	mem_free_all(&p->arena);
	return CLS_EXIT_CLEAN;
}

/*
 * Lint every input into the report (standard output or --output), then
 * what goes beside it (--statistics, the --output summary, --time-report).
 * Returns -1 when done, or the exit code of a usage error.
 */
static int lint_all(struct prog *p)
{
	FILE *report = NULL;
	if (p->output && !(report = report_open(p->output)))
		return usage_error("cannot write the report to '%s': %s", p->output,
				   strerror(errno));
	if (report)
		p->out.out = report;

	cls_output_begin(&p->out);
	run_supervised(p);
	cls_output_end(&p->out);
	if (p->statistics && !p->verify)
		statistics(p, cls_format_is_machine(p->out.format) ? stderr : p->out.out);
	fflush(stdout);
	if (report) {
		const char *bad = report_close(report, p->output);
		fprintf(stderr, "clsynclint: ");
		cls_output_summary(&p->out, stderr);
		if (bad)
			fprintf(stderr, "; could not write the report to %s: %s\n", p->output, bad);
		else
			fprintf(stderr, "; report written to %s\n", p->output);
	}
	if (p->opt.time_report)
		time_report(p);
	cfg_set_free(p->cfgs);
	cdb_free(p->cdb);
	return -1;
}

/* The exit status of a run that linted its inputs (see usage_text). */
static int exit_code(const struct prog *p)
{
	if (p->verify)
		return p->sum.verify_failed ? CLS_EXIT_FINDINGS
		     : p->sum.not_analyzed || p->worker_failed ? CLS_EXIT_NOT_ANALYZED : CLS_EXIT_CLEAN;
	if (p->sum.not_analyzed || p->worker_failed)
		return CLS_EXIT_NOT_ANALYZED;
	if (p->diff)
		return p->sum.ndiff ? CLS_EXIT_FINDINGS : CLS_EXIT_CLEAN;   /* 1: the diff is not empty */
	if (p->out.count[CLS_ERROR] || p->out.count[CLS_WARNING])
		return CLS_EXIT_FINDINGS;   /* with --fix: what is left after fixing */
	return CLS_EXIT_CLEAN;
}

int main(int argc, char **argv)
{
	/* static: what p owns stays reachable (no leak report) on the early exits */
	static struct prog p;
	memset(&p, 0, sizeof p);
	/* libclang parses on a thread of its own with an 8 MiB stack, unless
	 * told not to: every parse here is in a worker process already, and
	 * the thread costs about a millisecond a file.  Only where the main
	 * thread's stack is as large (a deeply nested kernel needs it).  Set
	 * before any thread starts: setenv is not thread-safe. */
	struct rlimit stack;
	if (getrlimit(RLIMIT_STACK, &stack) == 0 &&
	    (stack.rlim_cur == RLIM_INFINITY || stack.rlim_cur >= 8u << 20))
		setenv("LIBCLANG_NOTHREADS", "1", 0);
	mem_init(&p.arena);
	cls_options_init(&p.opt);
	p.out.out = stdout;
	p.aux = stdout;
	p.color = "auto";
	p.format = "text";

	int rc = parse_args(&p, argc, argv);
	if (rc < 0)
		rc = check_args(&p);
	if (rc >= 0)
		return rc;
	if (p.lsp)
		end_process(lsp_serve(STDIN_FILENO, STDOUT_FILENO, lsp_file_options, &p));

	unsigned stdin_count;
	if ((rc = walk_inputs(&p, &stdin_count)) >= 0)
		return rc;
	if (p.stdin_name && stdin_count == 0)
		return usage_error("--stdin-filename names standard input, but no '-' is among "
				   "the inputs");
	if (stdin_count > 1)
		return usage_error("%s", "'-' (standard input) given more than once");
	const char *bad_fix = fix_conflict(&p, p.format, stdin_count);
	if (bad_fix)
		return usage_error("%s", bad_fix);
	if ((rc = input_configs(&p)) >= 0)
		return rc;
	if (p.show_config)
		return show_config(&p);
	if ((rc = lint_all(&p)) >= 0)
		return rc;
	rc = exit_code(&p);
	mem_free_all(&p.arena);
	end_process(rc);
}
