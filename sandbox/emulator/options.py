"""What a user typed or picked, as interaction data: a slash command's subcommand path and
options (checked against what the bot registered: types, bounds, choices, required ones) and a
select menu's values, with the users, channels and roles they name in ``resolved``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sandbox.emulator.state import EmulatorState
from sandbox.interactions import CommandNotRegistered, ComponentNotClickable, EmulatorError
from sandbox.limits import (
    CHANNEL_SELECT,
    MENTIONABLE_SELECT,
    ROLE_SELECT,
    STRING_SELECT,
    USER_SELECT,
)
from sandbox.models import DEFAULT_EVERYONE_PERMISSIONS, Guild, Role


class CommandOptions(EmulatorState):
    def _build_options(
        self,
        cmd: dict[str, Any],
        defs: list[dict[str, Any]],
        path: list[str],
        values: dict[str, Any],
        guild: Guild,
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
    ) -> list[dict[str, Any]]:
        subs = [d for d in defs if d.get("type") in (1, 2)]
        if path:
            sub = next((d for d in subs if d["name"] == path[0]), None)
            if sub is None:
                raise CommandNotRegistered(
                    f"/{cmd['name']} has no subcommand {path[0]!r}; it has "
                    f"{[d['name'] for d in subs]}"
                )
            inner = self._build_options(
                cmd, sub.get("options") or [], path[1:], values, guild, resolved, focused
            )
            return [{"type": sub["type"], "name": sub["name"], "options": inner}]
        if subs:
            raise CommandNotRegistered(
                f"/{cmd['name']} needs a subcommand: {[d['name'] for d in subs]}"
            )
        by_name = {d["name"]: d for d in defs}
        unknown = set(values) - set(by_name)
        if unknown:
            raise CommandNotRegistered(
                f"unknown option(s) {sorted(unknown)}; the command has {sorted(by_name)}"
            )
        out: list[dict[str, Any]] = []
        for opt in defs:
            name = opt["name"]
            if name not in values:
                if opt.get("required") and focused is None:
                    raise CommandNotRegistered(f"required option {name!r} missing")
                continue
            entry: dict[str, Any] = {"type": opt["type"], "name": name}
            if name == focused:
                entry["value"] = str(values[name])
                entry["focused"] = True
            else:
                entry["value"] = self._option_value(opt, values[name], guild, resolved)
            out.append(entry)
        return out

    def _option_value(
        self, opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> Any:
        otype = opt["type"]
        # Users, channels and roles go out as ids, with the objects in `resolved`; Discord
        # puts no bounds or choices on them, so only plain values get those checks.
        if otype == 6 or (otype == 9 and self._is_user(value)):  # user, or a user mentionable
            return self._user_option(opt, value, guild, resolved)
        if otype == 7:
            return self._channel_option(value, resolved)
        if otype in (8, 9):  # role, or a role mentionable
            return self._role_option(opt, value, guild, resolved)
        value = self._plain_option(opt, value)
        self._check_choices(opt, value)
        return value

    def _user_option(
        self, opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> str:
        if not self._is_user(value):
            raise EmulatorError(f"option {opt['name']!r}: {value!r} is not a known user")
        u = self._user(value)
        resolved.setdefault("users", {})[str(u.id)] = u.to_payload()
        member = guild.members.get(u.id)
        if member is not None:
            resolved.setdefault("members", {})[str(u.id)] = member.to_payload(
                permissions=guild.permissions_for(u.id), with_user=False
            )
        return str(u.id)

    def _channel_option(self, value: Any, resolved: dict[str, dict[str, Any]]) -> str:
        ch = self._channel(value)
        resolved.setdefault("channels", {})[str(ch.id)] = {
            "id": str(ch.id),
            "name": ch.name,
            "type": ch.type,
            "permissions": str(DEFAULT_EVERYONE_PERMISSIONS),
            "guild_id": str(ch.guild_id),
        }
        return str(ch.id)

    @staticmethod
    def _role_option(
        opt: dict[str, Any], value: Any, guild: Guild, resolved: dict[str, dict[str, Any]]
    ) -> str:
        role = value if isinstance(value, Role) else guild.roles.get(int(value))
        if role is None:
            raise EmulatorError(f"option {opt['name']!r}: unknown role {value!r}")
        resolved.setdefault("roles", {})[str(role.id)] = role.to_payload()
        return str(role.id)

    @classmethod
    def _plain_option(cls, opt: dict[str, Any], value: Any) -> Any:
        """A string, integer, number or boolean option, converted and checked against its
        length or value bounds."""
        otype = opt["type"]
        name = opt["name"]
        if otype == 3:  # string
            value = str(value)
            cls._check_length(opt, value)
        elif otype == 4:  # integer; bool is refused by name, as Python counts it an int
            if isinstance(value, bool) or not isinstance(value, int):
                raise EmulatorError(f"option {name!r} needs an integer, got {value!r}")
            cls._check_bounds(opt, value)
        elif otype == 10:  # number
            value = float(value)
            cls._check_bounds(opt, value)
        elif otype == 5:  # boolean
            value = bool(value)
        else:
            raise EmulatorError(f"option type {otype} ({name!r}) is not supported by the sandbox")
        return value

    @staticmethod
    def _check_length(opt: dict[str, Any], value: str) -> None:
        name = opt["name"]
        if "min_length" in opt and len(value) < opt["min_length"]:
            raise EmulatorError(f"option {name!r} shorter than {opt['min_length']}")
        if "max_length" in opt and len(value) > opt["max_length"]:
            raise EmulatorError(f"option {name!r} longer than {opt['max_length']}")

    @staticmethod
    def _check_bounds(opt: dict[str, Any], value: float) -> None:
        name = opt["name"]
        if "min_value" in opt and value < opt["min_value"]:
            raise EmulatorError(f"option {name!r} below {opt['min_value']}")
        if "max_value" in opt and value > opt["max_value"]:
            raise EmulatorError(f"option {name!r} above {opt['max_value']}")

    @staticmethod
    def _check_choices(opt: dict[str, Any], value: Any) -> None:
        choices = opt.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise EmulatorError(
                f"option {opt['name']!r} must be one of {[c['value'] for c in choices]}, "
                f"got {value!r}"
            )

    def _select_values(
        self, guild: Guild, comp: dict[str, Any], values: Sequence[Any] | None
    ) -> dict[str, Any]:
        if values is None:
            raise ComponentNotClickable("a select menu needs values=")
        lo = int(comp.get("min_values", 1))
        hi = int(comp.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise ComponentNotClickable(f"select takes {lo}..{hi} values, got {len(values)}")
        ctype = comp["type"]
        out: dict[str, Any] = {}
        if ctype == STRING_SELECT:
            allowed = [o.get("value") for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ComponentNotClickable(f"{bad} not among select options {allowed}")
            out["values"] = [str(v) for v in values]
            return out
        resolved: dict[str, dict[str, Any]] = {}
        ids: list[str] = []
        for value in values:
            if ctype == USER_SELECT or (ctype == MENTIONABLE_SELECT and self._is_user(value)):
                ids.append(self._option_value({"type": 6, "name": "v"}, value, guild, resolved))
            elif ctype in (ROLE_SELECT, MENTIONABLE_SELECT):
                ids.append(self._option_value({"type": 8, "name": "v"}, value, guild, resolved))
            elif ctype == CHANNEL_SELECT:
                ids.append(self._option_value({"type": 7, "name": "v"}, value, guild, resolved))
        out["values"] = ids
        out["resolved"] = resolved
        return out
