// A sub-wave reduction with no barrier between its steps, sized by a macro
// the build does not define: the witness takes a power of two for it (a
// size such macros have), not whatever value the solver found first.
__kernel void subwave_sum(__global float *out, __local volatile float *s)
{
    int lid = get_local_id(0);
    float sum = out[get_global_id(0)];
    s[lid] = sum;
    if (SUBWAVE > 32) s[lid] = sum += s[lid + 32];
    if (SUBWAVE > 16) s[lid] = sum += s[lid + 16];
    if ((lid & (SUBWAVE - 1)) == 0)
        out[get_global_id(0) / SUBWAVE] = sum;
}
