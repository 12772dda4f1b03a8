/*
 * clrun.c - OpenCL inside the harness's children.
 */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include "clrun.h"

#include <CL/cl.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "proc.h"
#include "rc.h"

/* The name of an OpenCL error code ("CL_OUT_OF_RESOURCES"). */
const char *clr_error_name(int code)
{
	switch (code) {
#define E(x) \
	case x:  \
		return #x;
		E(CL_SUCCESS) E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE)
		E(CL_COMPILER_NOT_AVAILABLE) E(CL_MEM_OBJECT_ALLOCATION_FAILURE)
		E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
		E(CL_PROFILING_INFO_NOT_AVAILABLE) E(CL_MEM_COPY_OVERLAP)
		E(CL_IMAGE_FORMAT_MISMATCH) E(CL_IMAGE_FORMAT_NOT_SUPPORTED)
		E(CL_BUILD_PROGRAM_FAILURE) E(CL_MAP_FAILURE)
		E(CL_MISALIGNED_SUB_BUFFER_OFFSET)
		E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
		E(CL_COMPILE_PROGRAM_FAILURE) E(CL_LINKER_NOT_AVAILABLE)
		E(CL_LINK_PROGRAM_FAILURE) E(CL_DEVICE_PARTITION_FAILED)
		E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE) E(CL_INVALID_VALUE)
		E(CL_INVALID_DEVICE_TYPE) E(CL_INVALID_PLATFORM) E(CL_INVALID_DEVICE)
		E(CL_INVALID_CONTEXT) E(CL_INVALID_QUEUE_PROPERTIES)
		E(CL_INVALID_COMMAND_QUEUE) E(CL_INVALID_HOST_PTR)
		E(CL_INVALID_MEM_OBJECT) E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
		E(CL_INVALID_IMAGE_SIZE) E(CL_INVALID_SAMPLER) E(CL_INVALID_BINARY)
		E(CL_INVALID_BUILD_OPTIONS) E(CL_INVALID_PROGRAM)
		E(CL_INVALID_PROGRAM_EXECUTABLE) E(CL_INVALID_KERNEL_NAME)
		E(CL_INVALID_KERNEL_DEFINITION) E(CL_INVALID_KERNEL)
		E(CL_INVALID_ARG_INDEX) E(CL_INVALID_ARG_VALUE) E(CL_INVALID_ARG_SIZE)
		E(CL_INVALID_KERNEL_ARGS) E(CL_INVALID_WORK_DIMENSION)
		E(CL_INVALID_WORK_GROUP_SIZE) E(CL_INVALID_WORK_ITEM_SIZE)
		E(CL_INVALID_GLOBAL_OFFSET) E(CL_INVALID_EVENT_WAIT_LIST)
		E(CL_INVALID_EVENT) E(CL_INVALID_OPERATION) E(CL_INVALID_GL_OBJECT)
		E(CL_INVALID_BUFFER_SIZE) E(CL_INVALID_MIP_LEVEL)
		E(CL_INVALID_GLOBAL_WORK_SIZE) E(CL_INVALID_PROPERTY)
		E(CL_INVALID_IMAGE_DESCRIPTOR) E(CL_INVALID_COMPILER_OPTIONS)
		E(CL_INVALID_LINKER_OPTIONS) E(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef E
	case -1001:
		return "CL_PLATFORM_NOT_FOUND_KHR";
	}
	return "CL_UNKNOWN_ERROR";
}

/* A device or platform string parameter, '|' replaced (the list separator). */
static void info_str(cl_int (*get)(void *, cl_uint, size_t, void *, size_t *), void *obj,
		     cl_uint param, char *out, size_t n)
{
	out[0] = '\0';
	if (get(obj, param, n, out, NULL) != CL_SUCCESS)
		snprintf(out, n, "?");
	out[n - 1] = '\0';
	for (char *p = out; *p; p++)
		if (*p == '|')
			*p = '/';
	rc_one_line(out, n - 1);
}

/* Adapters: clGetDeviceInfo and clGetPlatformInfo with void * handles. */
static cl_int dev_info(void *d, cl_uint p, size_t n, void *v, size_t *r)
{
	return clGetDeviceInfo((cl_device_id)d, p, n, v, r);
}

static cl_int plat_info(void *d, cl_uint p, size_t n, void *v, size_t *r)
{
	return clGetPlatformInfo((cl_platform_id)d, p, n, v, r);
}

/* Child body: list every device of every platform the ICD loader offers
 * (one V line each). */
