/*
 * sp_tmpfiles.h - the temporary files an interrupted program must remove
 *
 * An output file is written under a hidden temporary name and renamed into
 * place when complete (sp_sink.h).  A run ended by SIGKILL leaves that
 * temporary file behind; nothing can be done about that.  A run ended by
 * SIGINT, SIGTERM or SIGHUP can do better: the program's signal handler
 * calls sp_tmpfiles_unlink_all() and then dies of the signal as before.
 *
 * The registry may grow while a signal arrives, so sp_tmpfiles_add() and
 * sp_tmpfiles_remove() block those signals while they change it; the
 * handler then always sees a consistent list.
 *
 * Ownership: the registry keeps the caller's pointer, not a copy.  The
 * path must stay valid until sp_tmpfiles_remove() is called with it, which
 * the caller does before it renames, unlinks or frees the file's name.
 */
#ifndef SP_TMPFILES_H
#define SP_TMPFILES_H

#include "sp_err.h"

/* The signals whose handlers remove the temporary files. */
extern const int sp_tmpfiles_signals[];
extern const int sp_tmpfiles_nsignals;

/*
 * A new empty file beside path, hidden (".NAME.XXXXXX" in path's
 * directory, so that renaming it to path or a sibling is atomic), with the
 * mode of an ordinary new file, and remembered (sp_tmpfiles_add).  Missing
 * parent directories are created.  Returns its descriptor and sets *tmp to
 * its name (the caller's, freed by sp_tmpfiles_discard, or by
 * sp_tmpfiles_remove and free once renamed); -1 on failure.
 */
int sp_tmpfiles_create(const char *path, char **tmp, struct sp_err *e);
/* Create the missing parent directories of path. */
int sp_tmpfiles_mkparents(const char *path, struct sp_err *e);

/* Forget, unlink and free a name from sp_tmpfiles_create; NULL is none. */
void sp_tmpfiles_discard(char *tmp);

/* Remember path; -1 (errno ENOMEM) when there is no memory for it. */
int sp_tmpfiles_add(const char *path);
/* Forget path (the same pointer given to sp_tmpfiles_add); no-op if absent. */
void sp_tmpfiles_remove(const char *path);
/* Unlink every remembered path.  Async-signal-safe. */
void sp_tmpfiles_unlink_all(void);

#endif
