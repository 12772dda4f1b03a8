/*
 * unit.c - unit tests of runtime_check's parts that need no OpenCL device:
 * the manifest parser (good and bad manifests), fill patterns, output
 * comparison, the analyzer's JSON findings and findings files, Oclgrind
 * logs, JSON strings, the program cache's SHA-256 and entries.
 *
 * Usage: rc_unit TESTS_DIR.  Each tests/manifests/bad_*.ini states the errors
 * it must produce in "; expect: LINE: message" lines, in order; the test
 * fails on a missing, an extra or a different error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "compare.h"
#include "fill.h"
#include "findings.h"
#include "manifest.h"
#include "observe.h"
#include "trace.h"
#include "oclgrind.h"
#include "rc.h"
#include "report.h"

static int failures, checks;

#define CHECK(cond)                                                                  \
	do {                                                                         \
		checks++;                                                            \
		if (!(cond)) {                                                       \
			failures++;                                                  \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
				#cond);                                              \
		}                                                                    \
	} while (0)

#define CHECK_STR(a, b)                                                                   \
	do {                                                                              \
		const char *a_ = (a), *b_ = (b);                                          \
		checks++;                                                                 \
		if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                  \
			failures++;                                                       \
			fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, \
				__LINE__, #a, a_ ? a_ : "(null)", b_ ? b_ : "(null)");    \
		}                                                                         \
	} while (0)

static const char *tests_dir;

/* The good manifest: every key, every argument form, defaults. */
static void test_manifest_good(void)
{
	struct man_file mf;
	char *path = rc_path_join(tests_dir, "manifests/good.ini");
	int n = man_load(path, &mf);
	for (unsigned i = 0; i < mf.nerrors; i++)
		fprintf(stderr, "unexpected: %s\n", mf.errors[i].text);
	CHECK(n == 0);
	CHECK(mf.n == 3);
	const struct man_kernel *a = man_find(&mf, "a.cl");
	CHECK(a != NULL);
	if (!a)
		return;
	CHECK_STR(a->kernel, "a");
	CHECK_STR(a->options, "-D N=64 -cl-std=CL1.2");
	CHECK(a->dims == 2 && a->global[0] == 256 && a->global[1] == 4);
	CHECK(a->nlocal == 2 && a->local[0][0] == 64 && a->local[0][1] == 1 &&
	      a->local[1][0] == 16 && a->local[1][1] == 2);
	CHECK_STR(a->reference, "a_fixed.cl");
	CHECK(a->compare == MAN_CMP_OUTPUT);
	CHECK(a->nargs == 7);
	CHECK(a->args[0].kind == MAN_ARG_BUFFER && a->args[0].type.base == FILL_FLOAT &&
	      a->args[0].count == 256 && a->args[0].fill.kind == FILL_RAMP &&
	      a->args[0].dir == MAN_IN);
	CHECK(a->args[1].type.base == FILL_INT && a->args[1].type.width == 4 &&
	      a->args[1].type.size == 16 && a->args[1].fill.istart == -5 &&
	      a->args[1].fill.istep == 2 && a->args[1].dir == MAN_OUT);
	CHECK(a->args[2].kind == MAN_ARG_LOCAL && a->args[2].type.size == 8 &&
	      a->args[2].count == 64);
	int v;
	memcpy(&v, a->args[3].value, sizeof v);
	CHECK(a->args[3].kind == MAN_ARG_SCALAR && v == -7);
	float f4[4];
	memcpy(f4, a->args[4].value, sizeof f4);
	CHECK(f4[0] == 1.0f && f4[1] == 2.5f && f4[2] == 3.0f && f4[3] == 4.0f);
	CHECK(a->args[5].fill.kind == FILL_RANDOM && a->args[5].fill.seed == 42 &&
	      a->args[5].dir == MAN_INOUT);
	unsigned long long u;
	memcpy(&u, a->args[6].value, sizeof u);
	CHECK(u == 16);
	CHECK(a->runs == 5 && a->timeout == 2.5);
	const struct man_kernel *t = man_find(&mf, "a_fixed.cl");
	CHECK(t && !t->reference && !t->kernel && t->runs == MAN_DEFAULT_RUNS &&
	      t->timeout == MAN_DEFAULT_TIMEOUT && t->dims == 1 && *t->options == '\0');
	CHECK(t && t->args[0].fill.kind == FILL_CONST && t->args[0].fill.start == 0.5);
	const struct man_kernel *b = man_find(&mf, "b.cl");
	CHECK(b && b->compare == MAN_CMP_TIMING && b->args[0].type.slots == 4 &&
	      b->args[0].type.size == 16);
	CHECK(man_work_items(a) == 1024);
	char *dir = rc_path_join(tests_dir, "manifests");
	char *one = rc_path_join(dir, "a.cl"), *two = rc_path_join(dir, "two_kernels.cl");
	char *name = man_only_kernel(one);
	CHECK_STR(name, "a");
	free(name);
	CHECK(man_only_kernel(two) == NULL);
	free(one);
	one = rc_path_join(dir, "attr_kernel.cl");
	name = man_only_kernel(one);
	CHECK_STR(name, "strided");
	free(name);
	free(one);
	free(two);
	free(dir);
	char *k1 = man_config_key(a, "x.cl"), *k2 = man_config_key(a, "y.cl");
	CHECK(strcmp(k1, k2) != 0);
	free(k1);
	free(k2);
	man_free(&mf);
	free(path);
}

