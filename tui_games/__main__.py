"""`python -m tui_games` runs the same command line as `tui-games`."""

from tui_games.cli import main

raise SystemExit(main())
