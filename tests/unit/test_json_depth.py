"""JSON nested deeper than the json module decodes (it raises RecursionError): a reader refuses
it like any other text that is not JSON, and a search for an object in free text finds none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anser_tui.benchmarks.aalcr.verdicts import read_json_verdict
from anser_tui.core.errors import InputError
from anser_tui.core.json_input import TooDeep, decode_plain, loads, object_line, raw_decode
from anser_tui.core.json_text import first_json_object
from anser_tui.scoring.structured import find_object
from anser_tui.workspace.records import JudgmentStatus

DEEP = '{"a": ' * 5000 + "1" + "}" * 5000


def test_the_json_module_itself_cannot_decode_it() -> None:
    with pytest.raises(RecursionError):
        json.loads(DEEP)


def test_readers_refuse_it_as_json_they_cannot_read() -> None:
    for read in (decode_plain, loads, lambda t: raw_decode(t, 0)):
        with pytest.raises(TooDeep, match="nested too deeply"):
            read(DEEP)
    assert issubclass(TooDeep, json.JSONDecodeError)
    with pytest.raises(InputError, match=r"x\.jsonl:4: invalid JSON: nested too deeply"):
        object_line(DEEP.encode(), Path("x.jsonl"), 4)


def test_a_search_in_free_text_stops_at_it() -> None:
    text = f"my verdict: {DEEP} and then " + '{"verdict": "CORRECT"}'
    assert first_json_object(text) is None  # the first object cannot be read, nor its inside
    assert find_object(text) == (None, "none")
    assert read_json_verdict(text).status is JudgmentStatus.PARSE_ERROR
    shallow = '{"a": ' * 50 + "1" + "}" * 50
    assert first_json_object(shallow) == json.loads(shallow)  # a depth json reads: as before

