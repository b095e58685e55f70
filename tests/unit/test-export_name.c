/*
 * Unit test of sp_export_name: the file names of every exporter's rule
 * (doc/exports.md, "Run labels and file names"), as the reference names its
 * files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_diff_export.h"
#include "sp_export_name.h"
#include "sp_flame_export.h"
#include "sp_json_export.h"
#include "sp_pstats_export.h"
#include "sp_scale_export.h"
#include "sp_speedscope_export.h"

#include "check.h"

struct name_case {
	const char *base, *label;
	uint32_t rank;
	const char *want;
};

static void
check_rule(const char *what, const struct sp_export_naming *rule,
    const struct name_case *t, size_t n)
{
	struct sp_err e;
	char *out;
	size_t i;

	for (i = 0; i < n; i++) {
		if (sp_export_name(rule, t[i].base, t[i].label, t[i].rank,
		    &out, &e) < 0) {
			CHECK(0, "%s %s: %s", what, t[i].base, e.msg);
			continue;
		}
		CHECK(strcmp(out, t[i].want) == 0, "%s %s + %s rank %u: %s, "
		    "want %s", what, t[i].base, t[i].label ? t[i].label : "-",
		    (unsigned)t[i].rank, out, t[i].want);
		free(out);
	}
}

#define CHECK_RULE(what, rule, t) \
	check_rule(what, rule, t, sizeof t / sizeof t[0])

/* .prof: pathlib's suffix, "_rank<N>", "profile.prof" in a directory */
static void
test_pstats(void)
{
	static const struct name_case t[] = {
		{ "profile.prof", NULL, 0, "profile_rank0.prof" },
		{ "profile.prof", "run one", 1, "profile_run_one_rank1.prof" },
		{ "out/profile.prof", "run (2)", 0,
		    "out/profile_run_2_rank0.prof" },
		{ "out/profile", NULL, 3, "out/profile_rank3.prof" },
		{ "a.b/run", "x", 0, "a.b/run_x_rank0.prof" },
		{ "run.tar.prof", NULL, 0, "run.tar_rank0.prof" },
		{ "stats.pstats", NULL, 0, "stats_rank0.pstats" },
		{ "out/", NULL, 0, "out/profile_rank0.prof" },
		{ "out/", "baseline", 2, "out/profile_baseline_rank2.prof" },
		{ ".hidden", NULL, 0, ".hidden_rank0.prof" },
		{ "trail.", NULL, 0, "trail._rank0.prof" },
		{ "p.prof", "__init__", 0, "p_init_rank0.prof" },
		{ "p.prof", "(/)", 0, "p_(_)_rank0.prof" },
		{ "p.prof", "caf\xc3\xa9 1", 0, "p_caf\xc3\xa9_1_rank0.prof" },
		{ "p.prof", NULL, 4294967295u, "p_rank4294967295.prof" },
		{ "/", NULL, 0, "/profile_rank0.prof" },
	};

	CHECK_RULE("pstats", &sp_pstats_export_naming, t);
}

/* speedscope: the first dot, no rank */
static void
test_speedscope(void)
{
	static const struct name_case t[] = {
		{ "profile.speedscope.json", NULL, 0,
		    "profile.speedscope.json" },
		{ "profile.speedscope.json", "run one", 0,
		    "profile_run_one.speedscope.json" },
		{ "out/profile.speedscope.json", "run (2)", 0,
		    "out/profile_run_2.speedscope.json" },
		{ "out/profile", NULL, 0, "out/profile.speedscope.json" },
		{ "out/profile", "b", 0, "out/profile_b.speedscope.json" },
		{ "a.b/run.json", "x", 0, "a.b/run_x.json" },
		{ "run.tar.json", "x", 0, "run_x.tar.json" },
		{ "out/", NULL, 0, "out/profile.speedscope.json" },
		{ "out/", "baseline", 0,
		    "out/profile_baseline.speedscope.json" },
		{ ".hidden", NULL, 0, ".hidden" },
		{ ".hidden", "l", 0, "_l.hidden" },
		{ "p.json", "__init__", 0, "p_init.json" },
		{ "p.json", "(/)", 0, "p_(_).json" },
		{ "p.json", "caf\xc3\xa9 1", 0, "p_caf\xc3\xa9_1.json" },
		{ "p.json", NULL, 7, "p.json" },
	};

	CHECK_RULE("speedscope", &sp_speedscope_export_naming, t);
}

