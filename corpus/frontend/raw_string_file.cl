R"(
// A kernel file written as one C++ raw string literal: R, a quote and an
// opening parenthesis before this comment, the closing parenthesis and quote
// at the end (nothing between may spell that pair), so that the host can
// #include it into a string; clSPARSE writes its .cl files this way, CLBlast
// its .opencl files. Linted as OpenCL C, the first line would be a compile
// error and nothing would be checked; clsynclint lints the literal's text,
// and reports at the file's own lines and columns, as for a raw string in a
// .cpp file. The kernel has no barrier between the stores into the partial
// sums and work-item 0's reads of them.
// Fixed in raw_string_file_fixed.cl.
__kernel void block_sum(__global const float *in, __global float *out,
                        __local float *part)
{
    int lid = get_local_id(0);
    part[lid] = in[get_global_id(0)]; // #store
    if (lid == 0) {
        float s = 0.0f;
        for (int i = 0; i < get_local_size(0); i++)
            s += part[i]; // expected-error {{local-memory race on part[}}
        // expected-note@-1 {{assuming a work-group of 256 work-items}}
        out[get_group_id(0)] = s;
    }
}
// expected-note@#store {{the other access}}
)"
