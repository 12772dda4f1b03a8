/*
 * plan.c - unit test of fix.c: which fix-its a plan takes, the edits, and
 * the unified diff, which must turn the old text into the new one through
 * patch -p0 and git apply (run here on files in a scratch directory).
 * Usage: fix_plan  (exit 0: all passed, 1: a check failed)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analyzer/cls.h"

static int failed;

#define CHECK(c, ...)                                                     \
	do {                                                              \
		if (!(c)) {                                               \
			failed++;                                         \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);       \
			printf(__VA_ARGS__);                              \
			putchar('\n');                                    \
		}                                                         \
	} while (0)

static const struct cls_rule rule = { "CLS999", "test-rule", CLS_WARNING, "correctness",
				      "a rule for the test", NULL };

/* A result for file "k.cl" holding src, with no diagnostics yet. */
static void result(struct cls_result *r, const char *src)
{
	memset(r, 0, sizeof *r);
	mem_init(&r->arena);
	r->path = "k.cl";
	r->source = src;
	r->source_len = strlen(src);
}

/* Add a diagnostic with one fix-it replacing l1:c1..l2:c2 by text. */
static void diag(struct cls_result *r, unsigned l1, unsigned c1, unsigned l2, unsigned c2,
		 const char *text, bool safe)
{
	struct cls_diag *d = MEM_NEW(&r->arena, struct cls_diag);
	struct cls_fix *f = MEM_NEW(&r->arena, struct cls_fix);
	d->rule = &rule;
	d->severity = CLS_WARNING;
	d->range.begin = (struct cls_pos){ r->path, l1, c1 };
	d->range.end = d->range.begin;
	d->msg = "m";
	f->range.begin = (struct cls_pos){ r->path, l1, c1 };
	f->range.end = (struct cls_pos){ r->path, l2, c2 };
	f->text = text;
	f->label = "l";
	f->safe = safe;
	d->fixes = f;
	d->nfixes = 1;
	mem_vec_push(&r->arena, &r->diags, d);
}

static char *applied(const struct cls_result *r, const struct cls_fix_plan *p)
{
	size_t n;
	return cls_fix_apply(r->source, r->source_len, p, &n);
}

/* Write s to path. */
static void put(const char *path, const char *s)
{
	FILE *f = fopen(path, "w");
	fputs(s, f);
	fclose(f);
}

static char *get(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = 0;
	return buf;
}

/* The plan's diff applies with `tool` (in a scratch directory) and gives
 * what cls_fix_apply gives. */
static void diff_applies(const struct cls_result *r, const struct cls_fix_plan *p,
			 const char *tool, const char *what)
{
	char dir[] = "/tmp/cls_fix_planXXXXXX";
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	char path[256], cmd[512];
	snprintf(path, sizeof path, "%s/k.cl", dir);
	put(path, r->source);
	snprintf(path, sizeof path, "%s/d.patch", dir);
	FILE *f = fopen(path, "w");
	CHECK(cls_fix_diff(f, "k.cl", r->source, r->source_len, p), "%s: diff", what);
	fclose(f);
	snprintf(cmd, sizeof cmd, "cd %s && %s < d.patch >/dev/null 2>&1", dir, tool);
	int rc = system(cmd);
	char *want = applied(r, p);
	snprintf(path, sizeof path, "%s/k.cl", dir);
	CHECK(rc == 0, "%s: %s failed; the diff:\n%s", what, tool, get(path));
	CHECK(!strcmp(get(path), want), "%s: %s gave\n%s\nwanted\n%s", what, tool, get(path), want);
	free(want);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		CHECK(0, "rm");
}

static void both_apply(const struct cls_result *r, const struct cls_fix_plan *p, const char *what)
{
	diff_applies(r, p, "patch -p0 --quiet", what);
	diff_applies(r, p, "git apply -", what);
}