void clr_list_body(void *arg, int fd)
{
	(void)arg;
	cl_uint np = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &np);
	if (err != CL_SUCCESS || np == 0) {
		proc_report(fd, "Z %s", err == CL_SUCCESS ? "no platform" : clr_error_name(err));
		proc_report(fd, "D");
		return;
	}
	cl_platform_id *ps = rc_xcalloc(np, sizeof *ps);
	clGetPlatformIDs(np, ps, NULL);
	for (cl_uint p = 0; p < np; p++) {
		char pname[256], pver[256];
		info_str(plat_info, ps[p], CL_PLATFORM_NAME, pname, sizeof pname);
		info_str(plat_info, ps[p], CL_PLATFORM_VERSION, pver, sizeof pver);
		cl_uint nd = 0;
		if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || !nd)
			continue;
		cl_device_id *ds = rc_xcalloc(nd, sizeof *ds);
		clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_ALL, nd, ds, NULL);
		for (cl_uint d = 0; d < nd; d++) {
			char name[256], vendor[256], driver[256], version[256], clc[256];
			cl_device_type type = 0;
			size_t maxwg = 0;
			info_str(dev_info, ds[d], CL_DEVICE_NAME, name, sizeof name);
			info_str(dev_info, ds[d], CL_DEVICE_VENDOR, vendor, sizeof vendor);
			info_str(dev_info, ds[d], CL_DRIVER_VERSION, driver, sizeof driver);
			info_str(dev_info, ds[d], CL_DEVICE_VERSION, version, sizeof version);
			info_str(dev_info, ds[d], CL_DEVICE_OPENCL_C_VERSION, clc, sizeof clc);
			clGetDeviceInfo(ds[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
			clGetDeviceInfo(ds[d], CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL);
			proc_report(fd, "V %u %u %llu %zu|%s|%s|%s|%s|%s|%s|%s", p, d,
				    (unsigned long long)type, maxwg, pname, name, vendor, driver,
				    version, clc, pver);
		}
		free(ds);
	}
	free(ps);
	proc_report(fd, "D");
}

/* The first lines of the build log of `prog` on `dev`, folded onto one line. */
static void build_log(cl_program prog, cl_device_id dev, char *out, size_t n)
{
	size_t len = 0;
	out[0] = '\0';
	if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len) != CL_SUCCESS ||
	    len == 0)
		return;
	char *log = rc_xmalloc(len + 1);
	if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL) == CL_SUCCESS) {
		log[len] = '\0';
		/* Start at the first error when there is one: warnings come first. */
		char *start = strstr(log, "error");
		if (start) {
			while (start > log && start[-1] != '\n')
				start--;
		} else {
			start = log;
		}
		snprintf(out, n, "%s", start);
		rc_one_line(out, n > 400 ? 400 : n - 1);
	}
	free(log);
}

/* One buffer argument's host memory: the initial data, the first run of
 * the first local size, the first run of this local size, the latest run. */
struct hostbuf {
	void *init, *base0, *base, *now;
	cl_mem mem;
	size_t bytes;
};

/* Compare the output `now` of arg i against `ref` and report an N line when
 * they differ, naming the two runs. */
static int report_diff(int fd, const struct clr_job *job, unsigned i, const void *now,
		       const void *ref, const char *now_name, const char *ref_name)
{
	const struct man_arg *a = &job->mk->args[i];
	struct cmp_diff d;
	if (!cmp_buffers(now, ref, &a->type, a->count, &job->cmp, &d))
		return 0;
	char what[32], msg[512];
	snprintf(what, sizeof what, "arg.%u", i);
	cmp_describe(&d, what, &a->type, now_name, ref_name, msg, sizeof msg);
	proc_report(fd, "N %s", msg);
	return 1;
}

/* The program cache's key (cache.h) of `src` built with `options` on
 * `dev` of `plat`: the strings that name the compiler that made a binary
 * (a driver update changes CL_DRIVER_VERSION, and so the key). */
static void cache_key(cl_platform_id plat, cl_device_id dev, const char *options,
		      const char *src, size_t srclen, char key[65])
{
	static const cl_uint dparams[] = { CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DRIVER_VERSION,
					   CL_DEVICE_VERSION, CL_DEVICE_OPENCL_C_VERSION };
	char s[7][256];
	const char *fields[8];
	info_str(plat_info, plat, CL_PLATFORM_NAME, s[0], sizeof s[0]);
	info_str(plat_info, plat, CL_PLATFORM_VERSION, s[1], sizeof s[1]);
	for (unsigned i = 0; i < 5; i++)
		info_str(dev_info, dev, dparams[i], s[2 + i], sizeof s[2 + i]);
	for (unsigned i = 0; i < 7; i++)
		fields[i] = s[i];
	fields[7] = options ? options : "";
	pc_key(fields, 8, src, srclen, key);
}

