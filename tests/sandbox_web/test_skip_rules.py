"""When the browser tests skip, and when a missing browser is a failure (CI)."""

from __future__ import annotations

import pytest

from tests.sandbox_web import conftest


def test_no_browser_without_root_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setattr(conftest.os, "geteuid", lambda: 1000)
    problem = conftest.browser_problem()
    assert problem is not None
    outcome, reason = problem
    assert outcome == "skip" and "not root" in reason and "\n" not in reason


def test_no_browser_where_it_could_be_installed_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setattr(conftest.os, "geteuid", lambda: 0)
    monkeypatch.setattr(conftest.shutil, "which", lambda name: f"/usr/bin/{name}")
    problem = conftest.browser_problem()
    assert problem is not None
    outcome, reason = problem
    assert outcome == "fail" and "install-browser.sh" in reason
