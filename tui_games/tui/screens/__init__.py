"""The app's screens: menu, new game, load, rules, hand-off, game over, and the game base.

Each screen is a module of its own; import them from there (this package imports nothing,
so loading one screen never loads the rest). The game base, GameScreen (game.py), holds its
parts by name, each in a module of its own: the seats and the viewer (seats_view.py), the
bots' turns (bot_runner.py), saving (save_flow.py), hints (hint.py) and the keys every
table shares (table_keys.py). A card table builds on card_table.py. Looking back at an
earlier table is review.py and replay.py; what the viewer may decide, worked out once per
observation, is decision.py.
"""