/* One bad manifest against its "; expect:" lines. */
static void check_bad_manifest(const char *path)
{
	char *text = rc_read_file(path, NULL);
	CHECK(text != NULL);
	if (!text)
		return;
	char *expect[64];
	unsigned ne = 0;
	for (char *p = strstr(text, "; expect: "); p && ne < 64; p = strstr(p, "; expect: ")) {
		p += 10;
		char *nl = strchr(p, '\n');
		/* "$DIR" stands for the manifest's folder, as messages name files. */
		char *line = rc_xasprintf("%.*s", (int)(nl ? nl - p : (long)strlen(p)), p);
		char *dollar = strstr(line, "$DIR");
		char *dir = rc_dirname(path);
		expect[ne++] = dollar ? rc_xasprintf("%s:%.*s%s%s", path, (int)(dollar - line), line,
						     dir, dollar + 4)
				      : rc_xasprintf("%s:%s", path, line);
		free(dir);
		free(line);
	}
	struct man_file mf;
	man_load(path, &mf);
	unsigned n = mf.nerrors > ne ? mf.nerrors : ne;
	for (unsigned i = 0; i < n; i++) {
		const char *got = i < mf.nerrors ? mf.errors[i].text : "(no error)";
		const char *want = i < ne ? expect[i] : "(no error)";
		checks++;
		if (strcmp(got, want) != 0) {
			failures++;
			fprintf(stderr, "%s: error %u:\n  got      %s\n  expected %s\n", path, i + 1,
				got, want);
		}
	}
	CHECK(ne > 0);
	for (unsigned i = 0; i < ne; i++)
		free(expect[i]);
	man_free(&mf);
	free(text);
}

/* Every bad_*.ini of tests/manifests, and a manifest that does not exist. */
static void test_manifest_bad(void)
{
	char *dir = rc_path_join(tests_dir, "manifests");
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);
	int seen = 0;
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm);
		if (!strncmp(nm, "bad_", 4) && len > 4 && !strcmp(nm + len - 4, ".ini")) {
			char *p = rc_path_join(dir, nm);
			check_bad_manifest(p);
			free(p);
			seen++;
		}
		free(names[i]);
	}
	free(names);
	CHECK(seen >= 5);
	struct man_file mf;
	char *missing = rc_path_join(dir, "no-such.ini");
	CHECK(man_load(missing, &mf) == 1);
	char *want = rc_xasprintf("%s: cannot open: No such file or directory", missing);
	CHECK_STR(mf.errors[0].text, want);
	free(want);
	man_free(&mf);
	free(missing);
	free(dir);
}

