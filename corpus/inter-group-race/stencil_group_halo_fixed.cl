// The fixed twin of stencil_group_halo.cl: pass 2 no longer reads what other
// work-items stored. It reads the input buffer `in`, which nobody writes,
// and writes only `out`: each work-item transforms its neighbours' samples
// itself (a little redundant arithmetic instead of synchronization). It
// still stores mag[gid] for whoever needs it later, but nobody reads it
// during this launch. When the intermediate is too costly to recompute,
// split the kernel in two and let the host order them: kernel 1 writes mag,
// kernel 2 reads mag and writes out.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void smooth_log(__global const float *in, __global float *mag,
                         __global float *out, int n)
{
    int gid = get_global_id(0);

    float c = log1p(fabs(in[gid]));
    mag[gid] = c;

    if (gid > 0 && gid < n - 1)
        out[gid] = (log1p(fabs(in[gid - 1])) + c + log1p(fabs(in[gid + 1]))) / 3.0f;
    else
        out[gid] = c;
}
