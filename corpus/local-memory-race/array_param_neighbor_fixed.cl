// The fixed twin of array_param_neighbor.cl: a barrier between the stores
// into row and the reads of the neighbours. The buffer is still passed as an
// array parameter (`__local float row[]`, a pointer), and the helper still
// takes it as one.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
float right_of(__local const float row[], int i, int n)
{
    return row[(i + 1) % n];
}

__kernel void smooth(__global const float *in, __global float *out, __local float row[])
{
    int lid = get_local_id(0);
    row[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = 0.5f * (row[lid] + right_of(row, lid, get_local_size(0)));
}
