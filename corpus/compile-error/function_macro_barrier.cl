// Function-like macros of the build that may synchronize are not assumed.
// The host defines -D 'BARRIER(x)=barrier(x)': taken for a function of its
// arguments, the call would hide a barrier, and the loop would look like a
// race it is not. A name that takes fence flags (CLK_LOCAL_MEM_FENCE), a
// memory scope or order, or whose spelling says it synchronizes (barrier,
// fence, sync, atomic, wait, lock, ...) is left undefined: the file stays a
// compile error, and the note names it. binOp, a plain function-like
// macro, was assumed.
// expected-note@1 {{'BARRIER' is not assumed: a macro the build defines may synchronize or write memory (it takes fence flags, a scope or an order), which a function of its arguments would hide; give -D 'BARRIER(...)=...'; with binOp assumed, 'BARRIER' is what keeps the file from compiling}}
__kernel void reduce(__global const float *in, __global float *out)
{
    __local float s[64];
    int l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    for (int d = 32; d > 0; d >>= 1) {
        BARRIER(CLK_LOCAL_MEM_FENCE); // expected-error {{use of undeclared identifier 'BARRIER'}}
        if (l < d)
            s[l] = binOp(s[l], s[l + d]); // expected-error {{use of undeclared identifier 'binOp'}}
    }
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
