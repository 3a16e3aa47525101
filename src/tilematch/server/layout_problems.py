"""The problems of a player's layout or outline, said in the player's language.

The engine names each problem by a stable code with its figures
(:class:`~tilematch.engine.layouts.validate.Problem`); this module turns them into the
sentences of the messages ``editor.problem.*``, so the layout check answers in the
negotiated locale and keeps the code beside the text.

>>> from tilematch.engine.layouts.validate import editor_problems
>>> [problem_text("ja", "stack", p) for p in editor_problems([(0, 0, 0), (2, 0, 0)])]
['牌が 2 枚しかありません。配置には 4 枚以上が必要です。']
"""

from __future__ import annotations

from tilematch.engine.layouts.validate import Problem
from tilematch.server.i18n import translate

#: The message id of each problem code of a layered layout.
STACK_MESSAGES = {
    "not_a_tile": "editor.problem.not_a_tile",
    "out_of_range": "editor.problem.out_of_range",
    "too_many": "editor.problem.too_many",
    "repeat": "editor.problem.repeat",
    "overlap": "editor.problem.overlap",
    "floating": "editor.problem.floating",
    "empty": "editor.problem.empty",
    "odd_count": "editor.problem.odd_count",
    "out_of_bounds": "editor.problem.out_of_bounds",
    "too_few": "editor.problem.too_few",
}
#: The message id of each problem code of a Shisen-Sho outline.
GRID_MESSAGES = {
    "not_a_row": "editor.problem.outline.not_a_row",
    "ragged": "editor.problem.outline.ragged",
    "not_a_cell": "editor.problem.outline.not_a_cell",
    "empty": "editor.problem.outline.empty",
    "out_of_bounds": "editor.problem.outline.out_of_bounds",
    "group_size": "editor.problem.outline.group_size",
}
#: An outline without a single row.
NO_ROWS = "editor.problem.outline.no_rows"


def _figures(kind: str, problem: Problem) -> dict[str, object]:
    figures: dict[str, object] = dict(problem.params)
    if problem.tile is not None:
        if kind == "grid":
            figures |= {"row": problem.tile[0] + 1, "column": problem.tile[1] + 1}
        else:
            figures |= dict(zip("xyz", problem.tile, strict=True))
    if problem.other is not None:
        figures |= dict(zip(("other_x", "other_y", "other_z"), problem.other, strict=True))
    return figures


def problem_text(locale: str, kind: str, problem: Problem) -> str:
    """The sentence of ``problem`` of a board of ``kind`` (``"stack"`` or ``"grid"``) in
    ``locale``; a code without a message keeps the engine's English words."""
    messages = GRID_MESSAGES if kind == "grid" else STACK_MESSAGES
    msg_id = messages.get(problem.code)
    if kind == "grid" and problem.code == "empty" and problem.params.get("rows") == 0:
        msg_id = NO_ROWS
    if msg_id is None:
        return problem.message
    return translate(locale, msg_id, **_figures(kind, problem))


def problems_json(locale: str, kind: str, found: list[Problem]) -> list[dict[str, object]]:
    """The problems as the API answers them: the engine's JSON with ``message`` in
    ``locale``."""
    return [
        {**problem.to_json(), "message": problem_text(locale, kind, problem)} for problem in found
    ]
