"""spgen scale: a scaling series, one profile per rank count, whose
regions scale by known laws (tests/gen/README.md, "scale").

Strong scaling (the work of the whole case fixed), at p ranks, on every
rank, T the baseline time at one rank:

  perfect     T / p
  amdahl      T * (f + (1 - f) / p): the serial fraction f on every rank
  slow_rank   T / p, and rank p - 1 takes T * s longer (one slow rank)
  overhead    T / p + T * c * log2(p): an overhead that grows with p

Weak scaling (the work per rank fixed):

  perfect     T
  amdahl      T * (1 + f * (p - 1)): serial work that grows with p
  slow_rank   T, and rank p - 1 takes T * s * log2(p) longer
  overhead    T * (1 + c * log2(p))

All of them are called once a rank inside "main", one after the other,
then --extra regions x00, x01 ... that scale perfectly from a baseline
of T / (k + 2) for the k-th.
Metadata: case ("p" and the rank count: a text), mpi_size, omp_num_threads, total_cores, num_nodes (16 ranks a
node) and work_per_rank (the case's work over p, or for weak scaling the
same in every run; --unequal-work breaks it in the last run).
"""
import math
import os

T = 64_000_000  # ns: the baseline time of each region


def laws(kind, p, f, s, c):
    """Each region's time at p ranks on ranks below p - 1, and on p - 1."""
    lg = math.log2(p)
    if kind == "strong":
        t = {"perfect": T / p, "amdahl": T * (f + (1 - f) / p),
             "slow_rank": T / p, "overhead": T / p + T * c * lg}
        slow = t["slow_rank"] + T * s
    else:
        t = {"perfect": T, "amdahl": T * (1 + f * (p - 1)),
             "slow_rank": T, "overhead": T * (1 + c * lg)}
        slow = t["slow_rank"] + T * s * lg
    return t, slow


def rank_rows(kind, p, rank, f, s, c, extra):
    t, slow = laws(kind, p, f, s, c)
    for k in range(extra):
        t[f"x{k:02d}"] = T / (k + 2) / (p if kind == "strong" else 1)
    rows, at = [], 0
    for name in t:
        d = round(slow if name == "slow_rank" and rank == p - 1 else t[name])
        rows.append([name, [at], [at + d]])
        at += d
    return [["main", [0], [at]]] + rows


def spec_of(kind, p, f, s, c, work, extra):
    meta = {"case": f"p{p}", "mpi_size": p, "omp_num_threads": 2, "total_cores": 2 * p,
            "num_nodes": max(1, p // 16), "work_per_rank": work}
    return {"schema": 3, "metadata": meta,
            "ranks": {str(r): rank_rows(kind, p, r, f, s, c, extra)
                      for r in range(p)}}


def specs(kind, ranks, f, s, c, repeat=1, unequal_work=False, extra=0):
    """(file stem, spec) of each run."""
    out = []
    for i, p in enumerate(ranks):
        work = 64_000 // p if kind == "strong" else 1000
        if unequal_work and i == len(ranks) - 1:
            work += 1
        for k in range(repeat):
            stem = f"run-{p:02d}" + (f"-{k + 1}" if repeat > 1 else "")
            out.append((stem, spec_of(kind, p, f, s, c, work, extra)))
    return out


def write_series(outdir, kind, ranks, f, s, c, repeat, unequal_work, extra,
                 profile_from_spec, write):
    os.makedirs(outdir, exist_ok=True)
    for stem, spec in specs(kind, ranks, f, s, c, repeat, unequal_work,
                            extra):
        write(profile_from_spec(spec), os.path.join(outdir, stem + ".h5"))
