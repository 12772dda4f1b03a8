/*
 * fix.c - applying fix-its: choosing them, editing the text, unified diffs
 * and the atomic rewrite of a file (fix_ prefix; cls_fix_* in cls.h).
 *
 * The fix-its of one diagnostic go together (all or none), as clang-tidy
 * applies them.  They are taken in source order of their first edit, and a
 * diagnostic whose edits overlap one taken before it is skipped whole: the
 * text it was computed for is no longer there.  Identical edits (two races
 * that one barrier removes) are one edit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cls.h"

/* Byte offset of line:col (1-based, byte columns) in text; false when it is
 * not inside the text (or past the end of its line, but for the end). */
static bool offset_of(const char *text, size_t len, unsigned line, unsigned col, size_t *off)
{
	size_t i = 0;
	if (!line || !col)
		return false;
	for (unsigned l = 1; l < line; l++) {
		const char *nl = memchr(text + i, '\n', len - i);
		if (!nl)
			return false;
		i = (size_t)(nl - text) + 1;
	}
	const char *nl = memchr(text + i, '\n', len - i);
	size_t eol = nl ? (size_t)(nl - text) : len;
	if (i + col - 1 > eol)
		return false;
	*off = i + col - 1;
	return true;
}

/* Does fix-it f belong to the file r linted? */
static bool in_file(const struct cls_result *r, const struct cls_fix *f)
{
	const char *b = f->range.begin.file, *e = f->range.end.file;
	return (!b || !strcmp(b, r->path)) && (!e || !strcmp(e, r->path));
}

