"""A local Discord: REST API + gateway on 127.0.0.1 for the real, unmodified discord.py client.

Tests create users, guilds and channels, start a bot against it (see ``sandbox.testing``),
then act as users: ``invoke`` slash commands, ``click`` buttons and read what each user sees.
Every request Discord would reject, and every interaction a user would see fail, is recorded in
``violations``; every 4xx answer in ``client_errors()``; every 429 in ``rate_limit_hits``.

One module per job, put together in ``core.DiscordEmulator``:

- ``state``: the world's data and the helpers every part shares
- ``world``: building the world (guilds, channels, members, roles)
- ``reading``: what users see, and waiting for it
- ``acting`` and ``options``: acting as users (commands, clicks, menus, modals)
- ``payloads``: gateway and REST JSON built from the state
- ``messages``: creating, editing and deleting messages from REST bodies
- ``threads``: threads' life (archive, lock, delete), who may write in them, their events
- ``pipeline``: every request's path (faults, rate limits, records); ``faults``: injected faults
- ``reported``: what Discord's users report, as switches (hidden limit, failing tokens)
- ``records``: violations, 429s and client errors, for tests to assert on
- ``rest/``: the REST handlers (application, interactions, webhooks, channels, threads)
"""

from sandbox.emulator.core import DiscordEmulator
from sandbox.emulator.state import EmulatorEvent, EmulatorListener, EmulatorURLs

__all__ = ["DiscordEmulator", "EmulatorEvent", "EmulatorListener", "EmulatorURLs"]
