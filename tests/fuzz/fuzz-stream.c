/*
 * fuzz-stream - the sp stream decoder (sp_stream.h), and behind it what
 * sp-stack and the exporters do with what it hands out.
 *
 * The input is an sp stream, as a file descriptor (a memfd).  It is
 *
 *  1. decoded item by item to its end or its first error (the reader),
 *     the batches of call-stage sections replayed as an exporter replays
 *     them (sp_walk.h);
 *  2. stacked as sp-stack stacks it (sp_restack.h) into a second memfd.
 *
 * Invariants checked (abort when broken): sp-stack fails whenever the
 * reader alone does; a stream sp-stack wrote without an error reads back
 * to its clean end and replays as a consistent call stream.
 *
 * A reader costs a 1 MiB buffer, which ASan maps and poisons anew each
 * time: so each pass reads the stream once.
 */
#include "fuzz.h"

#include "sp_restack.h"
#include "sp_sink.h"
#include "sp_walk.h"

/*
 * Read the stream in fd from its start, replaying the batches of its
 * call-stage sections: 0 when both the reading and the walk end cleanly,
 * -1 when the reading fails, -2 when only the walk does.
 */
static int
read_and_walk(int fd, struct sp_err *e)
{
	struct sp_reader *r;
	struct sp_walk *w;
	struct sp_item it;
	int calls = 0, walk_ok = 1, rc;

	if (lseek(fd, 0, SEEK_SET) != 0)
		abort();
	if ((w = sp_walk_new(NULL)) == NULL)
		abort();
	if ((r = sp_reader_new(fd, "in", e)) == NULL) {
		sp_walk_free(w);
		return -1;
	}
	while ((rc = sp_reader_next(r, &it, e)) > 0) {
		if (it.kind == SP_ITEM_HEADER)
			calls = it.u.header.stage == SP_STAGE_CALLS;
		else if (it.kind == SP_ITEM_BATCH && calls && walk_ok &&
		    sp_walk_check(w, &it.u.batch, e) < 0)
			walk_ok = 0;	/* the walk is over; read on */
	}
	if (rc == 0 && walk_ok && sp_walk_finish(w, e) < 0)
		walk_ok = 0;
	sp_walk_free(w);
	sp_reader_free(r);
	return rc < 0 ? -1 : walk_ok ? 0 : -2;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sp_err e;
	struct sp_reader *r;
	struct sp_sink *sink;
	struct sp_writer *w;
	int in = fuzz_memfd(data, size), out, read_rc, rc = -1;

	sp_err_clear(&e);
	read_rc = read_and_walk(in, &e);

	out = fuzz_memfd(NULL, 0);
	if (lseek(in, 0, SEEK_SET) != 0)
		abort();
	if ((sink = sp_sink_new_fd(out, "out", &e)) == NULL ||
	    (w = sp_writer_new(sink, &e)) == NULL)
		abort();
	if ((r = sp_reader_new(in, "in", &e)) != NULL) {
		rc = sp_restack(r, w, &e);
		sp_reader_free(r);
	}
	if (rc == 0 && sp_sink_flush(sink, &e) < 0)
		abort();
	sp_writer_free(w);
	sp_sink_free(sink);
	if (rc == 0) {
		if (read_rc == -1)
			abort();	/* sp-stack took what the reader refuses */
		if (read_and_walk(out, &e) != 0)
			abort();	/* sp-stack wrote a bad call stream */
	}
	close(out);
	close(in);
	return 0;
}
