// Persistent work-items pulling rows from a shared queue: each work-item
// claims the next row with atomic_inc on a global counter and stops when
// the counter passes the last row.  The loop's exit reads a location that
// every other work-group updates too, but it never waits for them: the
// claim itself moves the counter, so each test brings the loop one step
// closer to its end, whatever the other groups do.  Compare the ticket
// lock (ticket_lock.cl), whose exit reads the counter with atomic_add(p, 0)
// and only another group's update can end the loop.
// expected-no-diagnostics
__kernel void scale_rows(__global int *next_row, __global float *m, int rows, int cols,
                         float factor)
{
    int row;
    while ((row = atomic_inc(next_row)) < rows) {
        for (int c = 0; c < cols; c++)
            m[row * cols + c] *= factor;
    }
}
