"""The judge client's reply path (openai's `post` with the decoded JSON body, over its aiohttp
transport) against a server on 127.0.0.1 sending chosen bodies: what it takes from a reply is
what the openai package's own typed path (`ChatCompletion`) reads from the same body, and
every other body, status and failed connection ends as it did over the httpx transport."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from openai.types.chat import ChatCompletion

from anser_tui.core.errors import InputError
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.client import SDK_HEADERS, Completion, JudgeClient, TransportFailure
from anser_tui.judge.request import JudgeParams

KEY = "sk-test-REPLIES-0123456789"


def _chat(message: dict[str, Any], **changes: Any) -> dict[str, Any]:
    body = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "served",
            "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
            "usage": {"prompt_tokens": 300, "completion_tokens": 40, "total_tokens": 340}}
    return {**body, **changes}


TEXT = '{"score_0_100": 75, "conclusion": 3, "reason": "ok"}'
BODIES: dict[str, dict[str, Any]] = {
    "plain": _chat({"role": "assistant", "content": TEXT}),
    "refusal": _chat({"role": "assistant", "content": None, "refusal": "I cannot judge this."}),
    "no-content": _chat({"role": "assistant"}),
    "no-usage": {k: v for k, v in _chat({"role": "assistant", "content": TEXT}).items()
                 if k != "usage"},
    "odd-usage": _chat({"role": "assistant", "content": TEXT},
                       usage={"prompt_tokens": "300", "completion_tokens": True}),
}


class Server:
    """Answers by the prompt: a body of BODIES, or a status, or bytes that are not JSON."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.seen: dict[str, int] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                body = json.loads(raw)
                server.requests.append({"headers": {k.lower(): v for k, v in
                                                    self.headers.items()}, "body": body})
                status, headers, out = server.answer(body["messages"][-1]["content"])
                self.send_response(status)
                for name, value in {"content-type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def answer(self, prompt: str) -> tuple[int, dict[str, str], bytes]:
        self.seen[prompt] = attempt = self.seen.get(prompt, 0) + 1
        if prompt in BODIES:
            return 200, {}, json.dumps(BODIES[prompt]).encode()
        if prompt == "not-json":
            return 200, {}, b"<html>not JSON</html>"
        if prompt == "not-a-completion":
            return 200, {}, b'{"object": "list", "data": []}'
        if prompt == "bad-request":
            return 400, {}, json.dumps({"error": {"message": f"bad: key {KEY}"}}).encode()
        if prompt == "busy-once" and attempt == 1:
            return 503, {"retry-after": "0"}, b'{"error": {"message": "busy"}}'
        if prompt == "auth":
            return 401, {}, json.dumps({"error": {"message": f"Incorrect key {KEY}"}}).encode()
        return 200, {}, json.dumps(BODIES["plain"]).encode()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = Server()
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


def _settings(url: str, **changes: Any) -> JudgeSettings:
    return JudgeSettings(base_url=url, model="asked", timeout_s=0.5, max_retries=2,
                         reasoning_effort=None).model_copy(update=changes)


async def _complete(settings: JudgeSettings, prompt: str) -> tuple[Completion | str, int]:
    """The completion (or the transport failure's text) and the requests sent."""
    client = JudgeClient(settings, JudgeParams.from_settings(settings), backoff_s=0.01)
    try:
        return await client.complete([{"role": "user", "content": prompt}]), \
            client.requests_sent
    except TransportFailure as exc:
        return str(exc), client.requests_sent
    finally:
        await client.aclose()


@pytest.mark.parametrize("name", sorted(BODIES))
def test_a_reply_gives_what_the_typed_chat_completion_gives(server: Server, name: str) -> None:
    got, sent = asyncio.run(_complete(_settings(server.url), name))
    typed = ChatCompletion.model_validate(BODIES[name]) if name != "odd-usage" else None
    assert isinstance(got, Completion) and sent == 1
    assert got.latency_s > 0
    if typed is not None:
        message = typed.choices[0].message  # a refusal's text is the raw reply (DESIGN 6)
        assert got.text == (message.content or message.refusal or "")
        assert got.model == typed.model
        usage = typed.usage
        assert (got.input_tokens, got.output_tokens) == (
            (usage.prompt_tokens, usage.completion_tokens) if usage else (None, None))
    else:  # tokens that are no integers (the typed path refuses the body) count as unknown
        assert (got.text, got.input_tokens, got.output_tokens) == (TEXT, None, None)


def test_a_reply_without_a_model_names_the_model_asked(server: Server) -> None:
    BODIES["no-model"] = _chat({"role": "assistant", "content": TEXT}, model="")
    got, _ = asyncio.run(_complete(_settings(server.url), "no-model"))
    assert isinstance(got, Completion) and got.model == "asked" and got.text == TEXT


@pytest.mark.parametrize(("prompt", "error", "requests"), [
    ("not-json", "the reply is not JSON (1 attempt)", 1),
    ("not-a-completion", "the reply is not a chat completion (1 attempt)", 1),
    ("bad-request", "HTTP 400: Error code: 400 - bad: key sk-*** (1 attempt)", 1),
])
def test_a_body_that_is_no_completion_fails_at_once(server: Server, prompt: str, error: str,
                                                    requests: int) -> None:
    got, sent = asyncio.run(_complete(_settings(server.url), prompt))
    assert (got, sent) == (error, requests)


def test_a_busy_server_is_asked_again_and_a_refused_key_stops(server: Server,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    got, sent = asyncio.run(_complete(_settings(server.url), "busy-once"))
    assert isinstance(got, Completion) and got.text == TEXT and sent == 2
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with pytest.raises(InputError) as refused:
        asyncio.run(_complete(_settings(server.url), "auth"))
    assert "HTTP 401" in refused.value.message and KEY not in refused.value.message


def test_requests_carry_the_key_and_not_the_sdks_machine_description(
        server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    server.requests.clear()
    asyncio.run(_complete(_settings(server.url, reasoning_effort="low"), "plain"))
    (request,) = server.requests
    assert request["headers"]["authorization"] == f"Bearer {KEY}"
    assert request["headers"]["content-type"] == "application/json"
    assert not {h.lower() for h in SDK_HEADERS} & set(request["headers"])
    assert request["body"] == {"model": "asked", "temperature": 0.0, "reasoning_effort": "low",
                               "messages": [{"role": "user", "content": "plain"}]}


@contextlib.contextmanager
def _listener(drop: bool) -> Iterator[int]:
    """A port whose connections are closed as soon as a request arrives (drop) or never
    answered."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = sock.accept()
                if drop:
                    conn.recv(65536)
                    conn.close()
                else:
                    held.append(conn)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield sock.getsockname()[1]
    finally:
        sock.close()
        for conn in held:
            conn.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_refused_dropped_and_silent_connections_are_told_apart_after_the_retries() -> None:
    refused = _settings(f"http://127.0.0.1:{_free_port()}/v1")
    assert asyncio.run(_complete(refused, "x")) == (
        "connection: Connection error. (3 attempts)", 3)
    with _listener(drop=True) as port:
        dropped = _settings(f"http://127.0.0.1:{port}/v1", max_retries=0)
        assert asyncio.run(_complete(dropped, "x")) == (
            "connection: Connection error. (1 attempt)", 1)
    with _listener(drop=False) as port:
        silent = _settings(f"http://127.0.0.1:{port}/v1", max_retries=1, timeout_s=0.2)
        assert asyncio.run(_complete(silent, "x")) == ("timeout: Request timed out. (2 attempts)", 2)
