/*
 * main.c - runtime_check: run the corpus kernels on real OpenCL
 * implementations and confirm each static finding of clsynclint with
 * evidence (docs/runtime_check.md).
 *
 * The pipeline: manifests -> static findings (clsynclint, or a findings
 * file) -> backends (the ICD loader's devices, Oclgrind) -> one row per
 * finding and per kernel that must stay clean -> runs in watched children ->
 * verdicts -> the table.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "cache.h"
#include "findings.h"
#include "manifest.h"
#include "observe.h"
#include "oclgrind.h"
#include "proc.h"
#include "rc.h"
#include "report.h"
#include "run.h"
#include "trace.h"
#include "verdict.h"

#ifndef RC_VERSION
#define RC_VERSION "0"
#endif

enum { EXIT_OK = 0, EXIT_UNCONFIRMED = 1, EXIT_INFRA = 2, EXIT_USAGE = 3 };

/* One manifest to run, with the sections chosen by KERNEL.cl arguments
 * (none chosen: all). */
struct input {
	char *manifest;
	char **sections;
	unsigned nsections, capsections;
	struct man_file mf;
	int loaded;
};

/* The command line. */
struct options {
	int list, verbose, no_static, keep_temp, strict, cpu_timing, no_oclgrind;
	int no_program_cache;
	int oclgrind_no_uninit, oclgrind_uniform_writes;
	char **backends;
	unsigned nbackends, capbackends;
	char **only;
	unsigned nonly, caponly;
	const char *platform, *device;
	double timeout, build_timeout;
	enum rep_format format;
	const char *output;
	const char *json;
	double max_time;
	const char *clsynclint;
	char **analyzer_args;
	unsigned nanalyzer_args, capanalyzer_args;
	const char *findings, *save_findings;
	const char *dumps, *save_dumps; /* --dumps, --save-dumps folders */
	const char *oclgrind_icd;
	const char *program_cache;     /* --program-cache */
	struct cmp_opts cmp;
	double min_slowdown;
	size_t oclgrind_max_items;
	char **paths;
	unsigned npaths, cappaths;
};

static const char usage_text[] =
	"usage: runtime_check [options] CORPUS_DIR|MANIFEST|KERNEL.cl ...\n"
	"\n"
	"Runs the corpus kernels on OpenCL implementations (PoCL, Oclgrind, a GPU) and\n"
	"confirms every static finding of clsynclint with evidence: a result different\n"
	"from the fixed twin's, output that changes between runs or local sizes, a hang,\n"
	"a crash, Oclgrind's race and divergence reports, or (bank conflicts) a slowdown\n"
	"against the padded twin.  Fixed twins and correct kernels must show none.\n"
	"\n"
	"Inputs: a folder (searched for manifest.ini), a manifest.ini, or kernel files\n"
	"(their folder's manifest, only their sections).\n"
	"\n"
	"Backends:\n"
	"  --list                  list the OpenCL platforms and devices, then exit\n"
	"  --backend NAME          pocl, oclgrind, gpu, cpu, all (default) or an id\n"
	"                          from --list; repeatable\n"
	"  --platform SUBSTR       only devices of platforms whose name contains SUBSTR\n"
	"  --device SUBSTR         only devices whose name contains SUBSTR\n"
	"  --no-oclgrind           do not add Oclgrind through its ICD library\n"
	"  --oclgrind-icd PATH     Oclgrind's liboclgrind-rt-icd.so (default: searched)\n"
	"  --oclgrind-max-items N  launches with more work-items are not run under\n"
	"                          Oclgrind, which is slow (default 65536)\n"
	"  --oclgrind-no-uninitialized  no uninitialized-value check under Oclgrind\n"
	"                          (its reports count toward its cap of 1000)\n"
	"  --oclgrind-uniform-writes  Oclgrind also reports write-write races that\n"
	"                          store the same value\n"
	"Runs:\n"
	"  --timeout S             seconds a launch may take before it counts as a hang\n"
	"                          (default: each section's 'timeout', else 10)\n"
	"  --build-timeout S       seconds a build may take (default 120)\n"
	"  --max-time S            start no kernel after S seconds; the rest is 'not run'\n"
	"  --only SUBSTR           only sections whose file name contains SUBSTR\n"
	"  --rtol X, --atol X      float comparison tolerances (default 1e-5, 1e-7)\n"
	"  --min-slowdown X        a timing ratio that confirms a bank conflict\n"
	"                          (default 1.10)\n"
	"  --cpu-timing            time 'compare = timing' sections on CPU devices too\n"
	"  --program-cache DIR     keep built programs in DIR, for the next rows and\n"
	"                          runs (default: $RC_PROGRAM_CACHE, else the folder\n"
	"                          program-cache beside runtime_check); 'off': none\n"
	"  --no-program-cache      build every program from source\n"
	"Static findings:\n"
	"  --clsynclint PATH       the analyzer (default: next to runtime_check, then PATH)\n"
	"  --analyzer-arg ARG      one more analyzer argument, e.g.\n"
	"                          --analyzer-arg=--device=nvidia; repeatable\n"
	"  --findings FILE         read the findings from FILE (clsynclint --format=json\n"
	"                          output, or a --save-findings file): no analyzer needed\n"
	"  --save-findings FILE    run the analyzer, write the findings to FILE, exit\n"
	"  --save-dumps DIR        with --save-findings: also write each kernel's\n"
	"                          clsynclint --dump=accesses into DIR (for --dumps)\n"
	"  --dumps DIR             with --findings: the saved dumps that the observed\n"
	"                          races and divergence need (no analyzer needed)\n"
	"  --no-static             no findings: every kernel with a reference is one row\n"
	"Output:\n"
	"  --format text|json|markdown   (default text)\n"
	"  --output FILE           write the table to FILE instead of standard output\n"
	"  --json FILE             also write the table as JSON to FILE\n"
	"  --strict                a finding or clean kernel that ran nowhere fails too\n"
	"  --keep-temp             keep the temporary folder (outputs, logs)\n"
	"  -v, --verbose           say what runs, on standard error\n"
	"  --version, --help\n"
	"\n"
	"Exit status:\n"
	"  0  every finding confirmed by at least one backend, every fixed twin and\n"
	"     correct kernel clean\n"
	"  1  a finding not confirmed by any backend that ran it, or a fixed twin or\n"
	"     correct kernel showed evidence\n"
	"  2  something could not run for an infrastructure reason: no backend, a\n"
	"     manifest error, the analyzer failed, a kernel or argument not found\n"
	"  3  usage error\n";

