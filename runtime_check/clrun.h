/*
 * clrun.h - the OpenCL side of the harness, run only inside forked children:
 * listing platforms and devices, and building and launching one kernel file
 * with a manifest section's sizes and arguments.  The only file that
 * includes CL/cl.h.  The parent never calls OpenCL, so that it stays a
 * single-threaded process that can fork safely (an ICD starts threads).
 *
 * A child reports on a pipe, one line each (see run.c for the reader):
 *   P build | P run L R       a phase starts (the watchdog restarts)
 *   X message                 setup failed: no such device, kernel or argument
 *   B message                 the build failed (the first lines of the log)
 *   C hit | stored | not stored: why | replaced: why
 *                             the program cache (cache.h): the program came from
 *                             it, was built and stored, could not be stored, or
 *                             its entry was unusable and was built again
 *   E where CL_ERROR message  an error while writing, launching, waiting, reading
 *   N message                 outputs differ between runs or local sizes
 *   T L R nanoseconds         the kernel's execution time (profiling)
 *   O L A path                first run's output of argument A at local size L
 *   D                         done
 * and for a listing, one line per device:
 *   V pidx didx type maxwg|platform|device|vendor|driver|version|C version|platform version
 */
#ifndef RC_CLRUN_H
#define RC_CLRUN_H

#include "compare.h"
#include "manifest.h"

struct clr_job {
	const struct man_kernel *mk;  /* sizes, arguments, options, runs */
	const char *path;             /* the file to build: the section's or its reference */
	const char *kernel;           /* the kernel to launch; NULL: the file's only one */
	unsigned pidx, didx;          /* platform and device, as enumerated */
	const char *device_name;      /* expected name of that device */
	const char *out_prefix;       /* first-run outputs go to PREFIX.L<l>.a<i> */
	const char *cache_dir;        /* the program cache (cache.h); NULL: none */
	struct cmp_opts cmp;
};

void clr_list_body(void *arg, int fd);
void clr_run_body(void *arg, int fd);
const char *clr_error_name(int code);

#endif
