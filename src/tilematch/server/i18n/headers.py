"""``Content-Language`` and ``Vary`` on every answer that was written in a negotiated
locale: a route that asked :func:`~tilematch.server.i18n.request_locale` left the locale
on the request's state, and :class:`ContentLanguage` (a pure ASGI middleware) names it in
the answer's headers (an :class:`~tilematch.server.answer_headers.AnswerHeaders`), so
that caches keep one copy per language and cookie."""

from __future__ import annotations

from starlette.types import Scope

from tilematch.server.answer_headers import AnswerHeaders, Headers

#: What a negotiated answer depends on: the browser's languages and the player's cookie.
VARY = ("Accept-Language", "Cookie")


def merged_vary(existing: str, names: tuple[str, ...] = VARY) -> str:
    """``existing`` (a ``Vary`` value) with ``names`` added once each."""
    present = [item.strip() for item in existing.split(",") if item.strip()]
    lowered = {item.lower() for item in present}
    return ", ".join(present + [name for name in names if name.lower() not in lowered])


class ContentLanguage(AnswerHeaders):
    """ASGI middleware: an HTTP answer whose request negotiated a locale gets
    ``Content-Language: <locale>`` and ``Accept-Language, Cookie`` in its ``Vary``."""

    def edit(self, scope: Scope, headers: Headers) -> Headers:
        """``headers`` naming the request's negotiated locale, if it has one."""
        state = scope.get("state") or {}
        locale = state.get("locale") if isinstance(state, dict) else None
        if not isinstance(locale, str):
            return headers
        vary = b", ".join(value for name, value in headers if name.lower() == b"vary")
        kept = [pair for pair in headers if pair[0].lower() not in (b"content-language", b"vary")]
        kept.append((b"content-language", locale.encode("ascii")))
        kept.append((b"vary", merged_vary(vary.decode("latin-1")).encode("latin-1")))
        return kept