static void test_fill(void)
{
	struct fill_type t;
	struct fill_spec f;
	char err[256];
	CHECK(fill_type_parse("uint", &t) == 0 && t.base == FILL_UINT && t.size == 4);
	CHECK(fill_type_parse("uchar16", &t) == 0 && t.width == 16 && t.size == 16);
	CHECK(fill_type_parse("double3", &t) == 0 && t.slots == 4 && t.size == 32);
	CHECK(fill_type_parse("float5", &t) != 0);
	CHECK(fill_type_parse("half", &t) != 0);
	CHECK(fill_type_parse("u", &t) != 0);

	/* ramp:START:STEP on integers wraps modulo the width. */
	unsigned char uc[4];
	fill_type_parse("uchar", &t);
	CHECK(fill_spec_parse("ramp:254:1", &t, &f, err, sizeof err) == 0);
	fill_apply(uc, &t, 4, &f);
	CHECK(uc[0] == 254 && uc[1] == 255 && uc[2] == 0 && uc[3] == 1);
	int iv[3];
	fill_type_parse("int", &t);
	CHECK(fill_spec_parse("ramp:-32:1", &t, &f, err, sizeof err) == 0);
	fill_apply(iv, &t, 3, &f);
	CHECK(iv[0] == -32 && iv[1] == -31 && iv[2] == -30);
	CHECK(fill_spec_parse("ramp:0.5:1", &t, &f, err, sizeof err) != 0);
	CHECK_STR(err, "invalid fill 'ramp:0.5:1': expected ramp:START:STEP with an integer START "
		       "and STEP");
	float fv[4];
	fill_type_parse("float", &t);
	CHECK(fill_spec_parse("ramp:0.5:0.25", &t, &f, err, sizeof err) == 0);
	fill_apply(fv, &t, 4, &f);
	CHECK(fv[0] == 0.5f && fv[3] == 1.25f);
	CHECK(fill_spec_parse("ramp", &t, &f, err, sizeof err) == 0);
	fill_apply(fv, &t, 4, &f);
	CHECK(fv[0] == 0 && fv[1] == 1 && fv[3] == 3);
	CHECK(fill_spec_parse("const:-2.5", &t, &f, err, sizeof err) == 0);
	fill_apply(fv, &t, 4, &f);
	CHECK(fv[0] == -2.5f && fv[3] == -2.5f);
	CHECK(fill_spec_parse("zero", &t, &f, err, sizeof err) == 0);
	fill_apply(fv, &t, 4, &f);
	CHECK(fv[0] == 0 && fv[3] == 0);
	CHECK(fill_spec_parse("random", &t, &f, err, sizeof err) != 0);
	CHECK(fill_spec_parse("random:-1", &t, &f, err, sizeof err) != 0);
	CHECK(fill_spec_parse("noise", &t, &f, err, sizeof err) != 0);
	CHECK_STR(err, "unknown fill 'noise' (zero, const:V, ramp, ramp:START:STEP, random:SEED)");

	/* random:SEED is splitmix64: the same numbers on every machine. */
	unsigned long long st = 42;
	CHECK(fill_splitmix64(&st) == 0xbdd732262feb6e95ull);
	CHECK(fill_splitmix64(&st) == 0x28efe333b266f103ull);
	CHECK(fill_spec_parse("random:42", &t, &f, err, sizeof err) == 0);
	fill_apply(fv, &t, 3, &f);
	CHECK(fv[0] == 0.7415648698806763f && fv[1] == 0.1599103808403015f &&
	      fv[2] == 0.27860110998153687f);
	fill_type_parse("int", &t);
	fill_apply(iv, &t, 3, &f);
	CHECK(iv[0] == 2 && iv[1] == 7 && iv[2] == 43);
	float big[1000];
	fill_type_parse("float", &t);
	fill_spec_parse("random:7", &t, &f, err, sizeof err);
	fill_apply(big, &t, 1000, &f);
	int in_range = 1;
	for (int i = 0; i < 1000; i++)
		in_range &= big[i] >= 0.0f && big[i] < 1.0f;
	CHECK(in_range);

	/* Vectors: the pattern runs over components, padding included. */
	float f3[8];
	fill_type_parse("float3", &t);
	fill_spec_parse("ramp", &t, &f, err, sizeof err);
	fill_apply(f3, &t, 2, &f);
	CHECK(f3[0] == 0 && f3[2] == 2 && f3[4] == 4 && f3[6] == 6);

	/* By-value arguments. */
	unsigned char val[128];
	fill_type_parse("uchar", &t);
	CHECK(fill_value_parse("255", &t, val, err, sizeof err) == 0 && val[0] == 255);
	CHECK(fill_value_parse("256", &t, val, err, sizeof err) != 0);
	CHECK_STR(err, "invalid uchar value '256'");
	fill_type_parse("int2", &t);
	CHECK(fill_value_parse("1,2,3", &t, val, err, sizeof err) != 0);
	CHECK_STR(err, "value '1,2,3' has 3 components, type int2 has 2");
	CHECK(fill_value_parse("9", &t, val, err, sizeof err) == 0);
	memcpy(iv, val, 8);
	CHECK(iv[0] == 9 && iv[1] == 9);
	fill_type_parse("double", &t);
	double d;
	CHECK(fill_value_parse("1e-3", &t, val, err, sizeof err) == 0);
	memcpy(&d, val, sizeof d);
	CHECK(d == 1e-3);
	CHECK(fill_value_parse("1e-3x", &t, val, err, sizeof err) != 0);
}

static void test_compare(void)
{
	struct cmp_opts o = { CMP_DEFAULT_RTOL, CMP_DEFAULT_ATOL };
	struct fill_type t;
	struct cmp_diff d;
	char msg[256];
	CHECK(cmp_float_equal(1.0, 1.0 + 1e-7, &o));
	CHECK(!cmp_float_equal(1.0, 1.001, &o));
	CHECK(cmp_float_equal(0.0, 1e-8, &o));
	CHECK(!cmp_float_equal(0.0, 1e-3, &o));
	CHECK(cmp_float_equal(NAN, NAN, &o));
	CHECK(!cmp_float_equal(NAN, 1.0, &o));
	CHECK(cmp_float_equal(INFINITY, INFINITY, &o));
	CHECK(!cmp_float_equal(INFINITY, -INFINITY, &o));
	CHECK(cmp_float_equal(1e30, 1e30 * (1 + 1e-6), &o));

	float a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 2.5f, 3, 4.0000001f };
	fill_type_parse("float", &t);
	CHECK(cmp_buffers(a, b, &t, 4, &o, &d) == 1);
	CHECK(d.first == 1 && d.nelem == 4);
	cmp_describe(&d, "arg.1", &t, "", "in the reference", msg, sizeof msg);
	CHECK_STR(msg, "arg.1[1] = 2 against 2.5 in the reference; 1 of 4 elements differ");

	int x[3] = { 1, 2, 3 }, y[3] = { 1, 2, 4 };
	fill_type_parse("int", &t);
	CHECK(cmp_buffers(x, y, &t, 3, &o, &d) == 1 && d.first == 2);
	CHECK(cmp_buffers(x, x, &t, 3, &o, &d) == 0);

	/* float3: the padding slot never counts. */
	float p[8] = { 1, 2, 3, 99, 5, 6, 7, 99 }, q[8] = { 1, 2, 3, -1, 5, 6, 8, -1 };
	fill_type_parse("float3", &t);
	CHECK(cmp_buffers(p, q, &t, 2, &o, &d) == 1 && d.first == 1 && d.comp == 2);
	cmp_describe(&d, "out", &t, "in run 2", "in run 1", msg, sizeof msg);
	CHECK_STR(msg, "out[1].z = 7 in run 2 against 8 in run 1; 1 of 2 elements differ");
	unsigned char u16a[16] = { 0 }, u16b[16] = { 0 };
	u16b[11] = 1;
	fill_type_parse("uchar16", &t);
	CHECK(cmp_buffers(u16a, u16b, &t, 1, &o, &d) == 1 && d.comp == 11);
	cmp_describe(&d, "out", &t, "", "", msg, sizeof msg);
	CHECK_STR(msg, "out[0].sb = 0 against 1; 1 of 1 elements differ");
}

