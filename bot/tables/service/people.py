"""Use cases about people and servers: the leaderboard, a player's stats, the languages they
chose, and forgetting what is kept about them."""

from __future__ import annotations

import asyncio

from bot import ratings
from bot.i18n import LANGUAGES
from bot.model import Refusal
from bot.periods import ALL, PERIODS, Period, period_of
from bot.render import Rendered
from bot.render.asking import forget_me, forget_server
from bot.render.base import clean_name
from bot.render.board import (
    leaderboard_footer,
    leaderboard_text,
    period_leaderboards,
    stats_text,
)
from bot.render.chart import RATING_FILENAME, draw_ratings
from bot.tables.ports import Answer, Asker
from bot.tables.service.base import UseCases
from engine.games import GAME_NAMES


class PeopleUseCases(UseCases):
    async def leaderboard(
        self, asker: Asker, answer: Answer, game: str | None, period: str | None = None
    ) -> None:
        """This server's players (one game or every game): by rating for all time, by games
        won for this week or this month (UTC); and the asker's place."""
        if game is not None and game not in GAME_NAMES:
            raise Refusal("refusal-game")
        kind = period or ALL
        if kind not in PERIODS:
            raise Refusal("refusal-period")
        results = self.parts.storage.results
        lang = self.public(asker.guild_id)
        games = [game] if game else list(GAME_NAMES)

        async def board() -> str:
            parts = []
            for g in games:
                rows = await results.leaderboard(asker.guild_id, g, 10)
                mine = await results.rank_of(asker.guild_id, g, asker.user_id)
                parts.append(leaderboard_text(g, rows, mine, asker.user_id, lang))
            return "\n\n".join(parts) + "\n\n" + leaderboard_footer(lang)

        async def period_board(p: Period) -> str:
            boards = []
            for g in games:
                boards.append((g, await results.period_board(asker.guild_id, g, p.start, p.end)))
            return period_leaderboards(boards, p, asker.user_id, lang)

        now = self.parts.clock.time()
        work = board() if kind == ALL else period_board(period_of(kind, now))
        text = await answer.working(work, slow="new")
        await answer.post(Rendered(content=text), ephemeral=False)

    async def stats(self, asker: Asker, answer: Answer, user_id: int, name: str) -> None:
        """A player's games, wins, streaks and form in this server, with a picture of their
        rating after each rated game (only the asker sees them)."""
        lang = self.lang(asker)
        results = self.parts.storage.results

        async def work() -> Rendered:
            rows = await results.stats(asker.guild_id, user_id)
            text = stats_text(clean_name(name), rows, lang)
            series = []
            for r in rows:
                history = await results.rating_history(asker.guild_id, user_id, r.game)
                if history:
                    values = [ratings.display(h.mu, h.sigma) for h in history]
                    series.append((lang.t(f"game-{r.game}-short"), values))
            if not series:
                return Rendered(content=text)
            title = lang.t("chart-rating-title", name=clean_name(name))
            png = await asyncio.to_thread(
                draw_ratings, title, lang.t("chart-rating-x"), lang.t("chart-rating-y"), series
            )
            return Rendered(content=text, file=(RATING_FILENAME, png))

        message = await answer.working(work(), slow="new")
        await answer.post(message, ephemeral=True)

    # ------------------------------------------------------------------ languages

    async def set_server_language(self, asker: Asker, answer: Answer, code: str | None) -> None:
        """``/settings language`` (Manage Server): the language everyone sees here; None: the
        server's Discord language."""
        if not asker.can_manage:
            raise Refusal("refusal-manage-server")
        await self._choose(answer, "guild", asker.guild_id, code)
        public = self.public(asker.guild_id)
        text = public.t("settings-language-set", language=LANGUAGES[public.code])
        await answer.say(text, ephemeral=False)

    async def set_threads(self, asker: Asker, answer: Answer, on: bool) -> None:
        """``/settings threads on|off`` (Manage Server): every game in its own thread (where
        the bot may open threads), or in the channel it was started in."""
        if not asker.can_manage:
            raise Refusal("refusal-manage-server")
        await answer.working(self.parts.threads.choose(asker.guild_id, on), slow="new")
        said = "settings-threads-on" if on else "settings-threads-off"
        text = self.public(asker.guild_id).t(said)
        await answer.say(text, ephemeral=False)

    async def set_my_language(self, asker: Asker, answer: Answer, code: str | None) -> None:
        """``/settings my-language``: the language of what only the asker sees."""
        await self._choose(answer, "user", asker.user_id, code)
        used = self.lang(asker)
        if code is not None and used.code != code:
            # The Discord app's own language comes first when we speak it: say so, or the
            # person would think their choice was ignored.
            await answer.say(
                used.t(
                    "settings-my-language-app-first",
                    choice=LANGUAGES[code],
                    language=LANGUAGES[used.code],
                )
            )
            return
        await answer.say(used.t("settings-my-language-set", language=LANGUAGES[used.code]))

    async def _choose(self, answer: Answer, kind: str, owner_id: int, code: str | None) -> None:
        if code is not None and code not in LANGUAGES:
            raise Refusal("refusal-language")
        work = self.parts.storage.people.set_language(kind, owner_id, code)
        await answer.working(work, slow="new")
        self.parts.languages.choose(kind, owner_id, code)

    # ------------------------------------------------------------------ forgetting

    async def ask_forget_me(self, asker: Asker, answer: Answer) -> None:
        await answer.post(forget_me(self.lang(asker), asker.user_id), ephemeral=True)

    async def ask_forget_server(self, asker: Asker, answer: Answer) -> None:
        if not asker.owns_guild and not asker.can_manage:
            raise Refusal("refusal-manage-server")
        await answer.post(forget_server(self.lang(asker), asker.guild_id), ephemeral=True)

    async def forget(self, asker: Asker, answer: Answer, what: str, target: int) -> None:
        """A confirmed deletion: of the asker's own data, or of everything of their server
        (its tables closed first)."""
        people = self.parts.storage.people
        if what == "me":
            if target != asker.user_id:
                raise Refusal("refusal-not-yours")
            done = await answer.working(people.forget_user(asker.user_id), slow="update")
            self.parts.languages.choose("user", asker.user_id, None)
            key = "forgot-me"
        else:
            if target != asker.guild_id:
                raise Refusal("refusal-wrong-channel")
            if not asker.owns_guild and not asker.can_manage:
                raise Refusal("refusal-manage-server")
            for t in self.parts.registry.in_guild(asker.guild_id):
                await self.commands.cancel(t.id, t.place, asker.user_id, True)
            done = await answer.working(people.forget_guild(asker.guild_id), slow="update")
            self.parts.languages.choose("guild", asker.guild_id, None)
            self.parts.threads.forget(asker.guild_id)
            key = "forgot-server"
        text = self.lang(asker).t(key, games=done.games, ratings=done.ratings)
        await answer.update(Rendered(content=text))
