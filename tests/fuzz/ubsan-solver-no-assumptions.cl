// Found by the first sanitizer campaign of fuzz/kgen.py (seeds 1 to 7, every
// kernel): a solver question without assumption literals copied them from a
// null pointer (memcpy of 0 bytes from NULL, which UndefinedBehaviorSanitizer
// reports; the test suite under UBSan with halt_on_error stopped on the
// corpus kernels that ask it, ok_local_size_cond.cl among them).  Asked
// here by the check that a condition is alike for the whole group.
__kernel void k(__global float *out)
{
    __local float t[64];
    int lid = get_local_id(0);
    if (lid < get_local_size(0)) {
        t[lid] = 1.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[get_global_id(0)] = t[63 - lid];
    }
}