/* The program of cache entry `key`, built; NULL when there is no entry or
 * it is unusable (corrupt, or rejected by the driver: *why says so and the
 * caller builds from source). */
static cl_program cached_program(cl_context ctx, cl_device_id dev, const struct clr_job *job,
				 const char *key, char *why, size_t n)
{
	size_t len = 0;
	unsigned char *bin = pc_load(job->cache_dir, key, &len, why, n);
	if (!bin)
		return NULL;
	const unsigned char *bins[] = { bin };
	cl_int err, status = CL_SUCCESS;
	cl_program prog = clCreateProgramWithBinary(ctx, 1, &dev, &len, bins, &status, &err);
	free(bin);
	if (!prog || status != CL_SUCCESS) {
		snprintf(why, n, "the driver rejects the cached binary (%s)",
			 clr_error_name(prog ? status : err));
		if (prog)
			clReleaseProgram(prog);
		return NULL;
	}
	err = clBuildProgram(prog, 1, &dev, job->mk->options, NULL, NULL);
	if (err != CL_SUCCESS) {
		snprintf(why, n, "the cached binary does not build (%s)", clr_error_name(err));
		clReleaseProgram(prog);
		return NULL;
	}
	return prog;
}

/* Store `prog`, just built from source, under `key`, and report it; `bad`
 * says why the entry there was unusable ("" when there was none). */
static void store_program(cl_program prog, const struct clr_job *job, const char *key,
			  const char *bad, int fd)
{
	char why[512] = "";
	size_t len = 0;
	cl_int err = clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL);
	if (err != CL_SUCCESS || len == 0) {
		snprintf(why, sizeof why, "the driver gives no binary (%s)", clr_error_name(err));
	} else {
		unsigned char *bin = rc_xmalloc(len);
		err = clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
		if (err != CL_SUCCESS)
			snprintf(why, sizeof why, "the driver gives no binary (%s)",
				 clr_error_name(err));
		else
			pc_store(job->cache_dir, key, bin, len, why, sizeof why);
		free(bin);
	}
	if (why[0])
		proc_report(fd, "C not stored: %s%s%s", why, *bad ? "; the entry: " : "", bad);
	else if (*bad)
		proc_report(fd, "C replaced: %s", bad);
	else
		proc_report(fd, "C stored");
}

/* The kernel to launch: job->kernel, or the program's only one; NULL with
 * the line to report in msg ("B ...": the backend's failure, "X ...": the
 * manifest's). */
static cl_kernel make_kernel(cl_program prog, const struct clr_job *job, const char *src,
			     char *msg, size_t n)
{
	cl_int err;
	cl_kernel k = NULL;
	if (job->kernel) {
		k = clCreateKernel(prog, job->kernel, &err);
		if (!k) {
			/* A name that the source defines is the backend's failure (Oclgrind
			 * gives up on kernels that call builtins it lacks); one that it does
			 * not define is the manifest's. */
			if (strstr(src, job->kernel))
				snprintf(msg, n, "B cannot create kernel '%s' (%s)", job->kernel,
					 clr_error_name(err));
			else
				snprintf(msg, n, "X no kernel '%s' in %s (%s)", job->kernel, job->path,
					 clr_error_name(err));
		}
		return k;
	}
	cl_uint nk = 0;
	err = clCreateKernelsInProgram(prog, 0, NULL, &nk);
	if (err != CL_SUCCESS) {
		snprintf(msg, n, "B cannot create the kernels (%s)", clr_error_name(err));
		return NULL;
	}
	if (nk != 1) {
		snprintf(msg, n, "X %s has %u kernels: name one with 'kernel ='", job->path, nk);
		return NULL;
	}
	err = clCreateKernelsInProgram(prog, 1, &k, NULL);
	if (err != CL_SUCCESS) {
		snprintf(msg, n, "B cannot create the kernel (%s)", clr_error_name(err));
		return NULL;
	}
	return k;
}

/* Child body: build job->path and launch its kernel with job->mk's sizes and
 * arguments, `runs` times at every local size; report as the protocol says.
 * Returns as soon as something fails (the parent takes it from the reports);
 * OpenCL objects are not released: the child exits right after. */
