/*
 * sp_spt.h - scope-profiler's native binary traces (.spt, versions 1 and
 * 2, either byte order; doc/formats.md, "Native traces"), as a struct
 * sp_source.
 *
 * The C API without HDF5 and the Fortran API write one file per rank; the
 * files of one run are read together as one run (struct sp_source_format's
 * open_parts), as the reference's load_traces merges them: files in the
 * order sp_read_files() sorts them (by path components), a rank met twice
 * an error naming both files, regions in order of first appearance, each
 * rank's rows in record order (a name recorded twice in one file keeps
 * its first place and its later record), metadata {"source": "native",
 * "trace_format_version": 2, "start_time_ns": the earliest first start
 * of a region}, and the run named "native_trace".
 *
 * Memory: a file is never read whole.  Its header and region records are
 * read in small chunks at open (the names, locations and call counts,
 * and the first start of each region), and the calls of a row by offset
 * (pread) when the order engine asks for them, from one file at a time:
 * O(regions), not O(calls), and one descriptor open whatever the number
 * of files.
 *
 * Errors (SP_EDATA) name the file and adapt the reference's
 * TraceFormatError: too short, not a trace (the magic, shown as Python
 * shows bytes), an unsupported version, truncated (with numpy's or
 * Python's words for what ran past the end, or a name that is not
 * UTF-8), trailing bytes, two files of one rank.  Where the reference
 * reads on with a negative length, count or rank, sp refuses the file
 * as damaged; and it refuses a name or source path of over 16 MiB.
 *
 * Ownership: the source is the caller's, freed with sp_source_free(); it
 * keeps copies of the paths (and of an image).
 */
#ifndef SP_SPT_H
#define SP_SPT_H

#include "sp_source.h"

/* Native traces, for sp_read_files(): by the magic "SCOPEPRF". */
extern const struct sp_source_format sp_spt_format;

/*
 * Whether the first bytes are a native trace's magic; a file that is not
 * one of any format but is named *.spt goes to this parser too (by its
 * name), which then says what is wrong with it.
 */
int sp_spt_sniff_bytes(const unsigned char *p, size_t n);

/* The files of one run (n >= 1), in the order given. */
struct sp_source *sp_spt_open(const char *const *paths, size_t n,
    struct sp_err *e);

/*
 * One file's image in memory (copied: buf may be freed once this
 * returns), called name in messages: for the fuzz target and tests.
 */
struct sp_source *sp_spt_open_image(const void *buf, size_t n,
    const char *name, struct sp_err *e);

#endif