/* JSON: the first dot, ".json", "profile.json" in a directory */
static void
test_json(void)
{
	static const struct name_case t[] = {
		{ "profile.json", NULL, 0, "profile.json" },
		{ "out/profile.json.gz", "run (2)", 0,
		    "out/profile_run_2.json.gz" },
		{ "out/profile", "a", 0, "out/profile_a.json" },
		{ "out/", NULL, 0, "out/profile.json" },
		{ "out/", "run two", 0, "out/profile_run_two.json" },
		{ "a.b/c.d.e", "x", 0, "a.b/c_x.d.e" },
	};

	CHECK_RULE("json", &sp_json_export_naming, t);
}

/* flame graphs: pathlib's suffix, "_rank<N>", "flamegraph" in a directory */
static void
test_flame(void)
{
	static const struct name_case svg[] = {
		{ "flame.svg", NULL, 0, "flame_rank0.svg" },
		{ "out/flame.svg", "run (2)", 3, "out/flame_run_2_rank3.svg" },
		{ "out/flame", NULL, 1, "out/flame_rank1.svg" },
		{ "out/", NULL, 0, "out/flamegraph_rank0.svg" },
		{ "out/", "base", 0, "out/flamegraph_base_rank0.svg" },
		{ "a.b/x.tar.svg", NULL, 0, "a.b/x.tar_rank0.svg" },
		{ ".hidden", NULL, 0, ".hidden_rank0.svg" },
		{ "f.", NULL, 0, "f._rank0.svg" },
		{ "p.svg", "a/b", 2, "p_a_b_rank2.svg" },
	};
	static const struct name_case folded[] = {
		{ "out/stacks", NULL, 0, "out/stacks_rank0.folded" },
		{ "out/", "r", 1, "out/flamegraph_r_rank1.folded" },
		{ "s.txt", NULL, 0, "s_rank0.txt" },
	};

	CHECK_RULE("flame", &sp_flame_export_svg_naming, svg);
	CHECK_RULE("folded", &sp_flame_export_folded_naming, folded);
}

/* sp-diff: the first dot, the format's suffix, "diff" in a directory */
static void
test_diff(void)
{
	static const struct name_case txt[] = {
		{ "out/", NULL, 0, "out/diff.txt" },
		{ "out/report", NULL, 0, "out/report.txt" },
		{ "a.b/c.d.e", NULL, 0, "a.b/c.d.e" },
	};
	static const struct name_case md[] = {
		{ "out/", NULL, 0, "out/diff.md" },
		{ "comment", NULL, 0, "comment.md" },
	};
	static const struct name_case json[] = {
		{ "out/", NULL, 0, "out/diff.json" },
		{ "r.json.gz", NULL, 0, "r.json.gz" },
	};

	CHECK_RULE("diff text", sp_diff_export_naming(SP_DIFF_TEXT), txt);
	CHECK_RULE("diff markdown", sp_diff_export_naming(SP_DIFF_MARKDOWN), md);
	CHECK_RULE("diff json", sp_diff_export_naming(SP_DIFF_JSON), json);
}

/* sp-scale: one document, the format's suffix, "scale" in a directory */
static void
test_scale(void)
{
	static const struct name_case svg[] = {
		{ "chart", NULL, 0, "chart.svg" },
		{ "out/", NULL, 0, "out/scale.svg" },
		{ "out/chart.v2.svg", NULL, 0, "out/chart.v2.svg" },
	};
	static const struct name_case csv[] = {
		{ "data", NULL, 0, "data.csv" },
		{ "d/", NULL, 0, "d/scale.csv" },
	};

	CHECK_RULE("scale svg", sp_scale_export_naming(SP_SCALE_SVG), svg);
	CHECK_RULE("scale csv", sp_scale_export_naming(SP_SCALE_CSV), csv);
}

int
main(void)
{
	test_diff();
	test_pstats();
	test_speedscope();
	test_json();
	test_flame();
	test_scale();
	if (!failed)
		printf("test-export_name: ok\n");
	return failed;
}
