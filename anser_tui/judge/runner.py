"""The judge runner: a plan's requests, served from the cache or sent with bounded concurrency.

Results are written as they arrive, each judgment (with its cache row) committed on its own
by one writer: the thread running the event loop, through a connection of its own opened from
the store it is given (`store.reopen()`; the given store's connection is never used, so it
may belong to another thread). Cancelling the run (Ctrl-C) cancels the requests in flight,
writes the replies that had arrived, and re-raises; the next run resumes from there.

Judge latency and tokens go in the judgment rows: evaluation overhead, kept apart from the
evaluated system's log figures.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from anser_tui.benchmarks.replies import parse_judge_output
from anser_tui.config import JudgeSettings
from anser_tui.judge.client import Completion, JudgeClient, TransportFailure
from anser_tui.judge.importing import judgment_from_parsed
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams, JudgeRequest
from anser_tui.judge.storage import cached_reply, write_judgment
from anser_tui.workspace.records import Judgment, JudgmentStatus
from anser_tui.workspace.store import WorkspaceStore


@dataclass
class JudgeSummary:
    """What a run did so far; complete once `run` returns (or is interrupted)."""

    total: int = 0  # requests in the plan
    already: int = 0  # items already judged with the same request: not touched
    counts: Counter[str] = field(default_factory=Counter)
    requests_sent: int = 0  # HTTP requests, retries included
    cache_hits: int = 0
    latency_s: float = 0.0  # judge time of the replies received in this run
    input_tokens: int = 0
    output_tokens: int = 0
    interrupted: bool = False

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    def line(self) -> str:
        statuses = ", ".join(f"{s.value} {self.counts[s.value]}" for s in JudgmentStatus)
        return (f"judged {self.done} of {self.total} ({statuses}); already judged "
                f"{self.already}; requests sent {self.requests_sent}; cache hits "
                f"{self.cache_hits}; judge tokens {self.input_tokens} in, "
                f"{self.output_tokens} out")


Listener = Callable[[JudgeSummary, Judgment], None]
Outcome = tuple[JudgeRequest, Completion | str]  # a reply, or why there is none


class JudgeRunner:
    """Senders (as many as `concurrency`) hand each reply to one recorder, which parses it and
    commits it; a sender goes on to its next request without waiting for the write."""

    def __init__(self, store: WorkspaceStore, settings: JudgeSettings, *,
                 on_judgment: Listener | None = None, backoff_s: float = 1.0):
        self.store = store
        self.settings = settings
        self.params = JudgeParams.from_settings(settings)
        self.on_judgment = on_judgment
        self.backoff_s = backoff_s
        self.summary = JudgeSummary()

    async def run(self, plan: JudgePlan) -> JudgeSummary:
        """Judge the plan's requests; on cancellation, write what arrived, then re-raise."""
        summary = self.summary = JudgeSummary(total=len(plan.requests), already=plan.already)
        writer = self.store.reopen()
        # Judgments can be had again (the cache, a re-run): a commit need not wait for the
        # disk, only survive a crash of this process, which WAL at NORMAL guarantees.
        writer.conn.execute("PRAGMA synchronous=NORMAL")
        try:
            pending = self._serve_cached(writer, plan)
            if pending:  # the client (and the API key) only when something is to be sent
                client = JudgeClient(self.settings, self.params, backoff_s=self.backoff_s)
                try:
                    await self._send_all(writer, client, pending)
                finally:
                    summary.requests_sent = client.requests_sent
                    await client.aclose()
        finally:
            writer.close()
        return summary

    def _serve_cached(self, writer: WorkspaceStore, plan: JudgePlan) -> deque[JudgeRequest]:
        """Write the judgments the cache holds; the requests still to send, in order."""
        pending: deque[JudgeRequest] = deque()
        for request in plan.requests:
            cached = cached_reply(writer, request.key)
            if cached is None:
                pending.append(request)
                continue
            self.summary.cache_hits += 1
            self._record(writer, request, Completion(
                cached.raw, cached.model, cached.latency_s or 0.0, cached.input_tokens,
                cached.output_tokens), cache=False)
        return pending

    async def _send_all(self, writer: WorkspaceStore, client: JudgeClient,
                        pending: deque[JudgeRequest]) -> None:
        arrived: asyncio.Queue[Outcome | None] = asyncio.Queue()
        senders = [asyncio.create_task(self._send(client, pending, arrived))
                   for _ in range(min(max(self.settings.concurrency, 1), len(pending)))]
        recorder = asyncio.create_task(self._record_all(writer, arrived, senders))
        try:
            await asyncio.gather(*senders)
            arrived.put_nowait(None)
            await recorder
        except BaseException:
            self.summary.interrupted = True
            for task in (*senders, recorder):
                task.cancel()
            await asyncio.gather(*senders, recorder, return_exceptions=True)
            failed = None if recorder.cancelled() else recorder.exception()
            if failed is not None:
                raise failed from None
            while not arrived.empty():
                outcome = arrived.get_nowait()
                if outcome is not None:
                    self._record_outcome(writer, outcome)
            raise

    async def _send(self, client: JudgeClient, pending: deque[JudgeRequest],
                    arrived: asyncio.Queue[Outcome | None]) -> None:
        while pending:
            request = pending.popleft()
            try:
                arrived.put_nowait((request, await client.complete(request.prompt)))
            except TransportFailure as exc:
                arrived.put_nowait((request, str(exc)))
            self.summary.requests_sent = client.requests_sent

    async def _record_all(self, writer: WorkspaceStore, arrived: asyncio.Queue[Outcome | None],
                          senders: list[asyncio.Task[None]]) -> None:
        try:
            while (outcome := await arrived.get()) is not None:
                self._record_outcome(writer, outcome)
        except Exception:
            for sender in senders:
                sender.cancel()
            raise

    def _record_outcome(self, writer: WorkspaceStore, outcome: Outcome) -> None:
        request, reply = outcome
        if isinstance(reply, str):
            self._record_failure(writer, request, reply)
            return
        self.summary.latency_s += reply.latency_s
        self.summary.input_tokens += reply.input_tokens or 0
        self.summary.output_tokens += reply.output_tokens or 0
        self._record(writer, request, reply, cache=True)

    def _record(self, writer: WorkspaceStore, request: JudgeRequest, reply: Completion,
                cache: bool) -> None:
        parsed = parse_judge_output(reply.text, request.rubric)
        judgment = judgment_from_parsed(
            parsed, request.run, request.task_id, request.rubric, model=reply.model,
            source=request.source, latency_s=reply.latency_s, input_tokens=reply.input_tokens,
            output_tokens=reply.output_tokens)
        write_judgment(writer, judgment, (request.key, self.params, reply) if cache else None)
        self._arrived(judgment)

    def _record_failure(self, writer: WorkspaceStore, request: JudgeRequest,
                        error: str) -> None:
        judgment = Judgment(run=request.run, task_id=request.task_id,
                            rubric_id=request.rubric.id, status=JudgmentStatus.TRANSPORT_ERROR,
                            raw="", error=error, model=self.params.model, source=request.source)
        write_judgment(writer, judgment)
        self._arrived(judgment)

    def _arrived(self, judgment: Judgment) -> None:
        self.summary.counts[judgment.status.value] += 1
        if self.on_judgment is not None:
            self.on_judgment(self.summary, judgment)
