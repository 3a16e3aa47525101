"""The cell board: the free rule for every tile of a layered board at once.

The solver's form of :meth:`StackGeometry.is_free_in
<tilematch.engine.stack.geometry.StackGeometry.is_free_in>`: tiles are bits of one
big integer laid out so that a step in ``x``, ``y`` or ``z`` is a shift, and the
free tiles of a whole position come out of about twenty integer operations. A
property test holds it equal to :meth:`StackGeometry.free_mask
<tilematch.engine.stack.geometry.StackGeometry.free_mask>`.
"""

from __future__ import annotations

from functools import lru_cache

from tilematch.engine.board import bits
from tilematch.engine.stack.geometry import StackGeometry


class CellBoard:
    """The cell-board layout of one :class:`StackGeometry` (get it from :func:`cell_board`).

    ``cell[s]`` is the bit of spot ``s``; a row holds ``cell_row`` bits (the
    layout's width in half-tile units, plus two), a layer ``cell_layer`` bits (its
    rows, plus one), and there are ``cell_layers`` layers; ``cell_up`` holds the
    shifts that OR every higher layer onto each layer (``cell_layer`` times 1, 2,
    4, ...).
    """

    __slots__ = ("cell", "cell_layer", "cell_layers", "cell_row", "cell_up")

    def __init__(self, geometry: StackGeometry) -> None:
        positions = geometry.positions
        if positions:
            x0 = min(x for x, _, _ in positions)
            y0 = min(y for _, y, _ in positions)
            z0 = min(z for _, _, z in positions)
            cell_row = max(x for x, _, _ in positions) - x0 + 3
            cell_layer = (max(y for _, y, _ in positions) - y0 + 2) * cell_row
            cell_layers = max(z for _, _, z in positions) - z0 + 1
        else:
            x0 = y0 = z0 = cell_layers = 0
            cell_row, cell_layer = 1, 1
        self.cell: tuple[int, ...] = tuple(
            (z - z0) * cell_layer + (y - y0) * cell_row + (x - x0) for x, y, z in positions
        )
        up: list[int] = []
        reach = 1
        while reach < cell_layers - 1:
            up.append(reach * cell_layer)
            reach *= 2
        self.cell_row = cell_row
        self.cell_layer = cell_layer
        self.cell_layers = cell_layers
        self.cell_up = tuple(up)

    def to_cells(self, spots: int) -> int:
        """The cell-board mask of the spots in ``spots``."""
        cell = self.cell
        out = 0
        for spot in bits(spots):
            out |= 1 << cell[spot]
        return out

    def free_cells(self, occupied: int) -> int:
        """The free tiles of ``occupied``, both on the cell board.

        A row of ``cell_row`` bits per ``y`` (two empty cells pad each row), a layer
        of ``cell_layer`` bits per ``z`` (an empty row pads each layer), so no shift
        wraps onto another tile. A tile is covered when the layers above it, ORed
        together and dilated by one cell in ``x`` and ``y``, meet it; a side is
        closed when its own layer, dilated by one cell in ``y``, meets it shifted
        by two cells in ``x``. The dilation in ``y`` is done once and serves both.
        """
        row = self.cell_row
        tall = occupied | (occupied << row) | (occupied >> row)  # dilated in y
        up = tall >> self.cell_layer  # the layer above each layer
        for step in self.cell_up:  # OR in every higher layer
            up |= up >> step
        blocked = up | (up << 1) | (up >> 1) | ((tall << 2) & (tall >> 2))
        return occupied ^ (occupied & blocked)


@lru_cache(maxsize=64)
def cell_board(geometry: StackGeometry) -> CellBoard:
    """The :class:`CellBoard` of ``geometry`` (cached: one per geometry)."""
    return CellBoard(geometry)