int main(void)
{
	static const char src[] =
		"a1\nb2\nc3\nd4\ne5\nf6\ng7\nh8\ni9\nj10\nk11\nl12\nm13\nn14\n";
	struct cls_options o;
	cls_options_init(&o);
	struct cls_result r;
	struct cls_fix_plan p;
	struct mem_arena a;
	mem_init(&a);

	/* Overlap: the first in source order wins, whatever the list's order. */
	result(&r, src);
	diag(&r, 2, 1, 2, 3, "B", true);     /* b2 -> B */
	diag(&r, 1, 2, 2, 2, "X", true);     /* 1\nb -> X: starts first, overlaps */
	cls_fix_plan(&r, &o, false, &a, &p);
	char *t = applied(&r, &p);
	CHECK(p.napplied == 1 && p.nskipped == 1 && !strncmp(t, "aX2\n", 4), "overlap: %s", t);
	CHECK(p.skipped.len == 1 && strstr(p.skipped.items[0], "k.cl:2:1: note: fix-it not applied: "
					  "it overlaps a fix-it applied before it (line 1) [test-rule]"),
	      "overlap note: %s", p.skipped.len ? (char *)p.skipped.items[0] : "none");
	free(t);
	both_apply(&r, &p, "overlap");
	cls_result_free(&r);

	/* One barrier for two findings: identical edits are one edit. */
	result(&r, src);
	diag(&r, 3, 1, 3, 1, "bar;\n", true);
	diag(&r, 3, 1, 3, 1, "bar;\n", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	t = applied(&r, &p);
	CHECK(p.napplied == 2 && p.edits.len == 1 && strstr(t, "b2\nbar;\nc3\n"), "dup: %s", t);
	free(t);
	both_apply(&r, &p, "duplicate");
	/* An insertion before a line is one added line, nothing removed. */
	char *d = NULL;
	size_t dn = 0;
	FILE *m = open_memstream(&d, &dn);
	cls_fix_diff(m, "k.cl", r.source, r.source_len, &p);
	fclose(m);
	CHECK(d && !strcmp(d, "--- ./k.cl\n+++ ./k.cl\n@@ -1,5 +1,6 @@\n a1\n b2\n+bar;\n c3\n"
			       " d4\n e5\n"), "insertion diff:\n%s", d);
	free(d);
	cls_result_free(&r);

	/* Two different insertions at one place: their order would be a guess. */
	result(&r, src);
	diag(&r, 3, 1, 3, 1, "x;\n", true);
	diag(&r, 3, 1, 3, 1, "y;\n", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	CHECK(p.napplied == 1 && p.nskipped == 1, "insertions: %u %u", p.napplied, p.nskipped);
	cls_result_free(&r);

	/* Unsafe fix-its only when asked for, and counted when not. */
	result(&r, src);
	diag(&r, 5, 1, 5, 3, "E", false);
	diag(&r, 9, 1, 9, 3, "I", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	CHECK(p.napplied == 1 && p.nunsafe == 1 && p.edits.len == 1, "unsafe left out");
	cls_fix_plan(&r, &o, true, &a, &p);
	CHECK(p.napplied == 2 && p.nunsafe == 0 && p.edits.len == 2, "unsafe applied");
	both_apply(&r, &p, "two hunks");
	/* Below the severity threshold: not shown, not fixed. */
	o.min_severity = CLS_ERROR;
	cls_fix_plan(&r, &o, true, &a, &p);
	CHECK(p.napplied == 0 && !p.edits.len, "below --severity");
	o.min_severity = CLS_NOTE;
	cls_result_free(&r);

	/* Several edits on one line, lines removed and added, hunks that merge
	 * (changes 6 lines apart) and hunks that do not. */
	result(&r, src);
	diag(&r, 1, 1, 1, 2, "A", true);
	diag(&r, 1, 2, 1, 3, "ONE", true);
	diag(&r, 4, 1, 6, 1, "", true);           /* d4, e5 removed */
	diag(&r, 12, 1, 12, 1, "new\nlines\n", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	t = applied(&r, &p);
	CHECK(p.napplied == 4 && !strncmp(t, "AONE\nb2\nc3\nf6\n", 14), "multi: %s", t);
	free(t);
	both_apply(&r, &p, "multi");
	cls_result_free(&r);

	/* The last line without a newline, changed and as context. */
	result(&r, "k(){\n  x;\n  y;\n}");
	diag(&r, 3, 1, 3, 1, "  b;\n", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	both_apply(&r, &p, "no newline, context");
	cls_result_free(&r);
	result(&r, "k(){\n  x;\n}");
	diag(&r, 3, 1, 3, 2, "};", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	both_apply(&r, &p, "no newline, changed");
	cls_result_free(&r);

	/* CRLF lines stay CRLF around the edit. */
	result(&r, "a\r\nb\r\nc\r\n");
	diag(&r, 2, 1, 2, 2, "B", true);
	cls_fix_plan(&r, &o, false, &a, &p);
	both_apply(&r, &p, "crlf");
	cls_result_free(&r);

	/* A fix-it in another file (a header) or past the text: skipped. */
	result(&r, src);
	diag(&r, 1, 1, 1, 2, "A", true);
	((struct cls_diag *)r.diags.items[0])->fixes[0].range.begin.file = "other.h";
	diag(&r, 99, 1, 99, 1, "A", true);
	cls_fix_plan(&r, &o, true, &a, &p);
	CHECK(p.napplied == 0 && p.nskipped == 2, "outside: %u %u", p.napplied, p.nskipped);
	cls_result_free(&r);

	mem_free_all(&a);
	printf("%s\n", failed ? "fix_plan: FAILED" : "fix_plan: ok");
	return failed ? 1 : 0;
}
