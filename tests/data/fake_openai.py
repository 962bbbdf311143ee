"""A fake OpenAI-compatible server on 127.0.0.1 for the fixture scripts of other tools (Inspect
AI, evalscope): it answers chat completions (and the Responses API, which some clients prefer)
with the text `reply(prompt)` gives, the prompt being every message's text joined (a reply
given as (reasoning, text) also carries `reasoning_content`, as reasoning models send it).

Standard library only, so each tool's own venv runs it. Bound to 127.0.0.1 on a free port;
`with FakeOpenAI(reply) as url:` serves until the block ends.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[str], "str | tuple[str, str]"]  # the text, or (reasoning, text)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(_text(part.get("text") or part.get("content") or "")
                         for part in content if isinstance(part, dict))
    return ""


def prompt_of(body: dict[str, Any]) -> str:
    """Every message's text (chat completions `messages`, Responses `input`), joined."""
    messages = body.get("messages") or body.get("input") or []
    if isinstance(messages, str):
        return messages
    return "\n".join(_text(m.get("content")) for m in messages if isinstance(m, dict))


def _chat(body: dict[str, Any], text: str, n: int, reasoning: str | None) -> dict[str, Any]:
    message = {"role": "assistant", "content": text}
    if reasoning is not None:
        message["reasoning_content"] = reasoning
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "created": 1764547200,
            "model": body.get("model", "fake"),
            "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
            "usage": {"prompt_tokens": 20, "completion_tokens": 10, "total_tokens": 30}}


def _response(body: dict[str, Any], text: str, n: int) -> dict[str, Any]:
    return {"id": f"resp-{n}", "object": "response", "created_at": 1764547200,
            "status": "completed", "model": body.get("model", "fake"),
            "output": [{"type": "message", "id": f"msg-{n}", "status": "completed",
                        "role": "assistant",
                        "content": [{"type": "output_text", "text": text, "annotations": []}]}],
            "parallel_tool_calls": False, "tool_choice": "auto", "tools": [],
            "usage": {"input_tokens": 20, "output_tokens": 10, "total_tokens": 30,
                      "input_tokens_details": {"cached_tokens": 0},
                      "output_tokens_details": {"reasoning_tokens": 0}}}


class FakeOpenAI:
    def __init__(self, reply: Reply) -> None:
        self.reply = reply
        self.prompts: list[str] = []
        self._lock = threading.Lock()

    def __enter__(self) -> str:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)))
                prompt = prompt_of(body)
                with server._lock:
                    server.prompts.append(prompt)
                    n = len(server.prompts)
                said = server.reply(prompt)
                reasoning, text = said if isinstance(said, tuple) else (None, said)
                answer = _response(body, text, n) if self.path.endswith("/responses") \
                    else _chat(body, text, n, reasoning)
                data = json.dumps(answer).encode("utf-8")
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
