import hashlib
import random
from collections import Counter

import pytest

from tilematch.engine import tiles
from tilematch.engine.grid.board import GridBoard
from tilematch.engine.layouts.layout import Layout
from tilematch.engine.stack.board import StackBoard


def test_names_players_read() -> None:
    assert tiles.tile_name("5s") == "5 of Bamboo"
    assert tiles.tile_name("1m") == "1 of Characters"
    assert tiles.tile_name("9p") == "9 of Dots"
    assert tiles.tile_name("7z") == "Red Dragon"
    assert tiles.tile_name("1z") == "East Wind"
    assert tiles.tile_name("1f") == "Plum"
    assert tiles.tile_name("8f") == "Winter"
    assert tiles.tile_name("b5s") == "black 5 of Bamboo"


@pytest.mark.parametrize("code", ["", "0m", "10m", "8z", "9f", "x5s", "5x", "bb5s", "5S"])
def test_unknown_codes_are_refused(code: str) -> None:
    assert not tiles.is_valid_code(code)
    with pytest.raises(tiles.TileError, match="unknown tile code"):
        tiles.tile_name(code)


def test_match_rules() -> None:
    assert tiles.tiles_match("5s", "5s")
    assert not tiles.tiles_match("5s", "6s")
    assert all(tiles.tiles_match(a, b) for a in tiles.FLOWERS for b in tiles.FLOWERS)
    assert all(tiles.tiles_match(a, b) for a in tiles.SEASONS for b in tiles.SEASONS)
    assert not any(tiles.tiles_match(a, b) for a in tiles.FLOWERS for b in tiles.SEASONS)
    assert tiles.tiles_match("b5s", "w5s") and tiles.tiles_match("w5s", "b5s")
    assert not tiles.tiles_match("b5s", "b5s") and not tiles.tiles_match("w5s", "w5s")
    assert not tiles.tiles_match("b5s", "w6s")
    assert not tiles.tiles_match("b5s", "5s")
    for black in tiles.BLACK_BONUS:
        for white in tiles.WHITE_BONUS:
            assert tiles.tiles_match(black, white)
    assert not tiles.tiles_match("b1f", "b2f")
    assert not tiles.tiles_match("w3f", "w7f")


@pytest.mark.parametrize("name,size", [("136", 136), ("144", 144), ("bw144", 144)])
def test_standard_sets_pair_up_completely(name: tiles.SetName, size: int) -> None:
    faces = tiles.standard_set(name)
    assert len(faces) == size
    groups = tiles.groups_of_set(name)
    assert Counter(f for g in groups for f in g) == Counter(faces)
    for group in groups:
        assert tiles.tiles_match(group[0], group[1]) and tiles.tiles_match(group[2], group[3])


def test_bw_set_is_two_black_two_white() -> None:
    counts = Counter(tiles.standard_set("bw144"))
    assert counts["b5s"] == 2 and counts["w5s"] == 2 and counts["5s"] == 0
    assert sorted(c for c in counts if c.endswith("f")) == sorted(
        tiles.BLACK_BONUS + tiles.WHITE_BONUS
    )


@pytest.mark.parametrize("count", [0, 2, 36, 72, 74, 136, 144, 146, 288, 300])
def test_deal_faces_uses_whole_groups_then_a_pair(count: int) -> None:
    faces = tiles.deal_faces(count, "144", random.Random(7))
    assert len(faces) == count
    for a, b in tiles.pairs_of(faces):
        assert tiles.tiles_match(a, b)
    assert faces == tiles.deal_faces(count, "144", random.Random(7))


def test_deal_faces_refuses_odd_counts() -> None:
    with pytest.raises(ValueError, match="even number"):
        tiles.deal_faces(5, "136", random.Random(1))


def test_partner_codes() -> None:
    assert tiles.partner_codes("3f") == tiles.FLOWERS
    assert set(tiles.partner_codes("b1f")) == set(tiles.WHITE_BONUS)
    assert tiles.partner_codes("b5s") == ("w5s",)


# ----------------------------------------------------------------- every pair of codes

PLAIN = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
PLAIN += [f"{n}f" for n in range(1, 9)]
COLOURED = [f"{c}{code}" for c in "bw" for code in PLAIN]