RC_PRINTF(1, 2)
static void usage_error(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "runtime_check: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(runtime_check --help for usage)\n");
	exit(EXIT_USAGE);
}

/* Parse a positive number option value. */
static double parse_positive(const char *opt, const char *v)
{
	char *end;
	errno = 0;
	double d = strtod(v, &end);
	if (!*v || *end || errno || !(d > 0))
		usage_error("invalid %s '%s': expected a positive number", opt, v);
	return d;
}

/* Parse the command line into *o. */
/* The option's switch in o when `a` is a flag without a value, else NULL. */
static int *bool_flag(struct options *o, const char *a)
{
	static const struct {
		const char *name;
		size_t off;
	} flags[] = {
		{ "-v", offsetof(struct options, verbose) },
		{ "--verbose", offsetof(struct options, verbose) },
		{ "--list", offsetof(struct options, list) },
		{ "--no-static", offsetof(struct options, no_static) },
		{ "--keep-temp", offsetof(struct options, keep_temp) },
		{ "--strict", offsetof(struct options, strict) },
		{ "--cpu-timing", offsetof(struct options, cpu_timing) },
		{ "--no-oclgrind", offsetof(struct options, no_oclgrind) },
		{ "--no-program-cache", offsetof(struct options, no_program_cache) },
		{ "--oclgrind-no-uninitialized", offsetof(struct options, oclgrind_no_uninit) },
		{ "--oclgrind-uniform-writes", offsetof(struct options, oclgrind_uniform_writes) },
	};
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (!strcmp(a, flags[i].name))
			return (int *)(void *)((char *)o + flags[i].off);
	return NULL;
}

