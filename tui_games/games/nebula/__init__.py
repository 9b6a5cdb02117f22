"""Nebula: collect stars by Investing Time or Turning to Chaos and build your Galaxy."""