static int edit_cmp(const void *x, const void *y)
{
	const struct cls_edit *a = x, *b = y;
	if (a->begin != b->begin)
		return a->begin < b->begin ? -1 : 1;
	if (a->end != b->end)
		return a->end < b->end ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

static int edit_ptr_cmp(const void *x, const void *y)
{
	return edit_cmp(*(const struct cls_edit *const *)x, *(const struct cls_edit *const *)y);
}

/* Do edits a and b touch the same text?  Two insertions at one place
 * conflict too (their order would be a guess), unless they are the same. */
static bool overlap(const struct cls_edit *a, const struct cls_edit *b)
{
	if (a->begin == b->begin && a->end == b->end && !strcmp(a->text, b->text))
		return false;
	if (a->begin == a->end && b->begin == b->end)
		return a->begin == b->begin;
	if (a->begin == a->end)
		return a->begin > b->begin && a->begin < b->end;
	if (b->begin == b->end)
		return b->begin > a->begin && b->begin < a->end;
	return a->begin < b->end && b->begin < a->end;
}

static bool same_edit(const struct cls_edit *a, const struct cls_edit *b)
{
	return a->begin == b->begin && a->end == b->end && !strcmp(a->text, b->text);
}

static void skip(struct mem_arena *a, struct cls_fix_plan *p, const struct cls_diag *d,
		 const char *fmt_why)
{
	const struct cls_pos *at = d->nfixes ? &d->fixes[0].range.begin : &d->range.begin;
	mem_vec_push(a, &p->skipped,
		     mem_printf(a, "%s:%u:%u: note: fix-it not applied: %s [%s]",
				at->file ? at->file : "?", at->line, at->col, fmt_why, d->rule->name));
	p->nskipped++;
}

void cls_fix_plan(const struct cls_result *r, const struct cls_options *o, bool unsafe_ok,
		  struct mem_arena *a, struct cls_fix_plan *p)
{
	memset(p, 0, sizeof *p);
	if (!r->source)
		return;
	/* Each diagnostic's edits, then the diagnostics in order of their
	 * first edit (then of the sorted list). */
	struct group {
		const struct cls_diag *d;
		struct cls_edit *e;
		unsigned n;
	} *g = MEM_ARRAY(a, struct group, r->diags.len + 1);
	unsigned ng = 0;
	if (!g)
		return;
	for (unsigned i = 0; i < r->diags.len; i++) {
		const struct cls_diag *d = r->diags.items[i];
		if (!d->nfixes || cls_effective_severity(o, d) < o->min_severity)
			continue;
		bool safe = true, ok = true;
		struct cls_edit *e = MEM_ARRAY(a, struct cls_edit, d->nfixes);
		if (!e)
			return;
		for (unsigned k = 0; k < d->nfixes && ok; k++) {
			const struct cls_fix *f = &d->fixes[k];
			struct cls_pos end = f->range.end.line ? f->range.end : f->range.begin;
			safe &= f->safe;
			ok = in_file(r, f) &&
			     offset_of(r->source, r->source_len, f->range.begin.line,
				       f->range.begin.col, &e[k].begin) &&
			     offset_of(r->source, r->source_len, end.line, end.col, &e[k].end) &&
			     e[k].end >= e[k].begin;
			e[k].text = f->text;
			e[k].order = i;
		}
		if (!ok) {
			skip(a, p, d, "it does not lie within this file's text");
			continue;
		}
		if (!safe && !unsafe_ok) {
			p->nunsafe++;
			continue;
		}
		qsort(e, d->nfixes, sizeof *e, edit_cmp);
		g[ng++] = (struct group){ d, e, d->nfixes };
	}
	/* Source order of the first edit; the sort of diags breaks ties. */
	for (unsigned i = 1; i < ng; i++)
		for (unsigned j = i; j > 0 && edit_cmp(g[j].e, g[j - 1].e) < 0; j--) {
			struct group t = g[j];
			g[j] = g[j - 1];
			g[j - 1] = t;
		}
	for (unsigned i = 0; i < ng; i++) {
		const struct cls_edit *hit = NULL;
		for (unsigned k = 0; k < g[i].n && !hit; k++)
			for (unsigned j = 0; j < p->edits.len && !hit; j++)
				if (overlap(&g[i].e[k], p->edits.items[j]))
					hit = p->edits.items[j];
		if (hit) {
			size_t line = 1;
			for (size_t x = 0; x < hit->begin; x++)
				line += r->source[x] == '\n';
			skip(a, p, g[i].d,
			     mem_printf(a, "it overlaps a fix-it applied before it (line %zu)", line));
			continue;
		}
		for (unsigned k = 0; k < g[i].n; k++) {
			bool dup = false;
			for (unsigned j = 0; j < p->edits.len && !dup; j++)
				dup = same_edit(&g[i].e[k], p->edits.items[j]);
			if (!dup)
				mem_vec_push(a, &p->edits, &g[i].e[k]);
		}
		p->napplied++;
	}
	/* An empty vector's items are NULL, which qsort may not be given. */
	if (p->edits.len > 1)
		qsort(p->edits.items, p->edits.len, sizeof *p->edits.items, edit_ptr_cmp);
}

char *cls_fix_apply(const char *text, size_t len, const struct cls_fix_plan *p, size_t *out_len)
{
	size_t n = len;
	for (unsigned i = 0; i < p->edits.len; i++) {
		const struct cls_edit *e = p->edits.items[i];
		n += strlen(e->text) - (e->end - e->begin);
	}
	char *out = malloc(n + 1);
	if (!out)
		return NULL;
	size_t at = 0, k = 0;
	for (unsigned i = 0; i < p->edits.len; i++) {
		const struct cls_edit *e = p->edits.items[i];
		memcpy(out + k, text + at, e->begin - at);
		k += e->begin - at;
		size_t tl = strlen(e->text);
		memcpy(out + k, e->text, tl);
		k += tl;
		at = e->end;
	}
	memcpy(out + k, text + at, len - at);
	k += len - at;
	out[k] = 0;
	*out_len = k;
	return out;
}

/* ------------------------------------------------------------------ diff */

/* The lines of a text: starts[i] is where line i (0-based) begins; the
 * last entry is len.  A text that ends without '\n' has a last line
 * without one. */
struct lines {
	size_t *start;
	size_t n;
	const char *text;
	size_t len;
};

static bool split(struct lines *l, const char *text, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	n += len && text[len - 1] != '\n';
	l->start = malloc((n + 1) * sizeof *l->start);
	if (!l->start)
		return false;
	l->n = n;
	l->text = text;
	l->len = len;
	size_t k = 0;
	if (len)
		l->start[k++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			l->start[k++] = i + 1;
	l->start[n] = len;
	return true;
}

/* The index of the line holding byte `off` (the last line for the end). */
static size_t line_of(const struct lines *l, size_t off)
{
	size_t lo = 0, hi = l->n ? l->n - 1 : 0;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		if (l->start[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* The new lines of change c, whose old lines [ob, oe) start `*delta` bytes
 * later in new and whose edits add `cdelta` bytes; *delta moves past it. */
static void new_span(const struct lines *lo, const struct lines *ln, const size_t *ob,
		     const size_t *oe, size_t *nb, size_t *ne, size_t c, long long *delta,
		     long long cdelta)
{
	size_t b = (size_t)((long long)lo->start[ob[c]] + *delta);
	size_t e = (size_t)((long long)lo->start[oe[c]] + *delta + cdelta);
	*delta += cdelta;
	nb[c] = ln->n ? line_of(ln, b) + (b == ln->len && ln->len) : 0;
	size_t k = nb[c];
	while (k < ln->n && ln->start[k] < e)
		k++;
	ne[c] = k;
}

/* Are line i of a and line j of b the same bytes, line end included? */
static bool same_line(const struct lines *a, size_t i, const struct lines *b, size_t j)
{
	size_t n = a->start[i + 1] - a->start[i];
	return n == b->start[j + 1] - b->start[j] &&
	       !memcmp(a->text + a->start[i], b->text + b->start[j], n);
}

static void put_line(FILE *out, char mark, const struct lines *l, size_t i)
{
	size_t b = l->start[i], e = l->start[i + 1];
	fputc(mark, out);
	fwrite(l->text + b, 1, e - b, out);
	if (e == b || l->text[e - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* The diff's own name for a file: relative paths as given, so that patch -p0
 * finds them; "./" in front, so that git apply, which strips one component
 * by default, finds them too. */
static const char *diff_name(struct mem_arena *a, const char *path)
{
	if (path[0] == '/' || !strncmp(path, "./", 2))
		return path;
	return mem_printf(a, "./%s", path);
}

/*
 * A unified diff with 3 lines of context between old and new, which differ
 * where plan p edits old.  Each edit rewrites whole lines: the lines from
 * its beginning's to its end's in old (an edit that ends at the start of a
 * line rewrites up to the line before, unless it inserts there).
 */
bool cls_fix_diff(FILE *out, const char *path, const char *old, size_t old_len,
		  const struct cls_fix_plan *p)
{
	if (!p->edits.len)
		return true;
	size_t new_len;
	char *new = cls_fix_apply(old, old_len, p, &new_len);
	struct lines lo = { 0 }, ln = { 0 };
	struct mem_arena a;
	mem_init(&a);
	/* Per change (edits merged when their lines meet): old lines [ob, oe),
	 * new lines [nb, ne). */
	size_t nch = 0, *ob = NULL, *oe = NULL, *nb = NULL, *ne = NULL;
	bool ok = new && split(&lo, old, old_len) && split(&ln, new, new_len) &&
		  (ob = MEM_ARRAY(&a, size_t, p->edits.len)) &&
		  (oe = MEM_ARRAY(&a, size_t, p->edits.len)) &&
		  (nb = MEM_ARRAY(&a, size_t, p->edits.len)) &&
		  (ne = MEM_ARRAY(&a, size_t, p->edits.len));
	/* Changes: the old lines each edit touches, merged when they share a
	 * line; their new lines follow from the bytes the edits add. */
	long long delta = 0;          /* new offset - old offset before the change */
	long long cdelta = 0;         /* what the current change's edits add */
	for (unsigned i = 0; ok && i < p->edits.len; i++) {
		const struct cls_edit *e = p->edits.items[i];
		size_t at_end = e->end > e->begin ? e->end - 1 : e->begin;
		size_t first = line_of(&lo, e->begin), last = line_of(&lo, at_end);
		long long d = (long long)strlen(e->text) - (long long)(e->end - e->begin);
		if (nch && first < oe[nch - 1]) {
			if (last + 1 > oe[nch - 1])
				oe[nch - 1] = last + 1;
			cdelta += d;
			continue;
		}
		if (nch)
			new_span(&lo, &ln, ob, oe, nb, ne, nch - 1, &delta, cdelta);
		ob[nch] = first;
		oe[nch] = last + 1;
		cdelta = d;
		nch++;
	}
	if (ok && nch)
		new_span(&lo, &ln, ob, oe, nb, ne, nch - 1, &delta, cdelta);
	/* An edit rewrites whole lines, but an insertion before a line leaves
	 * that line as it was: trim the lines a change keeps, first and last,
	 * so that the diff shows only what differs. */
	size_t kept = 0;
	for (size_t c = 0; ok && c < nch; c++) {
		while (ob[c] < oe[c] && nb[c] < ne[c] && same_line(&lo, ob[c], &ln, nb[c]))
			ob[c]++, nb[c]++;
		while (ob[c] < oe[c] && nb[c] < ne[c] && same_line(&lo, oe[c] - 1, &ln, ne[c] - 1))
			oe[c]--, ne[c]--;
		if (ob[c] == oe[c] && nb[c] == ne[c])
			continue;   /* an edit that changed nothing */
		ob[kept] = ob[c], oe[kept] = oe[c], nb[kept] = nb[c], ne[kept] = ne[c];
		kept++;
	}
	nch = kept;
	if (!nch) {
		free(lo.start);
		free(ln.start);
		free(new);
		mem_free_all(&a);
		return ok;
	}
	/* Hunks: changes whose contexts meet are one hunk. */
	if (ok) {
		const char *name = diff_name(&a, path);
		fprintf(out, "--- %s\n+++ %s\n", name, name);
	}
	for (size_t c = 0; ok && c < nch;) {
		size_t last = c;
		while (last + 1 < nch && ob[last + 1] <= oe[last] + 6)
			last++;
		size_t cb = ob[c] >= 3 ? ob[c] - 3 : 0;
		size_t ce = oe[last] + 3 < lo.n ? oe[last] + 3 : lo.n;
		size_t ncb = nb[c] - (ob[c] - cb);
		size_t olines = ce - cb;
		size_t nlines = olines;
		for (size_t x = c; x <= last; x++)
			nlines = nlines - (oe[x] - ob[x]) + (ne[x] - nb[x]);
		fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", olines ? cb + 1 : cb, olines,
			nlines ? ncb + 1 : ncb, nlines);
		size_t ol = cb;
		for (size_t x = c; x <= last; x++) {
			for (; ol < ob[x]; ol++)
				put_line(out, ' ', &lo, ol);
			for (size_t y = ob[x]; y < oe[x]; y++)
				put_line(out, '-', &lo, y);
			for (size_t y = nb[x]; y < ne[x]; y++)
				put_line(out, '+', &ln, y);
			ol = oe[x];
		}
		for (; ol < ce; ol++)
			put_line(out, ' ', &lo, ol);
		c = last + 1;
	}
	free(lo.start);
	free(ln.start);
	free(new);
	mem_free_all(&a);
	return ok;
}

/* ----------------------------------------------------------- the rewrite */

bool cls_fix_write(const char *path, const char *text, size_t len, const char **why)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		*why = strerror(errno);
		return false;
	}
	/* A symbolic link stays one: the file it names is rewritten. */
	char *target = realpath(path, NULL);
	if (!target) {
		*why = strerror(errno);
		return false;
	}
	const char *slash = strrchr(target, '/');
	char *tmp = malloc(strlen(target) + sizeof "..fix.XXXXXX");
	if (!tmp) {
		free(target);
		*why = strerror(ENOMEM);
		return false;
	}
	/* In the same directory: rename() is atomic only within a file system. */
	sprintf(tmp, "%.*s.%s.fix.XXXXXX", (int)(slash + 1 - target), target, slash + 1);
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	int err = ok ? 0 : errno;
	for (size_t done = 0; ok && done < len;) {
		ssize_t k = write(fd, text + done, len - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			err = k < 0 ? errno : EIO;
			ok = false;
			break;
		}
		done += (size_t)k;
	}
	/* The old file's mode; the owner is the writer's, as with any editor. */
	if (ok && fchmod(fd, st.st_mode & 07777) != 0)
		err = errno, ok = false;
	if (ok && fsync(fd) != 0)
		err = errno, ok = false;
	if (fd >= 0 && close(fd) != 0 && ok)
		err = errno, ok = false;
	if (ok && rename(tmp, target) != 0)
		err = errno, ok = false;
	if (!ok && fd >= 0)
		unlink(tmp);
	free(tmp);
	free(target);
	if (!ok)
		*why = strerror(err);
	return ok;
}
