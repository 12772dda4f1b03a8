/*
 * fsguard.h - the files the compiler may read (fsg_ prefix; fsguard.c).
 *
 * While a file is parsed, libclang can open only directories and regular
 * files of at most CLS_MAX_FILE_SIZE bytes: devices, FIFOs and sockets are
 * refused before they are opened.  The frontend asks afterwards what was
 * refused, to say so instead of the compiler's "file not found".
 */
#ifndef CLS_FSGUARD_H
#define CLS_FSGUARD_H

#include <stdbool.h>

/* Forget earlier refusals; called before each parse. */
void fsg_reset(void);

/* Was any file refused since fsg_reset? */
bool fsg_any_refused(void);

/* Why the file that the compiler calls `name` (as in its message, maybe
 * relative: './x.h') was refused since fsg_reset ("not a regular file",
 * "larger than 64 MiB"); NULL if it was not. */
const char *fsg_why_refused(const char *name);

#endif
