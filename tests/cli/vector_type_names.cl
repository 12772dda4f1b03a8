/* Type names nothing defines (zero configuration): a name spelled like a
 * vector type is that vector (of the scalar its name spells, else float); an
 * integer's bits (u8, UINT16) and other digits (T04) are not a vector's
 * width; a name whose values have components .s8 to .sF is a float16. */
__kernel void k(__global real4 *a, __global INT2 *b, __global u8 *c, __global UINT16 *d,
                __global vec3 *e, __global mixed16 *f, __global T04 *g, __global WIDE *h)
{
    size_t i = get_global_id(0);
    a[i].w = b[i].y + c[i] + d[i] + e[i].z + f[i].sf + g[i] + h[i].sA;
}