/* Load `text` as a findings file through a temporary file; fnd_load's status,
 * its message in err. */
static int load_text(struct fnd_set *s, const char *text, char *err, size_t errlen)
{
	char path[] = "/tmp/rc_unit_findings_XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f)
		return -2;
	fputs(text, f);
	fclose(f);
	int rc = fnd_load(s, path, err, errlen);
	unlink(path);
	return rc;
}

static void test_findings(void)
{
	/* The analyzer's JSON: notes kept when in the finding's file, a
	 * finding seen again (the next local size) not added again, notes-only
	 * diagnostics no findings. */
	static const char run1[] =
		"{\"version\": \"0.1.0\", \"diagnostics\": [\n"
		"  {\"rule\": \"local-memory-race\", \"id\": \"CLS002\", \"severity\": \"error\", "
		"\"file\": \"a.cl\", \"line\": 17, \"column\": 16, \"end_line\": 17, \"end_column\": 20, "
		"\"message\": \"race on s[63] [x]\", \"notes\": [{\"file\": \"a.cl\", \"line\": 16, "
		"\"column\": 5, \"message\": \"the other access: s[63]\"}, {\"file\": \"b.h\", "
		"\"line\": 2, \"column\": 1, \"message\": \"elsewhere\"}], \"fixes\": []},\n"
		"  {\"rule\": \"bank-conflict\", \"id\": \"CLS009\", \"severity\": \"warning\", "
		"\"file\": \"a.cl\", \"line\": 30, \"column\": 1, \"message\": \"2-way bank conflict\", "
		"\"notes\": []},\n"
		"  {\"rule\": \"x\", \"severity\": \"note\", \"file\": \"a.cl\", \"line\": 1, "
		"\"column\": 1, \"message\": \"only a note\"}\n"
		"], \"files\": [{\"path\": \"a.cl\", \"status\": \"analyzed\"}]}\n";
	static const char run2[] =
		"{\"diagnostics\": [{\"rule\": \"local-memory-race\", \"severity\": \"error\", "
		"\"file\": \"a.cl\", \"line\": 17, \"column\": 16, \"message\": \"race on s[31]\", "
		"\"notes\": [{\"file\": \"a.cl\", \"line\": 16, \"column\": 5, "
		"\"message\": \"duplicate's note\"}]}]}";
	struct fnd_set s = { 0 };
	char err[512] = "";
	CHECK(fnd_add_json(&s, run1, "run1", err, sizeof err) == 0);
	CHECK(fnd_add_json(&s, run2, "run2", err, sizeof err) == 0);
	CHECK(s.n == 2);
	CHECK_STR(s.items[0].path, "a.cl");
	CHECK(s.items[0].line == 17 && s.items[0].col == 16);
	CHECK_STR(s.items[0].rule, "local-memory-race");
	CHECK_STR(s.items[0].message, "race on s[63] [x]");
	CHECK(s.items[0].nnotes == 1 && s.items[0].notes[0].line == 16 &&
	      s.items[0].notes[0].col == 5);
	CHECK(s.items[1].nnotes == 0);
	CHECK_STR(s.items[1].severity, "warning");

	/* fnd_write and fnd_load: the same findings back, and the analyzed list. */
	*RC_PUSH(s.analyzed, s.nanalyzed, s.capanalyzed) = rc_xstrdup("dir/a \"q\".cl");
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);
	CHECK(fnd_write(&s, mf) == 0);
	fclose(mf);
	struct fnd_set t = { 0 };
	CHECK(load_text(&t, buf, err, sizeof err) == 0);
	CHECK(t.n == 2 && !t.complete && t.nanalyzed == 1);
	if (t.n == 2 && t.nanalyzed == 1) {
		CHECK_STR(t.analyzed[0], "dir/a \"q\".cl");
		CHECK_STR(t.items[0].message, s.items[0].message);
		CHECK(t.items[0].nnotes == 1 && t.items[0].notes[0].line == 16);
		CHECK_STR(t.items[0].notes[0].message, "the other access: s[63]");
		CHECK_STR(t.items[1].rule, "bank-conflict");
		CHECK(t.items[1].line == 30 && t.items[1].col == 1);
	}
	free(buf);
	fnd_free(&t);
	fnd_free(&s);

	/* Plain analyzer output as a findings file: every file counts. */
	CHECK(load_text(&t, run1, err, sizeof err) == 0 && t.complete && t.n == 2);
	fnd_free(&t);

	/* Malformed input: a clear error naming the input, nothing added. */
	static const struct {
		const char *text, *error;
	} bad[] = {
		{ "", "in:1:0: not JSON: '[' or '{' expected near end of file" },
		{ "{\"diagnostics\": [", "in:1:17: not JSON: " },
		{ "[1, 2]", "in: not clsynclint's JSON (no \"diagnostics\" array)" },
		{ "{\"diagnostics\": {}}", "in: not clsynclint's JSON (no \"diagnostics\" array)" },
		{ "{\"diagnostics\": [{\"rule\": \"r\", \"severity\": \"error\", \"file\": \"a.cl\", "
		  "\"line\": \"17\", \"column\": 1, \"message\": \"m\"}]}",
		  "in: diagnostic 0: needs \"file\", \"line\", \"column\", \"severity\", \"rule\" and "
		  "\"message\"" },
		{ "{\"diagnostics\": [{\"rule\": \"r\", \"severity\": \"error\", \"file\": \"a.cl\", "
		  "\"line\": 17, \"column\": 1, \"message\": \"m\", \"notes\": [{\"line\": 3}]}]}",
		  "in: diagnostic 0, note 0: needs \"file\", \"line\", \"column\" and \"message\"" },
		{ "{\"diagnostics\": [], \"files\": [{\"path\": \"k.cl\", \"status\": \"not-analyzed\", "
		  "\"reason\": \"parse errors\"}]}",
		  "k.cl: clsynclint could not analyze it: parse errors" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct fnd_set u = { 0 };
		err[0] = '\0';
		CHECK(fnd_add_json(&u, bad[i].text, "in", err, sizeof err) == -1);
		CHECK(u.n == 0);
		if (strncmp(err, bad[i].error, strlen(bad[i].error)) != 0) {
			failures++;
			fprintf(stderr, "%s:%d: bad[%zu]: error \"%s\", expected \"%s...\"\n",
				__FILE__, __LINE__, i, err, bad[i].error);
		}
		fnd_free(&u);
	}
	/* A good finding before a bad one is taken back too. */
	CHECK(fnd_add_json(&s, "{\"diagnostics\": [{\"rule\": \"r\", \"severity\": \"error\", "
			       "\"file\": \"a.cl\", \"line\": 1, \"column\": 1, \"message\": \"m\"}, 7]}",
			       "in", err, sizeof err) == -1 && s.n == 0);
	fnd_free(&s);
	CHECK(load_text(&t, "{\"diagnostics\": [], \"analyzed\": \"a.cl\"}", err, sizeof err) == -1);
	CHECK(strstr(err, "\"analyzed\" is not an array") != NULL);
	fnd_free(&t);
	CHECK(fnd_load(&t, "/nonexistent/findings.json", err, sizeof err) == -1);
	CHECK(strstr(err, "cannot read findings") != NULL);
	fnd_free(&t);

	CHECK(fnd_path_matches("corpus/x/k.cl", "corpus/x/k.cl"));
	CHECK(fnd_path_matches("/elsewhere/corpus/x/k.cl", "corpus/x/k.cl"));
	CHECK(fnd_path_matches("x/k.cl", "/work/corpus/x/k.cl"));
	CHECK(!fnd_path_matches("/elsewhere/corpus/y/k.cl", "corpus/x/k.cl"));
	CHECK(!fnd_path_matches("/elsewhere/x/kk.cl", "corpus/x/k.cl"));
}

