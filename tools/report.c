/*
 * report.c - where the report goes and what is said beside it: the --output
 * file, replaced atomically; --statistics; --time-report.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prog.h"

/* The temporary file the report is written to, renamed over the --output
 * file at the end; removed if the run is interrupted. */
static char *report_tmp;

static void report_interrupted(int sig)
{
	if (report_tmp)
		unlink(report_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Is st the file of standard input, output or error (/dev/stdout redirected
 * to a file)?  Renaming over it would cut the shell's redirection off. */
static bool is_std_stream(const struct stat *st)
{
	struct stat s;
	for (int fd = 0; fd <= 2; fd++)
		if (fstat(fd, &s) == 0 && s.st_dev == st->st_dev && s.st_ino == st->st_ino)
			return true;
	return false;
}

/*
 * Open the --output file `path` for the report.  A regular file (or a new
 * one) is written as a temporary file beside it, renamed over it by
 * report_close: a reader, or another run writing the same file, sees the
 * old report or the new one whole, never a mix.  Anything else (a FIFO,
 * /dev/stdout, the file standard output is redirected to) is written
 * directly.  NULL with errno set on failure, before anything is linted.
 */
FILE *report_open(const char *path)
{
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (exists && (!S_ISREG(st.st_mode) || !strncmp(path, "/dev/", 5) ||
		       !strncmp(path, "/proc/", 6) || is_std_stream(&st)))
		return fopen(path, "w");
	if (exists && access(path, W_OK) != 0)
		return NULL;   /* as unwritable as before: the rename would hide it */
	/* A symbolic link stays one: the file it names is replaced. */
	char *target = exists ? realpath(path, NULL) : strdup(path);
	if (!target)
		return NULL;
	const char *slash = strrchr(target, '/');
	report_tmp = malloc(strlen(target) + sizeof "..XXXXXX");
	if (!report_tmp) {
		free(target);
		return NULL;
	}
	if (slash)
		sprintf(report_tmp, "%.*s.%s.XXXXXX", (int)(slash + 1 - target), target, slash + 1);
	else
		sprintf(report_tmp, ".%s.XXXXXX", target);
	free(target);
	int fd = mkstemp(report_tmp);
	if (fd < 0) {
		int e = errno;
		free(report_tmp);
		report_tmp = NULL;
		errno = e;
		return NULL;
	}
	/* The mode a new file would get from fopen, or the old file's. */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int e = errno;
		close(fd);
		unlink(report_tmp);
		free(report_tmp);
		report_tmp = NULL;
		errno = e;
		return NULL;
	}
	signal(SIGINT, report_interrupted);
	signal(SIGTERM, report_interrupted);
	signal(SIGHUP, report_interrupted);
	return f;
}

/* Finish the report opened by report_open: NULL when it is in place, else why not. */
const char *report_close(FILE *f, const char *path)
{
	bool bad = ferror(f) != 0;
	int e = bad ? EIO : 0;
	if (fclose(f) != 0 && !bad) {
		bad = true;
		e = errno;
	}
	if (!report_tmp)
		return bad ? strerror(e) : NULL;
	char *tmp = report_tmp;
	if (!bad) {
		/* The link's target, when path is a symbolic link (see report_open). */
		char *target = realpath(path, NULL);
		if (rename(tmp, target ? target : path) != 0) {
			bad = true;
			e = errno;
		}
		free(target);
	}
	if (bad)
		unlink(tmp);
	report_tmp = NULL;
	free(tmp);
	return bad ? strerror(e) : NULL;
}

/* --time-report: where the time went, on stderr. */
void time_report(const struct prog *p)
{
	static const char *const names[6] = { "parse (libclang)", "lower to IR", "cfg + call graph",
					      "uniformity", "accesses + intervals", "sort + dedupe" };
	const struct prog_sums *s = &p->sum;
	double all = 0;
	fprintf(stderr, "%-28s %10s %6s\n", "phase", "seconds", "share");
	for (unsigned i = 0; i < 6; i++)
		all += s->t_phase[i];
	for (unsigned i = 0; i < cls_nrules && i < 64; i++)
		all += s->t_rule[i];
	for (unsigned i = 0; i < 6; i++)
		fprintf(stderr, "%-28s %10.4f %5.1f%%\n", names[i], s->t_phase[i],
			all > 0 ? 100 * s->t_phase[i] / all : 0);
	for (unsigned i = 0; i < cls_nrules && i < 64; i++)
		if (cls_rules[i]->run)
			fprintf(stderr, "rule %-23s %10.4f %5.1f%%\n", cls_rules[i]->name, s->t_rule[i],
				all > 0 ? 100 * s->t_rule[i] / all : 0);
	fprintf(stderr, "%-28s %10.4f\n", "total (files, I/O, output)", s->t_total);
	if (s->solver_queries)
		fprintf(stderr, "%-28s %10.4f  (%lu decisions, %lu solver calls, %.3f ms per call)\n",
			"of which solver", s->t_solver, s->solver_queries, s->solver_checks,
			s->solver_checks ? 1e3 * s->t_solver / (double)s->solver_checks : 0.0);
	fprintf(stderr, "%-28s %10.1f MB\n", "largest arena", (double)s->peak_arena / 1048576.0);
	/* The process's own peak, libclang included (workers of --jobs are
	 * children: their largest peak). */
	struct rusage self, kids;
	if (!getrusage(RUSAGE_SELF, &self) && !getrusage(RUSAGE_CHILDREN, &kids)) {
		long kb = self.ru_maxrss > kids.ru_maxrss ? self.ru_maxrss : kids.ru_maxrss;
		fprintf(stderr, "%-28s %10.1f MB\n", "peak RSS", (double)kb / 1024.0);
	}
}

/* --statistics: findings per rule, then the totals. */
void statistics(const struct prog *p, FILE *f)
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
