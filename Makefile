# Quick start: `make run` runs the bot, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CODE := bot cogs engine sandbox benchmarks

.PHONY: run test lint typecheck unit bench clean browser postgres lock

# Exact versions with their hashes (requirements-dev.lock, written by `make lock`), then the
# project itself without looking for dependencies again.
$(STAMP): pyproject.toml requirements-dev.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# With a DISCORD_TOKEN (environment or .env) the bot connects to Discord; without one, the local
# sandbox opens in the browser. A bad setting stops both with one sentence (exit status 2).
run: $(STAMP)
	@$(BIN)/python -m bot has-token; case $$? in \
		0) exec $(BIN)/python -m bot ;; \
		1) exec $(BIN)/python -m sandbox ;; \
		*) exit 2 ;; \
	esac

lint: $(STAMP)
	$(BIN)/ruff check $(CODE) tests
	$(BIN)/ruff format --check $(CODE) tests

typecheck: $(STAMP)
	$(BIN)/mypy $(CODE)

unit: $(STAMP)
	$(BIN)/python -m pytest

# Debian's chromium for the sandbox browser tests and PostgreSQL for the PostgreSQL tests
# (they install as root with apt-get, else say why and those tests skip).
browser:
	bash scripts/install-browser.sh

postgres:
	bash scripts/install-postgres.sh

test: browser postgres lint typecheck unit

# Refresh the lock files from pyproject.toml (newest versions its ranges allow), then test them.
LOCK := $(BIN)/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe \
	--no-emit-index-url --no-emit-find-links --resolver=backtracking
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet pip-tools
	$(LOCK) --upgrade -o requirements.lock pyproject.toml
	$(LOCK) --upgrade --extra dev -o requirements-dev.lock pyproject.toml
	rm -f $(STAMP)
	$(MAKE) test

bench: $(STAMP)
	$(BIN)/python -m engine bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
