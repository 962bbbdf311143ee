"""The peak resident memory of this process, its own since it started.

`getrusage(RUSAGE_SELF).ru_maxrss` (and a child's ru_maxrss from `os.wait4`) is not that on
Linux: the kernel carries a process's high-water mark across `execve`, and a child spawned by
`subprocess` (fork or vfork, then exec) starts from its parent's. A bench child started by a
parent that had just built a 120 MB workspace reported 121 MB while it never held more than
95 MB itself. `VmHWM` in /proc/self/status is the high-water mark of the address space the
process has had since its exec: what the process itself held. Elsewhere (no /proc), ru_maxrss
is the best there is (kilobytes on Linux, bytes on macOS).
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path


def peak_rss_mb(status: Path = Path("/proc/self/status")) -> float:
    """Peak resident memory of this process since its exec, in MB (MiB)."""
    try:
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024
