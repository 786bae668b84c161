"""``python -m sandbox``: the real bot in the local browser sandbox (what ``make run`` starts
when there is no DISCORD_TOKEN). See ``sandbox/run.py``."""

import sys

from sandbox.run import main

sys.exit(main())
