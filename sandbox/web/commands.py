"""The bot's slash commands as the sandbox page offers them: flattened to ``/cmd sub`` leaves
(named in the reader's language when the bot localized them), found by what a person typed, and
their options turned from typed text into the values the emulator sends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sandbox.models import Channel, Role, User
from sandbox.web.world import SandboxWorld

# application command option types
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
TRUE_WORDS = {"true", "yes", "y", "1", "on"}
FALSE_WORDS = {"false", "no", "n", "0", "off"}


class BadRequest(Exception):
    """Input from the page the sandbox refuses (shown to the person as is)."""


def _local(obj: dict[str, Any], key: str, locale: str | None) -> str:
    """``obj[key]`` as a Discord client in ``locale`` shows it (its localization, if any)."""
    if locale:
        localized = (obj.get(f"{key}_localizations") or {}).get(locale)
        if localized:
            return str(localized)
    return str(obj.get(key, ""))


def _leaf_options(options: list[dict[str, Any]], locale: str | None) -> list[dict[str, Any]]:
    keep = (
        "name",
        "type",
        "required",
        "autocomplete",
        "min_value",
        "max_value",
        "min_length",
        "max_length",
    )
    out = []
    for o in options:
        entry = {k: o[k] for k in keep if k in o}
        entry["label"] = _local(o, "name", locale)
        entry["description"] = _local(o, "description", locale)
        if "choices" in o:
            entry["choices"] = [
                {"name": c["name"], "value": c["value"], "label": _local(c, "name", locale)}
                for c in o["choices"]
            ]
        out.append(entry)
    return out


def flatten_commands(
    commands: list[dict[str, Any]], locale: str | None = None
) -> list[dict[str, Any]]:
    """Chat-input commands as the entries a Discord client offers: ``smear start`` with its
    description and leaf options (type, required, choices, autocomplete, limits).

    ``name`` is what the bot registered (what an interaction carries); ``label`` is what a
    Discord client in ``locale`` shows and accepts (the command's, options' and choices'
    localized names, if the bot gave them), with descriptions in that language too."""
    out: list[dict[str, Any]] = []

    def walk(path: list[dict[str, Any]], options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            out.append(
                {
                    "name": " ".join(str(p["name"]) for p in path),
                    "label": " ".join(_local(p, "name", locale) for p in path),
                    "description": _local(path[-1], "description", locale),
                    "options": _leaf_options(options, locale),
                }
            )
            return
        for sub in subs:
            walk([*path, sub], sub.get("options") or [])

    for cmd in commands:
        if cmd.get("type", 1) != 1:
            continue
        walk([cmd], cmd.get("options") or [])
    out.sort(key=lambda c: c["label"])
    return out


def find_leaf(commands: list[dict[str, Any]], command: str) -> dict[str, Any] | None:
    """The command typed by its registered name or by its name in the reader's language."""
    name = " ".join(command.strip().lstrip("/").split())
    return next((c for c in commands if name in (c["name"], c.get("label"))), None)


def unknown_command(commands: list[dict[str, Any]], command: str) -> str:
    """Why ``command`` (not a leaf of ``commands``) cannot be run, as a Discord client would
    put it: an unknown command, an unknown subcommand (with the ones there are), or a missing
    subcommand. Words with a ``:`` are options, not subcommands."""
    words = [w for w in command.strip().lstrip("/").split() if ":" not in w]
    if not words:
        return "type a command after /"
    paths = [c["name"].split() for c in commands]
    for depth in range(len(words), 0, -1):
        here = words[:depth]
        subs = sorted({p[depth] for p in paths if p[:depth] == here and len(p) > depth})
        if not subs:
            continue
        parent = "/" + " ".join(here)
        if depth < len(words):
            return f"{words[depth]} is not a subcommand of {parent}; it has {', '.join(subs)}"
        return f"{parent} needs a subcommand: {', '.join(subs)}"
    return f"/{words[0]} is not one of the bot's commands"


