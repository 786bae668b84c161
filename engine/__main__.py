"""``python -m engine``: replay, simulate, bench, arena, figures."""

from engine.cli import main

raise SystemExit(main())
