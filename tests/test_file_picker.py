"""The file picker's message from the browser (tutor/ui/file_picker): decoded within the
limit, a larger file named but not read, anything else refused as a forged message."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.ui.file_picker import BadFile, SentFile, read_sent

LIMIT = 1000


def message(data: bytes | None, name: str = "game.json") -> dict[str, object]:
    return {"name": name, "size": 0 if data is None else len(data),
            "data": None if data is None else base64.b64encode(data).decode("ascii")}


@given(st.binary(max_size=LIMIT))
def test_a_file_within_the_limit_arrives_whole(data: bytes) -> None:
    assert read_sent(message(data), LIMIT) == SentFile("game.json", len(data), data)


def test_a_larger_file_is_named_and_never_decoded() -> None:
    sent = read_sent(message(b"x" * (LIMIT + 1)), LIMIT)
    assert sent.data is None and sent.size == LIMIT + 1
    huge = {"name": "big.json", "size": 10**9, "data": "A" * (10 * LIMIT)}
    assert read_sent(huge, LIMIT).data is None  # too long to be within the limit: not decoded
    assert read_sent({"name": "big.json", "size": 10**9, "data": None}, LIMIT).data is None


@pytest.mark.parametrize("sent", [
    None, "text", [], {"name": 3, "size": 1, "data": ""}, {"name": "a", "size": -1, "data": ""},
    {"name": "a", "size": True, "data": ""}, {"name": "a", "size": 3, "data": "not base64!"},
])
def test_anything_else_is_a_forged_message(sent: object) -> None:
    with pytest.raises(BadFile):
        read_sent(sent, LIMIT)


def test_a_long_name_is_cut() -> None:
    assert len(read_sent(message(b"{}", name="n" * 5000), LIMIT).name) == 200