static void test_oclgrind_log(void)
{
	static const char log[] =
		"\n"
		"Read-write data race at local memory address 0x1000000000004\n"
		"\tKernel: k\n"
		"\t\n"
		"\tFirst entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0)\n"
		"\t  store float %0, float addrspace(3)* %arrayidx2, align 4\n"
		"\tAt line 4 (column 10) of input.cl:\n"
		"\t  s[l] = in[get_global_id(0)];\n"
		"\t\n"
		"\tSecond entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n"
		"\tAt line 5 (column 29) of input.cl:\n"
		"\t  out[get_global_id(0)] = s[(l + 1) % 64];\n"
		"\t\n"
		"\n"
		"Read-write data race at local memory address 0x1000000000008\n"
		"\tKernel: k\n"
		"\tAt line 5 (column 29) of input.cl:\n"
		"\tAt line 4 (column 10) of input.cl:\n"
		"\n"
		"Work-group divergence detected (barrier)\n"
		"\tKernel:     k\n"
		"\tWork-group: (0,0,0)\n"
		"\tOnly 1 out of 64 work-items executed barrier\n"
		"\tAt line 8 (column 5) of input.cl:\n"
		"\tAt line 3 (column 1) of helper.h:\n"
		"\n"
		"Invalid read of size 4 at global memory address 0x2000000000400\n"
		"\tAt line 9 (column 2) of input.cl:\n"
		"\n"
		"OCLGRIND FATAL ERROR (./src/plugins/Uninitialized.cpp:1805)\n"
		"Unsupported instruction: freeze\n"
		"\tKernel: premultiply\n"
		"\t\n"
		"\n"
		"Oclgrind: 100 errors generated - suppressing further errors\n"
		"\n"
		"Write-write data race at global memory address 0x3\n"
		"\tAt line 11 (column 2) of input.cl:\n";
	struct ogr_log l = { 0 };
	ogr_parse(log, &l);
	CHECK(l.total == 6);
	CHECK(l.n == 5);
	CHECK(l.truncated == 1);
	CHECK(l.items[0].kind == OGR_RACE_RW && l.items[0].count == 2 && l.items[0].nlines == 2 &&
	      l.items[0].lines[0] == 4 && l.items[0].lines[1] == 5);
	CHECK(l.items[1].kind == OGR_DIVERGENCE && l.items[1].nlines == 1 &&
	      l.items[1].lines[0] == 8);
	CHECK(l.items[2].kind == OGR_INVALID && ogr_names_line(&l.items[2], 9));
	CHECK(l.items[3].kind == OGR_FATAL && l.items[3].nlines == 0);
	CHECK_STR(l.items[3].head, "OCLGRIND FATAL ERROR (./src/plugins/Uninitialized.cpp:1805): "
				   "Unsupported instruction: freeze");
	CHECK(l.items[4].kind == OGR_RACE_WW && !ogr_names_line(&l.items[4], 9));
	ogr_free(&l);
}

