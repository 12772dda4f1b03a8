// The float atomic add of CUDA ports: the old value read plainly once
// before the loop, then refreshed by each failed swap, the swap's
// expected value a copy of it (assumed = old).  Lock-free: no spin-wait,
// and the plain read is checked by the swap, not a race.  (Oclgrind
// reports such a read as a race, so the corpus's kernels read atomically:
// corpus/cross-group-sync/ok_cas_retry_shapes.cl.)
__kernel void add_all(__global const float *in, volatile __global uint *sum)
{
    uint old = *sum, assumed;
    do {
        assumed = old;
        old = atomic_cmpxchg(sum, assumed, as_uint(as_float(assumed) + in[get_global_id(0)]));
    } while (assumed != old);
}
