/*
 * backend.c - listing the OpenCL devices, naming them, selecting them.
 */
#include "backend.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clrun.h"
#include "oclgrind.h"
#include "proc.h"
#include "rc.h"

/* A listing child: which vendors folder it uses, and what it reported. */
struct listing {
	const char *icd_dir;
	struct be_list *bl;
	int is_oclgrind;
	char none[256];     /* "Z reason": no platform at all */
	int done;
};

/* Child body: switch to the listing's vendors folder, then list. */
static void list_body(void *arg, int fd)
{
	const struct listing *ls = arg;
	if (ls->icd_dir) {
		setenv("OCL_ICD_VENDORS", ls->icd_dir, 1);
		unsetenv("OCL_ICD_FILENAMES");
	}
	clr_list_body(NULL, fd);
}

/* Copy the '|'-separated field at *p into out, advancing *p past it. */
static void take_field(char **p, char *out, size_t n)
{
	char *bar = strchr(*p, '|');
	size_t len = bar ? (size_t)(bar - *p) : strlen(*p);
	snprintf(out, n, "%.*s", (int)len, *p);
	*p += len + (bar ? 1 : 0);
}

/* The short name of a device's platform: "oclgrind", "pocl", "nvidia"... */
static void base_id(const struct be_backend *be, char *out, size_t n)
{
	if (be->is_oclgrind || rc_icontains(be->platform, "oclgrind"))
		snprintf(out, n, "oclgrind");
	else if (rc_icontains(be->platform, "Portable Computing Language") ||
		 rc_icontains(be->platform, "pocl"))
		snprintf(out, n, "pocl");
	else if (rc_icontains(be->platform, "nvidia"))
		snprintf(out, n, "nvidia");
	else if (rc_icontains(be->platform, "amd"))
		snprintf(out, n, "amd");
	else if (rc_icontains(be->platform, "intel"))
		snprintf(out, n, "intel");
	else {
		size_t i = 0;
		for (const char *p = be->platform; *p && !isspace((unsigned char)*p) && i + 1 < n; p++)
			if (isalnum((unsigned char)*p))
				out[i++] = (char)tolower((unsigned char)*p);
		out[i] = '\0';
		if (!i)
			snprintf(out, n, "opencl");
	}
}

/* Parse one line of a listing child. */
static double on_list_line(void *ctx, char *line)
{
	struct listing *ls = ctx;
	if (line[0] == 'Z' && line[1] == ' ') {
		snprintf(ls->none, sizeof ls->none, "%s", line + 2);
		return 0;
	}
	if (line[0] == 'D') {
		ls->done = 1;
		return 0;
	}
	unsigned p, d;
	unsigned long long type;
	size_t maxwg;
	int used = 0;
	if (line[0] != 'V' || sscanf(line, "V %u %u %llu %zu|%n", &p, &d, &type, &maxwg, &used) != 4 ||
	    !used)
		return 0;
	struct be_backend *be = RC_PUSH(ls->bl->items, ls->bl->n, ls->bl->cap);
	memset(be, 0, sizeof *be);
	char *rest = line + used;
	take_field(&rest, be->platform, sizeof be->platform);
	take_field(&rest, be->device, sizeof be->device);
	take_field(&rest, be->vendor, sizeof be->vendor);
	take_field(&rest, be->driver, sizeof be->driver);
	take_field(&rest, be->version, sizeof be->version);
	take_field(&rest, be->clc, sizeof be->clc);
	take_field(&rest, be->platform_version, sizeof be->platform_version);
	be->pidx = p;
	be->didx = d;
	be->type = type;
	be->max_wg = maxwg;
	be->is_oclgrind = ls->is_oclgrind || rc_icontains(be->platform, "oclgrind");
	snprintf(be->icd_dir, sizeof be->icd_dir, "%s", ls->icd_dir ? ls->icd_dir : "");
	return 0;
}

/* Run one listing child; 0 when it finished, -1 with a message in err. */
static int run_listing(struct listing *ls, char *err, size_t errlen)
{
	struct proc_exit ex;
	if (proc_run_child(list_body, ls, NULL, 60, on_list_line, ls, &ex) != 0) {
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		return -1;
	}
	if (!ls->done) {
		char how[128];
		proc_describe_exit(&ex, how, sizeof how);
		snprintf(err, errlen, "listing the OpenCL devices%s%s failed: %s",
			 ls->icd_dir ? " of " : "", ls->icd_dir ? ls->icd_dir : "", how);
		return -1;
	}
	return 0;
}

