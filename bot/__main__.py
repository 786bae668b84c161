"""``python -m bot``: run the bot with settings from the environment or ``.env``."""

from __future__ import annotations

import sys

from bot.app import run
from bot.settings import Settings

if __name__ == "__main__":
    sys.exit(run(Settings()))
