# Quick start: `make run` runs the bot, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CODE := bot cogs engine sandbox benchmarks
# The tests mostly wait on sockets, child processes and the emulator, not on the processor: two
# workers per core keep every core busy (pytest-xdist; each test is isolated, see tests/conftest.py).
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))
# Python writes each module's compiled form once instead of compiling it again in every worker
# and every bot process a test starts (some machines turn that off for the whole session).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test check lint typecheck kernels unit bench soak clean browser postgres lock

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

# The computer players' search kernels, compiled once per machine (cached; a second run only
# checks the cache): tests that search would otherwise wait for the first to compile them.
kernels: $(STAMP)
	$(BIN)/python -m engine compile

# Every test, on every core, the 20 slowest named at the end. Idle workers steal the queued
# tests of busy ones (--dist worksteal): a few tests of several seconds otherwise left the
# other workers idle at the end (make check: 95 s, now 65 s, on 2 cores).
unit: $(STAMP) kernels
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal --durations=20

# The inner loop, before every commit: lint, types, and the tests that need no browser, no
# PostgreSQL and no running bot (the rules, the players, storage on SQLite, rendering, the
# tables against a fake Discord, the emulator). `make test` runs everything; CI runs that.
check: lint typecheck kernels
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal -m "not postgres and not browser and not process and not e2e"

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

# Thousands of seeded whole games in simulated time on every core (tests/e2e/simulate.py):
# games per second, and every failing seed with the command that replays it. Run it after
# every change to the feed. SEEDS picks how many, FIRST the first.
SEEDS ?= 200
FIRST ?= 1
soak: $(STAMP) kernels
	$(BIN)/python -m tests.e2e.simulate --seeds $(SEEDS) --first $(FIRST)

bench: $(STAMP)
	$(BIN)/python -m engine bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
