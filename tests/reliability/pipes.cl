// Pipes are not modelled.
__kernel void k(__write_only pipe int p, __global int *a)
{
    int v = a[get_global_id(0)];
    write_pipe(p, &v);
}

// expected-note@5 {{unsupported: a call to 'write_pipe'}}
