"""``python -m engine``: replay, simulate, bench, arena."""

from engine.cli import main

raise SystemExit(main())
