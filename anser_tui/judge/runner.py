"""The judge runner: a plan's requests, served from the cache or sent with bounded concurrency.

A request is a judgment's calls (one for a whole rubric, or one per criterion). Calls are sent
independently; once every call of a judgment has its reply, the judgment is parsed, assembled
and committed, with the cache rows of its fresh replies, in one transaction (shared with the
judgments completed by replies that were already waiting, never waiting for more), by one
writer at a time through a connection of its own opened from the store it is given
(`store.reopen()`; the given store's connection is never used, so it may belong to another
thread). While calls are being sent, the commit runs in a worker thread (SQLite lets go of the
interpreter while it writes), so the event loop goes on sending and receiving; replies that
arrive meanwhile are committed together next. Parsing, the summary and the listener stay on the
loop's thread. Cancelling the run (Ctrl-C) cancels the calls in flight, lets a commit under way
finish, writes the judgments whose replies had all arrived, and re-raises; the next run resumes
from there (cached replies are not sent again).

Judge latency and tokens go in the judgment rows: evaluation overhead, kept apart from the
evaluated system's log figures.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anser_tui.benchmarks.base import Benchmark, ParsedReply
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.client import Completion, JudgeClient, TransportFailure
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams, JudgeRequest
from anser_tui.workspace.judgments import add_judgments, cached_replies
from anser_tui.workspace.records import Judgment, JudgmentStatus, dumps
from anser_tui.workspace.store import WorkspaceStore


@dataclass
class JudgeSummary:
    """What a run did so far; complete once `run` returns (or is interrupted)."""

    total: int = 0  # judgments in the plan
    already: int = 0  # items already judged with the same request: not touched
    counts: Counter[str] = field(default_factory=Counter)
    requests_sent: int = 0  # HTTP requests, retries included
    cache_hits: int = 0  # calls answered from the cache
    latency_s: float = 0.0  # judge time of the replies received in this run
    input_tokens: int = 0
    output_tokens: int = 0
    interrupted: bool = False
    first_error: str | None = None  # the first transport error of the run, as the client said

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    @property
    def all_failed(self) -> bool:
        """Something was to be judged and every judgment failed in transport."""
        return self.done > 0 and self.counts[JudgmentStatus.TRANSPORT_ERROR.value] == self.done

    def line(self) -> str:
        statuses = ", ".join(f"{s.value} {self.counts[s.value]}" for s in JudgmentStatus)
        return (f"judged {self.done} of {self.total} ({statuses}); already judged "
                f"{self.already}; requests sent {self.requests_sent}; cache hits "
                f"{self.cache_hits}; judge tokens {self.input_tokens} in, "
                f"{self.output_tokens} out")


Listener = Callable[[JudgeSummary, Judgment], None]
Outcome = tuple[int, int, Completion | str]  # (request, call, a reply or why there is none)


def judgment_of(benchmark: Benchmark, request: JudgeRequest,
                replies: list[Completion | str], model: str, judge: str) -> Judgment:
    """The judgment of a request's replies (a string: why a call has none, a transport
    error), parsed as the benchmark's judge parses them, stored under `judge`."""
    parsed = []
    for call, reply in zip(request.calls, replies, strict=True):
        if isinstance(reply, str):
            parsed.append(Reply(call.spec, ParsedReply(JudgmentStatus.TRANSPORT_ERROR, "",
                                                       error=reply)))
            continue
        parsed.append(Reply(call.spec, benchmark.judge.parse(request.rubric, call.spec,
                                                             reply.text),
                            reply.latency_s, reply.input_tokens, reply.output_tokens))
        model = reply.model or model
    return assemble(request.run, request.task_id, request.rubric, parsed, model=model,
                    source=request.source, judge=judge)