static void test_json_string(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	rep_json_string(f, "a\"b\\c\n\t\x01 é \xff\xc3");
	fputc(' ', f);
	rep_json_string(f, NULL);
	fclose(f);
	CHECK_STR(buf, "\"a\\\"b\\\\c\\n\\t\\u0001 é \\ufffd\\ufffd\" null");
	free(buf);
}

/* The address trace: the dump parsed, the source instrumented with its
 * line numbers kept and nested accesses wrapped inside out, and degrees
 * computed from records as the analyzer's model does. */
static void test_trace(void)
{
	const char *dump =
		"bank-model 32 4 32 128\n"
		"kernel other 1:20\n"
		"local-access other other 2:1 2:5 w 4 1 s\n"
		"kernel k 1:40\n"
		"local-access k k 3:5 3:17 w 4 1 a\n"
		"local-access k k 3:7 3:11 r 4 1 b\n"
		"local-access k helper 9:1 9:5 r 4 ? c\n"
		"x.cl:3:5: warning: ignored line\n";
	struct tr_plan p = { 0 };
	char err[256];
	CHECK(tr_plan_parse(&p, dump, "k", err, sizeof err) == 0);
	CHECK(p.banks == 32 && p.width == 4 && p.subgroup == 32 && p.phase == 128);
	CHECK(p.pline == 1 && p.pcol == 40);
	CHECK(p.n == 3);
	CHECK(p.sites[0].traced && p.sites[1].traced && !p.sites[2].traced);
	CHECK(p.sites[2].predicted == -1 && p.sites[0].predicted == 1);
	/*                 1         2         3         4 */
	/*        1234567890123456789012345678901234567890 */
	const char *src = "kernel void k(__local int *a, int n)  \n{\n    a[b[i]] = 1;\n}\n";
	/* a[b[i]] is 3:5-3:12; b[i] is 3:7-3:11; the parameters end at 1:36 */
	p.pcol = 36;
	p.sites[0].ecol = 12;
	char *out = tr_instrument(&p, src, err, sizeof err);
	CHECK(out != NULL);
	if (out) {
		const char *body = strstr(out, "#line 1\n");
		CHECK(body != NULL);
		if (body)
			CHECK_STR(body + 8, "kernel void k(__local int *a, int n, __global uint "
				  "*cls_tr_buf_, volatile __global uint *cls_tr_n_)  \n{\n"
				  "    (*CLS_TR_(0u, &(a[(*CLS_TR_(1u, &(b[i])))]))) = 1;\n}\n");
		free(out);
	}
	/* A kernel without parameters cannot be extended. */
	p.pline = 0;
	CHECK(tr_instrument(&p, src, err, sizeof err) == NULL);

	/* Stride 32 words: every lane in bank 0, 32-way; stride 33: none. */
	uint32_t addr[32];
	int active[32];
	for (unsigned t = 0; t < 32; t++) {
		addr[t] = t * 32 * 4;
		active[t] = 1;
	}
	CHECK(tr_request_degree(&p, addr, active, 32, 4) == 32);
	for (unsigned t = 0; t < 32; t++)
		addr[t] = t * 33 * 4;
	CHECK(tr_request_degree(&p, addr, active, 32, 4) == 1);
	/* The same word for everyone is a broadcast. */
	for (unsigned t = 0; t < 32; t++)
		addr[t] = 64;
	CHECK(tr_request_degree(&p, addr, active, 32, 4) == 1);
	/* double at stride 2 (8 bytes apart, 8 wide): two phases of 16, no conflict. */
	for (unsigned t = 0; t < 32; t++)
		addr[t] = t * 8;
	CHECK(tr_request_degree(&p, addr, active, 32, 8) == 1);
	/* float at stride 2: 2-way; inactive lanes do not count. */
	for (unsigned t = 0; t < 32; t++)
		addr[t] = t * 8;
	CHECK(tr_request_degree(&p, addr, active, 32, 4) == 2);
	for (unsigned t = 16; t < 32; t++)
		active[t] = 0;
	CHECK(tr_request_degree(&p, addr, active, 32, 4) == 1);

	/* Records: site 0 by lanes 0..63 twice (stride 2 words, then stride 1),
	 * in an interleaved slot order. */
	uint32_t rec[3 * 128];
	size_t n = 0;
	for (unsigned round = 0; round < 2; round++)
		for (unsigned t = 0; t < 64; t++) {
			rec[3 * n] = 0;
			rec[3 * n + 1] = t;
			rec[3 * n + 2] = round == 0 ? t * 8 : 4096 + t * 4;
			n++;
		}
	tr_observe(&p, rec, n);
	CHECK(p.sites[0].first == 2 && p.sites[0].worst == 2 && p.sites[0].nreq == 4);
	CHECK(p.sites[1].nreq == 0 && p.sites[1].first == 0);
	tr_plan_free(&p);
	CHECK(tr_plan_parse(&p, "kernel k -\n", "k", err, sizeof err) != 0);
	tr_plan_free(&p);
}

