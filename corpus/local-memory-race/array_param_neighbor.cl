// A __local buffer passed as an array parameter, `__local float row[]`.
// C adjusts an array parameter to a pointer: this is `__local float *row`
// spelled another way, and every access through it is an access to the
// buffer the host passed (clsynclint once lost track of them, and reported
// nothing here). Each work-item stores its element, then reads its right-hand
// neighbour's through a helper that takes the row as an array parameter too,
// with no barrier between: work-item 0 reads row[1] while work-item 1 may not
// have stored it yet. Reported at the read in the helper, which executes
// second. Fixed in array_param_neighbor_fixed.cl.
// RUN-CONFIG: --local-size=64
float right_of(__local const float row[], int i, int n)
{
    return row[(i + 1) % n]; // expected-error {{local-memory race on row[}}
}

__kernel void smooth(__global const float *in, __global float *out, __local float row[])
{
    int lid = get_local_id(0);
    row[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = 0.5f * (row[lid] + right_of(row, lid, get_local_size(0)));
}
