"""The benches' peak-memory reading is the process's own, not its parent's.

Linux carries ru_maxrss across execve, so a child spawned by a parent that once held a lot
reports the parent's peak; bench_corpora's review child did (121-127 MB against its own 95 MB).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import resource, subprocess, sys
block = bytearray(200 * 2**20)  # 200 MB, every page touched
for i in range(0, len(block), 4096):
    block[i] = 1
del block
child = subprocess.run([sys.executable, "-c",
    "import resource; from bench.peak_rss import peak_rss_mb; "
    "print(peak_rss_mb(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"],
    capture_output=True, text=True, check=True)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, child.stdout)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="VmHWM is Linux's")
def test_a_child_reads_its_own_peak_not_its_parents() -> None:
    out = subprocess.run([sys.executable, "-c", PARENT], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    parent_peak, child_own, child_rusage = (float(v) for v in out)
    assert parent_peak > 200
    assert child_rusage >= 200  # what the benches read before: the parent's peak
    assert child_own < 60  # an interpreter that imported two small modules


def test_the_reading_is_vmhwm(tmp_path: Path) -> None:
    status = tmp_path / "status"
    status.write_text("Name:\tpython\nVmPeak:\t  900000 kB\nVmHWM:\t   97792 kB\n"
                      "VmRSS:\t   50000 kB\n")
    from bench.peak_rss import peak_rss_mb

    assert peak_rss_mb(status) == 95.5
