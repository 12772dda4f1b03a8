/*
 * oclgrind.c - Oclgrind's ICD library and its report log.
 *
 * A report is a block of lines separated from the next by an empty line (a
 * line holding only a tab is inside a block): a head line at the margin,
 * then indented details, among which one "At line N (column C) of FILE:" per
 * program point it names (a race names both accesses, a divergence both
 * barriers).  Only lines of the kernel's own source ("input.cl") are kept:
 * a line of an included file would be matched against the wrong file.
 */
#include "oclgrind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rc.h"

const char *ogr_kind_name(enum ogr_kind k)
{
	switch (k) {
	case OGR_RACE_RW:
		return "read-write race";
	case OGR_RACE_WW:
		return "write-write race";
	case OGR_DIVERGENCE:
		return "work-group divergence";
	case OGR_INVALID:
		return "invalid access";
	case OGR_UNINIT:
		return "uninitialized value";
	case OGR_FATAL:
		return "Oclgrind fatal error";
	case OGR_OTHER:
		break;
	}
	return "other error";
}

/* The kind of a report from its head line. */
static enum ogr_kind classify(const char *head)
{
	if (!strncmp(head, "OCLGRIND FATAL ERROR", 20))
		return OGR_FATAL;
	if (strstr(head, "data race")) {
		if (!strncmp(head, "Write-write", 11))
			return OGR_RACE_WW;
		return OGR_RACE_RW;
	}
	if (strstr(head, "divergence"))
		return OGR_DIVERGENCE;
	if (!strncmp(head, "Invalid ", 8) || strstr(head, "out of bounds") ||
	    strstr(head, "Unaligned"))
		return OGR_INVALID;
	if (strstr(head, "ninitiali"))
		return OGR_UNINIT;
	return OGR_OTHER;
}

/* Add the block `head` + lines to the log, merging it into an identical one
 * (same kind, same lines: the two accesses of a race are one report whichever
 * came first, so the lines are kept in ascending order). */
static void add_report(struct ogr_log *log, const char *head, int *lines, unsigned n)
{
	enum ogr_kind k = classify(head);
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && lines[j - 1] > lines[j]; j--) {
			int t = lines[j];
			lines[j] = lines[j - 1];
			lines[j - 1] = t;
		}
	log->total++;
	for (unsigned i = 0; i < log->n; i++) {
		struct ogr_report *r = &log->items[i];
		if (r->kind == k && r->nlines == n && !memcmp(r->lines, lines, n * sizeof *lines)) {
			r->count++;
			return;
		}
	}
	struct ogr_report *r = RC_PUSH(log->items, log->n, log->cap);
	memset(r, 0, sizeof *r);
	r->kind = k;
	r->head = rc_xstrdup(head);
	memcpy(r->lines, lines, n * sizeof *lines);
	r->nlines = n;
	r->count = 1;
}

/* Parse the text of an Oclgrind log into `log` (appending). */
void ogr_parse(const char *text, struct ogr_log *log)
{
	char *head = NULL;
	int lines[OGR_MAX_LINES];
	unsigned n = 0;
	const char *p = text;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = rc_xasprintf("%.*s", (int)len, p);
		/* Reports are separated by empty lines; "\t" lines are inside one. */
		int blank = line[0] == '\0' || !strcmp(line, "\r");
		if (blank || !nl) {
			if (!blank && !head && line[0] != ' ' && line[0] != '\t')
				head = rc_xstrdup(line);
			if (head && strncmp(head, "Oclgrind:", 9) != 0)
				add_report(log, head, lines, n);
			else if (head && strstr(head, "suppressing"))
				log->truncated = 1;
			free(head);
			head = NULL;
			n = 0;
		} else if (!head && line[0] != ' ' && line[0] != '\t') {
			head = rc_xstrdup(rc_trim(line));
		} else if (head && line[0] != ' ' && line[0] != '\t') {
			/* A fatal error says what failed on its second line. */
			if (!strncmp(head, "OCLGRIND FATAL ERROR", 20) && !strstr(head, "): ")) {
				char *h = rc_xasprintf("%s: %s", head, rc_trim(line));
				free(head);
				head = h;
			}
		} else if (head) {
			int ln, col;
			char file[256];
			const char *at = strstr(line, "At line ");
			if (at && sscanf(at, "At line %d (column %d) of %255[^:]:", &ln, &col, file) == 3 &&
			    !strcmp(file, "input.cl") && n < OGR_MAX_LINES) {
				int seen = 0;
				for (unsigned i = 0; i < n; i++)
					seen |= lines[i] == ln;
				if (!seen)
					lines[n++] = ln;
			}
		}
		free(line);
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* Nonzero when report r names source line `line`. */
int ogr_names_line(const struct ogr_report *r, int line)
{
	for (unsigned i = 0; i < r->nlines; i++)
		if (r->lines[i] == line)
			return 1;
	return 0;
}

void ogr_free(struct ogr_log *log)
{
	for (unsigned i = 0; i < log->n; i++)
		free(log->items[i].head);
	free(log->items);
	memset(log, 0, sizeof *log);
}

/* The path of Oclgrind's ICD library: `given` (--oclgrind-icd) when set,
 * else $RC_OCLGRIND_ICD, else the first of the places Debian and a source
 * install put it; NULL when there is none. */
const char *ogr_find_icd(const char *given)
{
	static const char *const places[] = {
		"/usr/lib/x86_64-linux-gnu/liboclgrind-rt-icd.so",
		"/usr/lib/oclgrind/liboclgrind-rt-icd.so",
		"/usr/lib64/oclgrind/liboclgrind-rt-icd.so",
		"/usr/local/lib/liboclgrind-rt-icd.so",
		"/usr/local/lib/oclgrind/liboclgrind-rt-icd.so",
		"/usr/lib/liboclgrind-rt-icd.so",
	};
	if (given && *given)
		return access(given, R_OK) == 0 ? given : NULL;
	const char *env = getenv("RC_OCLGRIND_ICD");
	if (env && *env)
		return access(env, R_OK) == 0 ? env : NULL;
	for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
		if (access(places[i], R_OK) == 0)
			return places[i];
	return NULL;
}
