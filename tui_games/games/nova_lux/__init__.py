"""Nova Lux: harvest stars, build a colony and fulfil your factions before the universe dies."""
