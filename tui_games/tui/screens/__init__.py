"""The app's screens: menu, new game, load, rules, hand-off, game over, and the game base.

Each screen is a module of its own; import them from there (this package imports nothing,
so loading one screen never loads the rest). The game base, GameScreen (game.py), is made
of parts, each in a module of its own: plain objects it owns (the bot runner, the save
flow, the leave guard) and mixins for its methods: the seats and the viewer
(seats_view.py), the compact and the large table (table_size.py), the bots' turns
(bot_runner.py), saving (save_flow.py), the keys every table shares (table_keys.py) and
hints (hint.py). Looking back at an earlier table is review.py and replay.py; what the
viewer may decide, worked out once per observation, is decision.py.
"""
