"""The Textual screens: one screen per file."""
