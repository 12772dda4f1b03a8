// Every work-item of every work-group that finds a non-finite sample sets
// one global flag to 1: a benign race, quiet by default.
//
// The stores all write the same constant, so whichever lands last the flag
// reads 1; the host clears it before the launch and reads it afterwards.
// clsynclint treats same-value stores from any work-items, of one group or
// of several, as benign (see --report-benign for the local rule). A
// conforming alternative is atomic_or(flag, 1).
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void check_finite(__global const float *x, __global int *flag)
{
    if (!isfinite(x[get_global_id(0)]))
        flag[0] = 1;
}
