// A column of 4 rows per work-item, rows `k * pitch / 4` apart with the
// pitch in bytes (parsed (k * pitch) / 4, k the loop counter), as
// integral-image code writes its transposed output.
//
// The division of the byte offset by the element size is k * (pitch / 4),
// a pitch of its own that correct code keeps at least a row long: the
// columns lid - 1 never reach the next row. (It escaped the rule for a
// pitch divided alone, and the solver made the pitch negative to make two
// columns meet.) See ok_pitch_product_bytes.cl for the rule. Must stay
// quiet.
// expected-no-diagnostics
__kernel void transposed_column(__global int *out, int pitch, int base)
{
    int lid = get_local_id(0);
    if (lid > 0) {
        for (int k = 0; k < 4; k++)
            out[base + lid - 1 + k * pitch / 4] = k * lid;
    }
}