static void parse_args(int argc, char **argv, struct options *o)
{
	static const char *const with_value[] = {
		"--backend", "--platform", "--device", "--timeout", "--build-timeout", "--format",
		"--output", "--clsynclint", "--analyzer-arg", "--findings", "--save-findings",
		"--dumps", "--save-dumps",
		"--only", "--rtol", "--atol", "--min-slowdown", "--oclgrind-max-items",
		"--oclgrind-icd", "--json", "--max-time", "--program-cache",
	};
	int dashdash = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (dashdash || a[0] != '-' || !strcmp(a, "-")) {
			*RC_PUSH(o->paths, o->npaths, o->cappaths) = argv[i];
			continue;
		}
		if (!strcmp(a, "--")) {
			dashdash = 1;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_text, stdout);
			exit(EXIT_OK);
		}
		if (!strcmp(a, "--version")) {
			printf("runtime_check %s\n", RC_VERSION);
			exit(EXIT_OK);
		}
		int *flag = bool_flag(o, a);
		if (flag) {
			*flag = 1;
			continue;
		}
		const char *opt = NULL, *val = NULL;
		char name[64];
		for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++) {
			size_t n = strlen(with_value[k]);
			if (strncmp(a, with_value[k], n) != 0)
				continue;
			if (a[n] == '=') {
				opt = with_value[k];
				val = a + n + 1;
			} else if (a[n] == '\0') {
				opt = with_value[k];
				if (i + 1 >= argc)
					usage_error("%s needs a value", opt);
				val = argv[++i];
			}
		}
		if (!opt) {
			snprintf(name, sizeof name, "%s", a);
			usage_error("unknown option '%s'", name);
		}
		if (!strcmp(opt, "--backend")) {
			*RC_PUSH(o->backends, o->nbackends, o->capbackends) = rc_xstrdup(val);
		} else if (!strcmp(opt, "--platform")) {
			o->platform = val;
		} else if (!strcmp(opt, "--device")) {
			o->device = val;
		} else if (!strcmp(opt, "--timeout")) {
			o->timeout = parse_positive(opt, val);
		} else if (!strcmp(opt, "--build-timeout")) {
			o->build_timeout = parse_positive(opt, val);
		} else if (!strcmp(opt, "--format")) {
			if (!strcmp(val, "text"))
				o->format = REP_TEXT;
			else if (!strcmp(val, "json"))
				o->format = REP_JSON;
			else if (!strcmp(val, "markdown") || !strcmp(val, "md"))
				o->format = REP_MARKDOWN;
			else
				usage_error("unknown format '%s' (text, json or markdown)", val);
		} else if (!strcmp(opt, "--output")) {
			o->output = val;
		} else if (!strcmp(opt, "--json")) {
			o->json = val;
		} else if (!strcmp(opt, "--max-time")) {
			o->max_time = parse_positive(opt, val);
		} else if (!strcmp(opt, "--clsynclint")) {
			o->clsynclint = val;
		} else if (!strcmp(opt, "--analyzer-arg")) {
			*RC_PUSH(o->analyzer_args, o->nanalyzer_args, o->capanalyzer_args) = rc_xstrdup(val);
		} else if (!strcmp(opt, "--findings")) {
			o->findings = val;
		} else if (!strcmp(opt, "--save-findings")) {
			o->save_findings = val;
		} else if (!strcmp(opt, "--dumps")) {
			o->dumps = val;
		} else if (!strcmp(opt, "--save-dumps")) {
			o->save_dumps = val;
		} else if (!strcmp(opt, "--only")) {
			*RC_PUSH(o->only, o->nonly, o->caponly) = rc_xstrdup(val);
		} else if (!strcmp(opt, "--rtol")) {
			o->cmp.rtol = parse_positive(opt, val);
		} else if (!strcmp(opt, "--atol")) {
			o->cmp.atol = parse_positive(opt, val);
		} else if (!strcmp(opt, "--min-slowdown")) {
			o->min_slowdown = parse_positive(opt, val);
		} else if (!strcmp(opt, "--oclgrind-max-items")) {
			o->oclgrind_max_items = (size_t)parse_positive(opt, val);
		} else if (!strcmp(opt, "--oclgrind-icd")) {
			o->oclgrind_icd = val;
		} else if (!strcmp(opt, "--program-cache")) {
			o->program_cache = val;
		}
	}
	int modes = !!o->no_static + !!o->findings + !!o->save_findings;
	if (modes > 1)
		usage_error("--no-static, --findings and --save-findings exclude each other");
	if (o->save_findings && o->list)
		usage_error("--save-findings and --list exclude each other");
	if (!o->list && o->npaths == 0)
		usage_error("no input: give a corpus folder, a manifest.ini or kernel files");
}

/* Find the manifests under folder `dir`, in name order, into the inputs. */
static void find_manifests(const char *dir, struct input **in, unsigned *n, unsigned *cap)
{
	struct dirent **names;
	int count = scandir(dir, &names, NULL, alphasort);
	if (count < 0)
		return;
	for (int i = 0; i < count; i++) {
		const char *nm = names[i]->d_name;
		if (nm[0] == '.') {
			free(names[i]);
			continue;
		}
		char *path = rc_path_join(dir, nm);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			find_manifests(path, in, n, cap);
		} else if (!strcmp(nm, "manifest.ini")) {
			struct input *x = RC_PUSH(*in, *n, *cap);
			memset(x, 0, sizeof *x);
			x->manifest = rc_xstrdup(path);
		}
		free(path);
		free(names[i]);
	}
	free(names);
}

