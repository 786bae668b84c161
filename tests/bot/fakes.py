"""A publisher that records what would go to Discord."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.render import Rendered


@dataclass
class FakePublisher:
    sent: list[tuple[int, int, Rendered]] = field(default_factory=list)
    edits: list[tuple[int, int, Rendered]] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)
    pushed: list[tuple[int, int, Rendered]] = field(default_factory=list)
    next_id: int = 1000

    async def send(self, channel_id: int, message: Rendered) -> int | None:
        self.next_id += 1
        self.sent.append((channel_id, self.next_id, message))
        return self.next_id

    async def edit(self, channel_id: int, message_id: int, message: Rendered) -> bool:
        self.edits.append((channel_id, message_id, message))
        return True

    async def delete(self, channel_id: int, message_id: int) -> None:
        self.deleted.append(message_id)

    async def push_hand(self, table_id: int, user_id: int, message: Rendered) -> None:
        self.pushed.append((table_id, user_id, message))

    def public_text(self) -> str:
        return "\n".join(r.text() for _, _, r in self.sent + self.edits)
