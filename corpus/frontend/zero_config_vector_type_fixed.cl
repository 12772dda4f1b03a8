// Fixed twin of zero_config_vector_type.cl: a barrier between the stores
// into the tile and the neighbour's read. real4 and VEC are still analyzed
// as float4, for the name of one and the components of the other.
// expected-no-diagnostics
__kernel void forces(__global const real4 *pos, __global VEC *force, __local real4 *tile)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    real4 p = pos[get_global_id(0)];
    tile[lid] = p;
    barrier(CLK_LOCAL_MEM_FENCE);
    real4 q = tile[(lid + 1) % n];
    VEC f = q - p;
    f.w = 0.0f;
    force[get_global_id(0)] = f;
}