/* observe.c: the dump read, the copy instrumented without changing its
 * barriers, races found only within one epoch (or across groups), and
 * divergence from unequal arrival counts. */
static void test_observe(void)
{
	static const char dump[] =
		"kernel k 1:40\n"
		"access k k 2:29 2:35 w 4 local lvalue t\n"
		"access k k 3:40 3:46 r 4 local lvalue t\n"
		"access k k 3:29 3:35 w 4 global lvalue o\n"
		"barrier k k 3:1 3:29 1 work-group\n";
	static const char src[] = "__kernel void k(__global int *o, int n)\n"
				  "{ __local int t[64]; uint l = 0; t[l] = 1;\n"
				  "barrier(CLK_LOCAL_MEM_FENCE); o[0] = t[l]; }\n";
	struct ob_plan p = { 0 };
	char err[256];
	CHECK(ob_plan_parse(&p, dump, "k", err, sizeof err) == 0);
	CHECK(p.n == 3 && p.nbar == 1 && p.bars[0].flags == 1);
	int lines[] = { 2 };
	CHECK(ob_select(&p, lines, 1) == 2); /* t's two accesses, not o's */
	CHECK(p.sites[2].traced == 0);
	char *inst = ob_instrument(&p, src, 64, err, sizeof err);
	CHECK(inst != NULL);
	if (inst) {
		/* still one barrier, in the kernel's text, and the line numbers kept */
		const char *body = strstr(inst, "#line 1\n");
		CHECK(body && strstr(body, "barrier(CLK_LOCAL_MEM_FENCE)") &&
		      !strstr(strstr(body, "barrier(") + 1, "barrier("));
		CHECK(body && strstr(body, "cls_ob_el_++"));
		free(inst);
	}
	/* Two work-items of group 0: 0 writes t[0] in epoch 0, 1 reads it in
	 * epoch 1 (ordered), then 2 reads it in epoch 0 (a race). */
	size_t nlog = ob_log_uints();
	uint32_t *log = calloc(nlog, 4), counts[OB_GROUPS] = { 0 };
	uint32_t arr[3 * OB_GROUPS * 4] = { 0 }; /* counts, flags, flag sequences */
	uint32_t recs[][OB_RECORD] = { { 0, 0, 0, 0, 0, 0, 100, 0, 7, 1 },
				       { 1, 1, 0, 1, 0, 0, 100, 0, 7, 1 } };
	memcpy(log, recs, sizeof recs);
	counts[0] = 2;
	for (int i = 0; i < 4; i++)
		arr[i] = 1;
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.nraces == 0 && p.ndivs == 0);
	uint32_t racy[OB_RECORD] = { 1, 2, 0, 0, 0, 0, 100, 0, 7, 1 };
	memcpy(log + 2 * OB_RECORD, racy, sizeof racy);
	counts[0] = 3;
	arr[3] = 0; /* work-item 3 never arrived */
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.nraces == 1 && p.races[0].lid1 == 0 && p.races[0].lid2 == 2);
	CHECK(p.ndivs == 1 && p.divs[0].arrived == 3 && p.divs[0].items == 4);
	/* Benign: work-item 2 also wrote the value 7 that it reads, as every
	 * writer did; and a second write of the same value. */
	uint32_t own[OB_RECORD] = { 0, 2, 0, 0, 0, 0, 100, 0, 7, 1 };
	memcpy(log + 3 * OB_RECORD, own, sizeof own);
	counts[0] = 4;
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.nraces == 0);
	own[8] = 8; /* another value: a race again */
	memcpy(log + 3 * OB_RECORD, own, sizeof own);
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.nraces >= 1);
	counts[0] = OB_CAPACITY + 5; /* overflow is counted, not hidden */
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.lost == 5);
	/* Every work-item arrived once, work-item 2 with other flags. */
	arr[3] = 1;
	counts[0] = 0;
	arr[OB_GROUPS * 4 + 2] = 3;
	arr[2 * OB_GROUPS * 4 + 2] = 4;
	ob_observe(&p, log, counts, arr, 1, 4);
	CHECK(p.ndivs == 1 && p.divs[0].flags && p.divs[0].lid2 == 2 && p.divs[0].flags2 == 3);
	free(log);
	ob_plan_free(&p);
}

/* observe.c: an async copy logged as the work-group's (the real call
 * kept), its window from its epoch until the wait that ends it. */
