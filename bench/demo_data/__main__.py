"""`python -m bench.demo_data [NAME ...]`: rewrite the package data of the named demos (all by
default) from the generator, printing each folder and its size."""

from __future__ import annotations

import sys

from bench.demo_data.writers import WRITERS, rewrite


def main(names: list[str]) -> None:
    for name in names or list(WRITERS):
        folder = rewrite(name)
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"{folder}: {len(files)} files, {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main(sys.argv[1:])
