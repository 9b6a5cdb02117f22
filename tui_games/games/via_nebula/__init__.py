"""Via Nebula: open exploitations, carry resources over the meadows, erect buildings."""
