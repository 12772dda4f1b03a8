// Every work-item of a row of eight stores 2.0f to the row's element: a
// write-write race in which every store writes the same value.  Oclgrind
// keeps quiet about it unless asked (--oclgrind-uniform-writes), as
// clsynclint does unless asked (--report-benign).
__kernel void rows(__global float *out)
{
    __local float t[8];
    t[get_local_id(0) / 8] = 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[get_local_id(0) / 8];
}
