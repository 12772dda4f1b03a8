/*
 * rulepage.c - the rule pages docs/rules/<name>.md (rulepage_ prefix): where
 * they are found, their web address, their summary paragraph.  --explain
 * prints a page, the text format points at it, SARIF embeds it and links it,
 * and the language server links it.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rulepage.h"

/* Read a whole file into a malloc'ed, NUL-terminated buffer; NULL if absent. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		char *x = cap > ((size_t)1 << 24) ? NULL : realloc(buf, cap * 2);
		if (!x) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = x;
		cap *= 2;
	}
	bool bad = ferror(f);
	fclose(f);
	if (!buf || bad) {
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}

char *cls_rule_doc(const struct cls_rule *r, size_t *len)
{
	char path[4096];
	char *doc = NULL;
#ifdef CLS_DOCDIR_REL
	/* Beside the program: <prefix>/bin/clsynclint -> <prefix>/<docdir>/rules;
	 * this is what an installed or unpacked package finds. */
	char exe[2048];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(path, sizeof path, "%s/../%s/rules/%s.md", exe, CLS_DOCDIR_REL,
				 r->name);
			doc = slurp(path, len);
		}
	}
#endif
#ifdef CLS_SOURCE_DIR
	if (!doc) {
		snprintf(path, sizeof path, "%s/docs/rules/%s.md", CLS_SOURCE_DIR, r->name);
		doc = slurp(path, len);
	}
#endif
#ifdef CLS_DOCDIR
	if (!doc) {
		snprintf(path, sizeof path, "%s/rules/%s.md", CLS_DOCDIR, r->name);
		doc = slurp(path, len);
	}
#endif
	return doc;
}

char *cls_rule_help_uri(const struct cls_rule *r)
{
	size_t len;
	char *doc = cls_rule_doc(r, &len);
	if (!doc)
		return NULL;
	free(doc);
	size_t n = sizeof CLS_URL "/blob/main/docs/rules/.md" + strlen(r->name);
	char *uri = malloc(n);
	if (uri)
		snprintf(uri, n, "%s/blob/main/docs/rules/%s.md", CLS_URL, r->name);
	return uri;
}

char *rulepage_first_paragraph(const char *doc)
{
	const char *p = doc;
	bool fenced = false;
	while (*p) {
		size_t k = strcspn(p, "\n");
		if (!strncmp(p, "```", 3))
			fenced = !fenced;
		else if (!fenced && p[0] != '#' && p[0] != '|' && p[0] != '>' &&
			 strspn(p, " \t\r") != k)
			break;
		p += k + (p[k] == '\n');
	}
	const char *end = p;
	while (*end) {
		size_t k = strcspn(end, "\n");
		if (strspn(end, " \t\r") == k)
			break;
		end += k + (end[k] == '\n');
	}
	size_t n = (size_t)(end - p);
	while (n && (p[n - 1] == '\n' || p[n - 1] == '\r'))
		n--;
	if (!n)
		return NULL;
	char *s = malloc(n + 1);
	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++)
		s[i] = p[i] == '\n' || p[i] == '\r' ? ' ' : p[i];
	s[n] = 0;
	return s;
}
