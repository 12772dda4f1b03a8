/*
 * proc.h - child processes under a watchdog.
 *
 * Every kernel run and every analyzer run happens in a child process, in a
 * process group of its own, so that a hang or a crash is a result and not the
 * end of the harness.  A kernel child reports on a pipe, one line at a time;
 * each report that starts a new phase (a build, a launch) resets the
 * watchdog, so the timeout bounds each phase, not the whole child.
 */
#ifndef RC_PROC_H
#define RC_PROC_H

#include <sys/types.h>

#include "rc.h"

struct proc_exit {
	int timed_out;   /* the watchdog killed it */
	int signal;      /* the signal that ended it, 0 when it exited */
	int code;        /* its exit status when it exited */
};

/* Called for each line a child reports (without the newline); returns the
 * seconds the next phase may take when the line starts one (the watchdog
 * restarts with that limit), 0 otherwise. */
typedef double proc_line_fn(void *ctx, char *line);

/* The body of a forked child: report on `fd` with proc_report(). */
typedef void proc_body_fn(void *arg, int fd);

int proc_run_child(proc_body_fn *body, void *arg, const char *log_path, double timeout,
		   proc_line_fn *on_line, void *ctx, struct proc_exit *ex);
void proc_report(int fd, const char *fmt, ...) RC_PRINTF(2, 3);
int proc_capture(char *const argv[], double timeout, struct rc_buf *out,
		 struct rc_buf *err, struct proc_exit *ex);
void proc_describe_exit(const struct proc_exit *ex, char *out, size_t n);
const char *proc_signal_name(int sig);

char *proc_make_tmpdir(void);
void proc_remove_tmpdir(const char *dir);
void proc_install_signal_handlers(void);

#endif
