"""``DiscordEmulator``: the parts of the emulator put together, its lifecycle (start, stop,
pointing discord.py at it) and its route table, the one place that says which handler answers
which REST route."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from aiohttp import web

from sandbox.emulator.acting import Acting
from sandbox.emulator.faults import FaultInjector
from sandbox.emulator.pipeline import RequestPipeline
from sandbox.emulator.reported import REPORTED_FAILING_SHARE
from sandbox.emulator.rest.application import ApplicationRoutes
from sandbox.emulator.rest.interactions import InteractionRoutes
from sandbox.emulator.rest.threads import ThreadRoutes
from sandbox.emulator.rest.webhooks import WebhookRoutes
from sandbox.emulator.state import API_VERSION, TOKEN_LIFETIME, EmulatorURLs
from sandbox.emulator.world import WorldBuilding
from sandbox.gateway import GatewayHub
from sandbox.interactions import EmulatorError
from sandbox.models import EmulatorClock


class DiscordEmulator(
    WorldBuilding,
    Acting,
    RequestPipeline,
    InteractionRoutes,
    WebhookRoutes,
    ThreadRoutes,
    ApplicationRoutes,
):
    """The local Discord. Create, ``await start()``, add users/guilds, run a bot, act as users.

    ``rate_limits=False`` turns Discord's rate limits off (sandbox.ratelimits), for tests that
    need speed rather than realism; they are on by default.

    What Discord's users report but Discord does not document is off by default
    (sandbox.emulator.reported): ``reported_limits=True`` turns on the hidden limit of 30
    webhook messages per 60 s per channel and makes a share of interaction tokens fail
    (``failing_tokens``, 0.05 unless given; ``failing_tokens=0.0`` keeps them all working);
    ``failing_tokens=0.05`` alone makes tokens fail without the hidden limit. ``failing_seed``
    seeds which ones.
    """

    def __init__(
        self,
        *,
        token: str = "sandbox-bot-token",
        bot_name: str = "SandboxBot",
        interaction_timeout: float = 3.0,
        token_lifetime: float = TOKEN_LIFETIME,
        clock: EmulatorClock | None = None,
        shard_count: int = 1,
        heartbeat_interval: float = 41.25,
        host: str = "127.0.0.1",
        port: int = 0,
        rate_limits: bool = True,
        reported_limits: bool = False,
        failing_tokens: float | None = None,
        failing_seed: int = 1,
    ) -> None:
        super().__init__(
            token=token,
            bot_name=bot_name,
            interaction_timeout=interaction_timeout,
            token_lifetime=token_lifetime,
            clock=clock,
            shard_count=shard_count,
            host=host,
            port=port,
            rate_limits=rate_limits,
        )
        self.faults = FaultInjector()
        self._init_threads()
        if reported_limits:
            self.limit_webhooks_per_channel()
        if failing_tokens is None and reported_limits:
            failing_tokens = REPORTED_FAILING_SHARE
        if failing_tokens:
            self.fail_tokens(failing_tokens, seed=failing_seed)
        self.gateway = GatewayHub(self, int(heartbeat_interval * 1000))
        self._runner: web.AppRunner | None = None

    async def start(self) -> EmulatorURLs:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, shutdown_timeout=0.5, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.port = int(port)
        base = f"http://{host}:{port}"
        self.urls = EmulatorURLs(
            http=base, api=f"{base}/api/v{API_VERSION}", gateway=f"ws://{host}:{port}/gateway"
        )
        return self.urls

    async def stop(self) -> None:
        for handle in self.interactions.values():
            if handle.timer is not None:
                handle.timer.cancel()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> DiscordEmulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patched(self) -> Iterator[EmulatorURLs]:
        """Points discord.py (REST, webhooks, gateway) at this emulator; restores on exit."""
        import discord.gateway
        import discord.http
        import yarl

        if self.urls is None:
            raise EmulatorError("start() the emulator first")
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.urls.api
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.urls.gateway)
        try:
            yield self.urls
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    def _add_routes(self, app: web.Application) -> None:
        api = r"/api/v{version:\d+}"
        r = app.router
        r.add_get("/gateway", self.gateway.handle)
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        r.add_get(api + "/gateway", self._get_gateway)
        r.add_get(api + "/gateway/bot", self._get_gateway_bot)
        r.add_get(api + "/users/@me", self._get_me)
        r.add_get(api + "/oauth2/applications/@me", self._get_application)
        r.add_get(api + "/applications/@me", self._get_application)
        r.add_route("*", api + "/applications/{application_id}/commands", self._commands)
        r.add_route(
            "*", api + "/applications/{application_id}/guilds/{guild_id}/commands", self._commands
        )
        r.add_post(api + "/interactions/{interaction_id}/{token}/callback", self._callback)
        r.add_post(api + "/webhooks/{application_id}/{token}", self._followup)
        r.add_route(
            "*", api + "/webhooks/{application_id}/{token}/messages/{message_id}", self._webhook_msg
        )
        r.add_route("*", api + "/channels/{channel_id}", self._channel_resource)
        r.add_post(api + "/channels/{channel_id}/typing", self._typing)
        r.add_route("*", api + "/channels/{channel_id}/messages", self._channel_messages)
        r.add_route(
            "*", api + "/channels/{channel_id}/messages/{message_id}", self._channel_message
        )
        self._add_thread_routes(app, api)

    def _add_thread_routes(self, app: web.Application, api: str) -> None:
        r = app.router
        channel = api + "/channels/{channel_id}"
        r.add_post(channel + "/messages/{message_id}/threads", self._start_thread_from_message)
        r.add_post(channel + "/threads", self._start_thread)
        r.add_get(channel + "/thread-members", self._thread_members)
        r.add_route("*", channel + "/thread-members/{user_id}", self._thread_member)
        r.add_get(channel + "/threads/archived/public", self._archived_public_threads)
        r.add_get(api + "/guilds/{guild_id}/threads/active", self._active_guild_threads)
