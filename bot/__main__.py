"""``python -m bot``: run the bot with config from the environment or ``.env``.
``python -m bot migrate-db --from ... --to ...``: copy its data into another database.
``python -m bot status``: what each running bot process last said about itself.

Without a token it starts the local sandbox instead: the same bot against a local Discord
emulator, played in the browser (``sandbox/run.py``).
"""

from __future__ import annotations

import sys

from pydantic import ValidationError

from bot.app import EXIT_STARTUP, run
from bot.config import Config


def config_or_exit() -> Config:
    """The config, or one sentence naming each bad setting and exit status 2."""
    try:
        return Config()
    except ValidationError as e:
        for error in e.errors():
            name = ".".join(str(p) for p in error["loc"]).upper()
            print(f"Setting {name} is not valid: {error['msg']}.", file=sys.stderr)
        sys.exit(EXIT_STARTUP)


def main() -> int:
    if sys.argv[1:2] == ["migrate-db"]:
        from bot.storage.copy import main as migrate_db

        return migrate_db(sys.argv[2:])
    config = config_or_exit()
    if sys.argv[1:2] == ["status"]:
        from bot.status import main as status

        return status(config.database)
    if not config.has_token and config.sandbox:
        try:
            from sandbox.run import main as sandbox_main
        except ImportError:
            print(
                "No DISCORD_TOKEN, and this installation has no sandbox: set DISCORD_TOKEN "
                "(see .env.example).",
                file=sys.stderr,
            )
            return EXIT_STARTUP
        return sandbox_main(config)
    return run(config)


if __name__ == "__main__":
    sys.exit(main())
