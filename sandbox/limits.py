"""Discord's message, embed and component limits, checked the way the API checks them.

Each check returns a list of ``(kind, detail)`` problems; an empty list means Discord would
accept the payload. The emulator turns every problem into a recorded violation and answers the
request with 400 "Invalid Form Body" (code 50035), as Discord does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Problem = tuple[str, str]

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
SELECT_OPTIONS_MAX = 25
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTION_TEXT_MAX = 100
COMPONENTS_V2_TOTAL_MAX = 40
MODAL_TITLE_MAX = 45

FLAG_CROSSPOSTED = 1 << 0
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_IS_COMPONENTS_V2 = 1 << 15

# Component types
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)
LINK_BUTTON_STYLE = 5
PREMIUM_BUTTON_STYLE = 6


def components_in(components: Any) -> list[dict[str, Any]]:
    """Every component in a (possibly nested, components v2) tree, depth first. (A list, not a
    generator: the emulator looks at every component of every message it is sent.)"""
    found: list[dict[str, Any]] = []
    _collect_components(components, found)
    return found


def _collect_components(components: Any, found: list[dict[str, Any]]) -> None:
    if not isinstance(components, list):
        return
    for comp in components:
        if not isinstance(comp, dict):
            continue
        found.append(comp)
        children = comp.get("components")
        if children is not None:
            _collect_components(children, found)
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            found.append(accessory)
        child = comp.get("component")  # label component (modals)
        if isinstance(child, dict):
            found.append(child)


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def check_content(content: Any) -> list[Problem]:
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        return [("content_too_long", f"content is {len(content)} chars (max {CONTENT_MAX})")]
    return []


def check_embeds(embeds: Any) -> list[Problem]:
    if not isinstance(embeds, list):
        return []
    problems: list[Problem] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(("embed_limits", f"{len(embeds)} embeds (max {EMBEDS_MAX})"))
    total = 0
    for index, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        problems += _check_embed(f"embeds[{index}]", embed)
        total += _embed_chars(embed)
    if total > EMBED_TOTAL_MAX:
        problems.append(("embed_limits", f"embeds total {total} chars (max {EMBED_TOTAL_MAX})"))
    return problems


def _embed_chars(embed: dict[str, Any]) -> int:
    """The characters of one embed that count toward the limit on all embeds together."""
    total = _len(embed.get("title")) + _len(embed.get("description"))
    total += _len(_dict(embed.get("footer")).get("text"))
    total += _len(_dict(embed.get("author")).get("name"))
    for field in embed.get("fields") or []:
        if isinstance(field, dict):
            total += _len(field.get("name")) + _len(field.get("value"))
    return total


def _check_embed(where: str, embed: dict[str, Any]) -> list[Problem]:
    """The limits on one embed's own texts and on its fields."""
    problems: list[Problem] = []
    title = _len(embed.get("title"))
    description = _len(embed.get("description"))
    footer_len = _len(_dict(embed.get("footer")).get("text"))
    author_len = _len(_dict(embed.get("author")).get("name"))
    if title > EMBED_TITLE_MAX:
        problems.append(("embed_limits", f"{where}.title is {title} chars (max 256)"))
    if description > EMBED_DESCRIPTION_MAX:
        problems.append(("embed_limits", f"{where}.description is {description} chars (max 4096)"))
    if footer_len > EMBED_FOOTER_MAX:
        problems.append(("embed_limits", f"{where}.footer.text is {footer_len} chars (max 2048)"))
    if author_len > EMBED_AUTHOR_MAX:
        problems.append(("embed_limits", f"{where}.author.name is {author_len} chars (max 256)"))
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS_MAX:
        problems.append(("embed_limits", f"{where} has {len(fields)} fields (max 25)"))
    for f_index, field in enumerate(fields):
        if isinstance(field, dict):
            problems += _check_embed_field(f"{where}.fields[{f_index}]", field)
    return problems


