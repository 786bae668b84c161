"""``python -m bot``: run the bot with settings from the environment or ``.env``.

Without a token it starts the local sandbox instead: the same bot against a local Discord
emulator, played in the browser (``sandbox/run.py``).
"""

from __future__ import annotations

import sys

from bot.app import run
from bot.settings import Settings

if __name__ == "__main__":
    settings = Settings()
    if not settings.has_token and settings.sandbox:
        from sandbox.run import main as sandbox_main

        sys.exit(sandbox_main(settings))
    sys.exit(run(settings))
