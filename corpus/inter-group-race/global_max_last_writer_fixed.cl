// The fixed twin of global_max_last_writer.cl: the groups combine their
// maxima with atomic_max, which never loses another group's value, so
// result[0] ends as the maximum of the whole array whatever the order. The
// host initializes result[0] to a value no larger than any input (0 here,
// the inputs are non-negative). Storing one maximum per group in
// result[group] and finishing on the host is the other fix.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void array_max(__global const int *x, __global int *result, __local int *scratch)
{
    int lid = get_local_id(0);

    scratch[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] = max(scratch[lid], scratch[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        atomic_max(&result[0], scratch[0]);
}
