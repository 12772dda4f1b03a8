/*
 * proc.c - child processes under a watchdog.
 */
#define _GNU_SOURCE
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The process group of the child now running, for the signal handler. */
static volatile sig_atomic_t current_pgid;
/* The temporary folder, removed when the harness is interrupted. */
static char *tmpdir_to_remove;

/* SIGINT/SIGTERM/SIGHUP: kill the running child's group, remove the
 * temporary folder, then die of the same signal. */
static void on_signal(int sig)
{
	if (current_pgid > 0)
		kill(-(pid_t)current_pgid, SIGKILL);
	if (tmpdir_to_remove)
		proc_remove_tmpdir(tmpdir_to_remove);
	signal(sig, SIG_DFL);
	raise(sig);
}

void proc_install_signal_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Write the whole of `s` (n bytes) to fd, retrying on EINTR. */
static void write_all(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Report one line to the parent on `fd`: the message is folded onto one line
 * (so a build log cannot break the protocol) and sent with one write(). */
void proc_report(int fd, const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	rc_one_line(line, sizeof line - 2);
	size_t n = strlen(line);
	line[n++] = '\n';
	write_all(fd, line, n);
}

/* Kill the whole process group of `pid` and reap `pid`; returns its status. */
static int kill_and_reap(pid_t pid)
{
	int status = 0;
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* Fill *ex from a waitpid() status. */
static void set_exit(struct proc_exit *ex, int status)
{
	if (WIFSIGNALED(status)) {
		ex->signal = WTERMSIG(status);
		ex->code = 0;
	} else {
		ex->signal = 0;
		ex->code = WIFEXITED(status) ? WEXITSTATUS(status) : 255;
	}
}

/* Fork a child that runs body(arg, fd) with its stdout and stderr in
 * `log_path` (or /dev/null), in a process group of its own.  Each line it
 * reports on fd goes to on_line(ctx, line); the watchdog gives the child
 * `timeout` seconds to its first phase line, then restarts with the limit
 * on_line returns for each phase.  When it fires the group is killed.
 * Returns 0 with *ex filled, or -1 when the child could not be started. */
int proc_run_child(proc_body_fn *body, void *arg, const char *log_path, double timeout,
		   proc_line_fn *on_line, void *ctx, struct proc_exit *ex)
{
	int fds[2];
	memset(ex, 0, sizeof *ex);
	if (pipe(fds) != 0)
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
		close(fds[0]);
		int in = open("/dev/null", O_RDONLY);
		int log = open(log_path ? log_path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (in >= 0)
			dup2(in, 0);
		if (log >= 0) {
			dup2(log, 1);
			dup2(log, 2);
		}
		body(arg, fds[1]);
		fflush(NULL);
		_exit(0);
	}
	setpgid(pid, pid);
	current_pgid = pid;
	close(fds[1]);
	struct rc_buf pending = { 0 };
	double deadline = rc_now() + timeout;
	int status = 0;
	for (;;) {
		double left = deadline - rc_now();
		if (left <= 0) {
			ex->timed_out = 1;
			status = kill_and_reap(pid);
			break;
		}
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
		int ms = left > 3600 ? 3600000 : (int)(left * 1000) + 1;
		int r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue;
		char chunk[4096];
		ssize_t n = read(fds[0], chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* End of the reports: the child exits now (or its watchdog
			 * still applies, should it linger without the pipe). */
			for (;;) {
				pid_t w = waitpid(pid, &status, WNOHANG);
				if (w == pid)
					break;
				if (w < 0 && errno != EINTR)
					break;
				if (rc_now() > deadline) {
					ex->timed_out = 1;
					status = kill_and_reap(pid);
					break;
				}
				usleep(2000);
			}
			break;
		}
		rc_buf_addn(&pending, chunk, (size_t)n);
		char *start = pending.s, *nl;
		while ((nl = memchr(start, '\n', pending.len - (size_t)(start - pending.s)))) {
			*nl = '\0';
			double next = on_line(ctx, start);
			if (next > 0)
				deadline = rc_now() + next;
			start = nl + 1;
		}
		size_t rest = pending.len - (size_t)(start - pending.s);
		memmove(pending.s, start, rest);
		pending.len = rest;
		pending.s[rest] = '\0';
	}
	/* A group member that outlived the child (none expected) goes too. */
	kill(-pid, SIGKILL);
	current_pgid = 0;
	close(fds[0]);
	rc_buf_free(&pending);
	set_exit(ex, status);
	if (ex->timed_out) {
		ex->signal = 0;
		ex->code = 0;
	}
	return 0;
}

/* Run the program argv[0] (searched in PATH) with argv, capturing its
 * standard output and error, killed after `timeout` seconds.  Returns 0 with
 * *ex filled, or -1 with errno when it could not be started (not found, not
 * executable). */
int proc_capture(char *const argv[], double timeout, struct rc_buf *out,
		 struct rc_buf *err, struct proc_exit *ex)
{
	int po[2], pe[2], px[2];
	memset(ex, 0, sizeof *ex);
	if (pipe(po) != 0)
		return -1;
	if (pipe(pe) != 0) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	if (pipe2(px, O_CLOEXEC) != 0) {
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		close(px[0]);
		close(px[1]);
		errno = e;
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		int in = open("/dev/null", O_RDONLY);
		if (in >= 0)
			dup2(in, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		close(po[0]);
		close(pe[0]);
		close(px[0]);
		execvp(argv[0], argv);
		int e = errno;
		write_all(px[1], (const char *)&e, sizeof e);
		_exit(127);
	}
	setpgid(pid, pid);
	current_pgid = pid;
	close(po[1]);
	close(pe[1]);
	close(px[1]);
	int exec_errno = 0;
	ssize_t got = read(px[0], &exec_errno, sizeof exec_errno);
	close(px[0]);
	struct pollfd pfd[2] = { { .fd = po[0], .events = POLLIN }, { .fd = pe[0], .events = POLLIN } };
	int open_fds = 2;
	double deadline = rc_now() + timeout;
	int status = 0;
	while (open_fds > 0) {
		double left = deadline - rc_now();
		if (left <= 0) {
			ex->timed_out = 1;
			break;
		}
		int r = poll(pfd, 2, (int)(left * 1000) + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		for (int i = 0; i < 2; i++) {
			if (pfd[i].fd < 0 || !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char chunk[4096];
			ssize_t n = read(pfd[i].fd, chunk, sizeof chunk);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(pfd[i].fd);
				pfd[i].fd = -1;
				open_fds--;
				continue;
			}
			rc_buf_addn(i == 0 ? out : err, chunk, (size_t)n);
		}
	}
	if (ex->timed_out)
		status = kill_and_reap(pid);
	else
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	for (int i = 0; i < 2; i++)
		if (pfd[i].fd >= 0)
			close(pfd[i].fd);
	current_pgid = 0;
	if (got == (ssize_t)sizeof exec_errno) {
		errno = exec_errno;
		return -1;
	}
	set_exit(ex, status);
	return 0;
}

/* The name of signal `sig` ("SIGSEGV"), or NULL when it is not a common one
 * (sigabbrev_np() would do, but needs glibc 2.32). */
const char *proc_signal_name(int sig)
{
	static const struct {
		int sig;
		const char *name;
	} names[] = {
		{ SIGSEGV, "SIGSEGV" }, { SIGBUS, "SIGBUS" },   { SIGILL, "SIGILL" },
		{ SIGFPE, "SIGFPE" },   { SIGABRT, "SIGABRT" }, { SIGKILL, "SIGKILL" },
		{ SIGTERM, "SIGTERM" }, { SIGINT, "SIGINT" },   { SIGPIPE, "SIGPIPE" },
		{ SIGTRAP, "SIGTRAP" }, { SIGSYS, "SIGSYS" },   { SIGXCPU, "SIGXCPU" },
		{ SIGHUP, "SIGHUP" },   { SIGALRM, "SIGALRM" }, { SIGUSR1, "SIGUSR1" },
		{ SIGUSR2, "SIGUSR2" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].sig == sig)
			return names[i].name;
	return NULL;
}

/* "exit status 2", "signal SIGSEGV (Segmentation fault)" or "timed out". */
void proc_describe_exit(const struct proc_exit *ex, char *out, size_t n)
{
	const char *name = proc_signal_name(ex->signal);
	if (ex->timed_out)
		snprintf(out, n, "timed out");
	else if (ex->signal && name)
		snprintf(out, n, "signal %s (%s)", name, strsignal(ex->signal));
	else if (ex->signal)
		snprintf(out, n, "signal %d (%s)", ex->signal, strsignal(ex->signal));
	else
		snprintf(out, n, "exit status %d", ex->code);
}

/* Create a private temporary folder under $TMPDIR (or /tmp); the harness
 * removes it at exit and when interrupted.  NULL when it cannot. */
char *proc_make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *tmpl = rc_xasprintf("%s/runtime_check.XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(tmpl)) {
		free(tmpl);
		return NULL;
	}
	tmpdir_to_remove = tmpl;
	return tmpl;
}

/* Remove `dir` and everything in it (it holds files and folders of files
 * that the harness made; symbolic links are removed, never followed). */
void proc_remove_tmpdir(const char *dir)
{
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (e->d_type == DT_DIR)
				proc_remove_tmpdir(path);
			else
				unlink(path);
		}
		closedir(d);
	}
	rmdir(dir);
}
