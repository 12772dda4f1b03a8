// Indices made of loaded data: a scatter is left undecided (not reported),
// a read-modify-write of one bin races when two work-items load equal data,
// and a per-work-item region keeps them apart even then.
__kernel void scatter(__global const int *perm, __global float *out)
{
    out[perm[get_global_id(0)]] = 1.0f;
}

__kernel void histogram(__global const uchar *data, __local uint *h)
{
    h[data[get_global_id(0)]]++;
}

__kernel void private_bins(__global const uchar *data, __local uint *h)
{
    h[get_local_id(0) * 256 + data[get_global_id(0)]]++;
}
