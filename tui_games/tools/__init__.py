"""Tools for developers, none needed to play: arena (bots against bots), bench (what a
player feels, measured), fuzz, soak and stress (long and random sessions), keyscript (the
key scripts they type). They name no game: they ask the registry.
"""