class JudgeRunner:
    """Senders (as many as `concurrency`) hand each reply to one recorder, which keeps it until
    its judgment is complete, then commits it; a sender goes on without waiting for the write."""

    def __init__(self, store: WorkspaceStore, settings: JudgeSettings, *,
                 on_judgment: Listener | None = None, backoff_s: float = 1.0):
        self.store = store
        self.settings = settings
        self.params = JudgeParams.from_settings(settings)
        self._params_json = dumps(self.params.as_dict())  # every cache row's, written once
        self.on_judgment = on_judgment
        self.backoff_s = backoff_s
        self.summary = JudgeSummary()
        self._benchmark: Benchmark = benchmark_named(store.benchmark)
        self._requests: list[JudgeRequest] = []
        self._judge = self.params.model
        self._arrived: dict[int, dict[int, Completion | str]] = {}
        self._fresh: dict[int, set[int]] = {}
        # the commit under way in the worker thread, and the judgments it writes
        self._writing: tuple[asyncio.Future[list[Judgment]], list[Judgment]] | None = None

    async def run(self, plan: JudgePlan) -> JudgeSummary:
        """Judge the plan's requests; on cancellation, write what arrived, then re-raise."""
        summary = self.summary = JudgeSummary(total=len(plan.requests), already=plan.already)
        self._requests = list(plan.requests)
        self._judge = plan.judge
        writer = self.store.reopen()
        # Judgments can be had again (the cache, a re-run): a commit need not wait for the
        # disk, only survive a crash of this process, which WAL at NORMAL guarantees.
        writer.sync_to_survive_process_crash()
        try:
            pending = self._serve_cached(writer)
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

    def needs_sending(self, plan: JudgePlan) -> bool:
        """Whether some call of the plan has no cached reply (the judge, and its key, needed)."""
        keys = [call.key for request in plan.requests for call in request.calls]
        return len(set(keys) - cached_replies(self.store, keys).keys()) > 0

    def _serve_cached(self, writer: WorkspaceStore) -> deque[tuple[int, int]]:
        """Fill in the cached replies, write the judgments they complete; the calls to send."""
        pending: deque[tuple[int, int]] = deque()
        complete: list[int] = []
        cache = cached_replies(writer, (call.key for request in self._requests
                                        for call in request.calls))
        for index, request in enumerate(self._requests):
            self._arrived[index], self._fresh[index] = {}, set()
            for call_index, call in enumerate(request.calls):
                cached = cache.get(call.key)
                if cached is None:
                    pending.append((index, call_index))
                    continue
                self.summary.cache_hits += 1
                self._arrived[index][call_index] = Completion(
                    cached.raw, cached.model, cached.latency_s or 0.0, cached.input_tokens,
                    cached.output_tokens)
            if len(self._arrived[index]) == len(request.calls):
                complete.append(index)
        self._record(writer, complete)
        return pending

    async def _send_all(self, writer: WorkspaceStore, client: JudgeClient,
                        pending: deque[tuple[int, int]]) -> None:
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
            if self._writing is not None:  # stopped during a commit, which goes on: let it end
                write, judgments = self._writing
                self._writing = None
                await asyncio.wait([write])
                unwritten = write.exception()
                if unwritten is not None:
                    raise unwritten from None
                self._counted(judgments)
            left = []
            while not arrived.empty():
                outcome = arrived.get_nowait()
                if outcome is not None:
                    left.append(outcome)
            self._take(writer, left)
            raise

    async def _send(self, client: JudgeClient, pending: deque[tuple[int, int]],
                    arrived: asyncio.Queue[Outcome | None]) -> None:
        while pending:
            index, call_index = pending.popleft()
            call = self._requests[index].calls[call_index]
            try:
                arrived.put_nowait((index, call_index, await client.complete(call.messages)))
            except TransportFailure as exc:
                arrived.put_nowait((index, call_index, str(exc)))
            self.summary.requests_sent = client.requests_sent

    async def _record_all(self, writer: WorkspaceStore, arrived: asyncio.Queue[Outcome | None],
                          senders: list[asyncio.Task[None]]) -> None:
        """Take each reply as it arrives, with every other one already waiting: the judgments
        they complete are committed together (one transaction however many arrived at once,
        never waiting for more), in a worker thread."""
        try:
            done = False
            while not done:
                outcomes = [await arrived.get()]
                while not arrived.empty():
                    outcomes.append(arrived.get_nowait())
                done = None in outcomes
                judgments, cache_rows = self._judged(
                    self._arrive([o for o in outcomes if o is not None]))
                if not judgments:
                    continue
                write = asyncio.ensure_future(asyncio.to_thread(add_judgments, writer,
                                                                judgments, cache_rows))
                self._writing = (write, judgments)
                await asyncio.shield(write)  # a cancelled recorder leaves the commit running
                self._writing = None
                self._counted(judgments)
        except Exception:
            for sender in senders:
                sender.cancel()
            raise

    def _take(self, writer: WorkspaceStore, outcomes: list[Outcome]) -> None:
        self._record(writer, self._arrive(outcomes))

    def _arrive(self, outcomes: list[Outcome]) -> list[int]:
        """Note the replies; the requests they complete."""
        complete = []
        for index, call_index, reply in outcomes:
            if isinstance(reply, Completion):
                self.summary.latency_s += reply.latency_s
                self.summary.input_tokens += reply.input_tokens or 0
                self.summary.output_tokens += reply.output_tokens or 0
                self._fresh[index].add(call_index)
            self._arrived[index][call_index] = reply
            if len(self._arrived[index]) == len(self._requests[index].calls):
                complete.append(index)
        return complete

    def _record(self, writer: WorkspaceStore, indexes: list[int]) -> None:
        """Parse and assemble complete judgments; commit them with their fresh replies'
        cache, in one transaction, on this thread."""
        judgments, cache_rows = self._judged(indexes)
        if judgments:
            add_judgments(writer, judgments, cache_rows)
            self._counted(judgments)

    def _judged(self, indexes: list[int]) -> tuple[list[Judgment], list[tuple[Any, ...]]]:
        """The judgments of complete requests, and the cache rows of their fresh replies."""
        judgments: list[Judgment] = []
        cache_rows: list[tuple[Any, ...]] = []
        for index in indexes:
            request = self._requests[index]
            got = self._arrived.pop(index)
            arrived = [got[i] for i in range(len(request.calls))]
            judgments.append(judgment_of(self._benchmark, request, arrived, self.params.model,
                                         self._judge))
            cache_rows += [self._cache_row(call.key, reply)
                           for call_index, (call, reply) in enumerate(zip(request.calls,
                                                                          arrived, strict=True))
                           if isinstance(reply, Completion) and call_index in self._fresh[index]]
        return judgments, cache_rows

    def _counted(self, judgments: list[Judgment]) -> None:
        """Count committed judgments and tell the listener, on the event loop's thread."""
        for judgment in judgments:
            self.summary.counts[judgment.status.value] += 1
            if judgment.status is JudgmentStatus.TRANSPORT_ERROR and \
                    self.summary.first_error is None:
                self.summary.first_error = judgment.error
            if self.on_judgment is not None:
                self.on_judgment(self.summary, judgment)

    def _cache_row(self, key: str, reply: Completion) -> tuple[Any, ...]:
        return (key, self.params.model, self._params_json, reply.text, reply.model,
                reply.latency_s, reply.input_tokens, reply.output_tokens)
