"""REST handlers for the bot's own setup: the gateway URL, the bot user, the application, its
slash commands (list and bulk overwrite, global or per guild) and attachment downloads."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from sandbox.emulator.messages import MessageStore
from sandbox.responses import error_response, json_response


class ApplicationRoutes(MessageStore):
    async def _get_gateway(self, request: web.Request) -> web.Response:
        assert self.urls is not None
        return json_response({"url": self.urls.gateway})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        assert self.urls is not None
        if not self._authorized(request):
            return self._unauthorized()
        return json_response(
            {
                "url": self.urls.gateway,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        data = self.bot_user.to_payload()
        data.update({"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None})
        return json_response(data)

    async def _get_application(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        owner = next(iter(self.guilds.values())).owner_id if self.guilds else self.bot_user.id
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.name,
                "icon": None,
                "description": "sandbox application",
                "summary": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": self.users[owner].to_payload(),
                "team": None,
                "flags": 0,
                "bot": self.bot_user.to_payload(),
                "rpc_origins": [],
                "tags": [],
                "redirect_uris": [],
                "approximate_guild_count": len(self.guilds),
            }
        )

    async def _commands(self, request: web.Request) -> web.Response:
        if not self._authorized(request):
            return self._unauthorized()
        if int(request.match_info["application_id"]) != self.application_id:
            return error_response(403, 50001, "Missing Access")
        guild_id: int | None = None
        if "guild_id" in request.match_info:
            guild_id = int(request.match_info["guild_id"])
            if guild_id not in self.guilds:
                return error_response(403, 50001, "Missing Access")
        current = (
            self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        )
        if request.method == "GET":
            return json_response(current)
        if request.method != "PUT":
            return error_response(405, 0, "405: Method Not Allowed")
        payload, _ = await self._read_body(request)
        items = payload.get("__list__", [])
        stored = [self._store_command(guild_id, dict(item)) for item in items]
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self._emit("commands_update")
        self._notify()
        return json_response(stored)

    def _store_command(self, guild_id: int | None, item: dict[str, Any]) -> dict[str, Any]:
        ctype = int(item.get("type", 1))
        key = (guild_id, ctype, str(item.get("name")))
        cid = self._command_ids.get(key)
        if cid is None:
            cid = self._command_ids[key] = self.snowflakes.next()
        item.setdefault("description", "")
        item.setdefault("options", [])
        item.setdefault("default_member_permissions", None)
        item.setdefault("nsfw", False)
        item.update(
            {
                "id": str(cid),
                "application_id": str(self.application_id),
                "type": ctype,
                "version": str(self.snowflakes.next()),
            }
        )
        if guild_id is not None:
            item["guild_id"] = str(guild_id)
        return item

    async def _get_attachment(self, request: web.Request) -> web.StreamResponse:
        att_id = int(request.match_info["attachment_id"])
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    return web.Response(
                        body=att.data, content_type=att.content_type or "application/octet-stream"
                    )
        return error_response(404, 0, "404: Not Found")
