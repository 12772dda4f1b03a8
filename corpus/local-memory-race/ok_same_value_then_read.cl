// Every work-item stores the same value into a __local scalar and reads it
// back with no barrier in between: the centre of the window, set by all.
//
// The stores race with each other and with the reads, but every store
// writes the same value (half the group's size) and each reader made one
// itself before reading, so whatever store a read sees, it sees that value:
// benign, quiet by default like two stores of one value (reported with
// --report-benign). A second store of another value to the same variable
// would make the reads real races again.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void centre_pick(__global const float *in, __global float *out)
{
    __local int centre;
    __local float pick;
    int l = get_local_id(0);
    centre = get_local_size(0) / 2;
    if (l == centre)
        pick = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = in[get_global_id(0)] - pick;
}
