"""What the bot asks of Discord, counted for the operator (bot/status.py)."""

from __future__ import annotations

import logging

import pytest

from bot.status import RequestLog, describe, exempt, route_of

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQtdG9rZW4"


def test_routes_name_ids_and_never_tokens() -> None:
    assert route_of("/api/v10/channels/123/messages/456") == "/channels/{id}/messages/{id}"
    webhook = route_of(f"/api/v10/webhooks/99/{TOKEN}/messages/@original")
    assert webhook == "/webhooks/{application_id}/{token}/messages/@original"
    callback = route_of(f"/api/v10/interactions/77/{TOKEN}/callback")
    assert callback == "/interactions/{id}/{token}/callback"
    assert TOKEN not in webhook + callback


def test_interaction_routes_are_not_counted_against_the_global_budget() -> None:
    log = RequestLog()
    log.record("POST", f"/api/v10/interactions/1/{TOKEN}/callback", 204)
    log.record("PATCH", f"/api/v10/webhooks/2/{TOKEN}/messages/3", 200)
    log.record("PATCH", "/api/v10/channels/4/messages/5", 200)
    assert (log.bot_token, log.interaction) == (1, 2)
    assert exempt("/interactions/{id}/{token}/callback")
    assert not exempt("/channels/{id}/messages")


def test_invalid_answers_are_counted_and_logged_with_their_route(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = RequestLog()
    caplog.set_level(logging.WARNING, "trickbot.discord")
    log.record("DELETE", "/api/v10/channels/4/messages/5", 404)  # gone: expected, quiet
    assert not caplog.records
    log.record("PATCH", "/api/v10/channels/4/messages/5", 403)
    log.record("POST", "/api/v10/channels/4/messages", 429)
    log.record("POST", f"/api/v10/webhooks/2/{TOKEN}", 401)
    log.record("POST", "/api/v10/channels/9/messages", 404)  # an unknown channel: not expected
    assert log.invalid_recently() == 3
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "403 to PATCH /channels/{id}/messages/{id}" in text
    assert "404 to POST /channels/{id}/messages" in text
    assert TOKEN not in text
    report = log.report()
    assert (report["rate_limited"], report["forbidden"], report["unauthorized"]) == (1, 1, 1)
    assert report["client_errors"] == 5
    said = describe("shard 0 of 2", 100.0, report, now=101.0)
    assert "shard 0 of 2: running" in said and "last 10 minutes: 3 of the 10,000" in said
    assert "stopped" in describe("shard 0 of 2", 100.0, report, now=200.0)
