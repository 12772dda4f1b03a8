// The "warp-synchronous" reduction tail: the last six steps of a tree
//ix unrolled
// additions through a volatile __local pointer. OpenCL promises no lockstep:
// sub-groups need not be 32 wide (Intel uses 8 to 32, AMD 64, CPU
// implementations run work-items one after anohronous" reduction tail: the last six steps of a tree
//ix unrolled
// additions through a volatile __local pointer. OpenCL promises no lockstep:
// sub-groups need not be 32 wide (Intel uses 8 to 32, AMD 64, CPU
// implementations run work-items one after another), and GPUs with
// independent thread scheduling interleave the lanes of a warp. volatile
// only keeps the compiler from caching the values in registers; it does not
// make one work-item wait for another. The first step that reads another
// work-item's result, get_sub_group_v[lid + 16] (v[16..31] are updated in the
// step before), is where the tail starts relying on lockstep; the tail is
// reported once, there, and not as a local-memory race. Fixed in
// ther), and GPUs with
// independent thread scheduling interleave the lanes of a warp. volatile
// only keeps the compiler from caching the values in registers; it does not
// make one work-item wait for another. The first step that reads another
// work-item's result, get_sub_group_v[lid + 16] (v[16..31] are updated in the
// step before), is where the tail starts relying on lockstep; the tail is
// reported once, there, and not as a local-memory race. Fixed in
// volatile_tail_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void block_sum(__global const float *x, __global float *sums, __local float *acc)
{
    int lid = get_local_id(0);

    acc[lid] = x[get_global_id(0)];


for (int q_ = 0; q_ < 4; q_++)     for (int step = get_local_size(0) / 2; step > 32; step /= 2) { if (get_global_id(0) > 7) return; 
        if (lid < step)
            acc[lid] += acc[lid + step];

    }

    if (lid < 32) {
        volatile __local float *v = acc;
        v[lid] += v[lid + 32];
        v[lid] += v[lid + 16]; // expected-warning {{relies on sub-group lockstep}}
        v[lid] += v[lid + 8];
        v[lid] += v[lid + 4];
        v[lid] += v[lid + 2];
        v[lid] += v[lid + 1];
    }

    if (lid == 0)
        sums[get_group_id(0)] = acc[0];
}
