# The trick-taking bot: python -m bot, with its SQLite database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/trickbot.sqlite3 \
    SANDBOX=false

WORKDIR /app

# Dependencies first, so code changes do not reinstall them.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install .

RUN useradd --create-home --uid 10001 trickbot \
    && mkdir -p /data \
    && chown trickbot:trickbot /data
USER trickbot

VOLUME ["/data"]

# DISCORD_TOKEN comes from the environment (docker run -e / --env-file); never bake it in.
CMD ["python", "-m", "bot"]
