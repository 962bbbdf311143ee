"""The judge client: one chat completion per prompt, on any OpenAI-compatible endpoint.

Retries with exponential backoff on 429, 5xx, timeouts and dropped connections (honouring a
Retry-After header); any other refusal fails the item at once, and 401, 403 and 404 (a wrong
key, model or URL, which every later request would meet too) stop the run. The API key is read
from the environment variable the settings name, at the moment the client is made; it is never
stored, and error texts are scrubbed of it before anyone sees them.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import ssl
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from anser_tui.core.errors import InputError
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.request import JudgeParams

if TYPE_CHECKING:
    from openai import AsyncOpenAI

NO_KEY = "not-needed"  # what a local server without authentication is sent
RETRY_STATUSES = frozenset({408, 429}) | frozenset(range(500, 600))
FATAL_STATUSES = frozenset({401, 403, 404})
# What the openai package tells every endpoint about this machine; left out (see _make_client).
SDK_HEADERS = ("X-Stainless-Lang", "X-Stainless-Package-Version", "X-Stainless-OS",
               "X-Stainless-Arch", "X-Stainless-Runtime", "X-Stainless-Runtime-Version",
               "X-Stainless-Async")
_KEY_LIKE = re.compile(r"\b(sk|key)-[A-Za-z0-9_*\-]{4,}")


@dataclass(frozen=True)
class Completion:
    """The judge's reply to one prompt, with what it cost."""

    text: str
    model: str | None
    latency_s: float
    input_tokens: int | None
    output_tokens: int | None


class TransportFailure(Exception):
    """No usable reply: the item gets a transport_error judgment (and is retried next run)."""


def require_api_key(settings: JudgeSettings) -> str | None:
    """The API key from the environment; an InputError when there is none and no --base-url
    (checked before anything is printed, and again by each client)."""
    key = os.environ.get(settings.api_key_env)
    if not key and settings.base_url is None:
        raise InputError(f"no API key: set the environment variable {settings.api_key_env} "
                         "(or point --base-url at a server that needs none)")
    return key


def scrub_key(text: str, secret: str | None) -> str:
    """`text` with `secret` (and anything shaped like a key) masked."""
    if secret:
        text = text.replace(secret, "***")
    return _KEY_LIKE.sub(lambda m: m.group(1) + "-***", text)


