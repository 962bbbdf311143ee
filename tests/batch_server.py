"""A local Files and Batches API (127.0.0.1) as OpenAI documents it: POST /v1/files
(multipart, purpose=batch) returns a file object; POST /v1/batches {input_file_id, endpoint,
completion_window, metadata} a batch object (status validating, created_at in Unix seconds,
the metadata kept); GET /v1/batches/{id} the batch, in progress for `polls_to_finish`
retrievals, then completed with an output file (the replies of judge_server.judge_text,
`model` as the served model) and, for a prompt holding "#batch-fail", an error file line;
GET /v1/batches?limit=&after= a list page `{object: "list", data, first_id, last_id,
has_more}`, newest first, `limit` 1-100 (default 20), `after` the id the page starts after;
GET /v1/files/{id}/content the file's bytes. Every request is counted.

A crash is staged with `crash(route, pid)`: when the route (`files.create` or
`batches.create`) is next called, the server does what it asks (the file stored, the batch
created), then SIGKILLs process `pid` before replying, as a client dying right then would.
`other_batches(n)` adds n batches of someone else's, newer than any so far."""

from __future__ import annotations

import email.parser
import json
import os
import signal
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from judge_server import judge_text


class BatchServer:
    def __init__(self, polls_to_finish: int = 2) -> None:
        self.polls_to_finish = polls_to_finish
        self.calls: Counter[str] = Counter()
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self._retrievals: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._crash: tuple[str, int] | None = None
        self.url = ""

    def crash(self, route: str, pid: int) -> None:
        self._crash = (route, pid)

    def _after(self, route: str) -> bool:
        """Whether the client was killed here (then there is no one to reply to)."""
        if self._crash is None or self._crash[0] != route:
            return False
        pid, self._crash = self._crash[1], None
        os.kill(pid, signal.SIGKILL)
        return True

    def other_batches(self, n: int) -> None:
        for _ in range(n):
            self._create({"input_file_id": "file-someone-else", "endpoint": "/v1/embeddings",
                          "completion_window": "24h", "metadata": {"owner": "someone else"}},
                         0)

    def start(self) -> BatchServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", 0)))
                with server._lock:
                    status, body = server.post(self.path, self.headers.get("content-type", ""),
                                               raw)
                if not server._after(server.route(self.path)):
                    self._send(status, json.dumps(body).encode())

            def do_GET(self) -> None:
                with server._lock:
                    status, body = server.get(self.path)
                self._send(status, body if isinstance(body, bytes) else json.dumps(body).encode(),
                           "application/octet-stream" if isinstance(body, bytes)
                           else "application/json")

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/v1"
        threading.Thread(target=self._http.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self._http.shutdown()
        self._http.server_close()

    def _file(self, data: bytes, purpose: str, name: str) -> dict[str, Any]:
        file_id = f"file-{len(self.files) + 1}"
        self.files[file_id] = data
        return {"id": file_id, "object": "file", "bytes": len(data), "created_at": 0,
                "filename": name, "purpose": purpose, "status": "processed"}

    def post(self, path: str, content_type: str, raw: bytes) -> tuple[int, Any]:
        if path == "/v1/files":
            self.calls["files.create"] += 1
            message = email.parser.BytesParser().parsebytes(
                f"content-type: {content_type}\r\n\r\n".encode() + raw)
            fields = {part.get_param("name", header="content-disposition"): part
                      for part in message.get_payload()}  # type: ignore[union-attr]
            purpose = fields["purpose"].get_payload(decode=True).decode()
            data = fields["file"].get_payload(decode=True)
            return 200, self._file(data, purpose, fields["file"].get_filename() or "input")
        if path == "/v1/batches":
            self.calls["batches.create"] += 1
            body = json.loads(raw)
            return 200, self._create(body, len(self.files[body["input_file_id"]].splitlines()))
        return 404, {"error": {"message": f"no route {path}"}}

    @staticmethod
    def route(path: str) -> str:
        return {"/v1/files": "files.create", "/v1/batches": "batches.create"}.get(path, path)

    def _create(self, body: dict[str, Any], n: int) -> dict[str, Any]:
        batch_id = f"batch_{len(self.batches) + 1}"
        self.batches[batch_id] = {
            "id": batch_id, "object": "batch", "endpoint": body["endpoint"],
            "input_file_id": body["input_file_id"],
            "completion_window": body["completion_window"], "status": "validating",
            "created_at": int(time.time()), "output_file_id": None, "error_file_id": None,
            "metadata": body.get("metadata"),
            "request_counts": {"total": n, "completed": 0, "failed": 0}}
        return self.batches[batch_id]

    def _list(self, query: dict[str, list[str]]) -> dict[str, Any]:
        self.calls["batches.list"] += 1
        newest = list(reversed(self.batches.values()))
        limit = min(max(int(query.get("limit", ["20"])[0]), 1), 100)
        start = 0
        if "after" in query:
            start = [b["id"] for b in newest].index(query["after"][0]) + 1
        page = newest[start:start + limit]
        return {"object": "list", "data": page,
                "first_id": page[0]["id"] if page else None,
                "last_id": page[-1]["id"] if page else None,
                "has_more": start + limit < len(newest)}

    def get(self, path: str) -> tuple[int, Any]:
        parts = urlsplit(path)
        if parts.path == "/v1/batches":
            return 200, self._list(parse_qs(parts.query))
        if path.startswith("/v1/batches/"):
            self.calls["batches.retrieve"] += 1
            batch = self.batches[path.rsplit("/", 1)[1]]
            self._retrievals[batch["id"]] += 1
            if batch["status"] != "completed":
                batch["status"] = "in_progress"
                if self._retrievals[batch["id"]] >= self.polls_to_finish:
                    self._finish(batch)
            return 200, batch
        if path.startswith("/v1/files/") and path.endswith("/content"):
            self.calls["files.content"] += 1
            return 200, self.files[path.split("/")[3]]
        return 404, {"error": {"message": f"no route {path}"}}

    def _finish(self, batch: dict[str, Any]) -> None:
        out, errors = [], []
        for i, text in enumerate(self.files[batch["input_file_id"]].decode().splitlines()):
            line = json.loads(text)
            prompt = line["body"]["messages"][-1]["content"]
            if "#batch-fail" in prompt:
                errors.append({"id": f"batch_req_{i}", "custom_id": line["custom_id"],
                               "response": {"status_code": 400, "request_id": f"r{i}",
                                            "body": {"error": {"message": "bad request"}}},
                               "error": None})
                continue
            body = {"id": f"chatcmpl-{i}", "object": "chat.completion", "created": 0,
                    "model": line["body"]["model"],
                    "choices": [{"index": 0, "finish_reason": "stop", "message": {
                        "role": "assistant", "content": judge_text(prompt, None)}}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}
            out.append({"id": f"batch_req_{i}", "custom_id": line["custom_id"],
                        "response": {"status_code": 200, "request_id": f"r{i}", "body": body},
                        "error": None})
        batch["status"] = "completed"
        batch["request_counts"] = {"total": len(out) + len(errors), "completed": len(out),
                                   "failed": len(errors)}
        batch["output_file_id"] = self._file(
            "".join(json.dumps(x) + "\n" for x in out).encode(), "batch_output", "out")["id"]
        if errors:
            batch["error_file_id"] = self._file(
                "".join(json.dumps(x) + "\n" for x in errors).encode(), "batch_output",
                "errors")["id"]
