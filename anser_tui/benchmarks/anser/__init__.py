"""ANSER-Bench: the layout, groups and forms, evidence ids, the scorer and the report."""