def reference_match(a: str, b: str) -> bool:
    """docs/rules.md §1 in its own words, written apart from the engine's match keys."""
    colour_a, symbol_a = (a[0], a[1:]) if len(a) == 3 else (None, a)
    colour_b, symbol_b = (b[0], b[1:]) if len(b) == 3 else (None, b)
    bonus_a, bonus_b = symbol_a.endswith("f"), symbol_b.endswith("f")
    if colour_a is None and colour_b is None:
        if bonus_a and bonus_b:  # flowers with flowers, seasons with seasons
            return (int(symbol_a[0]) <= 4) == (int(symbol_b[0]) <= 4)
        return symbol_a == symbol_b
    if colour_a is None or colour_b is None or colour_a == colour_b:
        return False  # Black & White: opposite colours only, never with plain tiles
    if bonus_a and bonus_b:
        return True  # any black bonus tile with any white bonus tile
    return symbol_a == symbol_b


def test_every_pair_of_codes_matches_like_the_rulebook() -> None:
    codes = PLAIN + COLOURED
    assert all(tiles.is_valid_code(code) for code in codes)
    for a in codes:
        for b in codes:
            assert tiles.tiles_match(a, b) == reference_match(a, b), (a, b)


def test_boards_pair_every_code_like_the_rulebook() -> None:
    codes = PLAIN + COLOURED  # 126 codes on a 2 x 63 grid
    grid = GridBoard(2, 63, codes)
    for i, a in enumerate(codes):
        want = sum(1 << j for j, b in enumerate(codes) if j != i and reference_match(a, b))
        assert grid.partners(i) == want, a
    for game, group in (("solitaire", PLAIN), ("blackwhite", COLOURED)):
        row = Layout("row", tuple((2 * i, 0, 0) for i in range(len(group))))
        board = StackBoard(row, group, game=game)
        for i, a in enumerate(group):
            want = sum(1 << j for j, b in enumerate(group) if j != i and reference_match(a, b))
            assert board.partners[i] == want, a


@pytest.mark.parametrize("name", ["136", "144", "bw144"])
@pytest.mark.parametrize("count", [2, 36, 74, 146, 290])
def test_deal_faces_takes_whole_distinct_groups_before_a_pair(
    name: tiles.SetName, count: int
) -> None:
    groups = [sorted(group) for group in tiles.groups_of_set(name)]
    per_set = 4 * len(groups)
    faces = tiles.deal_faces(count, name, random.Random(count))
    full, rest = divmod(count, per_set)
    whole = rest // 4
    # complete sets first, then whole groups (each at most once), then one pair
    assert Counter(faces[: full * per_set]) == Counter(tiles.standard_set(name) * full)
    chunks = [
        sorted(faces[i : i + 4]) for i in range(full * per_set, full * per_set + 4 * whole, 4)
    ]
    assert all(chunk in groups for chunk in chunks)
    assert len({tuple(chunk) for chunk in chunks}) == whole
    tail = faces[full * per_set + 4 * whole :]
    assert len(tail) == rest % 4 and (not tail or tiles.tiles_match(tail[0], tail[1]))


@pytest.mark.parametrize(
    ("name", "count", "seed", "digest", "last"),
    [
        ("144", 74, 1, "315e6da55097e03b", ["4s", "4s", "4s", "4s", "2z", "2z"]),
        ("136", 50, 2, "ca462e9812cd5d44", ["2s", "2s", "2s", "2s", "5p", "5p"]),
        ("bw144", 106, 3, "3f219ae628b99f62", ["b4s", "w4s", "b4s", "w4s", "b1m", "w1m"]),
        ("144", 290, 4, "6ef2cf9cc681908e", ["5f", "6f", "7f", "8f", "7p", "7p"]),
    ],
)
def test_deal_faces_golden(
    name: tiles.SetName, count: int, seed: int, digest: str, last: list[str]
) -> None:
    # Seeded deals (daily boards among them) depend on this draw: it must not change.
    faces = tiles.deal_faces(count, name, random.Random(seed))
    assert faces[-6:] == last
    assert hashlib.sha256(" ".join(faces).encode()).hexdigest()[:16] == digest
