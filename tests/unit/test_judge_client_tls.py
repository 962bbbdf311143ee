"""What the judge client verifies TLS with: the system's CA bundle for an https endpoint (and
for openai's default), and, for a plain-HTTP endpoint (a local server), a context that trusts
no certificate, made without reading the bundle: TLS through it would fail verification."""

from __future__ import annotations

import ssl

import pytest

from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.client import JudgeClient, _tls_for
from anser_tui.judge.request import JudgeParams


@pytest.mark.parametrize("url", [None, "https://api.openai.com/v1", "HTTPS://example.org/v1"])
def test_https_and_the_default_endpoint_verify_with_the_system_bundle(url: str | None) -> None:
    assert _tls_for(url) is True


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/v1", "HTTP://localhost/v1"])
def test_plain_http_gets_a_context_that_trusts_nothing(url: str) -> None:
    context = _tls_for(url)
    assert isinstance(context, ssl.SSLContext)
    assert context.verify_mode is ssl.CERT_REQUIRED
    assert context.check_hostname is True
    assert context.get_ca_certs() == []  # no bundle read: nothing would verify
    assert context.cert_store_stats()["x509_ca"] == 0


async def test_the_transport_carries_that_context(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-TLS-0123456789")
    local = JudgeSettings(base_url="http://127.0.0.1:9/v1", model="m")
    client = JudgeClient(local, JudgeParams.from_settings(local))
    try:
        transport = client._client._client._transport  # openai's httpx client, aiohttp transport
        assert transport.ssl_context.cert_store_stats()["x509_ca"] == 0
    finally:
        await client.aclose()
    remote = JudgeSettings(base_url="https://api.example.org/v1", model="m")
    client = JudgeClient(remote, JudgeParams.from_settings(remote))
    try:
        transport = client._client._client._transport
        assert transport.ssl_context.verify_mode is ssl.CERT_REQUIRED
        assert transport.ssl_context.cert_store_stats()["x509_ca"] > 0  # the system's bundle
    finally:
        await client.aclose()
