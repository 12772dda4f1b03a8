// Image writes are not modelled.
__kernel void k(__write_only image2d_t img)
{
    write_imagef(img, (int2)(get_global_id(0), get_global_id(1)), (float4)(1.0f));
}

// expected-note@4 {{unsupported: a call to 'write_imagef'}}
