"""Core: errors, settings, text safety and JSON input. Imports nothing else of the package."""
