# The trick-taking bot: python -m bot, with its SQLite database on a volume. Only production code
# goes in (engine, bot, cogs): no sandbox, tests or benchmarks.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/trickbot.sqlite3

# tini as PID 1: it passes SIGTERM on to Python (which then stops gracefully) and reaps the
# computer players' worker processes.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first, at the exact versions and hashes of the lock file, so code changes do not
# reinstall them.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock

COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-deps .

RUN useradd --create-home --uid 10001 trickbot \
    && mkdir -p /data \
    && chown trickbot:trickbot /data
USER trickbot

# The computer players' search kernels, compiled now (about 30 s of CPU) into a folder the bot's
# user owns, so that the bot's first game loads them (about a second) instead of compiling them.
ENV TRICKBOT_JIT_CACHE=/home/trickbot/.cache
RUN python -m engine compile

VOLUME ["/data"]

# DISCORD_TOKEN comes from the environment (docker run -e / --env-file); never bake it in.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["python", "-m", "bot"]
