"""My player on another device, its export and its deletion, in a real browser: a code
and its QR code on one page, the code typed on another browser's /link page, then the
deletion asked in the page's own dialog."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.pagekit import api_get

pytestmark = pytest.mark.e2e


def test_a_second_browser_takes_the_player_and_a_deletion_ends_both(
    page: Any, browser: Any, live_server: Any
) -> None:
    page.goto("/settings")
    page.click("a[href='/devices']")
    page.wait_for_selector(".make-code")
    me = api_get(page, "/api/me")
    page.request.put("/api/me", data={"name": "Kim"})
    assert page.get_attribute("a[href='/api/me/export.json']", "download") is not None
    exported = page.request.get("/api/me/export.csv")
    assert exported.ok and exported.text().startswith("player,game_id,")
    page.click(".make-code")
    page.wait_for_selector(".link-qr")
    code = page.inner_text(".code-text").replace(" ", "")
    assert len(code) == 8
    assert page.get_attribute(".link-qr", "src").startswith("data:image/svg+xml")
    assert page.locator(".link-qr").evaluate("img => img.naturalWidth") >= 100  # drawn

    other = browser.new_context(base_url=live_server.url)
    try:
        second = other.new_page()
        second.goto(f"/link?code={code.lower()}")
        second.wait_for_selector(".code-input")
        assert second.url.endswith("/link")  # the code left the address bar
        assert second.input_value(".code-input") == code.lower()
        second.click(".link-form button")
        second.wait_for_selector("text=This browser now plays as Kim.")
        assert api_get(second, "/api/me")["id"] == me["id"]

        page.click(".open-delete")
        field = page.locator(".delete-dialog input[name='confirm']")
        field.fill("no")
        assert page.locator(".confirm-delete").is_disabled()
        page.click(".cancel-delete")
        assert api_get(page, "/api/me")["id"] == me["id"]  # nothing happened
        page.click(".open-delete")
        field.fill("delete")
        page.click(".confirm-delete")
        page.wait_for_selector("text=were deleted")
        assert api_get(page, "/api/me")["id"] != me["id"]
        assert api_get(second, "/api/me")["id"] != me["id"]
    finally:
        other.close()


def test_a_wrong_code_is_named_on_the_link_page(page: Any) -> None:
    page.goto("/link")
    page.fill(".code-input", "ZZZZ-ZZZZ")
    page.click(".link-form button")
    page.wait_for_selector(".link-status:has-text('No player has this code')")
    page.fill(".code-input", "ABC")
    page.click(".link-form button")
    page.wait_for_selector(".link-status:has-text('A code has 8 letters and digits')")
