"""``python -m engine figures``: each figure is the arena run at the shipped budgets, and the
table says whether each target is met."""

from __future__ import annotations

import pytest

from engine.ai import arena, figures
from engine.cli import main as cli_main


def _figure(name: str) -> figures.Figure:
    return next(f for f in figures.FIGURES if f.name == name)


def test_each_figure_runs_at_the_shipped_budgets() -> None:
    args = figures.parse_args(["--games", "30", "--cpu-time"])
    argv = figures.arena_argv(_figure("smear-expert-hard"), args)
    a = arena.parse_args(argv)
    assert (a.candidate, a.field, a.seats, a.games) == ("expert", "hard", 3, 30)
    assert (a.budget_ms, a.field_budget_ms, a.cpu_time) == (250.0, 150.0, True)
    rules = arena.parse_args(figures.arena_argv(_figure("smear-normal-v1"), args))
    assert rules.budget_ms is None and rules.field_budget_ms is None


def _measured(name: str, rate: float, set_rate: float | None, p95: float) -> figures.Measured:
    return figures.Measured(_figure(name), rate, rate - 0.05, rate + 0.05, set_rate, p95)


def test_targets() -> None:
    assert _measured("smear-expert-normal", 0.61, 0.14, 250).met
    assert not _measured("smear-expert-normal", 0.59, 0.14, 250).met  # too few wins
    assert not _measured("smear-expert-normal", 0.61, 0.16, 250).met  # set too often
    assert not _measured("smear-expert-normal", 0.61, 0.14, 301).met  # too slow
    assert _measured("salad5-expert-normal", 0.21, None, 250).met  # ahead of null (20%)
    assert not _measured("salad5-expert-normal", 0.20, None, 250).met


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli_main(["figures", "--only", "smear-normal-v1", "--games", "3", "--progress", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "== smear-normal-v1: python -m engine arena --game smear" in out
    assert "-- 3 games: | smear-normal-v1 |" in out
    assert "| figure | wins | Wilson 95% | set | p95 ms | target | met |" in out
    assert out.strip().splitlines()[-1].startswith("| smear-normal-v1 |")


def test_bad_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        figures.parse_args(["--games", "0"])
    with pytest.raises(SystemExit):
        figures.parse_args(["--only", "nothing"])
    assert "error" in capsys.readouterr().err
