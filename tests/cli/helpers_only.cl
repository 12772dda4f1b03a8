// A file of helpers that kernels elsewhere include: it compiles, but holds no
// kernel, so nothing in it is checked on its own.  The report must say so
// (a note, status "no-kernel"), not pass it silently as a clean file.
float scaled(float x, float k)
{
    return x * k;
}

int wrap(int i, int n)
{
    return i < n ? i : i - n;
}
