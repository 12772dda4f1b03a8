// The fixed twin of xor_steps_no_barrier.cl: a barrier after each step.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void merge4(__global int *data, __local int *t)
{
    int lid = get_local_id(0);
    t[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 2; step > 0; step >>= 1) {
        int p = lid ^ step;
        if (p > lid) {
            int x = t[lid], y = t[p];
            if (x > y) {
                t[lid] = y;
                t[p] = x;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    data[get_global_id(0)] = t[lid];
}
