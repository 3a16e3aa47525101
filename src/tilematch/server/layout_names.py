"""Built-in layouts named in the player's language (the ``layouts`` domain).

The engine keeps each layout's English ``title``, ``family`` and ``description``; the
server answers with the catalogue's ``layouts.title.<name>``, ``layouts.family.<family>``
and ``layouts.description.<name>`` (a name's hyphens become underscores in its id), and
for the Shisen-Sho shapes ``layouts.shape.title.<name>`` and
``layouts.shape.description.<name>``.

>>> layout_title("ja", "turtle"), layout_family("de", "Yin-Yang")
('亀', 'Yin und Yang')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilematch.server.i18n import translate


def _key(name: str) -> str:
    return name.lower().replace("-", "_")


def layout_title(locale: str, name: str) -> str:
    """The title of the built-in layout ``name`` in ``locale``. Raises
    :class:`~tilematch.server.i18n.MissingMessage` for a name the catalogue lacks."""
    return translate(locale, f"layouts.title.{_key(name)}")


def layout_description(locale: str, name: str) -> str:
    """The one-sentence description of the built-in layout ``name`` in ``locale``.
    Raises :class:`~tilematch.server.i18n.MissingMessage` for an unknown name."""
    return translate(locale, f"layouts.description.{_key(name)}")


def layout_family(locale: str, family: str) -> str:
    """The name of a layout family (the engine's English ``family``, such as
    ``"Yin-Yang"``) in ``locale``. Raises ``MissingMessage`` for an unknown family."""
    return translate(locale, f"layouts.family.{_key(family)}")


def shape_title(locale: str, name: str) -> str:
    """The title of the Shisen-Sho shape ``name`` (``diamond``, ``twin``…) in ``locale``.
    Raises :class:`~tilematch.server.i18n.MissingMessage` for an unknown shape."""
    return translate(locale, f"layouts.shape.title.{_key(name)}")


def shape_description(locale: str, name: str) -> str:
    """The one-sentence description of the Shisen-Sho shape ``name`` in ``locale``.
    Raises :class:`~tilematch.server.i18n.MissingMessage` for an unknown shape."""
    return translate(locale, f"layouts.shape.description.{_key(name)}")


def family_id(family: str) -> str:
    """The stable code of a family: ``"yin_yang"`` for ``"Yin-Yang"``."""
    return _key(family)


def localized_layouts(locale: str, listed: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of the ``GET /api/layouts`` entries ``listed`` (English, as the engine has
    them) with ``title``, ``family`` and ``description`` in ``locale`` and the English
    family's code as ``family_id``. Raises ``MissingMessage`` for a layout without ids."""
    answer = []
    for entry in listed:
        family, name = str(entry["family"]), str(entry["name"])
        answer.append(
            {
                **entry,
                "family": layout_family(locale, family),
                "family_id": family_id(family),
                "title": layout_title(locale, name),
                "description": layout_description(locale, name),
            }
        )
    return answer
