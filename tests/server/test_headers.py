"""The headers of every answer, the wrong-method answers of the API and the
reference page at ``/docs``, served from the package's own files."""

from __future__ import annotations

import asyncio
import re

import pytest

from tilematch.server.headers import CONTENT_SECURITY_POLICY, SecurityHeaders
from tilematch.server.i18n.headers import ContentLanguage
from tilematch.server.settings import PACKAGE_WEB_DIR

SECURITY = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


@pytest.fixture
def web_client(make_client):
    """A client of an app that serves the real page (its files under ``/``)."""
    return make_client(web_dir=PACKAGE_WEB_DIR)


def test_the_policy_allows_only_the_server_itself():
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["style-src"] == "'self'"  # no inline style either
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY and "http" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/daily", 200),
        ("GET", "/css/base.css", 200),
        ("GET", "/js/app.js", 200),
        ("GET", "/no/such/file.js", 404),
        ("GET", "/api/ping", 200),
        ("GET", "/api/me", 200),
        ("GET", "/api/nothing", 404),
        ("POST", "/api/games", 422),
        ("DELETE", "/api/games", 405),
        ("GET", "/docs", 200),
        ("GET", "/docs/assets/swagger-ui-bundle.js", 200),
        ("GET", "/openapi.json", 200),
    ],
)
def test_every_answer_carries_the_security_headers(web_client, method, path, status):
    answer = web_client.request(method, path, json={} if method == "POST" else None)
    assert answer.status_code == status, answer.text
    for name, value in SECURITY.items():
        assert answer.headers.get(name) == value, (name, path)


def test_a_too_large_body_carries_them_too(web_client):
    answer = web_client.post("/api/games", content=b"x" * 20_000)
    assert answer.status_code == 413
    assert answer.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/games", "GET, POST"),
        ("PUT", "/api/games", "GET, POST"),
        ("OPTIONS", "/api/me", "GET, PUT, PATCH, DELETE"),
        ("POST", "/api/me", "GET, PUT, PATCH, DELETE"),
        ("GET", "/api/link", "POST"),
        ("GET", "/api/games/some-id/actions", "POST"),
        ("DELETE", "/api/games/some-id", "GET"),
        ("PUT", "/api/daily/2026-01-01/restart", "POST"),
        ("POST", "/api/ping", "GET"),
    ],
)
def test_a_wrong_method_names_the_methods_the_path_takes(web_client, method, path, allow):
    answer = web_client.request(method, path)
    assert answer.status_code == 405, answer.text
    assert answer.headers["allow"] == allow
    error = answer.json()["error"]
    assert error["code"] == "method_not_allowed"
    assert allow in error["message"]


@pytest.mark.parametrize("method", ["PUT", "DELETE", "POST"])
def test_an_api_path_no_route_serves_is_not_found_whatever_the_method(web_client, method):
    answer = web_client.request(method, "/api/no/such/thing")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"
    assert "allow" not in answer.headers


def test_the_page_files_take_get_and_head(web_client):
    answer = web_client.post("/css/base.css")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, HEAD"


def test_the_reference_page_loads_nothing_from_another_site(web_client):
    page = web_client.get("/docs")
    assert page.headers["content-type"].startswith("text/html")
    urls = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert urls and all(url.startswith("/docs/assets/") or url == "data:," for url in urls)
    assert "<script>" not in page.text  # every script is a file: the policy allows no inline one
    for url in urls:
        if url.startswith("/"):
            asset = web_client.get(url)
            assert asset.status_code == 200, url
            assert len(asset.content) > 300
    bundle = web_client.get("/docs/assets/swagger-ui-bundle.js")
    assert "javascript" in bundle.headers["content-type"]
    assert "SwaggerUIBundle" in bundle.text


def test_redoc_is_not_served(web_client):
    assert web_client.get("/redoc").status_code == 404


def test_a_server_error_carries_them_too(make_settings):
    from tests.support.server import TestClient
    from tilematch.server import create_app

    app = create_app(make_settings())

    @app.get("/api/crash")
    def crash() -> None:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/api/crash")
    assert answer.status_code == 500
    assert answer.json()["error"]["code"] == "internal"
    for name, value in SECURITY.items():
        assert answer.headers.get(name) == value, name


def _raw_app(headers, locale=None):
    """A bare ASGI app answering 204 with ``headers`` (leaving ``locale`` on its state)."""

    async def app(scope, receive, send):
        if locale is not None:
            scope.setdefault("state", {})["locale"] = locale
        await send({"type": "http.response.start", "status": 204, "headers": list(headers)})
        await send({"type": "http.response.body", "body": b""})

    return app


def _answer_headers(app, scope_type="http"):
    """The start message's headers of ``app``'s answer to one request, and every message."""
    sent = []

    async def receive():
        return {"type": "http.request"}

    async def send(message):
        sent.append(message)

    asyncio.run(app({"type": scope_type, "state": {}}, receive, send))
    return sent[0].get("headers"), sent


def test_both_header_edits_keep_what_the_answer_set_and_add_the_rest():
    own = [(b"x-frame-options", b"SAMEORIGIN"), (b"vary", b"Origin"), (b"content-language", b"x")]
    app = SecurityHeaders(ContentLanguage(_raw_app(own, locale="ko")))
    headers, sent = _answer_headers(app)
    assert sent[1] == {"type": "http.response.body", "body": b""}
    assert headers.count((b"x-frame-options", b"SAMEORIGIN")) == 1
    assert (b"x-frame-options", b"DENY") not in headers
    assert (b"vary", b"Origin, Accept-Language, Cookie") in headers
    assert [v for n, v in headers if n == b"content-language"] == [b"ko"]
    assert {n for n, _v in headers} >= {n.encode() for n in SECURITY}


def test_an_answer_without_a_locale_gets_no_language_and_other_scopes_pass_through():
    headers, _ = _answer_headers(ContentLanguage(_raw_app([(b"vary", b"Origin")])))
    assert headers == [(b"vary", b"Origin")]
    headers, _ = _answer_headers(SecurityHeaders(_raw_app([])), scope_type="websocket")
    assert headers == []
