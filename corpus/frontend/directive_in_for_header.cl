// A preprocessor directive inside a for statement's header.
//
// The loop's condition is chosen by `#ifdef USE_STRIDE`, in the middle of
// the header. Read from the source text, the header has three semicolons
// and the condition the compiler sees sits after the skipped one: a linter
// that split the header at its first two semicolons lost the condition, so
// the loop never exited and everything after it was unreachable, the race
// below included. clang's AST has the condition `b < N`, and so does the IR.
// The race: each work-item stores its sum into tile[lid] and reads its
// neighbour's element with no barrier between. Fixed in
// directive_in_for_header_fixed.cl.
// RUN-CONFIG: --local-size=64
#define N 16

__kernel void window_sums(__global const float *in, __global float *out,
                          __local float *tile, int strided)
{
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (uint b = 0;
#ifdef USE_STRIDE
         b < N && strided;
#else
         b < N;
#endif
         ++b)
        acc += in[get_global_id(0) * N + b];
    tile[lid] = acc;
    out[get_global_id(0)] = tile[(lid + 1) % 64]; // expected-error {{local-memory race on tile}}
}
