"""Nebular Colors: two-player rummy with two splayed discard piles and Stop or Nova."""
