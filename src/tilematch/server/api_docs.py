"""``/docs``: the API's reference in Swagger UI, drawn from files of the package.

The page loads Swagger UI (``apidocs/``, the npm package ``swagger-ui-dist``
:data:`SWAGGER_UI_VERSION`, see ``apidocs/README.md``) and its start script from
``/docs/assets/``, never from a CDN, so it works with no network and under the
server's Content-Security-Policy (no inline script). ReDoc is not served.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

#: The version of ``swagger-ui-dist`` whose files are in ``apidocs/``.
SWAGGER_UI_VERSION = "5.35.0"
#: The folder of Swagger UI's files and the start script.
ASSETS_DIR = Path(__file__).resolve().parent / "apidocs"
#: Where the page finds them.
ASSETS_PATH = "/docs/assets"

PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tilematch API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{ASSETS_PATH}/swagger-ui.css">
<script src="{ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="{ASSETS_PATH}/swagger-init.js"></script>
</head>
<body>
<div id="swagger-ui"></div>
</body>
</html>
"""


def mount(app: FastAPI) -> None:
    """Serve the reference page at ``/docs`` and its files under :data:`ASSETS_PATH`
    (call before the page's catch-all mount at ``/``)."""

    def docs() -> HTMLResponse:
        return HTMLResponse(PAGE)

    app.add_api_route("/docs", docs, methods=["GET"], include_in_schema=False)
    app.mount(ASSETS_PATH, StaticFiles(directory=ASSETS_DIR), name="api-docs")
