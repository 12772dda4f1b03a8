// Floating-point atomic adds built from atomic_cmpxchg in two more shapes
// real code writes (ok_cas_float_add.cl has the while-form): a for (;;)
// whose exit tests what the swap returned (if (prev == seen) break;), and
// a do-while that keeps the swap's result and tests it against the value
// it expected (do { assumed = old; old = swap(p, assumed, ...); } while
// (assumed != old)). Some work-item's swap succeeds on every round, so
// nobody waits for anybody: not a spin-wait. The first values are read
// with atomic_add(p, 0), as in ok_cas_float_add.cl, which Oclgrind does
// not report (tests/cli/cas_plain_read.cl has the plain read).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void sum_float(__global const float *in, volatile __global uint *total, __global float *group_sums)
{
    __local uint acc;
    int lid = get_local_id(0);
    float v = in[get_global_id(0)];

    if (lid == 0)
        acc = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint seen = atomic_add(&acc, 0);
    for (;;) {
        uint prev = atomic_cmpxchg(&acc, seen, as_uint(as_float(seen) + v));
        if (prev == seen)
            break;
        seen = prev;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        group_sums[get_group_id(0)] = as_float(acc);

    uint old = atomic_add(total, 0), assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg(total, assumed, as_uint(as_float(assumed) + v));
    } while (assumed != old);
}
