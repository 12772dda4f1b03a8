// A loop-carried race that needs the loop's second pass, and has it.
//
// Each pass stages a slice of the input in s[], waits at one barrier and
// reads a neighbour's element. The pass count is fixed in the code (two),
// so the next pass's store s[lid] meets a slower neighbour's read of
// s[lid ^ 1] from the pass before: work-item 0 overwrites s[0] for pass 1
// while work-item 1 may still be reading it for pass 0. The loop's bounds
// allow that second pass whatever the launch; compare
// ok_loop_once_launch.cl, whose loop runs once at its launch. Fixed in
// loop_carried_two_passes_fixed.cl (a second barrier ends each pass).
// RUN-CONFIG: --local-size=64 --global-size=128
#define NPASS 2
__kernel void passes(__global const float *in, __global float *out)
{
    __local float s[64];
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (int pass = 0; pass < NPASS; pass++) {
        s[lid] = in[(get_group_id(0) * NPASS + pass) * 64 + lid]; // #store
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += s[lid ^ 1];
    }
    out[get_global_id(0)] = acc;
}
// expected-error@#store {{local-memory race on s}}
