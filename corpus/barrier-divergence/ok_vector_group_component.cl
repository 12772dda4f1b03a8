// A branch on the group-id component of an int2: the same for every
// work-item of a group, so the barrier inside is reached by the whole group
// or by none of it. The vector also holds the local id, which once made the
// whole vector, and so the condition, look divergent (a false alarm found
// by fuzz/kgen.py, issue 20); components of vector literals are followed
// one by one.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void first_group_reverse(__global const float *in, __global float *out)
{
    __local float s[64];
    int2 id = (int2)(get_local_id(0), get_group_id(0));
    if (id.y == 0) {
        s[id.x] = in[id.x];
        barrier(CLK_LOCAL_MEM_FENCE);
        out[id.x] = s[63 - id.x];
    }
}
