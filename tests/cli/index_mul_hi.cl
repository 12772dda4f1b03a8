// An index made with mul_hi, which the analyses do not model: the pair
// with the store is not decided, and a note says so.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void k(__global int *out)
{
    __local int s[64];
    int lid = get_local_id(0);
    s[lid] = lid;
    out[lid] = s[mul_hi(lid, 0x40000000) & 63];
}
