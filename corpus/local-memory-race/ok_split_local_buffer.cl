// One dynamic __local buffer split into three arrays of n elements, the way
// a kernel written for "extern __shared__" memory declares several arrays:
// the host passes n = the work-group size and 3 * n floats of local memory.
// Every work-item fills its own element of each part, and after the barrier
// combines its neighbours' elements of the outer parts with its own middle
// one. The parts never meet while each subscript stays below n; a race
// between them needs the host to pass an n smaller than its work-group (a
// coincidence of its sizes: reported only with --report-conditional). Before
// the split was understood, the stores were reported as errors "when 'n' <
// get_local_size(0)".
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth3(__global const float *in, __global float *out, __local float *buf, int n)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    __local float *lo = buf;
    __local float *mid = &lo[n];
    __local float *hi = &mid[n];

    lo[lid] = 0.25f * in[gid];
    mid[lid] = 0.5f * in[gid];
    hi[lid] = 0.25f * in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    int left = lid > 0 ? lid - 1 : lid;
    int right = lid + 1 < n ? lid + 1 : lid;
    out[gid] = lo[left] + mid[lid] + hi[right];
}
