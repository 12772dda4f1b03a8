// A per-group float sum in __local memory, added with a compare-and-swap
// retry loop through a union, as sparse-matrix kernels write it: the float
// and its bits are two members of one private union, and the swap compares
// with the member it read.
//
// Lock-free: some work-item's swap succeeds on every round, so this is no
// spin-wait, whatever member names the expected value. (The analysis also
// stays quiet on the plain read `old.f = *addr` that such kernels usually
// write; Oclgrind reports that one as a read-write race, so the corpus
// kernel reads atomically.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
void add_local(volatile __local float *addr, float v)
{
    union { unsigned int u; float f; } old, nv;
    do {
        old.u = atomic_add((volatile __local unsigned int *)addr, 0u);
        nv.f = old.f + v;
    } while (atomic_cmpxchg((volatile __local unsigned int *)addr, old.u, nv.u) != old.u);
}

__kernel void group_sum(__global const float *x, __global float *out)
{
    __local float acc;
    if (get_local_id(0) == 0)
        acc = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    add_local(&acc, x[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = acc;
}
