"""Configurations from a dict, keywords, JSON text or a study file, checked
by the core; a bad one is a ValueError with the CLI's one-line message."""

from __future__ import annotations

import json

import pytest

import coded


def test_every_form_gives_the_same_checked_configuration(tmp_path, cli):
    want = json.loads(cli.ok('{"k": 8, "n": 32}', "config", "--config", "-").stdout)
    as_file = tmp_path / "config.json"
    as_file.write_text('{"k": 8, "n": 32}')
    for got in [
        coded.config({"k": 8, "n": 32}),
        coded.config(k=8, n=32),
        coded.config('{"k": 8, "n": 32}'),
        coded.config({"k": 8}, n=32),
        coded.config(str(as_file)),
        coded.config(as_file),
    ]:
        assert got == want


def test_a_study_export_reads_whole(tmp_path):
    study = {
        "config": {"trials": 20, "k": 6},
        "schemes": ["bacc", "letcc"],
        "n": [12, 24],
        "p": [0.1],
    }
    path = tmp_path / "study.json"
    path.write_text(json.dumps(study))
    got = coded.config(path)
    assert got["schemes"] == ["bacc", "letcc"] and got["n"] == [12, 24]
    assert got["config"]["k"] == 6 and got["config"]["trials"] == 20
    # Keywords set fields of the study's configuration.
    assert coded.config(path, seed=9)["config"]["seed"] == 9


BAD = [
    '{"k": 50}',
    '{"k": 0}',
    '{"n": 9000}',
    '{"scheme": "magic"}',
    '{"stragglers": {"model": "iid", "p": 1.5}}',
    '{"function": {"expr": "sin("}}',
    '{"trials": 0}',
    '{"colour": "red"}',
    '{"k": ',
    "[1, 2]",
    '{"config": {"k": 4}, "schemes": ["bacc"], "n": [2, "x"]}',
]


@pytest.mark.parametrize("text", BAD)
def test_a_bad_configuration_raises_the_clis_message(text, cli):
    words = cli.error(text, "config", "--config", "-")
    with pytest.raises(ValueError) as raised:
        coded.config(text)
    assert str(raised.value) == words
    # The same refusal from every entry point, before anything runs.
    for call in (coded.round, coded.sweep):
        with pytest.raises(ValueError) as raised:
            call(text)
        assert str(raised.value) == words


def test_json_has_no_nan_and_other_types_are_refused():
    with pytest.raises(ValueError, match="no NaN"):
        coded.config(noise=float("nan"))
    with pytest.raises(TypeError):
        coded.config(42)


STUDIES = [
    '{"config": {"k": 4}, "schemes": ["bacc"], "n": [8], "p": [0.2], "colour": 1}',
    '{"config": {"k": 4}, "schemes": ["magic"], "n": [8], "p": [0.2]}',
    '{"config": {"k": 4}, "schemes": ["bacc"], "n": [8], "p": [2]}',
    '{"config": {"k": 4}, "schemes": ["bacc"], "n": [8], "over": {"setting": "colour", "values": [1]}}',
    '{"config": {"function": {"expr": "x +* 2"}}, "schemes": ["bacc"], "n": [8], "p": [0.2]}',
]


@pytest.mark.parametrize("text", STUDIES)
def test_a_study_file_from_elsewhere_is_checked_whole(text, tmp_path, cli):
    path = tmp_path / "study.json"
    path.write_text(text)
    words = cli.error("", "sweep", "--config", str(path))
    with pytest.raises(ValueError) as raised:
        coded.sweep(path, progress=False)
    assert str(raised.value) == words.replace(str(path), str(path))
    assert list(tmp_path.iterdir()) == [path]


def test_files_that_are_not_studies_are_refused_in_words(tmp_path):
    with pytest.raises(FileNotFoundError, match="no study or configuration file"):
        coded.sweep(str(tmp_path / "missing.json"))
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ValueError, match="not text"):
        coded.config(binary)
    empty = tmp_path / "empty.json"
    empty.write_text("")
    with pytest.raises(ValueError, match="invalid `\\(json\\)`"):
        coded.config(empty)
