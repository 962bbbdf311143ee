"""An OpenAI-compatible chat completions server on 127.0.0.1 for the judge tests.

Replies are deterministic: the dimension names are read from the JSON template inside the
prompt, the marks follow from a hash of the prompt, and the score is worked out from DESIGN
section 6's weights (written out again here, independently of the code under test).
A fault is chosen by a marker `#fault=NAME` in the prompt (tests put it in the answer):

  429, 500, timeout   the first attempt fails that way, the next one succeeds
  500-always          every attempt answers 500
  hold                the reply waits until `release()` (to interrupt a run mid-flight)
  malformed           the judge's text is broken JSON
  missing             the last dimension is left out
  range               the first dimension is 5
  arith               the reported score is 20 points off the dimensions
  not-json            the HTTP body is not JSON at all
  auth                401, as for a wrong key

Every request is recorded (path, headers, raw bytes and parsed body) before anything else is
done with it, so tests can count and inspect all of them, even one the server then refuses
(400) because it is not a chat completion with a text prompt.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

WEIGHTS: dict[tuple[str, ...], tuple[float, ...]] = {
    ("conclusion", "rule_citation", "rule_application", "ground_truth_consistency", "format"):
        (.40, .25, .20, .10, .05),
    ("conclusion", "precedent", "application", "ground_truth_consistency", "format"):
        (.40, .25, .20, .10, .05),
    ("conclusion", "fact_coverage", "ground_truth_consistency", "no_hallucination", "format"):
        (.40, .25, .20, .10, .05),
    ("conclusion", "rule_citation", "rule_application", "uncertainty", "format"):
        (.40, .25, .20, .10, .05),
    ("conclusion", "rule_citation", "calculation", "conditions", "format"):
        (.35, .25, .25, .10, .05),
    ("conclusion", "coverage", "ground_truth_consistency", "format"): (.45, .25, .20, .10),
}
_TEMPLATE = re.compile(r'\{"score_0_100":0,(.*?),"reason"')
_FAULT = re.compile(r"#fault=([a-z0-9-]+)")


def dimensions(prompt: str) -> tuple[str, ...]:
    found = _TEMPLATE.search(prompt)
    assert found, "no JSON template in the prompt"
    return tuple(part.split(":")[0].strip('"') for part in found.group(1).split(","))


def expected_marks(prompt: str) -> dict[str, int]:
    digest = hashlib.sha256(prompt.encode("utf-8")).digest()
    return {key: digest[i] % 5 for i, key in enumerate(dimensions(prompt))}


def expected_score(prompt: str) -> float:
    marks = expected_marks(prompt)
    weights = WEIGHTS[tuple(marks)]
    return round(100 * sum(w * d / 4 for w, d in zip(weights, marks.values(), strict=True)), 2)


def judge_text(prompt: str, fault: str | None) -> str:
    marks: dict[str, Any] = dict(expected_marks(prompt))
    score = expected_score(prompt)
    if fault == "malformed":
        return '{"score_0_100": 70, "conclusion": 3, "reason": "cut off'
    if fault == "missing":
        marks.popitem()
    if fault == "range":
        marks[next(iter(marks))] = 5
    if fault == "arith":
        score = score + 20 if score <= 80 else score - 20
    return json.dumps({"score_0_100": score, **marks, "reason": "deterministic test reply"})


def _prompt(body: Any) -> str | None:
    """The text of the last message of a chat completions body; None when there is none."""
    try:
        prompt = body["messages"][-1]["content"]
    except (KeyError, IndexError, TypeError):
        return None
    return prompt if isinstance(prompt, str) else None


@dataclass
class JudgeServer:
    slow_s: float = 2.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    attempts: dict[str, int] = field(default_factory=dict)
    released: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    url: str = ""

    def start(self) -> JudgeServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                status, headers, body = server.answer(self.path, dict(self.headers), raw)
                with contextlib.suppress(OSError):  # the client may have given up (timeout)
                    self.send_response(status)
                    for name, value in {"content-type": "application/json", **headers}.items():
                        self.send_header(name, value)
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.released.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def release(self) -> None:
        self.released.set()

    def prompts(self) -> list[str]:
        with self.lock:
            return [r["body"]["messages"][-1]["content"] for r in self.requests]

    def answer(self, path: str, headers: dict[str, str], raw: bytes
               ) -> tuple[int, dict[str, str], bytes]:
        headers = {name.lower(): value for name, value in headers.items()}
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        with self.lock:
            self.requests.append({"path": path, "headers": headers, "raw": raw, "body": body})
        prompt = _prompt(body)
        if prompt is None:
            return 400, {}, b'{"error": {"message": "not a chat completion with a text prompt"}}'
        with self.lock:
            attempt = self.attempts[prompt] = self.attempts.get(prompt, 0) + 1
        found = _FAULT.search(prompt)
        fault = found.group(1) if found else None
        if path != "/v1/chat/completions":
            return 404, {}, b'{"error": {"message": "no such route"}}'
        if fault == "auth":  # like OpenAI, the message quotes the key it was given
            given = headers.get("authorization", "").removeprefix("Bearer ")
            message = json.dumps({"error": {"message": f"Incorrect API key provided: {given}"}})
            return 401, {}, message.encode("utf-8")
        if fault == "500-always" or (fault == "500" and attempt == 1):
            return 500, {}, b'{"error": {"message": "internal error"}}'
        if fault == "429" and attempt == 1:
            return 429, {"retry-after": "0"}, b'{"error": {"message": "slow down"}}'
        if fault == "timeout" and attempt == 1:
            time.sleep(self.slow_s)
        if fault == "hold":
            self.released.wait(30)
        if fault == "not-json":
            return 200, {}, b"<html>this is not JSON</html>"
        reply = {"id": f"chatcmpl-{attempt}", "object": "chat.completion", "created": 0,
                 "model": body["model"],
                 "choices": [{"index": 0, "finish_reason": "stop",
                              "message": {"role": "assistant",
                                          "content": judge_text(prompt, fault)}}],
                 "usage": {"prompt_tokens": len(prompt), "completion_tokens": 40,
                           "total_tokens": len(prompt) + 40}}
        return 200, {}, json.dumps(reply).encode("utf-8")


class FailingServer(JudgeServer):
    """Answers every request with HTTP 500 (recorded first, like `JudgeServer`)."""

    def answer(self, path: str, headers: dict[str, str], raw: bytes
               ) -> tuple[int, dict[str, str], bytes]:
        with self.lock:
            self.requests.append({"path": path, "headers": headers, "raw": raw,
                                  "body": json.loads(raw)})
        return 500, {}, b'{"error": {"message": "internal error"}}'
