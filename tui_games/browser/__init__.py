"""The browser front end: `tui-games serve` runs the app in a web page (textual-serve)."""
