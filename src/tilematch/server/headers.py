"""Security headers on every answer: the page, its files, the API and the API's documents.

The page makes no request to another site and runs no inline script or style, so
its Content-Security-Policy allows only the server's own origin (and ``data:``
images, the page's empty favicon and Swagger UI's icons). No other site may show
a page of the server in a frame, the browser must not guess a file's type, and
no address leaves in a ``Referer``. :class:`SecurityHeaders` adds the headers to
the start of each HTTP answer (an :class:`~tilematch.server.answer_headers.AnswerHeaders`).
"""

from __future__ import annotations

from starlette.types import Scope

from tilematch.server.answer_headers import AnswerHeaders, Headers

#: The Content-Security-Policy of every answer, one directive a line.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: The headers :class:`SecurityHeaders` adds, as ASGI byte pairs.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
_NAMES = frozenset(name for name, _value in SECURITY_HEADERS)


def as_dict() -> dict[str, str]:
    """:data:`SECURITY_HEADERS` as text, for an answer made outside the middleware (a 500)."""
    return {name.decode(): value.decode() for name, value in SECURITY_HEADERS}


class SecurityHeaders(AnswerHeaders):
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer (an answer
    that already carries one of them keeps its own value)."""

    def edit(self, scope: Scope, headers: Headers) -> Headers:
        """``headers`` with each security header it lacks."""
        present = {name.lower() for name, _value in headers} & _NAMES
        return headers + [pair for pair in SECURITY_HEADERS if pair[0] not in present]