static void test_observe_copy(void)
{
	static const char dump[] =
		"kernel k 1:40\n"
		"access k k 2:34 2:68 r 0 global copy o\n"
		"access k k 2:34 2:68 w 0 local copy t\n"
		"access k k 3:5 3:9 r 4 local lvalue t\n"
		"wait k k 3:11 3:35\n";
	static const char src[] = "__kernel void k(__global int *o, int n)\n"
				  "{ __local int t[64]; event_t e = async_work_group_copy(t, o, 64, 0);\n"
				  "n = t[1]; wait_group_events(1, &e); o[0] = n; }\n";
	struct ob_plan p = { 0 };
	char err[256];
	CHECK(ob_plan_parse(&p, dump, "k", err, sizeof err) == 0);
	CHECK(p.n == 3 && p.nwait == 1 && p.sites[0].copy && p.sites[1].copy);
	int lines[] = { 3 };
	CHECK(ob_select(&p, lines, 1) == 2); /* t's copy side and its read */
	char *inst = ob_instrument(&p, src, 64, err, sizeof err);
	CHECK(inst != NULL);
	if (inst) {
		const char *body = strstr(inst, "#line 1\n");
		CHECK(body && strstr(body, "cls_ob_cp_(cls_ob_log_, cls_ob_n_, 1u, 4294967295u") &&
		      strstr(body, "async_work_group_copy(t, o, 64, 0))") &&
		      strstr(body, "(cls_ob_ew_++, wait_group_events(1, &e))"));
		free(inst);
	}
	/* The copy writes t[1] (address 104) in epoch 0, wait epoch 0; work-item
	 * 5 reads it before its wait (a race), then after it (none). */
	size_t nlog = ob_log_uints();
	uint32_t *log = calloc(nlog, 4), counts[OB_GROUPS] = { 0 }, arr[3 * OB_GROUPS] = { 0 };
	uint32_t recs[][OB_RECORD] = { { 1, OB_COPY_LID, 0, 0, 0, 0xffff0000u, 104, 0, 0, 0, 0 },
				       { 2, 5, 0, 0, 0, 0, 104, 0, 7, 1, 0 } };
	memcpy(log, recs, sizeof recs);
	counts[0] = 2;
	ob_observe(&p, log, counts, arr, 1, 1);
	CHECK(p.nraces == 1 && p.races[0].copy && p.races[0].lid1 == OB_COPY_LID &&
	      p.races[0].lid2 == 5);
	log[OB_RECORD + 10] = 1; /* the read after the wait */
	ob_observe(&p, log, counts, arr, 1, 1);
	CHECK(p.nraces == 0);
	log[OB_RECORD + 10] = 0; /* before the wait, but before the copy's barrier */
	log[3] = 1;
	ob_observe(&p, log, counts, arr, 1, 1);
	CHECK(p.nraces == 0 && !ob_gap_on(&p, lines, 1));
	free(log);
	/* A wait in a helper: the copy is not logged, and the plan says why. */
	char *other = strdup(dump);
	if (other) {
		strcpy(strstr(other, "wait k k"), "wait k h 3:11 3:35\n");
		CHECK(ob_plan_parse(&p, other, "k", err, sizeof err) == 0);
		int both[] = { 2, 3 };
		CHECK(ob_select(&p, both, 2) == 1 && !p.sites[0].traced && !p.sites[1].traced);
		CHECK(ob_gap_on(&p, both, 1) && strstr(ob_gap_on(&p, both, 1), "in a helper"));
		free(other);
	}
	ob_plan_free(&p);
}

/* SHA-256 against FIPS 180-4's examples, fed in odd pieces; an entry
 * stored and loaded back, then cut short, rejected. */
static void test_program_cache(void)
{
	static const struct {
		const char *text;
		unsigned repeat;
		const char *hex;
	} v[] = {
		{ "", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		{ "aaaaaaaaaa", 100000,
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		struct pc_sha256 s;
		char hex[65];
		pc_sha256_init(&s);
		size_t len = strlen(v[i].text);
		for (unsigned r = 0; r < v[i].repeat; r++) {
			size_t cut = len / 3;
			pc_sha256_update(&s, v[i].text, cut);
			pc_sha256_update(&s, v[i].text + cut, len - cut);
		}
		pc_sha256_hex(&s, hex);
		CHECK(!strcmp(hex, v[i].hex));
	}
	char k1[65], k2[65];
	const char *a[] = { "dev", "opts" }, *b[] = { "de", "vopts" };
	pc_key(a, 2, "src", 3, k1);
	pc_key(b, 2, "src", 3, k2);
	CHECK(strcmp(k1, k2) != 0);

	char dir[] = "/tmp/rc_unit_cache.XXXXXX", why[256];
	CHECK(mkdtemp(dir) != NULL);
	size_t len = 0;
	CHECK(pc_load(dir, k1, &len, why, sizeof why) == NULL && why[0] == '\0');
	CHECK(pc_store(dir, k1, "binary\0bytes", 12, why, sizeof why) == 0);
	unsigned char *bin = pc_load(dir, k1, &len, why, sizeof why);
	CHECK(bin && len == 12 && !memcmp(bin, "binary\0bytes", 12));
	free(bin);
	char *path = rc_xasprintf("%s/%s.bin", dir, k1);
	size_t flen;
	char *text = rc_read_file(path, &flen);
	CHECK(text && rc_write_file(path, text, flen - 1) == 0);
	free(text);
	CHECK(pc_load(dir, k1, &len, why, sizeof why) == NULL && strstr(why, "corrupt"));
	unlink(path);
	free(path);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: rc_unit TESTS_DIR\n");
		return 2;
	}
	tests_dir = argv[1];
	test_manifest_good();
	test_manifest_bad();
	test_fill();
	test_compare();
	test_findings();
	test_oclgrind_log();
	test_json_string();
	test_trace();
	test_observe();
	test_observe_copy();
	test_program_cache();
	printf("rc_unit: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
