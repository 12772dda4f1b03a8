// A float sum built from a compare-and-swap retry loop, the usual way to
// add floats atomically in OpenCL 1.x: correct, quiet.
//
// The loop exits when the swap finds the value it read; when another
// work-item got there first it reads again. Some work-item's swap succeeds
// on every round, so the loop is lock-free and waits for no other
// work-group (unlike a lock, `while (atomic_cmpxchg(l, 0, 1) != 0)`, which
// waits for a value another group must write: ticket_lock.cl). The value
// is read with atomic_add(p, 0); the analysis also stays quiet on the
// common plain read `old = *p` (the swap validates it), which Oclgrind
// reports as a read-write race, so the corpus kernel reads atomically.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void float_sum(__global const float *x, __global float *sum)
{
    __global int *p = (__global int *)sum;
    float v = x[get_global_id(0)];
    int old, nv;
    do {
        old = atomic_add(p, 0);
        nv = as_int(as_float(old) + v);
    } while (atomic_cmpxchg(p, old, nv) != old);
}
