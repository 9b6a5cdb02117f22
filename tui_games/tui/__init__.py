"""The full-screen front end: the Textual app (GamesApp), its screens and shared widgets.

Its parts beside the app: heap (short garbage collections while a table is open), hangup
and terminal_watch (a lost terminal saves the game), memory (letting go of what Textual
keeps of closed tables), textual_private (the few private names that guard a known crash
or leak) and paths (where the stylesheets live). Each game's own screen and widgets live
in its folder under tui_games/games/.
"""
