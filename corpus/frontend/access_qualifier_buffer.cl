// Image access qualifiers on buffer parameters, as course code written for
// vendor compilers has them.
//
// `__read_only` and `__write_only` are for images and pipes; the vendor
// compilers of the time accepted them on a buffer pointer and ignored them,
// clang rejects them ("access qualifier can only be used for pipe and image
// type"). Zero configuration drops them there, as those compilers did, and a
// note says so, so the kernel is checked instead of "not analyzed". The
// tile is reversed with no barrier between the stores and the reads:
// work-item 0 reads tile[255] while work-item 255 may not have stored it.
// Fixed in access_qualifier_buffer_fixed.cl.
// expected-note@1 {{dropped access qualifiers __write_only (line 13) and __read_only (line 14): only images and pipes take them}}
#define OUT_BUFFER __global __write_only
__kernel void reverse_tile(__global __read_only float *in,
                           OUT_BUFFER float *out,
                           read_only image2d_t unused,
                           __local float *tile)
{
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)]; // #store
    out[get_global_id(0)] = tile[get_local_size(0) - 1 - l]; // expected-error {{local-memory race on tile[}}
    // expected-note@-1 {{assuming a work-group of 256 work-items}}
}
// expected-note@#store {{the other access}}
