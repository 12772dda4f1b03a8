# OpenCL C kernels in Python strings, the way PyOpenCL programs embed them.
#
# Triple-quoted strings (plain, raw, and f-strings whose doubled braces are
# single braces in the kernel) and adjacent strings inside parentheses are
# read as Python reads them. Findings are reported at the lines and columns
# of this file; the expectations are comments of the kernels themselves, or
# Python comments after the string that holds the code.
# RUN-CONFIG: --local-size=64
import pyopencl as cl

# A barrier that only the work-items below 16 reach.
DIVERGENT = """
__kernel void halves(__global float *a, __local float *t)
{
    int lid = get_local_id(0);
    t[lid] = a[get_global_id(0)];
    if (lid < 16)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    a[get_global_id(0)] = t[lid];
}
"""

# The same kernel fixed, in a raw f-string: {{ and }} are its braces, and a
# backslash stays a backslash.
FIXED = rf"""
__kernel void halves_fixed(__global float *a, __local float *t)
{{
    int lid = get_local_id(0);
    t[lid] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16) \
        a[get_global_id(0)] = t[63 - lid];
}}
"""

# Adjacent strings in parentheses form one source; a comment between them
# does not end it. Each work-item reads its neighbour's element too early.
SHIFT = (
    "__kernel void shift(__global float *a, __local float *t)\n"
    "{\n"
    "    int lid = get_local_id(0);\n"  # the neighbour below writes t[lid + 1]
    "    t[lid] = a[get_global_id(0)];\n"
    "    a[get_global_id(0)] = t[(lid + 1) % 64];\n"  # expected-error {{local-memory race on t[}}
    "}\n"
)

MESSAGE = 'kernel launch failed'


def build(ctx):
    return cl.Program(ctx, DIVERGENT + FIXED + SHIFT).build()
