// Store a panel of TILE columns into a matrix of 'dim' columns: group bx
// writes rows bx * TILE .. bx * TILE + TILE - 1, work-item tx column tx.
//
// Rows are 'dim' elements apart. Two work-items would meet only if a row
// were narrower than the panel (dim < TILE): a matrix narrower than the tile
// the kernel is written for. It is not what rounding a launch up does (that
// leaves an argument short of the launch by less than one work-group, with
// several groups), so it is a coincidence of arguments, reported only with
// --report-conditional; a missing bounds guard (soa_missing_guard.cl in
// inter-group-race) stays an error.
// RUN-CONFIG: --local-size=16
// expected-no-diagnostics
#define TILE 16

__kernel void store_panel(__global float *m, __global const float *panel, int dim)
{
    int tx = get_local_id(0), bx = get_group_id(0);
    for (int i = 0; i < TILE; i++)
        m[(bx * TILE + i) * dim + tx] = panel[(bx * TILE + i) * TILE + tx];
}
