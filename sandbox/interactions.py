"""Interaction records: what a test gets back from ``invoke``/``click`` and can await."""

from __future__ import annotations

import asyncio
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from sandbox.models import Channel, Message, User

if TYPE_CHECKING:
    from sandbox.emulator.state import EmulatorState

# Interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback (response) types
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


class EmulatorError(Exception):
    """Base class of errors the test API raises."""


class CommandNotRegistered(EmulatorError):
    """The bot did not sync a command (or subcommand/option) matching the invocation."""


class CommandNotPermitted(EmulatorError):
    """A real client would hide the command: the member lacks default_member_permissions."""


class ComponentNotClickable(EmulatorError):
    """The custom_id is not on the message, is disabled, or the user cannot see the message."""


class NoBotConnected(EmulatorError):
    """No gateway session handles the guild, so nothing would receive the interaction."""


class InteractionFailed(EmulatorError):
    """The bot did not acknowledge the interaction in time ("This interaction failed")."""


class EmulatorTimeout(EmulatorError, TimeoutError):
    """A wait_* helper ran out of time."""


class InteractionHandle:
    """One interaction sent to the bot, and everything the bot did with its token.

    ``await handle`` returns the resulting message (see :meth:`message`).
    """

    def __init__(
        self,
        emulator: EmulatorState,
        *,
        id: int,
        token: str,
        type: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        name: str,
        message_id: int | None,
        created_at: float,
    ) -> None:
        self._emu = emulator
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.data = data
        self.name = name
        self.message_id = message_id  # the clicked message, for components
        self.created_at = created_at  # emulator clock, for the 15 minute token lifetime
        self.dispatched_at = 0.0  # loop time
        self.acked_at: float | None = None
        self.response_type: int | None = None
        self.response_data: dict[str, Any] | None = None
        self.failed = False
        self.original_message_id: int | None = None
        self.followup_ids: list[int] = []
        self.settled = False  # deferred responses: set once the bot filled the message in
        self.timer: asyncio.TimerHandle | None = None

    def __repr__(self) -> str:
        state = (
            "failed" if self.failed else f"acked:{self.response_type}" if self.acked else "pending"
        )
        return f"<InteractionHandle {self.name!r} id={self.id} user={self.user.name} {state}>"

    @property
    def acked(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's initial callback."""
        return None if self.acked_at is None else self.acked_at - self.dispatched_at

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.response_data if self.response_type == MODAL else None

    @property
    def autocomplete_choices(self) -> list[dict[str, Any]] | None:
        if self.response_type != AUTOCOMPLETE_RESULT or self.response_data is None:
            return None
        return list(self.response_data.get("choices") or [])

    @property
    def original(self) -> Message | None:
        if self.original_message_id is None:
            return None
        return self._emu.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        return [self._emu.messages[i] for i in self.followup_ids]

    @property
    def messages(self) -> list[Message]:
        """The original response (if it is a message) then the followups."""
        original = self.original
        return ([original] if original is not None else []) + self.followups

    def _check_failed(self) -> None:
        if self.failed:
            raise InteractionFailed(f"{self!r}: This interaction failed (not answered in time)")

    async def wait_ack(self, timeout: float = 5.0) -> int:
        """Waits for the initial callback; returns its response type (4..9)."""

        def ready() -> int | None:
            self._check_failed()
            return self.response_type

        return await self._emu.wait_until(ready, timeout=timeout, what=f"an answer to {self!r}")

    async def message(self, timeout: float = 5.0) -> Message:
        """The message this interaction resulted in.

        Type 4: the new message. Type 5: the thinking message once filled in (edited or replaced
        by the first followup). Type 7: the updated clicked message. Type 6: the clicked message
        once the bot edited it.
        """

        def ready() -> Message | None:
            self._check_failed()
            if self.response_type is None:
                return None
            if self.response_type in (MODAL, AUTOCOMPLETE_RESULT):
                raise EmulatorError(
                    f"{self!r} was answered with callback type {self.response_type}, not a message"
                )
            msg = self.original
            if msg is None:
                return None
            if self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE):
                return msg if self.settled else None
            return msg

        return await self._emu.wait_until(ready, timeout=timeout, what=f"the message of {self!r}")

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        def ready() -> list[Message] | None:
            self._check_failed()
            return self.followups if len(self.followup_ids) >= count else None

        return await self._emu.wait_until(
            ready, timeout=timeout, what=f"{count} followup(s) of {self!r}"
        )

    def __await__(self) -> Generator[Any, None, Message]:
        return self.message().__await__()