class OptionParser:
    """Typed option text to option values, with users, channels and roles of ``world``."""

    def __init__(self, world: SandboxWorld) -> None:
        self.world = world

    def coerce(
        self, leaf: dict[str, Any], raw: Mapping[str, Any], *, lenient: bool = False
    ) -> dict[str, Any]:
        """Turns what the person typed (text) into the values the emulator sends: ints, floats,
        bools, users by name, channels by #name, roles by name, choices by name or value.
        Options and choices may be named as the bot registered them or in the reader's
        language; the result uses the registered names."""
        defs = {o["name"]: o for o in leaf.get("options") or []}
        out: dict[str, Any] = {}
        for typed_name, value in raw.items():
            opt = self.option_def(leaf, typed_name)
            name = opt["name"]
            if value is None or (isinstance(value, str) and not value.strip()):
                continue
            try:
                out[name] = self._coerce(opt, value)
            except BadRequest:
                if not lenient:
                    raise
        for name, opt in defs.items():
            if opt.get("required") and name not in out and not lenient:
                label = opt.get("label") or name
                raise BadRequest(
                    f"/{leaf.get('label') or leaf['name']} needs {label}: "
                    f"{opt.get('description', '')}"
                )
        return out

    @staticmethod
    def option_def(leaf: dict[str, Any], typed: str) -> dict[str, Any]:
        """The leaf's option named ``typed`` (its registered or its localized name)."""
        options: list[dict[str, Any]] = leaf.get("options") or []
        for opt in options:
            if typed in (opt["name"], opt.get("label")):
                return opt
        names = sorted({str(o.get("label") or o["name"]) for o in options}) or "none"
        command = leaf.get("label") or leaf["name"]
        raise BadRequest(f"/{command} has no option {typed!r}; it has {names}")

    def _coerce(self, opt: dict[str, Any], value: Any) -> Any:
        otype = int(opt["type"])
        name = opt["name"]
        text = str(value).strip()
        choices = opt.get("choices") or []
        if choices:
            return self._pick_choice(name, choices, text)
        if otype == STRING:
            return text
        if otype == INTEGER:
            try:
                return int(text)
            except ValueError:
                raise BadRequest(f"{name} needs a whole number, not {text!r}") from None
        if otype == NUMBER:
            try:
                return float(text)
            except ValueError:
                raise BadRequest(f"{name} needs a number, not {text!r}") from None
        if otype == BOOLEAN:
            return self._parse_bool(name, value, text)
        return self._coerce_entity(otype, name, text)

    @staticmethod
    def _pick_choice(name: str, choices: list[dict[str, Any]], text: str) -> Any:
        """Whatever the option's type, a choice can be typed by its name (as registered or in
        the reader's language) or by its value."""
        for choice in choices:
            names = (choice["name"], choice.get("label", choice["name"]), choice["value"])
            if text.lower() in (str(n).lower() for n in names):
                return choice["value"]
        raise BadRequest(f"{name} must be one of {[c.get('label', c['name']) for c in choices]}")

    @staticmethod
    def _parse_bool(name: str, value: Any, text: str) -> bool:
        # A JSON caller may send a real boolean rather than the text a person types.
        if isinstance(value, bool):
            return value
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise BadRequest(f"{name} needs true or false, not {text!r}")

    def _coerce_entity(self, otype: int, name: str, text: str) -> User | Channel | Role:
        """A user, channel or role option, found by name or id in the sandbox's guild."""
        # A mentionable is a user or a role: a user by that name wins, else it must be a role.
        if otype in (USER, MENTIONABLE):
            user = self._find_user(text)
            if user is not None:
                return user
            if otype == USER:
                raise BadRequest(f"{name}: no user {text!r}")
        if otype == CHANNEL:
            try:
                return self.world.channel(text)
            except KeyError:
                raise BadRequest(f"{name}: no channel {text!r}") from None
        if otype in (ROLE, MENTIONABLE):
            role = self._find_role(text)
            if role is None:
                raise BadRequest(f"{name}: no role {text!r}")
            return role
        raise BadRequest(f"{name}: options of type {otype} are not supported in the sandbox")

    def _find_user(self, text: str) -> User | None:
        wanted = text.removeprefix("<@").removesuffix(">").lstrip("@!").lower()
        for member in self.world.guild.members.values():
            u = member.user
            if str(u.id) == wanted or u.name.lower() == wanted:
                return u
        return None

    def _find_role(self, text: str) -> Role | None:
        wanted = text.lstrip("@").lower()
        for role in self.world.guild.roles.values():
            if str(role.id) == wanted or role.name.lower().lstrip("@") == wanted:
                return role
        return None
