"""Every benchmark in turn, each printing its figures against DESIGN section 10's budgets.

    python -m bench.run_all [DATA]          # DATA defaults to /tmp/anser-full

The full-scale synthetic data (about 1.5 GB, 30 s) is generated into DATA when it is not
there yet. Exit status 1 when any budget is missed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    data = Path(args[0]) if args else Path("/tmp/anser-full")
    steps: list[list[str]] = []
    if not (data / "corpora").is_dir():
        steps.append(["bench.synthetic_corpora", str(data)])
    steps += [["bench.bench_scoring"], ["bench.bench_calibration"],
              ["bench.bench_prbench_report"], ["bench.bench_judge"],
              ["bench.bench_corpora", str(data)],
              ["bench.bench_startup", str(data)], ["bench.bench_documents"]]
    failed = []
    for step in steps:
        print(f"\n== python -m {' '.join(step)}", flush=True)
        if subprocess.run([sys.executable, "-m", *step], check=False).returncode != 0:
            failed.append(step[0])
    print(f"\n{'budgets missed: ' + ', '.join(failed) if failed else 'all budgets met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
