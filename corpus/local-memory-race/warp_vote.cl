// A "warp ballot" through local memory: the first 32 work-items each store
// a vote, and work-item 0 packs the 32 votes into a bit mask right away,
// without a barrier, because "the 32 of them are one warp".
//
// Each work-group tests 32 samples against a threshold and stores the
// group's 32-bit mask. Work-item 0 reads votes[1..31] in its packing loop
// while work-items 1..31 may not have stored them yet: nothing but the
// assumed lockstep of one warp orders the stores before the loads, and
// OpenCL does not promise it. A local-memory race, at the read of another
// work-item's vote, with a note that all the work-items involved are one
// sub-group. Fixed in warp_vote_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void ballot32(__global const float *x, float threshold,
                       __global uint *masks, __local uint *votes)
{
    int lid = get_local_id(0);

    if (lid < 32) {
        votes[lid] = x[get_group_id(0) * 32 + lid] > threshold;
        if (lid == 0) {
            uint mask = 0;
            for (int i = 0; i < 32; i++)
                mask |= votes[i] << i; // expected-error {{local-memory race on votes[1]}}
            masks[get_group_id(0)] = mask;
        }
    }
}
