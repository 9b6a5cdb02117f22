"""The shared rules layer: pure Python, never imports textual or rich."""
