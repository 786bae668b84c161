"""Stopping background tasks for good."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any


async def cancel_all(tasks: Sequence[asyncio.Task[Any]]) -> None:
    """Cancel tasks and wait until they are done. A cancellation can be lost when what a task
    awaits finishes at the same moment (Python 3.11's wait_for), so it is repeated until it
    takes."""
    pending = {task for task in tasks if not task.done()}
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=0.1)