void clr_run_body(void *arg, int fd)
{
	const struct clr_job *job = arg;
	const struct man_kernel *mk = job->mk;
	cl_int err;
	size_t srclen;
	char *src = rc_read_file(job->path, &srclen);
	if (!src) {
		proc_report(fd, "X cannot read %s", job->path);
		return;
	}
	cl_uint np = 0;
	err = clGetPlatformIDs(0, NULL, &np);
	if (err != CL_SUCCESS || job->pidx >= np) {
		proc_report(fd, "X platform %u is gone (%s)", job->pidx, clr_error_name(err));
		return;
	}
	cl_platform_id *ps = rc_xcalloc(np, sizeof *ps);
	clGetPlatformIDs(np, ps, NULL);
	cl_uint nd = 0;
	err = clGetDeviceIDs(ps[job->pidx], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
	if (err != CL_SUCCESS || job->didx >= nd) {
		proc_report(fd, "X device %u of platform %u is gone (%s)", job->didx, job->pidx,
			    clr_error_name(err));
		return;
	}
	cl_device_id *ds = rc_xcalloc(nd, sizeof *ds);
	clGetDeviceIDs(ps[job->pidx], CL_DEVICE_TYPE_ALL, nd, ds, NULL);
	cl_device_id dev = ds[job->didx];
	char name[256];
	info_str(dev_info, dev, CL_DEVICE_NAME, name, sizeof name);
	if (strcmp(name, job->device_name) != 0) {
		proc_report(fd, "X device %u of platform %u is now '%s', not '%s'", job->didx,
			    job->pidx, name, job->device_name);
		return;
	}
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	if (!ctx) {
		proc_report(fd, "X clCreateContext: %s", clr_error_name(err));
		return;
	}
	cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
	if (!q) {
		proc_report(fd, "X clCreateCommandQueue: %s", clr_error_name(err));
		return;
	}

	proc_report(fd, "P build");
	char key[65] = "", why[512] = "", msg[1024];
	cl_program prog = NULL;
	cl_kernel k = NULL;
	if (job->cache_dir) {
		cache_key(ps[job->pidx], dev, mk->options, src, srclen, key);
		prog = cached_program(ctx, dev, job, key, why, sizeof why);
		if (prog) {
			k = make_kernel(prog, job, src, msg, sizeof msg);
			if (k) {
				proc_report(fd, "C hit");
			} else if (msg[0] == 'X') {
				/* The manifest's fault, whatever the program's origin. */
				proc_report(fd, "C hit");
				proc_report(fd, "%s", msg);
				return;
			} else {
				/* The entry was built from this very source, so its kernel
				 * is there unless the entry is wrong: build from source,
				 * which says what really fails. */
				snprintf(why, sizeof why, "%.400s in the cached program", msg + 2);
				clReleaseProgram(prog);
				prog = NULL;
			}
		}
	}
	if (!prog) {
		const char *srcs[] = { src };
		prog = clCreateProgramWithSource(ctx, 1, srcs, &srclen, &err);
		if (!prog) {
			proc_report(fd, "X clCreateProgramWithSource: %s", clr_error_name(err));
			return;
		}
		err = clBuildProgram(prog, 1, &dev, mk->options, NULL, NULL);
		if (err != CL_SUCCESS) {
			char log[1024];
			build_log(prog, dev, log, sizeof log);
			proc_report(fd, "B %s%s%s", clr_error_name(err), *log ? ": " : "", log);
			return;
		}
		/* Only successful builds are stored: a failed one must report its
		 * log, which a binary does not keep.  (Nothing reads the log of a
		 * successful build, so a hit loses nothing.) */
		if (job->cache_dir)
			store_program(prog, job, key, why, fd);
		k = make_kernel(prog, job, src, msg, sizeof msg);
		if (!k) {
			proc_report(fd, "%s", msg);
			return;
		}
	}
	cl_uint nargs = 0;
	clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
	if (nargs != mk->nargs) {
		proc_report(fd, "X the kernel in %s takes %u argument%s, the manifest gives %u",
			    job->path, nargs, nargs == 1 ? "" : "s", mk->nargs);
		return;
	}

	struct hostbuf *hb = rc_xcalloc(mk->nargs ? mk->nargs : 1, sizeof *hb);
	for (unsigned i = 0; i < mk->nargs; i++) {
		const struct man_arg *a = &mk->args[i];
		if (a->kind == MAN_ARG_LOCAL) {
			err = clSetKernelArg(k, i, a->count * a->type.size, NULL);
		} else if (a->kind == MAN_ARG_SCALAR) {
			err = clSetKernelArg(k, i, a->type.size, a->value);
		} else {
			struct hostbuf *h = &hb[i];
			h->bytes = a->count * a->type.size;
			h->init = rc_xmalloc(h->bytes);
			fill_apply(h->init, &a->type, a->count, &a->fill);
			if (a->dir != MAN_IN) {
				h->base0 = rc_xmalloc(h->bytes);
				h->base = rc_xmalloc(h->bytes);
				h->now = rc_xmalloc(h->bytes);
			}
			h->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE, h->bytes, NULL, &err);
			if (!h->mem) {
				proc_report(fd, "X arg.%u: cannot allocate %zu bytes on the device (%s)",
					    i, h->bytes, clr_error_name(err));
				return;
			}
			err = clSetKernelArg(k, i, sizeof h->mem, &h->mem);
		}
		if (err != CL_SUCCESS) {
			proc_report(fd, "X arg.%u (%s): clSetKernelArg: %s", i, a->text,
				    clr_error_name(err));
			return;
		}
	}

	for (unsigned l = 0; l < mk->nlocal; l++) {
		char lsz[64], lsz0[64];
		man_format_size(mk->local[l], mk->dims, lsz, sizeof lsz);
		man_format_size(mk->local[0], mk->dims, lsz0, sizeof lsz0);
		for (unsigned r = 0; r < mk->runs; r++) {
			proc_report(fd, "P run %u %u", l, r);
			for (unsigned i = 0; i < mk->nargs; i++) {
				if (!hb[i].mem)
					continue;
				err = clEnqueueWriteBuffer(q, hb[i].mem, CL_TRUE, 0, hb[i].bytes,
							   hb[i].init, 0, NULL, NULL);
				if (err != CL_SUCCESS) {
					proc_report(fd, "E write %s arg.%u", clr_error_name(err), i);
					return;
				}
			}
			if (mk->seed_arg) {
				cl_uint seed = r + 1;
				err = clSetKernelArg(k, mk->seed_arg - 1, sizeof seed, &seed);
				if (err != CL_SUCCESS) {
					proc_report(fd, "E seed %s arg.%u", clr_error_name(err),
						    mk->seed_arg - 1);
					return;
				}
			}
			cl_event ev = NULL;
			err = clEnqueueNDRangeKernel(q, k, mk->dims, NULL, mk->global, mk->local[l], 0,
						     NULL, &ev);
			if (err != CL_SUCCESS) {
				proc_report(fd, "E enqueue %s local size %s", clr_error_name(err), lsz);
				return;
			}
			err = clWaitForEvents(1, &ev);
			cl_int status = CL_COMPLETE;
			clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
				       NULL);
			if (err != CL_SUCCESS || status < 0) {
				proc_report(fd, "E finish %s local size %s",
					    clr_error_name(status < 0 ? status : err), lsz);
				return;
			}
			cl_ulong t0 = 0, t1 = 0;
			if (clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0,
						    NULL) == CL_SUCCESS &&
			    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1,
						    NULL) == CL_SUCCESS &&
			    t1 >= t0)
				proc_report(fd, "T %u %u %llu", l, r, (unsigned long long)(t1 - t0));
			clReleaseEvent(ev);
			for (unsigned i = 0; i < mk->nargs; i++) {
				struct hostbuf *h = &hb[i];
				if (!h->now)
					continue;
				void *dst = r == 0 ? h->base : h->now;
				err = clEnqueueReadBuffer(q, h->mem, CL_TRUE, 0, h->bytes, dst, 0, NULL,
							  NULL);
				if (err != CL_SUCCESS) {
					proc_report(fd, "E read %s arg.%u", clr_error_name(err), i);
					return;
				}
				char now_name[128], ref_name[128];
				if (r == 0 && mk->args[i].scratch && l == 0) {
					char *file = rc_xasprintf("%s.L%u.a%u", job->out_prefix, l, i);
					if (rc_write_file(file, h->base, h->bytes) == 0)
						proc_report(fd, "O %u %u %s", l, i, file);
					free(file);
					continue;
				}
				if (mk->args[i].scratch)
					continue;
				if (r == 0) {
					char *file = rc_xasprintf("%s.L%u.a%u", job->out_prefix, l, i);
					if (rc_write_file(file, h->base, h->bytes) == 0)
						proc_report(fd, "O %u %u %s", l, i, file);
					free(file);
					if (l == 0) {
						memcpy(h->base0, h->base, h->bytes);
						continue;
					}
					snprintf(now_name, sizeof now_name, "at local size %s", lsz);
					snprintf(ref_name, sizeof ref_name, "at local size %s", lsz0);
					report_diff(fd, job, i, h->base, h->base0, now_name, ref_name);
				} else {
					snprintf(now_name, sizeof now_name, "in run %u", r + 1);
					snprintf(ref_name, sizeof ref_name, "in run 1 (local size %s)", lsz);
					report_diff(fd, job, i, h->now, h->base, now_name, ref_name);
				}
			}
		}
	}
	proc_report(fd, "D");
}
