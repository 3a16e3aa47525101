"""The QR code of a sign-in link, drawn on the server as SVG.

The encoder is ``segno`` (pure Python, no dependencies of its own, BSD licence): a QR
code's Reed-Solomon error correction, masks and version tables are a specialist's
field, and segno follows ISO/IEC 18004 and is tested against it. Error correction
level M (15 % of the symbol may be lost) keeps a link of this server readable from a
phone's screen.
"""

from __future__ import annotations

import io

import segno


def qr_svg(text: str, *, title: str) -> str:
    """An SVG document of the QR code of ``text`` (black modules on white, a quiet zone
    of four modules, 4 pixels a module), with ``title`` for screen readers."""
    code = segno.make_qr(text, error="m", boost_error=False)
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        nl=False,
        scale=4,
        border=4,
        dark="#000",
        light="#fff",
        title=title,
    )
    return out.getvalue().decode("utf-8")