/* List the devices: the ICD loader's, then Oclgrind's through a vendors
 * folder made in `tmpdir` (unless `want_oclgrind` is 0, or the loader lists
 * Oclgrind already).  Gives each a unique short id.  Returns 0, or -1 with a
 * message in err when a listing failed (a crashing ICD, say). */
int be_discover(struct be_list *bl, const char *tmpdir, const char *oclgrind_icd,
		int want_oclgrind, char *err, size_t errlen)
{
	struct listing sys = { .bl = bl };
	int rc = run_listing(&sys, err, errlen);
	int have_oclgrind = 0;
	for (unsigned i = 0; i < bl->n; i++)
		have_oclgrind |= bl->items[i].is_oclgrind;
	const char *icd = want_oclgrind && !have_oclgrind ? ogr_find_icd(oclgrind_icd) : NULL;
	if (icd) {
		char *dir = rc_path_join(tmpdir, "oclgrind-icd");
		char *file = rc_path_join(dir, "oclgrind.icd");
		char *text = rc_xasprintf("%s\n", icd);
		if (mkdir(dir, 0700) == 0 && rc_write_file(file, text, strlen(text)) == 0) {
			struct listing og = { .bl = bl, .icd_dir = dir, .is_oclgrind = 1 };
			char e2[512];
			if (run_listing(&og, e2, sizeof e2) != 0 && rc == 0) {
				snprintf(err, errlen, "%s", e2);
				rc = -1;
			}
		}
		free(dir);
		free(file);
		free(text);
	}
	for (unsigned i = 0; i < bl->n; i++) {
		char id[40];
		base_id(&bl->items[i], id, sizeof id);
		unsigned same = 0, index = 0;
		for (unsigned j = 0; j < bl->n; j++) {
			char other[40];
			base_id(&bl->items[j], other, sizeof other);
			if (!strcmp(id, other)) {
				if (j < i)
					index++;
				same++;
			}
		}
		if (same > 1)
			snprintf(bl->items[i].id, sizeof bl->items[i].id, "%s-%u", id, index);
		else
			snprintf(bl->items[i].id, sizeof bl->items[i].id, "%s", id);
	}
	return rc;
}

int be_is_gpu(const struct be_backend *be)
{
	return (be->type & BE_TYPE_GPU) != 0 && !be->is_oclgrind;
}

/* Does `be` match the --backend selector: "all", "gpu", "cpu", an id
 * ("pocl", "oclgrind", "pocl-1"), or its base name ("pocl" for "pocl-1")? */
int be_matches(const struct be_backend *be, const char *selector)
{
	if (!strcasecmp(selector, "all"))
		return 1;
	if (!strcasecmp(selector, "gpu"))
		return be_is_gpu(be);
	if (!strcasecmp(selector, "cpu"))
		return (be->type & BE_TYPE_CPU) != 0 && !be->is_oclgrind;
	if (!strcasecmp(selector, be->id))
		return 1;
	size_t n = strlen(selector);
	return !strncasecmp(selector, be->id, n) && be->id[n] == '-';
}

/* In a kernel child, before any OpenCL call: point the ICD loader at the
 * backend's vendors folder and, for Oclgrind, turn on its checks (data races,
 * uninitialized values when `uninit`, write-write races that store the same
 * value when `uniform_writes`) and send its reports to `oclgrind_log`. */
void be_child_env(const struct be_backend *be, const char *oclgrind_log, int uninit,
		  int uniform_writes)
{
	if (be->icd_dir[0]) {
		setenv("OCL_ICD_VENDORS", be->icd_dir, 1);
		unsetenv("OCL_ICD_FILENAMES");
	}
	if (be->is_oclgrind) {
		setenv("OCLGRIND_DATA_RACES", "1", 1);
		if (uninit)
			setenv("OCLGRIND_UNINITIALIZED", "1", 1);
		else
			unsetenv("OCLGRIND_UNINITIALIZED");
		if (uniform_writes)
			setenv("OCLGRIND_UNIFORM_WRITES", "1", 1);
		else
			unsetenv("OCLGRIND_UNIFORM_WRITES");
		setenv("OCLGRIND_MAX_ERRORS", "1000", 1);
		if (oclgrind_log)
			setenv("OCLGRIND_LOG", oclgrind_log, 1);
	}
}

void be_free(struct be_list *bl)
{
	free(bl->items);
	memset(bl, 0, sizeof *bl);
}
