"""Judge runner throughput: 2,235 judgments against a local server answering in 200 ms.

DESIGN section 10's budget: at concurrency 64, within 1.1x of the ideal time, which is
ceil(2235 / 64) rounds of 200 ms = 7.0 s. The server runs in its own process (an asyncio
HTTP/1.1 server with keep-alive) so that it does not share the client's interpreter.

    python bench/bench_judge.py [--items 2235] [--concurrency 64] [--delay 0.2]

Prints the figures; exits 1 when the ratio is over budget. Beside them: the client's CPU per
judgment, the server process's CPU, and a floor: the same requests sent by a bare aiohttp client
(no openai, no parsing, no workspace) against the same server, which is what the machine allows
at its present load (the budget's ratio is the runner's, not this one).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

from bench.science_workspace import science_store

BUDGET = 1.1
REPLY = json.dumps({"score_0_100": 77.5, "conclusion": 3, "coverage": 3,
                    "ground_truth_consistency": 3, "format": 4, "reason": "bench"})


def _response(model: str) -> bytes:
    body = json.dumps({
        "id": "chatcmpl-bench", "object": "chat.completion", "created": 0, "model": model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": REPLY}}],
        "usage": {"prompt_tokens": 300, "completion_tokens": 40, "total_tokens": 340}}
    ).encode()
    head = (f"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode()
    return head + body


async def _serve(delay: float, pipe: Connection) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                body = json.loads(await reader.readexactly(length))
                await asyncio.sleep(delay)
                writer.write(_response(body["model"]))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=1024)
    pipe.send(server.sockets[0].getsockname()[1])
    async with server:
        await server.serve_forever()


def serve(delay: float, pipe: Connection) -> None:
    asyncio.run(_serve(delay, pipe))


def server_cpu(pid: int) -> float | None:
    """The CPU seconds (user + system) process `pid` has used so far, where /proc tells."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        return None
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def bare_client(url: str, items: int, concurrency: int) -> float:
    """Seconds for a bare aiohttp client to send `items` requests like the runner's."""
    import aiohttp

    body = json.dumps({"model": "bench-judge", "temperature": 0.0, "reasoning_effort": "high",
                       "messages": [{"role": "user", "content": "x" * 1500}]}).encode()
    left = items
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency)) as s:
        async def sender() -> None:
            nonlocal left
            while left > 0:
                left -= 1
                async with s.post(url, data=body,
                                  headers={"content-type": "application/json"}) as reply:
                    json.loads(await reply.read())

        started = time.perf_counter()
        await asyncio.gather(*(sender() for _ in range(concurrency)))
        return time.perf_counter() - started


def make_workspace(root: Path, n: int) -> Path:
    store, _ = science_store(root, n, "bench")
    store.close()
    return root / "ws.db"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2235)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--delay", type=float, default=0.2)
    args = parser.parse_args()

    from anser_tui.core.settings import JudgeSettings
    from anser_tui.judge import JudgeParams, JudgeRunner, plan_judging, run_items
    from anser_tui.workspace import WorkspaceStore

    started = time.perf_counter()
    import openai  # noqa: F401  (the runner imports it on its first run; timed apart)

    imported = time.perf_counter() - started
    ours, theirs = multiprocessing.Pipe()
    server = multiprocessing.Process(target=serve, args=(args.delay, theirs), daemon=True)
    server.start()
    port = ours.recv()
    settings = JudgeSettings(base_url=f"http://127.0.0.1:{port}/v1", model="bench-judge",
                             concurrency=args.concurrency, timeout_s=30, max_retries=2)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            store = WorkspaceStore.open(make_workspace(Path(tmp), args.items))
            started = time.perf_counter()
            plan = plan_judging(store, run_items(store, "bench"),
                                JudgeParams.from_settings(settings))
            planned = time.perf_counter() - started
            runner = JudgeRunner(store, settings)
            served = server_cpu(server.pid)
            started, cpu = time.perf_counter(), time.process_time()
            summary = asyncio.run(runner.run(plan))
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            load = os.getloadavg()[0]
            after = server_cpu(server.pid)
            serving = None if served is None or after is None else after - served
            started = time.perf_counter()
            again = plan_judging(store, run_items(store, "bench"),
                                 JudgeParams.from_settings(settings))
            rerun = asyncio.run(JudgeRunner(store, settings).run(again))
            rerun_wall = time.perf_counter() - started
            store.close()
        floor = asyncio.run(bare_client(f"http://127.0.0.1:{port}/v1/chat/completions",
                                        args.items, args.concurrency))
    finally:
        server.terminate()
    ideal = math.ceil(args.items / args.concurrency) * args.delay
    ratio = wall / ideal
    print(f"items {args.items}, concurrency {args.concurrency}, server delay "
          f"{args.delay * 1000:.0f} ms")
    print(f"importing openai {imported:.2f} s (once per process); planning {planned:.2f} s; "
          f"judging {wall:.2f} s; ideal {ideal:.2f} s; "
          f"ratio {ratio:.3f} (budget {BUDGET}x): {'ok' if ratio <= BUDGET else 'OVER BUDGET'}")
    print(f"throughput {summary.done / wall:.0f} judgments/s; client CPU {cpu:.2f} s "
          f"({cpu / args.items * 1000:.2f} ms a judgment); server CPU "
          f"{'?' if serving is None else f'{serving:.2f} s'}; load average {load:.2f} on "
          f"{os.cpu_count()} cores")
    print(f"floor: a bare aiohttp client, same requests and server, {floor:.2f} s "
          f"({floor / ideal:.3f}x the ideal; load average {os.getloadavg()[0]:.2f})")
    print(summary.line())
    print(f"re-run: {rerun_wall:.2f} s, {rerun.requests_sent} requests, "
          f"{again.already} already judged")
    return 0 if ratio <= BUDGET and summary.counts["ok"] == args.items else 1


if __name__ == "__main__":
    raise SystemExit(main())
