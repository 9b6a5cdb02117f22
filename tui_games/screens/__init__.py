"""The app's screens: menu, new game, load, rules, hand-off, game over, and the game base.

Each screen is a module of its own; import them from there (this package imports nothing,
so loading one screen never loads the rest). The game base, GameScreen (game.py), owns
its parts as plain objects, each in a module of its own: the bots thinking in a worker
(bot_runner.py), saving (save_flow.py), looking back at an earlier table (review.py) and
what the viewer may decide, worked out once per observation (decision.py).
"""
