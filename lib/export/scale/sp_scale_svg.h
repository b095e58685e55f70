/*
 * sp_scale_svg.h - a scaling series as a self-contained SVG chart
 * (doc/scale.md, "The chart"): the report's plot, one line per region
 * for the top regions by baseline time, the rest merged into one line,
 * the whole run in black, the ideal dashed; log-log for speedup over a
 * numeric x, a linear y from 0 for the others; labelled axes, a legend,
 * a tooltip per point.  640 px wide, taller when the legend needs it.
 *
 * The plot area carries its mapping as attributes (data-left, -right,
 * -top, -bottom, -xmin, -xmax, -ymin, -ymax, -xlog, -ylog) and each
 * point its numbers (data-x, data-y), for checks that the points lie
 * where the numbers say.
 */
#ifndef SP_SCALE_SVG_H
#define SP_SCALE_SVG_H

#include "sp_err.h"
#include "sp_scale.h"
#include "sp_scale_report.h"
#include "sp_write.h"

int sp_scale_svg_write(const struct sp_scale *s,
    const struct sp_scale_report *rep, sp_write_fn *write, void *ctx,
    struct sp_err *e);

#endif
