"""The examples in docs/mahjong.md run and say what the page says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from tilematch.engine.stack.json import parse_stack_json

PAGE = Path(__file__).resolve().parents[2] / "docs" / "mahjong.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_python_examples_run_and_print_what_the_comments_say() -> None:
    code = blocks("python")
    assert len(code) >= 2
    out = io.StringIO()
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(out):
        for block in code:
            exec(compile(block, str(PAGE), "exec"), namespace)
    printed = out.getvalue().splitlines()
    assert printed[:4] == [
        "(2, 0, 1) 7z",
        "[True, False, False, True, True, True]",
        "[Match(a=0, b=3, path=()), Match(a=4, b=5, path=())]",
        "not free",
    ]
    assert printed[5:8] == ["[]", "[1, 2]", "True False"]
    assert printed[4] == " ".join(comment_after(code[0], "print(board.describe(1))"))
    assert "\n".join(comment_after(code[0], "print(format_board(bw))")) in out.getvalue()


def comment_after(block: str, statement: str) -> list[str]:
    """The comment lines that follow ``statement`` in an example, without their ``# ``."""
    lines = block.split(statement, 1)[1].splitlines()[1:]
    comment = []
    for line in lines:
        if not line.startswith("#"):
            break
        comment.append(line.removeprefix("# "))
    assert comment, statement
    return comment


def test_json_example_is_a_valid_board() -> None:
    (example,) = blocks("json")
    board = parse_stack_json(example)
    assert board.game == "solitaire"
    assert [m[:2] for m in board.legal_pairs()] == [(0, 2)]
