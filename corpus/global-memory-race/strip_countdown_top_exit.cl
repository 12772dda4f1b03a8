// The strips of strip_countdown_top_test.cl counted five rows too many (the
// count starts at size + 5), so each work-item runs five rows into the next
// strips: two writers of one element, different values. Deciding the pair
// takes the products of the row, y * width with y = get_global_id(1) *
// size + the pass: the solver's first guesses for them are wrong, and the
// tangent planes added after the first round of refinement (smt.c) lead
// to the witness, where fixing the factors to ever other guesses ran out of
// rounds. (Until 2026-11-28 a known miss: the exit at the top of the pass
// made the write's run condition false, then the pair stayed undecided.)
// Fixed in strip_countdown_top_exit_fixed.cl.
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size + 5;
    float acc = 0.0f;
    for (;;) {
        if (left-- == 0)
            break;
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc; // expected-error {{global-memory race on out}}
        }
        ++y;
    }
}
