// One level of a work-efficient scan's up-sweep, launched by the host once
// per level with stride = 2 * offset: the work-items whose k + 1 is a
// multiple of the stride add in the element `offset` below them. That
// element is one no picked work-item writes: between two picked ones lie
// stride - 1 others, and offset < stride. A race needs offset >= stride
// (the next picked work-item's element), a coincidence of the two
// arguments the host keeps apart: reported only under
// --report-conditional, with that condition. The remainder by an argument
// is decided as a product (k + 1 = stride * q), whose rows the solver
// compares like any other.
// expected-no-diagnostics
__kernel void up_sweep(__global int *b, uint offset, uint stride)
{
    uint k = get_global_id(0);
    if ((k + 1) % stride == 0)
        b[k] += b[k - offset];
}
