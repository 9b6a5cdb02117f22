"""Neptune: trick taking for 2-4 players with trumps, Asteroids and special cards."""
