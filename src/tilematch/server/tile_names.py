"""Tile faces, games and modes named in the player's language (the ``tiles`` domain
for tiles, ``common`` for games and modes).

The engine keeps its English :func:`tilematch.engine.tiles.tile_name`; the server
names tiles at its edge with :func:`tile_name` here, from the catalogue ids
``tiles.face.<symbol>`` and, for Black & White tiles, ``tiles.coloured.<b|w>``.

>>> tile_name("ja", "5p"), tile_name("zh-Hans", "7z"), tile_name("en", "w5z")
('五筒', '红中', 'white Frame Dragon')
"""

from __future__ import annotations

from tilematch.engine import tiles
from tilematch.server.i18n import translate


def tile_name(locale: str, code: str) -> str:
    """The name of the tile ``code`` in ``locale`` (``'一萬'`` for ``1m`` in Japanese);
    on a Black & White tile the colour is said once and the White Dragon is named by
    its frame. Raises :class:`~tilematch.engine.tiles.TileError` for an unknown code."""
    colour, symbol = tiles.split_code(code)
    if colour is None:
        return translate(locale, f"tiles.face.{symbol}")
    face = "frame_dragon" if symbol == "5z" else symbol
    return translate(
        locale, f"tiles.coloured.{colour}", name=translate(locale, f"tiles.face.{face}")
    )


def symbol_name(locale: str, code: str) -> str:
    """The name of the tile ``code`` without its Black & White colour: the plain face's
    name, but the Frame Dragon for a coloured White Dragon (``'枠牌'`` for ``w5z`` in
    Japanese). Raises :class:`~tilematch.engine.tiles.TileError` for an unknown code."""
    colour, symbol = tiles.split_code(code)
    face = "frame_dragon" if colour is not None and symbol == "5z" else symbol
    return translate(locale, f"tiles.face.{face}")


def suit_name(locale: str, suit: str) -> str:
    """The name of a suit letter (``m p s z f``) in ``locale``: ``'索子'`` for ``s`` in
    Japanese. Raises :class:`~tilematch.server.i18n.MissingMessage` for another letter."""
    return translate(locale, f"tiles.suit.{suit}")


def game_name(locale: str, game: str) -> str:
    """The name players of ``locale`` know ``game`` by (``'四川省'`` for ``shisensho``
    in Japanese); ``all`` names every game. Raises ``MissingMessage`` for another id."""
    # i18n-ids: common.game.all common.game.shisensho common.game.solitaire
    # i18n-ids: common.game.blackwhite
    return translate(locale, f"common.game.{game}")


def mode_name(locale: str, mode: str) -> str:
    """The name of ``mode`` (``classic``, ``daily``, ``tower``…) in ``locale``.
    Raises ``MissingMessage`` for a mode the catalogue does not know."""
    # i18n-ids: common.mode.classic common.mode.arcade common.mode.regular
    # i18n-ids: common.mode.daily common.mode.zen common.mode.countdown common.mode.tower
    # i18n-ids: common.mode.duel
    return translate(locale, f"common.mode.{mode}")
