/*
 * jobs.c - the --jobs workers: every input is linted in a supervised worker
 * process, which sends its formatted part of the report back; the parent
 * prints the parts in input order.
 */
#ifdef __linux__
#define _GNU_SOURCE         /* clone(), closefrom() */
#endif
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "prog.h"

/* LeakSanitizer checks a process in an atexit handler, so a build with it
 * ends its processes with exit().  Any other build ends them with _exit()
 * after flushing stdio: that skips libLLVM's static destructors, which
 * nothing needs and which cost a millisecond or two in each of the two
 * processes that lint a file (Valgrind checks at _exit too). */
#if defined(__SANITIZE_ADDRESS__)
#define CLS_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#define CLS_LEAK_CHECKED 1
#endif
#endif

/* Does a checker look at the workers' ends: a sanitizer's leak check, or
 * Valgrind (its preloaded library)? */
static bool worker_ends_checked(void)
{
#ifdef CLS_LEAK_CHECKED
	return true;
#else
	const char *pre = getenv("LD_PRELOAD");
	return pre && strstr(pre, "vgpreload");
#endif
}

#if defined(__linux__) && !defined(CLS_LEAK_CHECKED)
/*
 * A process that ends tears its address space down before whoever waits
 * for it hears of the end, and with libLLVM mapped that takes 2 to 3 ms:
 * a tenth of the time to lint a small file, spent after the report is out.
 * Linux tears an address space down when the last process using it ends.
 * So a process that has closed its files and is about to end starts a
 * helper sharing its memory (CLONE_VM), asked to be killed when its parent
 * ends; the parent ends at once, its parent hears of it, and the helper,
 * killed then, tears the space down on its own time.  The helper runs on a
 * stack of its own, makes system calls only, and takes no signal but that
 * kill (it starts with every signal blocked): a handler would run the
 * parent's code on the parent's thread data.
 */
static char mm_holder_stack[16384] __attribute__((aligned(64)));

static int mm_holder(void *arg)
{
	syscall(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	/* the parent may have ended before the request was made */
	if (syscall(SYS_getppid) == (long)(intptr_t)arg)
		syscall(SYS_ppoll, NULL, 0, NULL, NULL, 0);   /* until killed */
	syscall(SYS_exit, 0);
	return 0;
}

static void hand_over_teardown(void)
{
	sigset_t all;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);   /* this process is ending anyway */
	closefrom(0);   /* nobody reading this process's output waits for the helper */
	clone(mm_holder, mm_holder_stack + sizeof mm_holder_stack, CLONE_VM | CLONE_UNTRACED,
	      (void *)(intptr_t)getpid());
}
#endif

/* End this process (supervisor or worker) with exit status rc. */
void end_process(int rc)
{
#ifdef CLS_LEAK_CHECKED
	exit(rc);
#else
	fflush(NULL);
#ifdef __linux__
	if (!worker_ends_checked())
		hand_over_teardown();
#endif
	_exit(rc);
#endif
}

/*
 * Every input is linted in a worker process, --jobs of them (one by
 * default), which the parent supervises: it hands each worker one input at a
 * time over a socket, reads the formatted part of the report back, and
 * prints the parts in input order, so the report is the one a single process
 * would print.  A worker that dies (a crash, the kernel's OOM killer) costs
 * only the input it was linting, and one that is still at it when the
 * input's --budget runs out is killed: the input gets one "not analyzed"
 * line, the next worker takes over, every other input is reported as usual.
 */

/* What a worker sends back for one input: this, then the report text, the
 * text for standard output (--verify, --dump), then the input's name and
 * reason (json, sarif: has_rec). */
struct job_msg {
	unsigned index;
	unsigned count[3], rule_count[64], suppressed, nfiles, nresults;
	struct prog_sums sum;
	size_t text_len, aux_len, path_len, reason_len, detail_len;
	bool has_rec, analyzed, has_reason;
	unsigned char status;          /* the record's enum cls_file_status */
};

