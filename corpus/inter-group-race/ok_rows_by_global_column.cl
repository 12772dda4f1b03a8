// The merge step of a histogram built per work-group: `nsub` partial
// histograms of NBINS bins each lie one after another in `h`, and one
// work-item per bin adds its column up and stores the total in row 0.
// The host launches exactly NBINS work-items, in as many groups as it
// likes.
//
// Work-item `bin` reads h[i * NBINS + bin] and writes h[bin]: a row of
// NBINS columns with the global id for the column. With more than NBINS
// work-items, work-item NBINS would read row 1's first column as its own
// and write where work-item 0 reads; the kernel's rows of a constant width
// say the grid is at most NBINS wide, as rows of local ids bound the group
// (docs/decisions.md, The launch). A larger launch given on the command
// line is taken as given (tests/cli: rows-by-global-column-wider).
// expected-no-diagnostics
#define NBINS 64

__kernel void merge_histograms(__global uint *h, uint nsub)
{
    uint bin = get_global_id(0);
    uint total = 0;
    for (uint i = 0; i < nsub; i++)
        total += h[i * NBINS + bin];
    h[bin] = total;
}
