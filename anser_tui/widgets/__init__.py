"""Reusable widgets, each with its own DEFAULT_CSS; they post messages, screens push screens."""
