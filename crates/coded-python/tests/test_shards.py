"""Shards and their merge, byte for byte the CLI's; a study mapped over a
Dask LocalCluster (real worker processes) merges to the one-process sweep."""

from __future__ import annotations

import os

import pytest

import coded

TEXT = '{"trials": 20}'
LISTS = dict(n=[10, 20, 40, 80], p=[0.1, 0.3], schemes=["bacc", "letcc"])
FLAGS = ["--n", "10,20,40,80", "--p", "0.1,0.3", "--schemes", "bacc,letcc"]


def test_parts_and_merge_are_the_clis(tmp_path, cli):
    whole = coded.sweep(TEXT, progress=False, **LISTS)
    parts = [coded.sweep(TEXT, shard=(i, 3), progress=False, **LISTS) for i in (1, 2, 3)]
    files = []
    for i, part in enumerate(parts, start=1):
        done = cli.ok(TEXT, "sweep", "--config", "-", "--shard", f"{i}/3", *FLAGS)
        assert part.csv == done.stdout
        path = tmp_path / f"part{i}.csv"
        part.to_csv(path)
        files.append(str(path))
    merged = coded.merge(parts[::-1])
    assert merged.csv == whole.csv
    assert cli.ok("", "merge", *files).stdout == whole.csv
    assert coded.merge(files).csv == whole.csv
    assert coded.merge([p.csv for p in parts]).csv == whole.csv


def test_parts_that_do_not_fit_are_refused_in_words():
    parts = [coded.sweep(TEXT, shard=(i, 3), progress=False, **LISTS) for i in (1, 2, 3)]
    other = coded.sweep('{"trials": 21}', shard=(3, 3), progress=False, **LISTS)
    for given, words in [
        (parts[:2], "part 3 of 3 is missing"),
        (parts + [parts[1]], "given twice"),
        (parts[:2] + [other], "parts of different sweeps"),
        ([], "none were given"),
        (["# not a shard\n"], "is not a shard"),
        ([parts[0].csv[:-5]], "cut short"),
    ]:
        with pytest.raises(ValueError, match=words):
            coded.merge(given)
    with pytest.raises(ValueError, match="does not exist"):
        coded.sweep(TEXT, shard=(4, 3), progress=False)
    with pytest.raises(ValueError, match="without shards"):
        coded.sweep(TEXT, over="p", shard=(1, 2), progress=False)


def test_a_dask_local_cluster_maps_the_shards(tmp_path):
    distributed = pytest.importorskip("distributed")
    whole = coded.sweep(TEXT, progress=False, **LISTS)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
        local_directory=str(tmp_path),
    ) as cluster, distributed.Client(cluster) as client:
        futures = [
            client.submit(coded.sweep, TEXT, shard=(i, 4), threads=1, progress=False, pure=False, **LISTS)
            for i in (1, 2, 3, 4)
        ]
        parts = client.gather(futures)
        pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids
    assert [p.shard for p in parts] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert coded.merge(parts).csv == whole.csv
