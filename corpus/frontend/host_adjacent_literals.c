/* OpenCL C kernels as adjacent C string literals, the way C host code
 * writes them for clCreateProgramWithSource.
 *
 * The literals of a kernel are joined as the C compiler joins them, comments
 * between them included; escapes are decoded (\n, \t, \", octal and hex) and
 * a backslash-newline inside a literal continues it. Findings are reported at
 * the host file's lines and columns; the expectations are host comments after
 * the literal that holds the code, and the lines they cite are the host
 * file's (notes are checked here).
 * RUN-CONFIG: --local-size=64
 */
#include <stdio.h>

/* Each work-item reads its neighbour's element with no barrier between. */
static const char *scale_src =
    "__kernel void scale(__global float *a, __local float *t)\n"
    "{\n"
    "\tint l = get_local_id(0);\n"             /* a tab, escaped */
    "    t[l] = a[get_global_id(0)];\n"        // expected-note {{the other access: t[}}
    "    a[get_global_id(0)] = t[(l + 1) % 64];\n" // expected-error {{writes it (line 19) while work-item}}
    "}\n";

/* The fixed twin, with the escapes a generator writes: \x41 and \102 spell
 * the names A and B, \" quotes a string for printf, and one literal goes on
 * after a backslash-newline. */
static const char *scale_fixed_src =
    "__kernel void scale_fixed(__global float *a, __local float *t)\n"
    "{\n"
    "    int \x41 = get_local_id(0), \102 = (\x41 + 1) % 64;\n"
    "    t[A] = a[get_global_id(0)];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    a[get_global_id(0)] = t[B];\n"
    "    if (A == 0) printf(\"done\\n\");\n"
    "}\n";

/* A barrier under a branch, in one long literal continued over three lines;
 * the note's line is the host file's.
 * expected-error@+4 {{barrier reached under divergent control flow}}
 * expected-note@+2 {{branch condition depends on get_global_id(0) (line 41)}} */
static const char *divergent_src = "__kernel void divergent(__global int *flags) {\n\
    if (flags[get_global_id(0)])\n\
        barrier(CLK_GLOBAL_MEM_FENCE);\n\
}\n";

static const char *message = "kernel source not found";

int main(void)
{
    puts(message);
    return scale_src[0] + scale_fixed_src[0] + divergent_src[0] == 0;
}
