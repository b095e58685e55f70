/*
 * sp_sink.h - buffered output to a file descriptor, and output files that
 * only appear under their final name once complete.
 *
 * sp_sink_open_file() writes to a temporary file beside the target
 * (".NAME.XXXXXX") and sp_sink_commit() renames it into place after a
 * successful flush and close; sp_sink_free() without a commit removes it.
 * So a failed or killed run never leaves a truncated file under the final
 * name.  Missing parent directories are created.  "-" means standard output.
 * A write error is for good: every later flush, finish and commit fails
 * with it too, so that what was lost is never renamed into place.
 *
 * Ownership: the sink owns its buffer and, for files, its descriptor; a
 * sink on an inherited descriptor (stdout) does not close it.
 */
#ifndef SP_SINK_H
#define SP_SINK_H

#include <stddef.h>

#include "sp_err.h"

struct sp_sink;

/* A sink on an open descriptor; name is used in error messages. */
struct sp_sink *sp_sink_new_fd(int fd, const char *name, struct sp_err *e);
/* A sink on path ("-" = stdout) via a temporary name, see above. */
struct sp_sink *sp_sink_open_file(const char *path, struct sp_err *e);
void sp_sink_free(struct sp_sink *s);

int sp_sink_write(struct sp_sink *s, const void *p, size_t n, struct sp_err *e);
int sp_sink_flush(struct sp_sink *s, struct sp_err *e);
/* Flush, close and rename into place (files); flush (descriptors). */
int sp_sink_commit(struct sp_sink *s, struct sp_err *e);
/*
 * A file's two steps apart, for an output whose name is known only once
 * it is complete: flush and close it under its temporary name (a no-op
 * on a descriptor, but the flush), then rename it into place as path, a
 * name in the same directory as the one it was opened with.  Freeing a
 * finished sink that was not renamed removes its file.
 */
int sp_sink_finish(struct sp_sink *s, struct sp_err *e);
int sp_sink_commit_as(struct sp_sink *s, const char *path, struct sp_err *e);
const char *sp_sink_name(const struct sp_sink *s);
int sp_sink_fd(const struct sp_sink *s);
/* Bytes accepted so far. */
unsigned long long sp_sink_written(const struct sp_sink *s);

/*
 * Give a pipe a 1 MiB buffer (F_SETPIPE_SZ) so that a stream between two
 * programs moves in few large steps; a no-op for anything but a pipe.
 */
void sp_sink_pipe_widen(int fd);

#endif
