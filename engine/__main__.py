"""``python -m engine``: replay, review, simulate, bench, arena, figures."""

from engine.cli import main

raise SystemExit(main())
