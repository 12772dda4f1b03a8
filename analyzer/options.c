/*
 * options.c - the analysis options, shared by the command line and the
 * RUN-CONFIG lines of corpus kernels (and later the configuration file).
 */
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "cls.h"
#include "assume.h"

static int fail(char *err, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Parse "X[,Y[,Z]]" of positive integers into v[3] (missing ones are 1);
 * false on a syntax error or a number beyond 64 bits. */
static bool parse_dims(const char *s, unsigned long long v[3])
{
	unsigned d = 0;
	v[0] = v[1] = v[2] = 0;
	if (!s || !*s)
		return false;
	for (;;) {
		char *end;
		if (d == 3 || *s < '0' || *s > '9')
			return false;
		errno = 0;
		unsigned long long x = strtoull(s, &end, 10);   /* ULLONG_MAX when too large */
		if ((errno && errno != ERANGE) || x == 0)
			return false;
		v[d++] = x;
		if (!*end)
			break;
		if (*end != ',')
			return false;
		s = end + 1;
	}
	for (; d < 3; d++)
		v[d] = 1;
	return true;
}

bool cls_parse_dims(const char *s, unsigned v[3])
{
	unsigned long long x[3];
	if (!parse_dims(s, x))
		return false;
	for (unsigned d = 0; d < 3; d++) {
		if (x[d] > CLS_MAX_GLOBAL_SIZE)
			return false;
		v[d] = (unsigned)x[d];
	}
	return true;
}

/*
 * --local-size, --num-groups or --global-size `name` = `v` into dst[3];
 * 1, or -1 with the message in err.  No device runs more than
 * CLS_MAX_WORK_GROUP work-items in a group or more than CLS_MAX_GLOBAL_SIZE
 * along a dimension: a launch beyond them is a mistake, and analysing it
 * would take hours.
 */
static int parse_launch(const char *name, const char *v, unsigned dst[3], char *err, size_t n)
{
	unsigned long long x[3];
	if (!parse_dims(v, x))
		return fail(err, n, "invalid %s '%s': give 1 to 3 positive integers, e.g. 64 or 16,16",
			    name, v);
	for (unsigned d = 0; d < 3; d++)
		if (x[d] > CLS_MAX_GLOBAL_SIZE)
			return fail(err, n, "invalid %s '%s': over the limit of %lu (2^32-1) per "
				    "dimension", name, v, (unsigned long)CLS_MAX_GLOBAL_SIZE);
	if (!strcmp(name, "--local-size") && (x[0] > CLS_MAX_WORK_GROUP ||
	    x[1] > CLS_MAX_WORK_GROUP || x[2] > CLS_MAX_WORK_GROUP ||
	    x[0] * x[1] * x[2] > CLS_MAX_WORK_GROUP))
		return fail(err, n, "invalid --local-size '%s': over the limit of %u work-items in "
			    "a work-group", v, CLS_MAX_WORK_GROUP);
	for (unsigned d = 0; d < 3; d++)
		dst[d] = (unsigned)x[d];
	return 1;
}

int cls_check_launch(const struct cls_options *o, char *err, size_t n)
{
	const struct cls_launch *l = &o->launch;
	for (unsigned d = 0; d < 3 && l->local[0] && l->groups[0]; d++)
		if ((unsigned long long)l->local[d] * l->groups[d] > CLS_MAX_GLOBAL_SIZE)
			return fail(err, n, "--num-groups %u,%u,%u of --local-size %u,%u,%u make a "
				    "global size of %llu along dimension %u, over the limit of %lu "
				    "(2^32-1)", l->groups[0], l->groups[1], l->groups[2], l->local[0],
				    l->local[1], l->local[2],
				    (unsigned long long)l->local[d] * l->groups[d], d,
				    (unsigned long)CLS_MAX_GLOBAL_SIZE);
	return 1;
}

static bool add_arg(struct mem_arena *a, struct cls_options *o, const char *arg)
{
	const char **n = MEM_ARRAY(a, const char *, o->ncc_args + 1);
	if (!n)
		return false;
	if (o->ncc_args)
		memcpy(n, o->cc_args, o->ncc_args * sizeof *n);
	n[o->ncc_args++] = mem_strdup(a, arg);
	o->cc_args = n;
	return true;
}

/* Set rules on or off from "a,b,c"; -1 on an unknown name. */
static int set_rules(struct cls_options *o, const char *list, unsigned char val, char *err,
		     size_t n)
{
	char buf[256];
	const char *p = list;
	while (*p) {
		size_t k = strcspn(p, ",");
		if (k == 0 || k >= sizeof buf)
			return fail(err, n, "invalid rule list '%s'", list);
		memcpy(buf, p, k);
		buf[k] = 0;
		if (!strcmp(buf, "all")) {
			for (unsigned i = 0; i < cls_nrules && i < sizeof o->rule_enabled; i++)
				o->rule_enabled[i] = val;
		} else {
			const struct cls_rule *r = cls_rule_by_name(buf);
			if (!r)
				return fail(err, n, "unknown rule '%s' (see --list-rules)", buf);
			for (unsigned i = 0; i < cls_nrules && i < sizeof o->rule_enabled; i++)
				if (cls_rules[i] == r)
					o->rule_enabled[i] = val;
		}
		p += k;
		if (*p == ',')
			p++;
	}
	return 1;
}

/* The value of "--name=value" or "--name value"; NULL if argv[*i] is not --name. */
static const char *value_of(int argc, char **argv, int *i, const char *name, bool *missing)
{
	size_t n = strlen(name);
	const char *a = argv[*i];
	*missing = false;
	if (strncmp(a, name, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return NULL;
	}
	return argv[++*i];
}

static const char *const cl_stds[] = { "CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0",
				       "cl1.0", "cl1.1", "cl1.2", "cl2.0", "cl3.0",
				       "CLC++", "CLC++1.0", "CLC++2021", NULL };

int cls_parse_option(struct mem_arena *a, struct cls_options *o, int argc, char **argv, int *i,
		     char *err, size_t errlen)
{
	const char *arg = argv[*i], *v;
	bool missing;
	static const struct { const char *name; size_t off; } dims[] = {
		{ "--local-size", offsetof(struct cls_options, launch.local) },
		{ "--num-groups", offsetof(struct cls_options, launch.groups) },
		{ "--global-size", offsetof(struct cls_options, launch.global) },
	};
	for (unsigned k = 0; k < 3; k++) {
		v = value_of(argc, argv, i, dims[k].name, &missing);
		if (missing)
			return fail(err, errlen, "%s needs a value", dims[k].name);
		if (v)
			return parse_launch(dims[k].name, v,
					    (unsigned *)((char *)o + dims[k].off), err, errlen);
	}
	if (!strncmp(arg, "-D", 2) || !strncmp(arg, "-U", 2) || !strncmp(arg, "-I", 2)) {
		char flag[3] = { arg[0], arg[1], 0 };
		if (arg[2])
			return add_arg(a, o, arg) ? 1 : -1;
		if (*i + 1 >= argc)
			return fail(err, errlen, "%s needs a value", flag);
		const char *val = argv[++*i];
		return add_arg(a, o, mem_printf(a, "%s%s", flag, val)) ? 1 : -1;
	}
	if (!strcmp(arg, "-include")) {
		if (*i + 1 >= argc)
			return fail(err, errlen, "-include needs a file");
		return add_arg(a, o, "-include") && add_arg(a, o, argv[++*i]) ? 1 : -1;
	}
	if (!strncmp(arg, "-cl-std=", 8)) {
		for (unsigned k = 0; cl_stds[k]; k++)
			if (!strcmp(arg + 8, cl_stds[k])) {
				o->cl_std = mem_strdup(a, arg + 8);
				return 1;
			}
		return fail(err, errlen, "unknown OpenCL C version '%s' (use CL1.2, CL2.0 or CL3.0)",
			    arg + 8);
	}
	if ((v = value_of(argc, argv, i, "--enable", &missing)) || missing)
		return missing ? fail(err, errlen, "--enable needs a rule list")
			       : set_rules(o, v, 1, err, errlen);
	if ((v = value_of(argc, argv, i, "--disable", &missing)) || missing)
		return missing ? fail(err, errlen, "--disable needs a rule list")
			       : set_rules(o, v, 2, err, errlen);
	if ((v = value_of(argc, argv, i, "--severity", &missing)) || missing) {
		if (missing)
			return fail(err, errlen, "--severity needs a value");
		if (!strcmp(v, "error"))
			o->min_severity = CLS_ERROR;
		else if (!strcmp(v, "warning"))
			o->min_severity = CLS_WARNING;
		else if (!strcmp(v, "note"))
			o->min_severity = CLS_NOTE;
		else
			return fail(err, errlen, "invalid --severity '%s' (error, warning or note)", v);
		return 1;
	}
	if ((v = value_of(argc, argv, i, "--device", &missing)) || missing) {
		if (missing)
			return fail(err, errlen, "--device needs a value");
		if (strcmp(v, "generic") && strcmp(v, "nvidia") && strcmp(v, "amd") && strcmp(v, "intel"))
			return fail(err, errlen, "unknown --device '%s' (generic, nvidia, amd, intel)", v);
		o->device = mem_strdup(a, v);
		return 1;
	}
	static const struct { const char *name; size_t off; unsigned max; } nums[] = {
		{ "--banks", offsetof(struct cls_options, banks), 256 },
		{ "--bank-width", offsetof(struct cls_options, bank_width), 64 },
		{ "--subgroup-size", offsetof(struct cls_options, subgroup_size), 1024 },
		{ "--min-conflict-degree", offsetof(struct cls_options, min_conflict_degree), 1024 },
	};
	for (unsigned k = 0; k < sizeof nums / sizeof nums[0]; k++) {
		v = value_of(argc, argv, i, nums[k].name, &missing);
		if (missing)
			return fail(err, errlen, "%s needs a value", nums[k].name);
		if (!v)
			continue;
		char *end;
		unsigned long x = strtoul(v, &end, 10);
		if (!*v || *end || x == 0 || x > nums[k].max)
			return fail(err, errlen, "invalid %s '%s': give a number from 1 to %u",
				    nums[k].name, v, nums[k].max);
		*(unsigned *)((char *)o + nums[k].off) = (unsigned)x;
		return 1;
	}
	if ((v = value_of(argc, argv, i, "--assume", &missing)) || missing) {
		struct fact_node *e;
		const char *why;
		if (missing)
			return fail(err, errlen, "--assume needs a condition, e.g. "
				    "--assume='n >= get_global_size(0)'");
		if (!fact_parse(a, v, strlen(v), &e, &why))
			return fail(err, errlen, "invalid --assume '%s': %s", v, why);
		const char **nv = MEM_ARRAY(a, const char *, o->nassumes + 1);
		if (!nv)
			return -1;
		if (o->nassumes)
			memcpy(nv, o->assumes, o->nassumes * sizeof *nv);
		nv[o->nassumes++] = mem_strdup(a, v);
		o->assumes = nv;
		return 1;
	}
	if (!strcmp(arg, "--werror")) {
		o->werror = true;
		return 1;
	}
	if (!strcmp(arg, "--compiler-warnings")) {
		o->compiler_warnings = true;
		return 1;
	}
	if (!strcmp(arg, "--assume-aliasing")) {
		o->assume_aliasing = true;
		return 1;
	}
	if (!strcmp(arg, "--strict")) {
		o->strict = true;
		return 1;
	}
	if ((v = value_of(argc, argv, i, "--budget", &missing)) || missing) {
		char *end;
		double x = missing ? -1 : strtod(v, &end);
		if (missing || !*v || *end || x < 0 || x > 1e6)
			return fail(err, errlen, "invalid --budget '%s': give seconds, e.g. 30 (0: none)",
				    missing ? "" : v);
		o->budget_seconds = x;
		return 1;
	}
	if (!strcmp(arg, "--report-benign")) {
		o->report_benign = true;
		return 1;
	}
	if (!strcmp(arg, "--report-conditional")) {
		o->report_conditional = true;
		return 1;
	}
	if (!strcmp(arg, "--no-assume-macros")) {
		o->assume_macros = false;
		return 1;
	}
	if (!strcmp(arg, "--assume-macros") || !strncmp(arg, "--assume-macros=", 16)) {
		v = arg[15] ? arg + 16 : "yes";
		if (strcmp(v, "yes") && strcmp(v, "no"))
			return fail(err, errlen, "invalid --assume-macros '%s' (yes or no)", v);
		o->assume_macros = !strcmp(v, "yes");
		return 1;
	}
	if (!strcmp(arg, "--no-fast-builtins")) {
		o->fast_builtins = false;
		return 1;
	}
	return 0;
}

struct profile {
	const char *name;
	unsigned banks, width, subgroup, phase_bytes;
};

/* Sources: NVIDIA CUDA C Programming Guide (shared memory: 32 banks of 4
 * bytes, warps of 32, 128 bytes per request); AMD GCN/RDNA ISA guides (LDS:
 * 32 banks of 4 bytes, wavefronts of 64 served 32 lanes at a time); Intel
 * GPU optimization guide (SLM: 16 banks of 4 bytes, SIMD16 sub-groups). */
static const struct profile profiles[] = {
	{ "generic", 32, 4, 32, 128 },
	{ "nvidia", 32, 4, 32, 128 },
	{ "amd", 32, 4, 64, 128 },
	{ "intel", 16, 4, 16, 64 },
};

void cls_bank_model(const struct cls_options *o, struct bank_model *m)
{
	const struct profile *p = &profiles[0];
	for (unsigned i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
		if (o->device && !strcmp(o->device, profiles[i].name))
			p = &profiles[i];
	m->banks = o->banks ? o->banks : p->banks;
	m->width = o->bank_width ? o->bank_width : p->width;
	m->subgroup = o->subgroup_size ? o->subgroup_size : p->subgroup;
	m->phase_bytes = p->phase_bytes;
}
