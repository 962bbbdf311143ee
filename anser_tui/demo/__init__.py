"""The installer of the embedded demos. Each benchmark's demo is data in its own package (its
release layout, one run, the judge outputs: `Benchmark.demo` says where); this copies it into
the data directory and builds its workspace with the ordinary verbs, for any benchmark."""

from anser_tui.demo.files import DemoPaths, build_demo, demo_files
from anser_tui.demo.workspace import build_demo_workspace, demo_home, ensure_demo_workspace

__all__ = ["DemoPaths", "build_demo", "build_demo_workspace", "demo_files", "demo_home",
           "ensure_demo_workspace"]
