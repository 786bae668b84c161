"""Custom ids of every button and menu: templates for DynamicItem and builders.

A click carries the table id, and a card or bid also the hand number, the table's action
counter (version) and the seat, so a stale or forged click is detected. Nothing in a custom_id
is trusted: the table manager checks all of it against the stored state.
"""

from __future__ import annotations

LEVEL_RE = "random|easy|normal|hard"
LOBBY = rf"tb:l:(?P<tid>\d{{1,18}}):(?P<op>join|leave|start|cancel|ai-(?:{LEVEL_RE}))"
REMOVE = r"tb:rm:(?P<tid>\d{1,18})"
SHOW = r"tb:s:(?P<tid>\d{1,18})"
REFRESH = r"tb:r:(?P<tid>\d{1,18})"
PLAY = (
    r"tb:p:(?P<tid>\d{1,18}):(?P<hand>\d{1,6}):(?P<ver>\d{1,7}):(?P<seat>\d{1,2})"
    r":(?P<action>\d{1,3})"
)
EXPORT = r"tb:x:(?P<tid>\d{1,18})"
ALL = (LOBBY, REMOVE, SHOW, REFRESH, PLAY, EXPORT)


def lobby(tid: int, op: str) -> str:
    return f"tb:l:{tid}:{op}"


def remove(tid: int) -> str:
    return f"tb:rm:{tid}"


def show(tid: int) -> str:
    return f"tb:s:{tid}"


def refresh(tid: int) -> str:
    return f"tb:r:{tid}"


def play(tid: int, hand: int, version: int, seat: int, action: int) -> str:
    return f"tb:p:{tid}:{hand}:{version}:{seat}:{action}"


def export(tid: int) -> str:
    return f"tb:x:{tid}"