class JudgeClient:
    """Sends prompts; counts every HTTP request it makes (retries included)."""

    def __init__(self, settings: JudgeSettings, params: JudgeParams, *,
                 backoff_s: float = 1.0, max_backoff_s: float = 30.0):
        self.settings = settings
        self.params = params
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.requests_sent = 0
        key = require_api_key(settings)
        self._secret = key or None
        self._client: AsyncOpenAI = self._make_client(key or NO_KEY)
        # The endpoint as an absolute URL: a relative path is joined to the base URL again on
        # every request (a URL parsed and copied each time).
        self._url = f"{str(self._client.base_url).rstrip('/')}/chat/completions"

    def _make_client(self, key: str) -> AsyncOpenAI:
        """The client, over the openai package's aiohttp transport (`DefaultAioHttpClient`,
        the `aiohttp` extra): its HTTP/1.1 parser and connection pool cost about a third less
        CPU per request than the default httpx transport's, which took the concurrency-64 run
        past DESIGN section 10's budget. One pool serves every connection (aiohttp's does not
        scan its connections per request, as httpx's did, so there is no need to shard). The
        SDK's description of this machine (SDK_HEADERS) is not sent: no endpoint needs it, and
        each header is copied and normalised several times per request. An endpoint reached
        over plain HTTP (a local server) gets no CA bundle loaded (`_tls_for`)."""
        from openai import AsyncOpenAI, DefaultAioHttpClient, Omit

        left_out: dict[str, Any] = dict.fromkeys(SDK_HEADERS, Omit())  # typed as str values
        transport = DefaultAioHttpClient(timeout=self.settings.timeout_s,
                                         verify=_tls_for(self.settings.base_url))
        return AsyncOpenAI(api_key=key, base_url=self.settings.base_url,
                           timeout=self.settings.timeout_s, max_retries=0,
                           default_headers=left_out, http_client=transport)

    def scrub(self, text: str) -> str:
        """`text` with the API key (and anything shaped like a key) masked."""
        return scrub_key(text, self._secret)

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(self, messages: Sequence[Mapping[str, str]]) -> Completion:
        """The judge's reply to `messages`; TransportFailure when none could be had."""
        import openai

        attempt = 0
        while True:
            attempt += 1
            self.requests_sent += 1
            started = time.perf_counter()
            try:
                response = await self._create(messages)
                latency = time.perf_counter() - started
            except openai.APIStatusError as exc:
                status = exc.status_code
                if status in FATAL_STATUSES:
                    raise InputError(f"the judge endpoint refused the request (HTTP {status}): "
                                     f"{self.scrub(str(exc.message))[:200]}") from None
                if status not in RETRY_STATUSES or attempt > self.settings.max_retries:
                    raise TransportFailure(self._failed(f"HTTP {status}: {exc.message}",
                                                        attempt)) from None
                await asyncio.sleep(self._delay(attempt, exc.response.headers.get("retry-after")))
                continue
            except (openai.APITimeoutError, openai.APIConnectionError) as exc:
                if attempt > self.settings.max_retries:
                    raise TransportFailure(self._failed(_transport_error(exc), attempt)) from None
                await asyncio.sleep(self._delay(attempt, None))
                continue
            except json.JSONDecodeError:
                raise TransportFailure(self._failed("the reply is not JSON", attempt)) from None
            except openai.OpenAIError as exc:
                raise TransportFailure(self._failed(f"{type(exc).__name__}: {exc}",
                                                    attempt)) from None
            return self._completion(response, latency, attempt)

    async def _create(self, messages: Sequence[Mapping[str, str]]) -> Any:
        """POST the chat completion; the reply's JSON body as a dict.

        The body is what `chat.completions.create` would send, posted through the client's
        `post` for custom requests: `create` re-validates the body and builds typed reply
        objects, which costs more CPU per request than the rest of the runner together and
        took the concurrency-64 run past its budget (DESIGN section 10). `cast_to=object` is
        the client's documented way to get the decoded JSON body as it is, in every openai
        release (naming the HTTP library's Response class tied us to one of them). The body
        goes as JSON bytes (`content`, for bodies the caller encodes), made by orjson (about
        0.5 µs a body against 8 µs for the SDK's json.dumps with its fallback class).
        """
        body: dict[str, Any] = {"model": self.params.model,
                                "messages": [dict(m) for m in messages],
                                "temperature": self.params.temperature}
        if self.params.reasoning_effort is not None:
            body["reasoning_effort"] = self.params.reasoning_effort
        return await self._client.post(self._url, content=orjson.dumps(body), cast_to=object)

    def _completion(self, reply: Any, latency: float, attempt: int) -> Completion:
        try:  # a message without content has none, as openai's types read it; a refusal's
            message = reply["choices"][0]["message"]  # text is the model's reply, kept raw
            if not isinstance(message, dict):
                raise TypeError
            text = message.get("content")
            if not isinstance(text, str) or not text:
                text = message.get("refusal")
        except (KeyError, IndexError, TypeError):
            raise TransportFailure(self._failed("the reply is not a chat completion",
                                                attempt)) from None
        usage = reply.get("usage") if isinstance(reply.get("usage"), dict) else {}
        model = reply.get("model")
        return Completion(text=text if isinstance(text, str) else "",
                          model=model if isinstance(model, str) and model else self.params.model,
                          latency_s=latency, input_tokens=_count(usage.get("prompt_tokens")),
                          output_tokens=_count(usage.get("completion_tokens")))

    def _failed(self, what: str, attempts: int) -> str:
        tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
        return self.scrub(f"{what} ({tries})")

    def _delay(self, attempt: int, retry_after: str | None) -> float:
        """Exponential backoff with jitter; a server's Retry-After (seconds) wins when given."""
        if retry_after is not None:
            try:
                return min(max(float(retry_after), 0.0), self.max_backoff_s)
            except ValueError:
                pass
        ceiling = min(self.backoff_s * 2 ** (attempt - 1), self.max_backoff_s)
        return ceiling * (0.5 + random.random() / 2)


def _tls_for(base_url: str | None) -> ssl.SSLContext | bool:
    """What the transport verifies TLS with: the system's CA bundle (True) for an https
    endpoint, and the default one; for a plain-HTTP endpoint, which never speaks TLS, a context
    that trusts no certificate at all, made without reading the bundle (about 60 ms of CPU at
    every judge run): a TLS connection through it fails verification, it never passes
    unchecked."""
    if base_url is None or not base_url.lower().startswith("http://"):
        return True
    return ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # CERT_REQUIRED, hostnames checked, no CA


def _transport_error(exc: BaseException) -> str:
    """A timeout or a connection failure, told by the exception the transport raised first
    (the aiohttp transport reports a refused or dropped connection as a connect timeout)."""
    import openai

    root = exc
    while root.__cause__ is not None:
        root = root.__cause__
    timed_out = isinstance(root, TimeoutError) if root is not exc else \
        isinstance(exc, openai.APITimeoutError)
    return "timeout: Request timed out." if timed_out else "connection: Connection error."


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
