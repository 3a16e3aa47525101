"""Pictures for the layout designer: animals, characters and buildings drawn in text.

Each picture is a list of rows, one character a whole-tile cell (see
:func:`drawn`); most are drawn as their left half and mirrored
(:func:`mirrored`), so they are symmetric left to right.
"""

from __future__ import annotations

from collections.abc import Sequence

from tilematch.engine.layouts.layout import Position


def drawn(rows: Sequence[str]) -> list[Position]:
    """The tiles of a picture: one character a whole-tile cell; ``#`` is one tile on
    layer 0, a digit ``n`` a stack ``n`` tiles high, ``.`` or a space no tile.

    Raises :class:`ValueError` for any other character.
    """
    tiles: list[Position] = []
    for r, line in enumerate(rows):
        for c, char in enumerate(line):
            if char == "#":
                tiles.append((2 * c, 2 * r, 0))
            elif char.isdigit():
                tiles += [(2 * c, 2 * r, z) for z in range(int(char))]
            elif char not in ". ":
                raise ValueError(f"unknown character {char!r} in a drawing")
    return tiles


def mirrored(half: Sequence[str]) -> list[str]:
    """Each row of ``half`` followed by itself reversed: a picture symmetric left to right."""
    return [row + row[::-1] for row in half]


PICTURES: dict[str, tuple[str, str, str, list[str]]] = {
    "cat": (
        "Cat",
        "Animal",
        "A sitting cat with pointed ears and a raised face.",
        mirrored(
            [
                ".#....",
                ".##...",
                ".#####",
                ".#2#2#",
                ".#####",
                "..####",
                "..####",
                ".#####",
                "######",
                "######",
                "######",
                ".#####",
            ]
        ),
    ),
    "owl": (
        "Owl",
        "Animal",
        "A round owl with big raised eyes.",
        mirrored(
            [
                "##....",
                "###...",
                ".#####",
                "#22###",
                "#22###",
                "######",
                ".#####",
                ".##2##",
                ".#####",
                "..####",
                "...###",
            ]
        ),
    ),
    "fish": (
        "Fish",
        "Animal",
        "A fish with a forked tail.",
        [
            "##..........",
            "###....#####.",
            ".###.#######",
            "..##########",
            "...####22###",
            "..##########",
            ".###.#######",
            "###....#####.",
            "##..........",
        ],
    ),
    "crab": (
        "Crab",
        "Animal",
        "A crab with raised claws.",
        mirrored(
            [
                "22.....",
                "2#.....",
                ".#..###",
                ".######",
                "..#2###",
                "..#####",
                ".######",
                "#..#..#",
                "...#...",
            ]
        ),
    ),
    "frog": (
        "Frog",
        "Animal",
        "A frog with bulging eyes, ready to jump.",
        mirrored(
            [
                ".22...",
                ".22###",
                "..####",
                ".#####",
                "######",
                "#.####",
                "#..###",
                "##..##",
            ]
        ),
    ),
    "turtle-small": (
        "Pond Turtle",
        "Animal",
        "A small turtle with a high shell.",
        mirrored(
            [
                "....##",
                "....##",
                ".#.###",
                "..####",
                "..#223",
                "..#233",
                "..####",
                ".#.###",
                "....#.",
            ]
        ),
    ),
    "bat": (
        "Bat",
        "Animal",
        "A bat with spread wings.",
        mirrored(
            [
                "#.....#.",
                "##...###",
                "###.####",
                "########",
                "#######2",
                ".#.#.###",
                "......#.",
            ]
        ),
    ),
    "butterfly-small": (
        "Moth",
        "Animal",
        "A moth with round wings.",
        mirrored(
            [
                "###...",
                "####..",
                "#####.",
                "###2#2",
                ".####2",
                "..###2",
                ".####2",
                "###..2",
            ]
        ),
    ),
    "elephant": (
        "Elephant",
        "Animal",
        "An elephant with a long trunk.",
        [
            "....#######...",
            "..##########..",
            ".######2#####.",
            "#######2######",
            "##.#########..",
            "#..##.##.##...",
            "#..##.##.##...",
            "...##.##.##...",
        ],
    ),
    "bird": (
        "Crane",
        "Animal",
        "A crane with wide wings.",
        mirrored(
            [
                "#......",
                "##.....",
                "###....",
                "####...",
                "#####.2",
                ".######",
                "...####",
                ".....##",
                "......#",
            ]
        ),
    ),
    "pagoda": (
        "Pagoda",
        "Building",
        "Five roofs, each narrower, on a stone base.",
        mirrored(
            [
                "......",
                ".....#",
                "...###",
                ".....2",
                "..####",
                "....22",
                ".#####",
                "...222",
                "######",
                "..2222",
                "######",
            ]
        ),
    ),
    "gate": (
        "Torii Gate",
        "Building",
        "A gate of two posts under a curved beam.",
        mirrored(
            [
                "########",
                ".2222222",
                "..2.....",
                "22222222",
                "..2.....",
                "..2.....",
                "..2.....",
                ".###....",
            ]
        ),
    ),
    "house": (
        "Tea House",
        "Building",
        "A house with a wide roof and a door.",
        mirrored(
            [
                "....22",
                "...222",
                "..2222",
                ".#####",
                ".#2#..",
                ".#2#..",
                ".####.",
                "######",
            ]
        ),
    ),
    "lighthouse": (
        "Lighthouse",
        "Building",
        "A tall tower with a light on top.",
        mirrored(
            [
                "..2",
                ".22",
                "..2",
                ".##",
                ".2#",
                ".##",
                ".2#",
                ".##",
                "###",
                "###",
            ]
        ),
    ),
    "bridge-arch": (
        "Moon Bridge",
        "Building",
        "An arched bridge over water.",
        mirrored(
            [
                ".....###",
                "...#####",
                "..###...",
                ".##.....",
                "###.....",
                "########",
            ]
        ),
    ),
    "shan": (
        "Mountain",
        "Character",
        "The character 山, mountain.",
        mirrored(
            [
                "#....2",
                "#....2",
                "#....2",
                "#....2",
                "######",
            ]
        ),
    ),
    "zhong": (
        "Middle",
        "Character",
        "The character 中, middle, as on the red dragon.",
        mirrored(
            [
                ".....2",
                "######",
                "#....2",
                "#....2",
                "######",
                ".....2",
                ".....2",
            ]
        ),
    ),
    "tian": (
        "Field",
        "Character",
        "The character 田, field.",
        mirrored(
            [
                "######",
                "#....2",
                "#....2",
                "######",
                "#....2",
                "#....2",
                "######",
            ]
        ),
    ),
    "wang": (
        "King",
        "Character",
        "The character 王, king.",
        mirrored(
            [
                "######",
                ".....2",
                ".....2",
                ".#####",
                ".....2",
                ".....2",
                "######",
            ]
        ),
    ),
    "da": (
        "Great",
        "Character",
        "The character 大, great.",
        mirrored(
            [
                ".....2",
                ".....2",
                "######",
                "....#2",
                "...#..",
                "..#...",
                "##....",
            ]
        ),
    ),
    "mu": (
        "Tree",
        "Character",
        "The character 木, tree.",
        mirrored(
            [
                ".....2",
                ".....2",
                "######",
                "....22",
                "...#.2",
                "..#..2",
                "##...2",
            ]
        ),
    ),
    "men": (
        "Gate",
        "Character",
        "The character 门, gate.",
        [
            ".#........",
            "..#.######",
            "#.......#.",
            "#.......#.",
            "#.......#.",
            "#.......#.",
            "#.....###.",
        ],
    ),
    "shou": (
        "Long Life",
        "Character",
        "A square longevity knot.",
        mirrored(
            [
                "######",
                "#.....",
                "#.####",
                "#.#...",
                "#.#.22",
                "#.#.2.",
                "#.#.2.",
            ]
        ),
    ),
    "ren": (
        "Person",
        "Character",
        "The character 人, person.",
        mirrored(
            [
                ".....2",
                ".....2",
                ".....#",
                "....##",
                "...##.",
                "..##..",
                "###...",
            ]
        ),
    ),
    "kou": (
        "Mouth",
        "Character",
        "The character 口, mouth, with thick strokes.",
        mirrored(
            [
                "222222",
                "2....2",
                "2....2",
                "2....2",
                "222222",
            ]
        ),
    ),
}
