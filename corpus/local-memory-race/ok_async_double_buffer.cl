// Double-buffered streaming: a work-group walks its run of chunks, copying
// the next chunk into one __local buffer while it scales the current one.
// The events live in one array, the chunk's own slot waited for before its
// buffer is read, and a barrier keeps the next copy from overwriting a
// buffer that work-items still read. Correct; must stay quiet.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64 --global-size=256
#define CHUNK 64

__kernel void stream_scale(__global const float *in, __global float *out, int nchunks)
{
    __local float buf[2][CHUNK];
    int lid = get_local_id(0);
    int base = get_group_id(0) * nchunks * CHUNK;
    event_t ev[2];

    ev[0] = async_work_group_copy(buf[0], in + base, CHUNK, 0);
    for (int c = 0; c < nchunks; c++) {
        int cur = c & 1;
        if (c + 1 < nchunks)
            ev[1 - cur] = async_work_group_copy(buf[1 - cur], in + base + (c + 1) * CHUNK,
                                                CHUNK, 0);
        wait_group_events(1, &ev[cur]);
        out[base + c * CHUNK + lid] = 2.0f * buf[cur][lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
