"""The generator of the embedded demos' files, which ship as package data in each benchmark's
own package (`anser_tui/benchmarks/<name>/demo/`, where `Benchmark.demo` says they are).

The tables of prose and records live under data/; the code here derives ids, figures, ground
truths, runs and judge outputs from them, deterministically (no network, no clock, no unseeded
randomness). `python -m bench.demo_data` rewrites the package data; a test checks the shipped
files are what this writes.
"""