static bool write_full(int fd, const void *buf, size_t n)
{
	const char *b = buf;
	while (n) {
		/* MSG_NOSIGNAL: a dead peer is an error here, not a SIGPIPE. */
		ssize_t k = send(fd, b, n, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		b += k;
		n -= (size_t)k;
	}
	return true;
}

static bool read_full(int fd, void *buf, size_t n)
{
	char *b = buf;
	while (n) {
		ssize_t k = read(fd, b, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		b += k;
		n -= (size_t)k;
	}
	return true;
}

/* CLSYNCLINT_DEBUG_CRASH=SUBSTRING: a worker dies of SIGSEGV on the inputs
 * whose name (--stdin-filename for '-') contains SUBSTRING, so that the tests
 * can check what the supervisor makes of a crash. */
static void debug_crash(const char *path)
{
	const char *crash = getenv("CLSYNCLINT_DEBUG_CRASH");
	if (crash && *crash && strstr(path, crash)) {
		signal(SIGSEGV, SIG_DFL);   /* no sanitizer report: a plain crash */
		raise(SIGSEGV);
	}
}

/*
 * A worker: lint the inputs whose indices arrive on fd, one at a time, each
 * into a part of the report sent back on fd; exit when fd closes.
 */
static void job_worker(struct prog *p, int fd)
{
	unsigned i;
	mem_heap_hugepages();
	/* the solver's context, made while the first file is read and parsed */
	cls_prewarm();
	while (read_full(fd, &i, sizeof i) && i < p->nfiles) {
		memset(&p->sum, 0, sizeof p->sum);
		char *text = NULL, *aux = NULL;
		size_t len = 0, aux_len = 0;
		FILE *m = open_memstream(&text, &len), *ma = open_memstream(&aux, &aux_len);
		if (!m || !ma)
			_exit(1);
		struct cls_output whole = p->out, part;
		cls_output_part(&p->out, &whole, m);
		p->aux = ma;
		p->opt.dump_out = p->opt.dump ? ma : NULL;
		debug_crash(display_name(p, p->files[i]));
		run_one(p, p->files[i], p->file_cfg ? p->file_cfg[i] : NULL);
		fclose(m);
		fclose(ma);
		part = p->out;
		p->out = whole;
		struct job_msg msg;
		memset(&msg, 0, sizeof msg);
		msg.index = i;
		memcpy(msg.count, part.count, sizeof msg.count);
		memcpy(msg.rule_count, part.rule_count, sizeof msg.rule_count);
		msg.suppressed = part.suppressed;
		msg.nresults = part.nresults;
		msg.nfiles = part.nfiles;
		msg.sum = p->sum;
		msg.text_len = len;
		msg.aux_len = aux_len;
		const struct cls_file_rec *rec = part.files && part.nfiles ? &part.files[0] : NULL;
		if (rec) {
			msg.has_rec = true;
			msg.analyzed = rec->analyzed;
			msg.path_len = strlen(rec->path);
			msg.has_reason = rec->reason != NULL;
			msg.reason_len = rec->reason ? strlen(rec->reason) : 0;
			msg.status = rec->status;
			msg.detail_len = rec->detail ? strlen(rec->detail) : 0;
		}
		bool ok = write_full(fd, &msg, sizeof msg) && write_full(fd, text, len) &&
			  write_full(fd, aux, aux_len) &&
			  (!rec || (write_full(fd, rec->path, msg.path_len) &&
				    write_full(fd, rec->reason ? rec->reason : "", msg.reason_len) &&
				    write_full(fd, rec->detail ? rec->detail : "", msg.detail_len)));
		cls_output_part_free(&part);
		free(text);
		free(aux);
		if (!ok)
			_exit(1);
	}
}

/* Read n bytes from fd into a new NUL-terminated string; NULL on failure. */
static char *read_str(int fd, size_t n)
{
	char *s = malloc(n + 1);
	if (s && !read_full(fd, s, n)) {
		free(s);
		return NULL;
	}
	if (s)
		s[n] = 0;
	return s;
}

/* One input's outcome, kept until the inputs before it are printed. */
struct job_part {
	bool done;
	struct job_msg msg;
	char *text, *aux;            /* the report part, the standard output part */
	struct cls_file_rec rec;     /* json, sarif (msg.has_rec) */
	const char *failure;         /* not analyzed by the worker: why (static or arena) */
};

/* Receive a part from fd into parts[]; false if the worker is gone. */
static bool job_receive(struct prog *p, int fd, struct job_part *parts)
{
	struct job_msg msg;
	if (!read_full(fd, &msg, sizeof msg) || msg.index >= p->nfiles)
		return false;
	struct job_part *jp = &parts[msg.index];
	jp->msg = msg;
	jp->text = read_str(fd, msg.text_len);
	jp->aux = jp->text ? read_str(fd, msg.aux_len) : NULL;
	jp->rec.analyzed = msg.analyzed;
	jp->rec.status = msg.status;
	bool ok = jp->aux != NULL;
	if (ok && msg.has_rec) {
		jp->rec.path = read_str(fd, msg.path_len);
		jp->rec.reason = jp->rec.path ? read_str(fd, msg.reason_len) : NULL;
		jp->rec.detail = jp->rec.reason && msg.detail_len ? read_str(fd, msg.detail_len)
								  : NULL;
		ok = jp->rec.reason && (jp->rec.detail || !msg.detail_len);
		if (ok && !msg.has_reason) {
			free(jp->rec.reason);
			jp->rec.reason = NULL;
		}
	}
	if (!ok) {
		free(jp->text);
		free(jp->aux);
		free(jp->rec.path);
		free(jp->rec.reason);
		free(jp->rec.detail);
		memset(jp, 0, sizeof *jp);
		return false;
	}
	jp->done = true;
	return true;
}

/* Add an input's share u to the run's sums s. */
static void add_sums(struct prog_sums *s, const struct prog_sums *u)
{
	s->not_analyzed += u->not_analyzed;
	s->verify_failed += u->verify_failed;
	s->ndiff += u->ndiff;
	for (unsigned k = 0; k < 6; k++)
		s->t_phase[k] += u->t_phase[k];
	for (unsigned k = 0; k < 64; k++)
		s->t_rule[k] += u->t_rule[k];
	s->t_total += u->t_total;
	s->t_solver += u->t_solver;
	s->solver_queries += u->solver_queries;
	s->solver_checks += u->solver_checks;
	if (u->peak_arena > s->peak_arena)
		s->peak_arena = u->peak_arena;
}

/* Print input i's part (its turn has come) and add up its counts. */
static void job_print(struct prog *p, unsigned i, struct job_part *jp)
{
	if (jp->failure) {
		input_error(p, display_name(p, p->files[i]), jp->failure);
		return;
	}
	const struct job_msg *msg = &jp->msg;
	if (msg->aux_len) {
		fwrite(jp->aux, 1, msg->aux_len, stdout);
		if (p->out.out != stdout)
			fflush(stdout);
	}
	struct cls_output part;
	cls_output_part(&part, &p->out, NULL);
	memcpy(part.count, msg->count, sizeof part.count);
	memcpy(part.rule_count, msg->rule_count, sizeof part.rule_count);
	part.suppressed = msg->suppressed;
	part.nresults = msg->nresults;
	part.nfiles = msg->nfiles;
	part.files = msg->has_rec ? &jp->rec : NULL;
	cls_output_splice(&p->out, &part, jp->text, msg->text_len);
	add_sums(&p->sum, &msg->sum);
	free(jp->text);
	free(jp->aux);
	free(jp->rec.path);
	free(jp->rec.reason);
	free(jp->rec.detail);
	memset(jp, 0, sizeof *jp);
}

/* A worker process as the parent sees it. */
struct worker {
	pid_t pid;                   /* 0: none */
	int fd;                      /* the parent's end of its socket */
	int file;                    /* the input it is linting, -1: idle */
	double deadline;             /* cls_now() at which that input is over budget; 0: none */
};

/* Start a worker in slot w (the others' sockets closed in the child);
 * false if it cannot be started. */
static bool job_start(struct prog *p, struct worker *ws, unsigned n, unsigned w)
{
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return false;
	fflush(NULL);   /* what the parent printed is not printed again by the child */
	pid_t pid = fork();
	if (pid < 0) {
		close(sv[0]);
		close(sv[1]);
		return false;
	}
	if (pid == 0) {
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL);  /* no orphan outlives the run */
#endif
		signal(SIGINT, SIG_DFL);   /* the parent's report_interrupted is its own */
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		close(sv[0]);
		for (unsigned k = 0; k < n; k++)
			if (ws[k].pid)
				close(ws[k].fd);
		job_worker(p, sv[1]);
		/* Like a process of its own: what checks a process at its end
		 * (LeakSanitizer, Valgrind) checks the worker, which did the
		 * analyses.  The parent flushed stdio before the fork. */
		end_process(0);
	}
	close(sv[1]);
	ws[w].pid = pid;
	ws[w].fd = sv[0];
	ws[w].file = -1;
	return true;
}

/* Stop the worker in slot w (kill: at once) and reap it; returns its wait status. */
static int job_stop(struct worker *w, bool kill_it)
{
	int status = 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	w->pid = 0;
	w->file = -1;
	return status;
}

/*
 * Kill the worker in slot w, over its input's budget, without waiting for
 * it: the kernel tears a killed process's address space down before its
 * parent can reap it, and a worker that has parsed a long kernel (the more
 * so under AddressSanitizer) takes a tenth of a second or more to tear
 * down, time the report has no need to wait for.  Its pid goes to `dying`,
 * reaped by reap_dying.  A killed worker leaves nothing to check at its
 * end (a sanitizer's leak check runs only in a process that exits).
 */
static void job_kill(struct worker *w, pid_t *dying, unsigned *ndying)
{
	kill(w->pid, SIGKILL);
	close(w->fd);
	dying[(*ndying)++] = w->pid;
	w->pid = 0;
	w->file = -1;
}

/* Reap the killed workers that have ended (wait: all of them). */
static void reap_dying(pid_t *dying, unsigned *ndying, bool wait)
{
	unsigned k = 0;
	for (unsigned i = 0; i < *ndying; i++) {
		pid_t r;
		while ((r = waitpid(dying[i], NULL, wait ? 0 : WNOHANG)) < 0 && errno == EINTR)
			;
		if (r == 0)
			dying[k++] = dying[i];
	}
	*ndying = k;
}

/* Why a worker that ended with wait status `status` left its input unlinted. */
static const char *job_failure(struct prog *p, int status)
{
	if (WIFSIGNALED(status))
		return mem_printf(&p->arena, "internal error (signal %d) \u2014 please report",
				  WTERMSIG(status));
	return mem_printf(&p->arena, "internal error (worker exit status %d) \u2014 please "
				     "report", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* The --budget of input i: the command line's, or its configuration's. */
static double job_budget(struct prog *p, unsigned i)
{
	const struct cfg *c = p->file_cfg ? p->file_cfg[i] : NULL;
	if (!c)
		return p->opt.budget_seconds;
	struct cls_options o;
	struct mem_arena a;
	mem_init(&a);
	file_options(p, c, display_name(p, p->files[i]), &a, &o, NULL);
	mem_free_all(&a);
	return o.budget_seconds;
}

/*
 * Lint every input in supervised workers (see the top of this file) and
 * print the report in input order.  If no worker can be started at all, the
 * inputs left are linted in this process, unsupervised, and a line on
 * standard error says so.
 */
void run_supervised(struct prog *p)
{
	unsigned n = p->jobs ? p->jobs : 1, next = 0, printed = 0, ndying = 0;
	cls_preload();   /* before the workers are forked: they inherit it */
	if (n > p->nfiles)
		n = p->nfiles;
	struct worker *ws = calloc(n, sizeof *ws);
	struct job_part *parts = calloc(p->nfiles, sizeof *parts);
	struct pollfd *pfd = calloc(n, sizeof *pfd);
	pid_t *dying = calloc(p->nfiles, sizeof *dying);   /* one kill per input at most */
	if (!ws || !parts || !pfd || !dying)
		n = 0;
	for (;;) {
		reap_dying(dying, &ndying, false);
		unsigned live = 0;
		for (unsigned w = 0; w < n; w++) {
			if (!ws[w].pid && next < p->nfiles)
				job_start(p, ws, n, w);
			if (!ws[w].pid)
				continue;
			live++;
			if (ws[w].file < 0 && next < p->nfiles) {
				double budget = job_budget(p, next);
				if (!write_full(ws[w].fd, &next, sizeof next)) {
					parts[next].failure = job_failure(p, job_stop(&ws[w], true));
					parts[next++].done = true;
					continue;
				}
				ws[w].file = (int)next++;
				ws[w].deadline = budget > 0 ? cls_now() + budget : 0;
			}
		}
		while (printed < p->nfiles && parts[printed].done) {
			job_print(p, printed, &parts[printed]);
			printed++;
		}
		if (printed == p->nfiles)
			break;
		if (!live) {
			fprintf(stderr, "clsynclint: cannot start a worker process (%s); linting "
					"the rest in this process, without supervision\n",
				strerror(errno));
			for (; printed < p->nfiles; printed++)
				if (parts[printed].done)
					job_print(p, printed, &parts[printed]);
				else
					run_one(p, p->files[printed],
						p->file_cfg ? p->file_cfg[printed] : NULL);
			break;
		}
		/* Wait for a part, or for the nearest deadline. */
		double now = cls_now(), first = 0;
		unsigned np = 0;
		for (unsigned w = 0; w < n; w++) {
			if (!ws[w].pid || ws[w].file < 0)
				continue;
			pfd[np].fd = ws[w].fd;
			pfd[np].events = POLLIN;
			pfd[np].revents = 0;
			np++;
			if (ws[w].deadline && (!first || ws[w].deadline < first))
				first = ws[w].deadline;
		}
		int timeout = -1;
		if (first)
			timeout = first <= now ? 0 : (int)((first - now) * 1000.0) + 1;
		if (poll(pfd, np, timeout) < 0 && errno != EINTR)
			break;
		now = cls_now();
		for (unsigned w = 0, k = 0; w < n; w++) {
			if (!ws[w].pid || ws[w].file < 0)
				continue;
			struct worker *wk = &ws[w];
			short ev = pfd[k++].revents;
			unsigned f = (unsigned)wk->file;
			if (ev & (POLLIN | POLLHUP | POLLERR)) {
				if (job_receive(p, wk->fd, parts) && parts[f].done) {
					wk->file = -1;
					continue;
				}
				parts[f].failure = job_failure(p, job_stop(wk, false));
				parts[f].done = true;
			} else if (wk->deadline && now >= wk->deadline) {
				job_kill(wk, dying, &ndying);
				parts[f].failure = mem_printf(&p->arena, "over the time budget of %g s",
							      job_budget(p, f));
				parts[f].done = true;
			}
		}
	}
	/* A worker that ends badly after its last file (a sanitizer's or
	 * Valgrind's finding at its exit) makes the run fail too, where such a
	 * checker runs; --time-report reads the workers' peak memory, which
	 * only a reaped child counts.  Elsewhere a worker whose socket closes
	 * ends on its own: tearing down its address space takes 3 to 5 ms, a
	 * tenth of a small file's time, which nobody needs to wait for. */
	bool check = worker_ends_checked() || p->opt.time_report;
	for (unsigned w = 0; w < n; w++) {
		pid_t pid = ws[w].pid;
		if (pid && !check) {
			close(ws[w].fd);
			continue;
		}
		int status = pid ? job_stop(&ws[w], false) : 0;
		if (status) {
			fprintf(stderr, "clsynclint: worker process %ld: %s\n", (long)pid,
				job_failure(p, status));
			p->worker_failed = true;
		}
	}
	/* --time-report counts the killed workers' memory too; otherwise one
	 * still tearing down is left to the init process. */
	reap_dying(dying, &ndying, p->opt.time_report);
	free(ws);
	free(parts);
	free(pfd);
	free(dying);
}
