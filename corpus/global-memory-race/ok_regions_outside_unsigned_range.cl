// Clears a histogram outside the bins [lo_bin, hi_bin] that a later kernel
// merges, with a grid-stride loop over the bins below the range and one over
// the bins above it. The two loops' ranges meet only if hi_bin < lo_bin:
// then the unsigned hi_bin - lo_bin wraps (a range passed upside down),
// which the integers of the analysis took as a negative length, and every
// pair of the two loops was reported as a race. A race that needs an
// unsigned difference of arguments below 0 is a coincidence of arguments:
// reported with its condition under --report-conditional (tests/cli:
// unsigned-difference-wraps).
// expected-no-diagnostics
__kernel void clear_outside(__global uint *hist, __global uint *out, uint lo_bin, uint hi_bin,
                            uint nbins)
{
    uint start = get_global_id(0);
    uint stride = get_global_size(0);
    uint mid_len = hi_bin - lo_bin + 1;
    for (uint i = start; i < lo_bin; i += stride) {
        out[i] = hist[i];
        hist[i] = 0;
    }
    for (uint i = lo_bin + mid_len + start; i < nbins; i += stride) {
        out[i] = hist[i] + 1;
        hist[i] = 0;
    }
}
