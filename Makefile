# Quick start: `make run` runs the bot, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CODE := bot cogs engine sandbox benchmarks

.PHONY: run test lint typecheck unit bench clean browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	@$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check $(CODE) tests
	$(BIN)/ruff format --check $(CODE) tests

typecheck: $(STAMP)
	$(BIN)/mypy $(CODE)

unit: $(STAMP)
	$(BIN)/python -m pytest

# Debian's chromium for the sandbox browser tests (installs as root with apt-get, else says why).
browser:
	bash scripts/install-browser.sh

test: browser lint typecheck unit

bench: $(STAMP)
	$(BIN)/python -m engine bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
