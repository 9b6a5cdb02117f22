"""The app's screens: menu, new game, load, rules, hand-off, game over, and the game base.

Each screen is a module of its own; import them from there (this package imports nothing,
so loading one screen never loads the rest).
"""
