// missing_define.cl with the build option given (RUN-CONFIG below; on the
// command line: clsynclint -D TILE=16 file.cl): it compiles, is analyzed,
// and has nothing to report.
// RUN-CONFIG: -D TILE=16 --local-size=16
// expected-no-diagnostics
__kernel void scale_tiles(__global float *a, float s)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l] * s;
}
