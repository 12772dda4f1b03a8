// MUST-REPORT: no kernel in this file: nothing was checked
// A kernel file whose expectations can never fail, because nothing in it is
// a kernel (the qualifier is missing): verify mode must not pass it.
// expected-no-diagnostics
void reduce(__global float *a, __local float *s)
{
    s[get_local_id(0)] = a[get_global_id(0)];
    if (get_local_id(0) < 3)
        barrier(CLK_LOCAL_MEM_FENCE);
}
