"""Custom ids of every button and menu: one pattern and one builder each.

A click carries the table id, and a card or bid also the hand number, the table's action
counter (version) and the seat, so a stale or forged click is detected. Nothing in a custom_id
is trusted: the table manager checks all of it against the stored state, including that the
click came from the table's own server and channel.
"""

from __future__ import annotations

import re

TID = r"(?P<tid>\d{1,18})"
LOBBY = re.compile(rf"tb:l:{TID}:(?P<op>join|leave|start|cancel)")
ADD_COMPUTER = re.compile(rf"tb:ai:{TID}")
REMOVE = re.compile(rf"tb:rm:{TID}")
# "Show my hand" on a public message; a derived message (the table message, a ping) also names
# its slot, so that after a crash the feed can find it among the channel's messages.
SHOW = re.compile(rf"tb:s:{TID}(?::(?P<slot>[a-z0-9]{{1,12}}))?")
REFRESH = re.compile(rf"tb:r:{TID}")
PLAY = re.compile(
    rf"tb:p:{TID}:(?P<hand>\d{{1,6}}):(?P<ver>\d{{1,7}}):(?P<seat>\d{{1,2}}):(?P<action>\d{{1,3}})"
)
EXPORT = re.compile(rf"tb:x:{TID}")
REMATCH = re.compile(rf"tb:again:{TID}")
HINT = re.compile(rf"tb:h:{TID}")
REVIEW = re.compile(rf"tb:rv:{TID}")
REVIEW_HAND = re.compile(rf"tb:rh:{TID}:(?P<hand>\d{{1,4}})")  # a hand's result: its review
REVIEW_PICK = re.compile(rf"tb:rhs:{TID}")  # the final standings: a menu of the hands
# A confirmation of something that cannot be undone at a table; ``arg`` names a seat.
CONFIRM = re.compile(rf"tb:ok:(?P<op>leave|cancel|replace):{TID}:(?P<arg>\d{{1,2}})")
# A confirmation of deleting what is stored about a person or a whole server.
FORGET = re.compile(r"tb:forget:(?P<what>me|server):(?P<id>\d{1,20})")
# The daily deal's board of a day ("d") or of its week ("w").
DAILY = re.compile(r"tb:dy:(?P<game>smear|salad):(?P<day>\d{1,7}):(?P<period>[dw])")


def lobby(tid: int, op: str) -> str:
    return f"tb:l:{tid}:{op}"


def add_computer(tid: int) -> str:
    return f"tb:ai:{tid}"


def remove(tid: int) -> str:
    return f"tb:rm:{tid}"


def show(tid: int, slot: str | None = None) -> str:
    return f"tb:s:{tid}" if slot is None else f"tb:s:{tid}:{slot_mark(slot)}"


def slot_mark(slot: str) -> str:
    """A public message's slot as its Show my hand button names it ("table:3" -> "t3")."""
    kind, _, number = slot.partition(":")
    return kind[:1] + number


def refresh(tid: int) -> str:
    return f"tb:r:{tid}"


def play(tid: int, hand: int, version: int, seat: int, action: int) -> str:
    return f"tb:p:{tid}:{hand}:{version}:{seat}:{action}"


def export(tid: int) -> str:
    return f"tb:x:{tid}"


def rematch(tid: int) -> str:
    return f"tb:again:{tid}"


def hint(tid: int) -> str:
    return f"tb:h:{tid}"


def review(tid: int) -> str:
    return f"tb:rv:{tid}"


def review_hand(tid: int, hand: int) -> str:
    return f"tb:rh:{tid}:{hand}"


def review_pick(tid: int) -> str:
    return f"tb:rhs:{tid}"


def confirm(op: str, tid: int, arg: int = 0) -> str:
    return f"tb:ok:{op}:{tid}:{arg}"


def forget(what: str, target: int) -> str:
    return f"tb:forget:{what}:{target}"


def daily(game: str, day: int, period: str) -> str:
    return f"tb:dy:{game}:{day}:{period}"