/* Turn the input paths into manifests to run; errors go to errs.  Returns
 * the number of inputs. */
static unsigned collect_inputs(const struct options *o, struct input **inputs, char ***errs,
			       unsigned *nerrs, unsigned *caperrs)
{
	struct input *in = NULL;
	unsigned n = 0, cap = 0;
	for (unsigned i = 0; i < o->npaths; i++) {
		const char *p = o->paths[i];
		struct stat st;
		if (stat(p, &st) != 0) {
			*RC_PUSH(*errs, *nerrs, *caperrs) = rc_xasprintf("%s: %s", p, strerror(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			unsigned before = n;
			find_manifests(p, &in, &n, &cap);
			if (n == before)
				*RC_PUSH(*errs, *nerrs, *caperrs) =
					rc_xasprintf("%s: no manifest.ini in this folder", p);
			continue;
		}
		size_t len = strlen(p);
		if (len > 3 && !strcmp(p + len - 3, ".cl")) {
			char *dir = rc_dirname(p);
			char *man = rc_path_join(strcmp(dir, ".") ? dir : "", "manifest.ini");
			free(dir);
			struct input *x = NULL;
			for (unsigned k = 0; k < n; k++)
				if (!strcmp(in[k].manifest, man) && in[k].nsections)
					x = &in[k];
			if (!x) {
				x = RC_PUSH(in, n, cap);
				memset(x, 0, sizeof *x);
				x->manifest = man;
			} else {
				free(man);
			}
			*RC_PUSH(x->sections, x->nsections, x->capsections) = rc_xstrdup(rc_basename(p));
			continue;
		}
		struct input *x = RC_PUSH(in, n, cap);
		memset(x, 0, sizeof *x);
		x->manifest = rc_xstrdup(p);
	}
	*inputs = in;
	return n;
}

/* Is section mk chosen by the input's kernel files and by --only? */
static int chosen(const struct input *in, const struct man_kernel *mk, const struct options *o)
{
	if (in->nsections) {
		int hit = 0;
		for (unsigned i = 0; i < in->nsections; i++)
			hit |= !strcmp(in->sections[i], mk->section);
		if (!hit)
			return 0;
	}
	if (!o->nonly)
		return 1;
	for (unsigned i = 0; i < o->nonly; i++)
		if (rc_icontains(mk->section, o->only[i]))
			return 1;
	return 0;
}

/* The analyzer binary: --clsynclint, else clsynclint beside runtime_check
 * or one folder up (the build tree), else "clsynclint" from PATH. */
static char *find_analyzer(const struct options *o)
{
	if (o->clsynclint)
		return rc_xstrdup(o->clsynclint);
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n > 0) {
		self[n] = '\0';
		char *dir = rc_dirname(self);
		const char *rel[] = { "clsynclint", "../clsynclint" };
		for (size_t i = 0; i < 2; i++) {
			char *p = rc_path_join(dir, rel[i]);
			if (access(p, X_OK) == 0) {
				free(dir);
				return p;
			}
			free(p);
		}
		free(dir);
	}
	return rc_xstrdup("clsynclint");
}

/* Print the devices for --list. */
static void print_list(const struct be_list *bl)
{
	if (bl->n == 0) {
		printf("no OpenCL device found\n");
		return;
	}
	for (unsigned i = 0; i < bl->n; i++) {
		const struct be_backend *be = &bl->items[i];
		printf("%-10s %s / %s\n", be->id, be->platform, be->device);
		printf("%-10s   type %s, driver %s, %s, %s%s%s\n", "",
		       be->is_oclgrind ? "simulator" : be->type & BE_TYPE_GPU ? "GPU"
						 : be->type & BE_TYPE_CPU ? "CPU"
									  : "other",
		       be->driver, be->version, be->clc, be->icd_dir[0] ? ", vendors folder " : "",
		       be->icd_dir[0] ? be->icd_dir : "");
	}
}

/* A kernel file the analyzer could not analyze, and why. */
struct not_analyzed {
	const char *path;
	char *why;
};

/* Everything one invocation works on, stage by stage. */
struct session {
	struct options o;
	char *tmpdir;
	char **errs;                   /* for the report: manifests, backends, analyzer */
	unsigned nerrs, caperrs;
	struct be_list all;            /* every device found */
	const struct be_backend **bes; /* the selected ones, the table's columns */
	unsigned nbes;
	struct input *inputs;
	unsigned ninputs;
	struct fnd_set fs;
	struct fnd_analyzer an;        /* the analyzer, when it runs here (have_an) */
	int have_an;
	char *static_source;
	struct not_analyzed *bad;
	unsigned nbad, capbad;
	struct vd_row *rows;
	unsigned nrows, caprows;
};

RC_PRINTF(2, 3)
static void add_error(struct session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *e = rc_xmalloc((size_t)(n > 0 ? n : 0) + 1);
	va_start(ap, fmt);
	vsnprintf(e, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
	va_end(ap);
	fprintf(stderr, "runtime_check: %s\n", e);
	*RC_PUSH(s->errs, s->nerrs, s->caperrs) = e;
}

/* List the devices and keep those that --backend, --platform and --device
 * select.  Returns 0, or the exit status when there is nothing to run on. */
static int select_backends(struct session *s)
{
	const struct options *o = &s->o;
	char err[512];
	if (be_discover(&s->all, s->tmpdir, o->oclgrind_icd, !o->no_oclgrind, err, sizeof err) != 0)
		add_error(s, "%s", err);
	s->bes = rc_xcalloc(s->all.n ? s->all.n : 1, sizeof *s->bes);
	for (unsigned i = 0; i < s->all.n; i++) {
		const struct be_backend *be = &s->all.items[i];
		int pick = o->nbackends == 0;
		for (unsigned k = 0; k < o->nbackends; k++)
			pick |= be_matches(be, o->backends[k]);
		if (o->platform && !rc_icontains(be->platform, o->platform))
			pick = 0;
		if (o->device && !rc_icontains(be->device, o->device))
			pick = 0;
		if (pick)
			s->bes[s->nbes++] = be;
	}
	if (s->nbes == 0) {
		fprintf(stderr, "runtime_check: no OpenCL device matches the selection (runtime_check "
				"--list shows them)\n");
		return EXIT_INFRA;
	}
	return 0;
}

/* Load every input manifest; each error is recorded, and a manifest with
 * errors runs nothing. */
static void load_manifests(struct session *s)
{
	s->ninputs = collect_inputs(&s->o, &s->inputs, &s->errs, &s->nerrs, &s->caperrs);
	for (unsigned i = 0; i < s->nerrs; i++)
		fprintf(stderr, "runtime_check: %s\n", s->errs[i]);
	for (unsigned i = 0; i < s->ninputs; i++) {
		struct input *in = &s->inputs[i];
		if (man_load(in->manifest, &in->mf) != 0) {
			for (unsigned k = 0; k < in->mf.nerrors; k++)
				add_error(s, "%s", in->mf.errors[k].text);
			continue;
		}
		in->loaded = 1;
		for (unsigned k = 0; k < in->nsections; k++)
			if (!man_find(&in->mf, in->sections[k]))
				add_error(s, "%s: no section [%s]: the kernel is not run", in->manifest,
					  in->sections[k]);
	}
}

/* Get the static findings: none (--no-static), a findings file, or the
 * analyzer run on every chosen section (a section it cannot analyze is
 * remembered in s->bad).  Returns 0, or the exit status when there is no
 * way to get findings (the analyzer or the file is missing). */
static int static_findings(struct session *s)
{
	const struct options *o = &s->o;
	if (o->no_static) {
		s->static_source = rc_xstrdup("none (--no-static)");
		return 0;
	}
	if (o->findings) {
		char err[1024];
		if (fnd_load(&s->fs, o->findings, err, sizeof err) != 0) {
			fprintf(stderr, "runtime_check: %s\n", err);
			return EXIT_INFRA;
		}
		s->static_source = rc_xasprintf("findings file %s", o->findings);
		return 0;
	}
	s->an = (struct fnd_analyzer){ .exe = find_analyzer(o), .extra = o->analyzer_args,
				       .nextra = (int)o->nanalyzer_args, .timeout = 300,
				       .verbose = o->verbose };
	s->have_an = 1;
	const struct fnd_analyzer an = s->an;
	struct rc_buf src = { 0 };
	rc_buf_printf(&src, "clsynclint %s", an.exe);
	for (unsigned i = 0; i < o->nanalyzer_args; i++)
		rc_buf_printf(&src, " %s", o->analyzer_args[i]);
	s->static_source = src.s;
	int status = 0;
	for (unsigned i = 0; i < s->ninputs && !status; i++) {
		if (!s->inputs[i].loaded)
			continue;
		for (unsigned k = 0; k < s->inputs[i].mf.n; k++) {
			const struct man_kernel *mk = &s->inputs[i].mf.kernels[k];
			if (!chosen(&s->inputs[i], mk, o))
				continue;
			char err[1024];
			if (fnd_analyze(&s->fs, &an, mk, err, sizeof err) == 0)
				continue;
			if (strstr(err, "cannot run the analyzer")) {
				add_error(s, "%s", err);
				status = EXIT_INFRA;
				break;
			}
			fprintf(stderr, "runtime_check: %s\n", err);
			struct not_analyzed *b = RC_PUSH(s->bad, s->nbad, s->capbad);
			b->path = mk->path;
			b->why = rc_xstrdup(err);
		}
	}
	return status;
}

/* --save-dumps: each section's kernel file and reference, its
 * --dump=accesses as DIR/<path, '/' as "__">.accesses (obsrun.c reads them
 * back with --dumps).  0, or -1 after a message. */
static int save_dumps(struct session *s)
{
	for (unsigned i = 0; i < s->ninputs; i++)
		for (unsigned k = 0; k < s->inputs[i].mf.n; k++) {
			const struct man_kernel *mk = &s->inputs[i].mf.kernels[k];
			for (int twin = 0; twin < 2; twin++) {
				const char *path = twin ? mk->ref_path : mk->path;
				if (!path)
					continue;
				char err[512];
				char *text = ob_dump_text(&s->an, mk, path, err, sizeof err);
				if (!text) {
					fprintf(stderr, "runtime_check: %s: %s\n", path, err);
					return -1;
				}
				struct rc_buf name = { 0 };
				for (const char *c = path; *c; c++)
					rc_buf_add(&name, *c == '/' ? "__" : (char[2]){ *c, 0 });
				rc_buf_add(&name, ".accesses");
				char *file = rc_path_join(s->o.save_dumps, name.s);
				int bad = rc_write_file(file, text, strlen(text));
				if (bad)
					fprintf(stderr, "runtime_check: cannot write %s\n", file);
				free(file);
				free(text);
				rc_buf_free(&name);
				if (bad)
					return -1;
			}
		}
	return 0;
}

/* --save-findings: write the findings for a later --findings run. */
static int save_findings(struct session *s)
{
	FILE *f = fopen(s->o.save_findings, "w");
	if (!f) {
		fprintf(stderr, "runtime_check: cannot write %s: %s\n", s->o.save_findings,
			strerror(errno));
		return EXIT_INFRA;
	}
	if ((fnd_write(&s->fs, f) != 0) | (fclose(f) != 0)) {
		fprintf(stderr, "runtime_check: error writing %s\n", s->o.save_findings);
		return EXIT_INFRA;
	}
	if (s->o.save_dumps && save_dumps(s) != 0)
		return EXIT_INFRA;
	fprintf(stderr, "runtime_check: %u finding%s in %u file%s written to %s\n", s->fs.n,
		s->fs.n == 1 ? "" : "s", s->fs.nanalyzed, s->fs.nanalyzed == 1 ? "" : "s",
		s->o.save_findings);
	return s->nerrs || s->nbad ? EXIT_INFRA : EXIT_OK;
}

/* Append a row of `kind` for section mk, with its message (owned). */
static struct vd_row *new_row(struct session *s, enum vd_kind kind, const struct man_kernel *mk,
			      char *message)
{
	struct vd_row *r = RC_PUSH(s->rows, s->nrows, s->caprows);
	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->mk = mk;
	r->file = mk->path;
	r->rule = "";
	r->message = message;
	return r;
}

/* Give the n rows of one section's findings fv the union of their lines
 * (and their notes') and of their calls of helpers with barriers, so that
 * one instrumented copy serves them all (observe.h). */
static void share_observation(struct vd_row *rows, unsigned n, const struct fnd_finding **fv)
{
	int *lines = NULL, *calls = NULL;
	unsigned nl = 0, capl = 0, nc = 0, capc = 0;
	for (unsigned j = 0; j < n; j++) {
		const struct fnd_finding *f = fv[j];
		for (unsigned k = 0; k <= f->nnotes; k++) {
			int line = k ? f->notes[k - 1].line : f->line, seen = 0;
			for (unsigned m = 0; m < nl && !seen; m++)
				seen = lines[m] == line;
			if (!seen)
				*RC_PUSH(lines, nl, capl) = line;
		}
		if (!strncmp(f->message, "call to '", 9)) {
			*RC_PUSH(calls, nc, capc) = f->line;
			*RC_PUSH(calls, nc, capc) = f->col;
		}
	}
	for (unsigned j = 0; j < n; j++) {
		rows[j].obs_lines = rc_xcalloc(nl + 1, sizeof *lines);
		memcpy(rows[j].obs_lines, lines, nl * sizeof *lines);
		rows[j].nobs_lines = nl;
		rows[j].obs_calls = rc_xcalloc(nc + 1, sizeof *calls);
		memcpy(rows[j].obs_calls, calls, nc * sizeof *calls);
		rows[j].nobs_calls = nc;
	}
	free(lines);
	free(calls);
}

/* The rows of the table, in manifest order: per section, one row per
 * static finding (or one "no static finding" row for a kernel with a
 * reference, or one "buggy kernel" row with --no-static, or an error row when
 * it was not analyzed), then a "must stay clean" row when it has no
 * reference. */
static void make_rows(struct session *s)
{
	const struct options *o = &s->o;
	for (unsigned i = 0; i < s->ninputs; i++) {
		if (!s->inputs[i].loaded)
			continue;
		for (unsigned k = 0; k < s->inputs[i].mf.n; k++) {
			const struct man_kernel *mk = &s->inputs[i].mf.kernels[k];
			if (!chosen(&s->inputs[i], mk, o))
				continue;
			const char *not_analyzed = NULL;
			for (unsigned b = 0; b < s->nbad; b++)
				if (s->bad[b].path == mk->path)
					not_analyzed = s->bad[b].why;
			if (o->findings && !fnd_was_analyzed(&s->fs, mk->path))
				not_analyzed = "not in the findings file";
			if (not_analyzed) {
				new_row(s, VD_ROW_ERROR, mk,
					rc_xasprintf("not analyzed: %s", not_analyzed));
			} else if (o->no_static) {
				if (mk->reference)
					new_row(s, VD_ROW_BUGGY, mk,
						rc_xasprintf("reference %s", mk->reference));
			} else {
				const struct fnd_finding **fv;
				unsigned nf = fnd_for_kernel(&s->fs, mk->path, &fv);
				unsigned first = s->nrows;
				for (unsigned j = 0; j < nf; j++) {
					struct vd_row *r = new_row(s, VD_ROW_FINDING, mk,
								   rc_xstrdup(fv[j]->message));
					r->finding = fv[j];
					r->line = fv[j]->line;
					r->col = fv[j]->col;
					r->rule = fv[j]->rule;
					r->severity = fv[j]->severity;
				}
				share_observation(s->rows + first, nf, fv);
				if (nf == 0 && (mk->reference || mk->no_twin))
					new_row(s, VD_ROW_UNFLAGGED, mk,
						rc_xasprintf("clsynclint reports nothing here; reference %s",
							     mk->reference ? mk->reference : "none"));
				free(fv);
			}
			if (!mk->reference && !mk->no_twin)
				new_row(s, VD_ROW_CLEAN, mk, rc_xstrdup(""));
		}
	}
}

/* Run what every row needs and give it its verdicts. */
static void evaluate(struct session *s, struct run_ctx *rc)
{
	const struct options *o = &s->o;
	double t0 = rc_now();
	struct vd_opts vo = { .min_slowdown = o->min_slowdown, .cpu_timing = o->cpu_timing,
			      .oclgrind_max_items = o->oclgrind_max_items,
			      .deadline = o->max_time > 0 ? t0 + o->max_time : 0,
			      .analyzer = s->have_an ? &s->an : NULL };
	for (unsigned i = 0; i < s->nrows; i++) {
		if (o->verbose)
			fprintf(stderr, "runtime_check: row %u of %u: %s:%d %s\n", i + 1, s->nrows,
				s->rows[i].file, s->rows[i].line, rep_kind_name(s->rows[i].kind));
		double t = rc_now();
		vd_eval_row(&s->rows[i], rc, s->bes, s->nbes, &vo);
		s->rows[i].seconds = rc_now() - t;
	}
	if (o->verbose)
		fprintf(stderr, "runtime_check: %u rows, %u runs in %.1f s\n", s->nrows, rc->ncache,
			rc_now() - t0);
	if (o->verbose && rc->program_cache)
		fprintf(stderr, "runtime_check: program cache %s: %u hit%s, %u program%s stored, "
			"%u unusable entr%s built again\n", rc->program_cache, rc->cache_hits,
			rc->cache_hits == 1 ? "" : "s", rc->cache_stored,
			rc->cache_stored == 1 ? "" : "s", rc->cache_bad,
			rc->cache_bad == 1 ? "y" : "ies");
}

/* Write `doc` in `fmt` to `path` (standard output when NULL). */
static void write_to(const struct rep_doc *doc, enum rep_format fmt, const char *path)
{
	FILE *f = path ? fopen(path, "w") : stdout;
	if (!f) {
		fprintf(stderr, "runtime_check: cannot write %s: %s\n", path, strerror(errno));
		return;
	}
	rep_write(f, doc, fmt);
	if (f != stdout ? fclose(f) != 0 : fflush(f) != 0)
		fprintf(stderr, "runtime_check: error writing %s\n", path ? path : "the output");
}

/* Write the table in every form asked for; returns the exit status. */
static int report(struct session *s)
{
	const struct options *o = &s->o;
	char date[64];
	time_t now = time(NULL);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	struct rep_doc doc = { .date = date, .static_source = s->static_source, .backends = s->bes,
			       .nbackends = s->nbes, .rows = s->rows, .nrows = s->nrows,
			       .errors = s->errs, .nerrors = s->nerrs };
	rep_summarize(&doc, o->strict);
	write_to(&doc, o->format, o->output);
	if (o->json)
		write_to(&doc, REP_JSON, o->json);
	if (o->output || o->format != REP_TEXT) {
		const struct rep_summary *m = &doc.sum;
		fprintf(stderr, "runtime_check: %u finding%s: %u confirmed, %u not reproduced, %u not "
			"run; %u clean kernel%s: %u clean, %u with evidence; exit status %d\n",
			m->findings, m->findings == 1 ? "" : "s", m->confirmed, m->not_reproduced,
			m->not_run, m->clean_rows, m->clean_rows == 1 ? "" : "s", m->clean, m->evidence,
			doc.exit_status);
	}
	return doc.exit_status;
}

int main(int argc, char **argv)
{
	struct session s = { .o = { .format = REP_TEXT, .build_timeout = 120, .min_slowdown = 1.10,
				    .oclgrind_max_items = 65536,
				    .cmp = { CMP_DEFAULT_RTOL, CMP_DEFAULT_ATOL } } };
	parse_args(argc, argv, &s.o);
	proc_install_signal_handlers();
	s.tmpdir = proc_make_tmpdir();
	if (!s.tmpdir) {
		fprintf(stderr, "runtime_check: cannot make a temporary folder: %s\n", strerror(errno));
		return EXIT_INFRA;
	}
	int status = 0;
	char *program_cache = NULL;
	struct run_ctx rc = { .tmpdir = s.tmpdir, .cmp = s.o.cmp, .timeout = s.o.timeout,
			      .build_timeout = s.o.build_timeout, .verbose = s.o.verbose,
			      .oclgrind_no_uninit = s.o.oclgrind_no_uninit,
			      .oclgrind_uniform_writes = s.o.oclgrind_uniform_writes,
			      .dump_dir = s.o.dumps };
	if (s.o.list) {
		char err[512];
		if (be_discover(&s.all, s.tmpdir, s.o.oclgrind_icd, !s.o.no_oclgrind, err,
				sizeof err) != 0)
			fprintf(stderr, "runtime_check: %s\n", err);
		print_list(&s.all);
		status = s.all.n ? EXIT_OK : EXIT_INFRA;
	} else if (!s.o.save_findings && (status = select_backends(&s)) != 0) {
		/* nothing to run on */
	} else {
		load_manifests(&s);
		status = static_findings(&s);
		if (!status && s.o.save_findings) {
			status = save_findings(&s);
		} else if (!status) {
			char note[600];
			program_cache = pc_choose_dir(s.o.no_program_cache ? "off" : s.o.program_cache,
						      note, sizeof note);
			if (note[0])
				fprintf(stderr, "runtime_check: %s\n", note);
			rc.program_cache = program_cache;
			make_rows(&s);
			evaluate(&s, &rc);
			status = report(&s);
		}
	}
	tr_free_all(&rc);
	ob_free_all(&rc);
	run_free_all(&rc);
	free((char *)s.an.exe);
	free(program_cache);
	for (unsigned i = 0; i < s.nrows; i++)
		vd_row_free(&s.rows[i]);
	if (s.o.keep_temp)
		fprintf(stderr, "runtime_check: temporary files kept in %s\n", s.tmpdir);
	else
		proc_remove_tmpdir(s.tmpdir);
	return status;
}
