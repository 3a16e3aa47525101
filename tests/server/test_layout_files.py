"""``POST /api/layouts/import`` and ``/api/layouts/export``: layout files in and out."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.server import TestClient
from tilematch.engine import layouts
from tilematch.engine.layouts.writers import ENDINGS, write_layout

TURTLE = layouts.get("turtle")
PAIR = [[0, 0, 0], [2, 0, 0]]


def post_import(client: TestClient, filename: str, text: str, **extra: object):
    body = json.dumps({"filename": filename, "text": text, **extra})  # "\ud800" stays escaped
    return client.post(
        "/api/layouts/import", content=body, headers={"Content-Type": "application/json"}
    )


def error_of(response) -> tuple[int, str, str]:
    body = response.json()["error"]
    return response.status_code, body["code"], body["message"]


@pytest.mark.parametrize("fmt", ["kmahjongg", "gnome", "kyodai"])
def test_import_reads_each_format(client: TestClient, fmt: str) -> None:
    layout = layouts.get("little-pyramid")
    text = write_layout(layout, fmt)
    answer = post_import(client, "my/folder/pyr" + ENDINGS[fmt], text)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["format"] == fmt and body["warnings"] == []
    assert [tuple(p) for p in body["positions"]] == list(layout.positions)
    assert body["tiles"] == layout.size
    assert set(body) == {"name", "title", "format", "tiles", "positions", "warnings"}


def test_import_detects_the_format_from_the_text_and_reports_tolerated_marks(client) -> None:
    text = write_layout(TURTLE, "kmahjongg")
    rows = text.splitlines()
    first = next(i for i, row in enumerate(rows) if "12" in row and set(row) <= set(".1234"))
    rows[first] = rows[first].replace("12", "1.", 1)  # a tile without its top-right mark
    answer = post_import(client, "turtle.txt", "\n".join(rows) + "\n")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["format"] == "kmahjongg" and body["tiles"] == 144
    assert body["name"] == "turtle" and body["title"] == "turtle"
    assert len(body["warnings"]) == 1
    assert body["warnings"][0].startswith(f"turtle.txt: line {first + 1}, column ")


def test_import_picks_a_gnome_map_by_name(client) -> None:
    two = write_layout(TURTLE, "gnome").replace(
        "</mahjongg>", '<map name="Pair"><tile x="0" y="0"/><tile x="1" y="0"/></map></mahjongg>'
    )
    answer = post_import(client, "two.map", two, map="pair")
    assert answer.status_code == 200 and answer.json()["positions"] == PAIR
    missing = post_import(client, "two.map", two, map="nothing")
    assert error_of(missing)[:2] == (422, "bad_layout_file")
    assert "no map named 'nothing'" in error_of(missing)[2]


@pytest.mark.parametrize(
    ("filename", "text", "message"),
    [
        (
            "x.layout",
            "kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n4a..\n",
            r"x\.layout: line 6, column 2: unexpected character 'a'",
        ),
        (
            "x.lay",
            "Kyodai 3.0\nname\n0102\n",
            r"x\.lay: line 3, column 4: unexpected character '2'",
        ),
        (
            "x.map",
            "<mahjongg><map name='m'><tile x='0' y='zero'/></map></mahjongg>",
            r"x\.map: line 1: <tile>: y='zero' is not a number",
        ),
        ("x.map", "<mahjongg><map><tile x='1e999' y='0'/>", r"broken XML|is not a number"),
        (
            "x.map",
            "<mahjongg><map><tile x='0' y='-4'/></map></mahjongg>",
            r"y='-4' is outside 0 to 500 tiles",
        ),
        (
            "x.map",
            "<mahjongg><map><row left='0' right='99999999' y='0'/></map></mahjongg>",
            r"right='99999999' is outside",
        ),
        (
            "x.map",
            "<mahjongg><map><tile x='0' y='0'/></map></mahjongg>",
            r"odd number of tiles \(1\)",
        ),
        ("notes.txt", "hello", r"notes\.txt: not a layout file this program knows"),
        ("a\\b\\c.bin", "\x00\x01\x02binary", r"^c\.bin: line 1, column 1: U\+0000 is not text"),
        ("x.lay", "Kyodai\nn\n\ud800", r"line 3, column 1: U\+D800 is not text"),
    ],
)
def test_import_names_the_line_or_field_of_a_broken_file(client, filename, text, message) -> None:
    status, code, said = error_of(post_import(client, filename, text))
    assert (status, code) == (422, "bad_layout_file"), said
    assert re.search(message, said), said


def test_import_refuses_a_text_over_256_kib_and_a_body_over_its_limit(client) -> None:
    big = "." * (256 * 1024 + 1)
    status, code, message = error_of(post_import(client, "big.layout", big))
    assert (status, code) == (422, "text_too_large")
    assert "262,145 bytes" in message and "at most 262,144" in message
    huge = post_import(client, "huge.layout", "\n" * (400 * 1024))  # JSON "\n" x 400 Ki
    assert error_of(huge)[:2] == (413, "body_too_large")
    just = post_import(client, "ok.layout", write_layout(TURTLE, "kmahjongg").ljust(200_000, "#"))
    assert just.status_code in (200, 422) and just.status_code != 413


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": "x"}, "Field 'filename' is required"),
        ({"filename": "", "text": "x"}, "'filename'"),
        ({"filename": "x" * 256, "text": "x"}, "'filename'"),
        ({"filename": "x.lay", "text": 5}, "'text'"),
        ({"filename": "x.lay", "text": "x", "folder": "/etc"}, "Unknown field 'folder'"),
        ({"filename": "/// \n", "text": "x"}, "'filename' needs a visible name"),
    ],
)
def test_import_names_a_bad_field(client, body, field) -> None:
    status, _, message = error_of(client.post("/api/layouts/import", json=body))
    assert status == 422 and field in message, message


def post_export(client: TestClient, fmt: str, name: str, positions: object):
    return client.post(
        "/api/layouts/export", json={"format": fmt, "name": name, "positions": positions}
    )


@pytest.mark.parametrize(
    ("fmt", "ending"), [("kmahjongg", "layout"), ("gnome", "map"), ("kyodai", "lay")]
)
def test_export_answers_the_file_as_an_attachment(client, fmt: str, ending: str) -> None:
    answer = post_export(client, fmt, "My Turtle", [list(p) for p in TURTLE.positions])
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"] == f'attachment; filename="my-turtle.{ending}"'
    assert answer.headers["cache-control"] == "no-store"
    again = layouts.read_layout(answer.text, f"again.{ending}")
    assert again.positions == TURTLE.positions and again.title in ("My Turtle", "again")


def test_export_then_import_gives_the_same_positions(client) -> None:
    positions = [list(p) for p in layouts.get("fortress").positions]
    for fmt, ending in (("kmahjongg", "layout"), ("gnome", "map")):
        text = post_export(client, fmt, "f", positions).text
        back = post_import(client, f"f.{ending}", text).json()
        assert back["positions"] == positions


@pytest.mark.parametrize(
    "name",
    [
        "../../etc/passwd",
        'a"; filename="evil.exe',
        "x\r\nSet-Cookie: a=b",
        "日本語",
        "\\\\server\\share",
    ],
)
def test_export_file_names_are_safe_in_the_header(client, name: str) -> None:
    answer = post_export(client, "gnome", name, PAIR)
    assert answer.status_code == 200, answer.text
    disposition = answer.headers["content-disposition"]
    filename = disposition.removeprefix('attachment; filename="').removesuffix('"')
    assert filename.endswith(".map") and filename.count(".") == 1
    assert all(c.isascii() and (c.isalnum() or c in "-.") for c in filename), filename
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize(
    ("positions", "code", "message"),
    [
        ([[0, 0, 0]], "bad_layout", "odd number of tiles (1)"),
        ([[0, 0, 0], [1, 1, 0]], "bad_layout", "tile at (1, 1, 0) overlaps the tile at (0, 0, 0)"),
        (
            [[0, 0, 0], [2, 0, 0], [9, 9, 1], [4, 0, 0]],
            "bad_layout",
            "tile at (9, 9, 1) rests on nothing",
        ),
        ([[0, 0, 0], [10**30, 0, 0]], "bad_layout", "outside 0..1000"),
        ([[0, 0, 0], [-2, 0, 0]], "bad_layout", "outside 0..1000"),
        ([[0, 0, 0], [2.0, 0, 0]], "wrong_type", "positions.1.0"),
        ([[0, 0, 0], ["2", 0, 0]], "wrong_type", "positions.1.0"),
        ([[0, 0], [2, 0, 0]], "missing_field", "positions.0.2"),
        ([], "bad_value", "positions"),
        ([[0, 0, 0]] * 2001, "bad_value", "positions"),
    ],
)
def test_export_refuses_positions_the_engine_refuses(client, positions, code, message) -> None:
    status, said_code, said = error_of(post_export(client, "kmahjongg", "x", positions))
    assert (status, said_code) == (422, code), said
    assert message in said


def test_export_refuses_unknown_formats_and_what_a_format_cannot_hold(client) -> None:
    status, code, message = error_of(post_export(client, "svg", "x", PAIR))
    assert (status, code) == (422, "bad_value") and "'format'" in message
    wide = [[x, 0, 0] for x in range(0, 40, 2)]
    status, code, message = error_of(post_export(client, "kyodai", "wide", wide))
    assert (status, code) == (422, "layout_too_large")
    assert "the tile at (38, 0, 0) does not fit a Kyodai file" in message
    assert post_export(client, "gnome", " \n\t", PAIR).json()["error"]["message"] == (
        "'name' needs at least one visible character."
    )


def test_export_takes_a_body_of_2000_positions(client) -> None:
    positions = [[x, y, 0] for y in range(0, 80, 2) for x in range(0, 100, 2)][:2000]
    body = json.dumps({"format": "gnome", "name": "big", "positions": positions})
    assert len(body) > 16_384
    answer = client.post(
        "/api/layouts/export", content=body, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 200, answer.text
