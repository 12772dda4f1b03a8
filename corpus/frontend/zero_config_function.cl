// Zero configuration: function-like macros the build defines.
//
// The host builds this reduction with -D 'binOp(a,b)=((a)+(b))' and
// -D 'init(x)=(x)' (ArrayFire's way of making one kernel serve every
// operator). Unknown, each is analyzed as a function of its arguments (a
// call is an unknown float of them), so the rest of the kernel is checked:
// here the loop has no barrier between one step's writes and the next
// step's reads of s[l + d]. Fixed in zero_config_function_fixed.cl.
// expected-note@1 {{not defined by the build: init and binOp, analyzed as functions (each call an unknown float of its arguments); what a macro of the build does besides computing a value (write memory, synchronize) is not seen}}
__kernel void reduce(__global const float *in, __global float *out)
{
    __local float s[64];
    int l = get_local_id(0);
    s[l] = init(in[get_global_id(0)]); // expected-note {{the other access}}
    for (int d = 32; d > 0; d >>= 1) {
        if (l < d)
            s[l] = binOp(s[l], s[l + d]); // expected-error {{local-memory race on s[32]}}
        // expected-note@-1 {{assuming a work-group of 64 work-items}}
    }
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
