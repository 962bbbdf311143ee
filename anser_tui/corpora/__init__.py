"""Read-only corpus access: an evidence id -> a renderable document."""
