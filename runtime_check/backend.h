/*
 * backend.h - the OpenCL devices the harness runs kernels on.
 *
 * The devices the ICD loader offers (its usual vendors folder, or
 * OCL_ICD_VENDORS), plus Oclgrind through a private vendors folder that
 * names its ICD library, so that it needs no system-wide registration.
 * Listing happens in a child process, like every kernel run.
 */
#ifndef RC_BACKEND_H
#define RC_BACKEND_H

#include <stddef.h>

/* CL_DEVICE_TYPE_CPU and _GPU, without including CL/cl.h here. */
#define BE_TYPE_CPU (1ull << 1)
#define BE_TYPE_GPU (1ull << 2)

struct be_backend {
	char id[48];            /* short name for tables: pocl, oclgrind, nvidia, ... */
	char platform[256];     /* CL_PLATFORM_NAME */
	char platform_version[256];
	char device[256];       /* CL_DEVICE_NAME */
	char vendor[256];       /* CL_DEVICE_VENDOR */
	char driver[256];       /* CL_DRIVER_VERSION */
	char version[256];      /* CL_DEVICE_VERSION */
	char clc[256];          /* CL_DEVICE_OPENCL_C_VERSION */
	unsigned long long type; /* CL_DEVICE_TYPE bits */
	size_t max_wg;          /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
	unsigned pidx, didx;    /* platform and device index, under icd_dir */
	char icd_dir[512];      /* OCL_ICD_VENDORS for its children; "" inherits */
	int is_oclgrind;
};

struct be_list {
	struct be_backend *items;
	unsigned n, cap;
};

int be_discover(struct be_list *bl, const char *tmpdir, const char *oclgrind_icd,
		int want_oclgrind, char *err, size_t errlen);
int be_matches(const struct be_backend *be, const char *selector);
void be_child_env(const struct be_backend *be, const char *oclgrind_log, int uninit,
		  int uniform_writes);
int be_is_gpu(const struct be_backend *be);
void be_free(struct be_list *bl);

#endif
