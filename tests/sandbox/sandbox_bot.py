"""A tiny real discord.py bot that exercises what the emulator must support."""

from __future__ import annotations

import asyncio
import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A button that survives restarts: its state lives in its custom_id."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {count}",
                style=discord.ButtonStyle.primary,
                custom_id=f"counter:{count}",
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Button[Any],
        match: re.Match[str],
        /,
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.count + 1))
        await interaction.response.edit_message(content=f"count {self.count + 1}", view=view)


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Join", custom_id="join")
    async def join(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined", view=None
        )

    @discord.ui.button(label="Closed", custom_id="closed", disabled=True)
    async def closed(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_message("should never happen")


class HandView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Play", custom_id="play")
    async def play(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} played")

    @discord.ui.button(label="Fold", custom_id="fold")
    async def fold(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.01)
        await interaction.edit_original_response(
            content=f"{interaction.user.name} folded", view=None
        )

    @discord.ui.button(label="Announce", custom_id="announce")
    async def announce(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        """A public followup of a click on an ephemeral message (what a bot must not do)."""
        await interaction.response.defer()
        await interaction.followup.send(f"{interaction.user.name} announces")


class TableView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Show my hand", custom_id="show_hand")
    async def show(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_message(
            f"hand of {interaction.user.name}", view=HandView(), ephemeral=True
        )


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("clubs", "hearts", "spades")],
        max_values=2,
    )
    async def pick(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content="picked " + ",".join(select.values))


class NoteModal(discord.ui.Modal, title="Note"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Text", custom_id="text")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"noted: {self.text.value}", ephemeral=True)


class SandboxBot(commands.Bot):
    """Records what happened so tests can assert on the client side too."""

    errors: list[Exception]
    saved: list[discord.Interaction[Any]]
    slow_delay: float
    seen_messages: list[str]
    deleted_ids: list[int]


def _game_group(bot: SandboxBot) -> app_commands.Group:
    game = app_commands.Group(name="game", description="card table")
    # The order of the calls is the order of the subcommands the bot syncs.
    _add_message_commands(game)
    _add_followup_commands(game)
    _add_misbehaving_commands(game, bot)
    _add_input_commands(game)
    return game


def _add_message_commands(game: app_commands.Group) -> None:
    """Commands answered with one message: views, a persistent button, a file."""

    @game.command(description="start a table")
    async def start(interaction: discord.Interaction[Any], seats: int = 4) -> None:
        await interaction.response.send_message(
            f"table with {seats} seats", view=JoinView(), ephemeral=True
        )

    @game.command(description="public table message")
    async def table(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("the table", view=TableView())

    @game.command(description="persistent counter")
    async def counter(interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("count 0", view=view)

    @game.command(description="export a record")
    async def export(interaction: discord.Interaction[Any]) -> None:
        record = json.dumps({"game": "smear", "scores": [11, 7]}).encode()
        await interaction.response.send_message(
            "record attached", file=discord.File(io.BytesIO(record), filename="record.json")
        )


def _add_followup_commands(game: app_commands.Group) -> None:
    """Commands that defer, follow up, edit and delete after their first answer."""

    @game.command(description="defer then followup")
    async def think(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await asyncio.sleep(0.01)
        await interaction.followup.send("thought")

    @game.command(description="several followups")
    async def chatter(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("first")
        await interaction.followup.send("second")
        await interaction.followup.send("third (secret)", ephemeral=True)
        await interaction.edit_original_response(content="first (edited)")

    @game.command(description="posts and deletes")
    async def cleanup(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("temp")
        followup = await interaction.followup.send("gone soon", wait=True)
        await followup.edit(content="gone now")
        await followup.delete()
        await interaction.delete_original_response()
        await interaction.followup.send("kept")


def _add_misbehaving_commands(game: app_commands.Group, bot: SandboxBot) -> None:
    """Commands that break Discord's rules (late, missing, double or oversized answers) or keep
    the interaction for later, so tests can see what the emulator does about it. Errors and
    kept interactions go on ``bot``."""

    @game.command(description="answers too late")
    async def slow(interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(bot.slow_delay)
        try:
            await interaction.response.send_message("late")
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @game.command(description="never answers")
    async def silent(interaction: discord.Interaction[Any]) -> None:
        bot.saved.append(interaction)

    @game.command(description="answers twice")
    async def twice(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("once")
        adapter = async_context.get()
        try:
            await adapter.create_interaction_response(
                interaction.id,
                interaction.token,
                session=interaction._session,
                params=interaction_response_params(4, {"content": "twice"}),
            )
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @game.command(description="too long a message")
    async def rant(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            bot.errors.append(exc)

    @game.command(description="keeps the interaction")
    async def later(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        bot.saved.append(interaction)


def _add_input_commands(game: app_commands.Group) -> None:
    """Commands that take input: a select menu, a member option, a modal, autocomplete."""

    @game.command(description="pick suits")
    async def pick(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pick", view=PickView())

    @game.command(description="greet someone")
    async def greet(interaction: discord.Interaction[Any], target: discord.Member) -> None:
        await interaction.response.send_message(f"hello {target.name} ({target.id})")

    @game.command(description="open a modal")
    async def note(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(NoteModal())

    @game.command(description="choose a variant")
    async def variant(interaction: discord.Interaction[Any], name: str) -> None:
        await interaction.response.send_message(f"variant {name}")

    @variant.autocomplete("name")
    async def variant_complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["smear", "salad", "spades"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]


@app_commands.command(name="settings", description="server settings")
@app_commands.default_permissions(manage_guild=True)
async def settings_command(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message(
        f"manage_guild={interaction.permissions.manage_guild}", ephemeral=True
    )


def _configure(bot: SandboxBot) -> None:
    bot.errors = []
    bot.saved = []
    bot.slow_delay = 0.0
    bot.seen_messages = []
    bot.deleted_ids = []
    bot.tree.add_command(_game_group(bot))
    bot.tree.add_command(settings_command)

    @bot.event
    async def on_message(message: discord.Message) -> None:
        bot.seen_messages.append(message.content)

    @bot.event
    async def on_raw_message_delete(payload: discord.RawMessageDeleteEvent) -> None:
        bot.deleted_ids.append(payload.message_id)


async def _setup(bot: SandboxBot) -> None:
    bot.add_dynamic_items(CounterButton)
    bot.add_view(TableView())
    await bot.tree.sync()


class PlainBot(SandboxBot):
    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(
            command_prefix="!",
            intents=intents or discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        _configure(self)

    async def setup_hook(self) -> None:
        await _setup(self)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # the default sleeps 5 s before every re-IDENTIFY


class ContentBot(PlainBot):
    """A bot that asked for the privileged MESSAGE_CONTENT intent too."""

    def __init__(self) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents)


class ShardedBot(commands.AutoShardedBot, SandboxBot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        _configure(self)

    async def setup_hook(self) -> None:
        await _setup(self)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None
