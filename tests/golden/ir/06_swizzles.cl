// Vector components are read from the expression's own text only: written
// in the statement or in a macro's argument they are known (.zw.x, .w);
// inside a macro's body, or through a macro that names the component, they
// are unknown ('?', the whole vector).
#define GETX(v) (v).x
#define SEL(e) e
#define COMP y
__kernel void k(__global float4 *a)
{
    float4 f = a[0];
    a[1].y = f.zw.x;
    a[2].x = GETX(f);
    a[3].s3 = SEL(f.w);
    a[4].lo = f.COMP;
}