def _check_embed_field(where: str, field: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    name = _len(field.get("name"))
    value = _len(field.get("value"))
    if name > EMBED_FIELD_NAME_MAX:
        problems.append(("embed_limits", f"{where}.name is {name} chars (max 256)"))
    if value > EMBED_FIELD_VALUE_MAX:
        problems.append(("embed_limits", f"{where}.value is {value} chars (max 1024)"))
    return problems


def check_components(components: Any, *, flags: int = 0) -> list[Problem]:
    if not isinstance(components, list):
        return []
    v2 = bool(flags & FLAG_IS_COMPONENTS_V2)
    # Components v2 drops the action-row layout rules for a cap on all components, nested ones
    # included.
    problems = [] if v2 else _check_top_level_rows(components)
    all_components = components_in(components)
    if v2 and len(all_components) > COMPONENTS_V2_TOTAL_MAX:
        problems.append(
            (
                "component_limits",
                f"{len(all_components)} components (max {COMPONENTS_V2_TOTAL_MAX})",
            )
        )
    seen: set[str] = set()
    for comp in all_components:
        problems += _check_component(comp, seen)
    return problems


def _check_top_level_rows(components: list[Any]) -> list[Problem]:
    """Without components v2, a message holds at most five action rows and nothing else."""
    problems: list[Problem] = []
    if len(components) > ACTION_ROWS_MAX:
        problems.append(
            ("component_limits", f"{len(components)} action rows (max {ACTION_ROWS_MAX})")
        )
    for index, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != ACTION_ROW:
            problems.append(
                ("component_limits", f"components[{index}] is not an action row (type 1)")
            )
    return problems


def _check_component(comp: dict[str, Any], seen: set[str]) -> list[Problem]:
    """One component's limits; ``seen`` holds the custom_ids met so far, to catch duplicates."""
    ctype = comp.get("type")
    problems: list[Problem] = []
    if ctype == ACTION_ROW:
        problems += _check_action_row(comp)
    custom_id = comp.get("custom_id")
    if isinstance(custom_id, str):
        problems += _check_custom_id(custom_id, seen)
    if ctype == BUTTON:
        problems += _check_button(comp)
    if ctype in SELECT_TYPES:
        problems += _check_select(comp)
    if ctype == STRING_SELECT:
        problems += _check_select_options(comp)
    return problems


def _check_action_row(row: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    children = [c for c in row.get("components") or [] if isinstance(c, dict)]
    buttons = [c for c in children if c.get("type") == BUTTON]
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if len(buttons) > ROW_BUTTONS_MAX:
        problems.append(("component_limits", f"action row has {len(buttons)} buttons (max 5)"))
    if selects and len(children) > 1:
        problems.append(("component_limits", "a select menu must be alone in its action row"))
    if not children:
        problems.append(("component_limits", "empty action row"))
    return problems


def _check_custom_id(custom_id: str, seen: set[str]) -> list[Problem]:
    """Length and uniqueness within the message; adds ``custom_id`` to ``seen``."""
    problems: list[Problem] = []
    if len(custom_id) > CUSTOM_ID_MAX:
        problems.append(
            ("component_limits", f"custom_id {custom_id[:30]!r}... is {len(custom_id)} chars")
        )
    if custom_id in seen:
        problems.append(("component_limits", f"duplicate custom_id {custom_id!r}"))
    seen.add(custom_id)
    return problems


def _check_button(button: dict[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    label = button.get("label")
    if _len(label) > BUTTON_LABEL_MAX:
        problems.append(("component_limits", f"button label is {_len(label)} chars (max 80)"))
    # A link button opens its url and a premium button its SKU; every other style sends an
    # interaction, which needs a custom_id.
    style = button.get("style")
    if style == LINK_BUTTON_STYLE:
        if not button.get("url"):
            problems.append(("component_limits", "link button without url"))
    elif style != PREMIUM_BUTTON_STYLE and not button.get("custom_id"):
        problems.append(("component_limits", "button without custom_id"))
    return problems


def _check_select(select: dict[str, Any]) -> list[Problem]:
    """What every kind of select menu shares: its placeholder and its custom_id."""
    problems: list[Problem] = []
    if _len(select.get("placeholder")) > SELECT_PLACEHOLDER_MAX:
        problems.append(("component_limits", "select placeholder over 150 chars"))
    if not select.get("custom_id"):
        problems.append(("component_limits", "select menu without custom_id"))
    return problems


def _check_select_options(select: dict[str, Any]) -> list[Problem]:
    """A string select's own options (the other selects list users, roles or channels)."""
    problems: list[Problem] = []
    options = select.get("options") or []
    if len(options) > SELECT_OPTIONS_MAX:
        problems.append(("component_limits", f"select menu has {len(options)} options (max 25)"))
    if not options:
        problems.append(("component_limits", "select menu without options"))
    for option in options:
        if isinstance(option, dict) and (
            _len(option.get("label")) > SELECT_OPTION_TEXT_MAX
            or _len(option.get("value")) > SELECT_OPTION_TEXT_MAX
        ):
            problems.append(("component_limits", "select option label/value over 100"))
    return problems


def check_message(payload: Mapping[str, Any], *, require_body: bool = True) -> list[Problem]:
    """Checks a full message (create, or the merged result of an edit)."""
    flags = int(payload.get("flags") or 0)
    problems = check_content(payload.get("content"))
    problems += check_embeds(payload.get("embeds"))
    problems += check_components(payload.get("components"), flags=flags)
    if require_body and not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("attachments")
        or payload.get("sticker_ids")
        or payload.get("poll")
    ):
        problems.append(("empty_message", "Cannot send an empty message"))
    return problems


def check_modal(payload: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    custom_id = payload.get("custom_id")
    if not isinstance(custom_id, str) or not custom_id:
        problems.append(("modal_limits", "modal without custom_id"))
    elif len(custom_id) > CUSTOM_ID_MAX:
        problems.append(("modal_limits", f"modal custom_id is {len(custom_id)} chars"))
    if _len(payload.get("title")) > MODAL_TITLE_MAX:
        problems.append(("modal_limits", "modal title over 45 chars"))
    components = payload.get("components") or []
    if not components or len(components) > ACTION_ROWS_MAX:
        problems.append(("modal_limits", f"modal has {len(components)} rows (1..5 allowed)"))
    return problems
