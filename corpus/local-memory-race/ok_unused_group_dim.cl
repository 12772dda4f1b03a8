// A 1-D work-group in a 2-D grid: quiet.
//
// Each work-group stages 256 elements of its block in __local memory and
// writes them back reversed. The grid is two-dimensional (the kernel asks
// for get_group_id(1) to find its block), but the kernel never asks for
// get_local_id(1): its work-groups are one work-item tall, and two
// work-items that differ only along dimension 1 do not exist. clsynclint
// used to analyze a 16x16 group here and report work-items (0,0) and (0,2)
// both writing s[0]; the launch is now decided from the dimensions the
// kernel tells apart.
// expected-no-diagnostics
__kernel void reverse_blocks(__global const float *in, __global float *out)
{
    __local float s[256];
    int lid = get_local_id(0);
    int block = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    s[lid] = in[block * 256 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[block * 256 + lid] = s[255 - lid];
}
