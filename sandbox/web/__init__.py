"""The local sandbox page: a Discord-like channel in the browser, driven through the emulator.

See ``sandbox.run`` for the launcher behind ``make run`` without a token.
"""

from sandbox.web.server import SandboxWeb, flatten_commands
from sandbox.web.world import (
    DEFAULT_CHANNELS,
    DEFAULT_USERS,
    SandboxWorld,
    WorldStore,
    create_world,
    dump_world,
    restore_world,
)

__all__ = [
    "DEFAULT_CHANNELS",
    "DEFAULT_USERS",
    "SandboxWeb",
    "SandboxWorld",
    "WorldStore",
    "create_world",
    "dump_world",
    "flatten_commands",
    "restore_world",
]
