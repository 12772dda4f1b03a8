// A per-group origin read from a table, used by a write and by reads: quiet.
//
// Each work-group stages its slice of `in` in a window of __local memory
// that starts at an origin the host chose for the group (origin[group], at
// most 31), clears the 128 elements after it, and after the barrier every
// work-item adds its element and the next one. The origin is one value for
// the whole group: the write w[o + lid] and the clearing store w[o + lid +
// 128] never meet, whatever the table holds. clsynclint used to take the
// two uses of `o` for two independent unknowns (one per access) and report
// a race between work-items 97 and 0; a value loaded once is now one
// unknown wherever it is used.
// RUN-CONFIG: --local-size=128
// expected-no-diagnostics
__kernel void shift_window(__global float *out, __global const float *in,
                           __global const int *origin)
{
    __local float w[288];
    int lid = get_local_id(0);
    int o = origin[get_group_id(0)] & 31;
    w[o + lid] = in[get_global_id(0)];
    w[o + lid + 128] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = w[o + lid] + w[o + lid + 1];
}
