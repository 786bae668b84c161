"""HTTP responses shaped like Discord's."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web


def json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    """JSON with Content-Type exactly ``application/json``.

    discord.py compares the header verbatim, so aiohttp's ``json_response`` (which appends
    ``; charset=utf-8``) would make the client see a plain string instead of JSON.
    """
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers=dict(headers or {}),
        content_type="application/json",
    )


def error_response(status: int, code: int, message: str, errors: Any = None) -> web.Response:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors is not None:
        body["errors"] = errors
    return json_response(body, status)
