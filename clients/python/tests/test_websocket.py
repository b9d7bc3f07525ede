"""WebSocket sessions of a real `viper serve --listen` (protocol.md section 1.1): tokens, the
session limit, fragmented messages, origins, pings and the close handshake."""

from __future__ import annotations

import json
import os
import secrets
from typing import Callable

import pytest

from conftest import NOW
from viper_client import ConnectionClosed, HandshakeError, ListeningServer, Session, WebSocket


def initialize_line(request_id: int = 1) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": {"now": NOW}})


def test_a_token_file_refuses_upgrades_without_the_token(listen_server: Callable[..., ListeningServer], tmp_path) -> None:
    token = secrets.token_hex(16)
    token_file = tmp_path / "token"
    token_file.write_text(token + "\n")
    os.chmod(token_file, 0o600)
    server = listen_server(token_file=str(token_file))

    with pytest.raises(HandshakeError) as missing:
        Session.connect(server.url)
    assert missing.value.status == 401
    with pytest.raises(HandshakeError) as wrong:
        Session.connect(server.url, token="not-the-token-at-all")
    assert wrong.value.status == 401

    with Session.connect(server.url, token=token) as session:
        assert session.initialize(now=NOW)["protocolVersion"] == "1.1"
        assert session.start("todo") == {"scene": "todo.list#1"}
    # Browsers, whose WebSocket cannot set headers, put it in the URL.
    with Session.connect(f"{server.url}?token={token}") as session:
        assert session.initialize(now=NOW)["protocolVersion"] == "1.1"


def test_a_foreign_origin_is_refused(listen_server: Callable[..., ListeningServer]) -> None:
    server = listen_server()
    with pytest.raises(HandshakeError) as foreign:
        Session.connect(server.url, origin="http://evil.example")
    assert foreign.value.status == 403
    # The server's own page is an origin it accepts.
    with Session.connect(server.url, origin=server.page_url.rstrip("/")) as session:
        session.initialize(now=NOW)


def test_one_session_too_many_is_closed_with_1013(listen_server: Callable[..., ListeningServer]) -> None:
    server = listen_server(args=["--max-sessions", "1"])
    with server.session() as first:
        first.initialize(now=NOW)
        second = server.session()
        with pytest.raises(ConnectionClosed) as closed:
            second.next_notification(timeout=20)  # returns when the session ends
        assert closed.value.code == 1013
        assert "--max-sessions" in (closed.value.reason or "")
        with pytest.raises(ConnectionClosed) as later:
            second.initialize(now=NOW)
        assert later.value.code == 1013
        second.close()
        # The first session is untouched.
        assert first.start("todo") == {"scene": "todo.list#1"}
    # Once it has gone, there is room again.
    with server.session() as third:
        assert third.initialize(now=NOW)["protocolVersion"] == "1.1"


def test_messages_fragmented_mid_character_are_reassembled(listen_server: Callable[..., ListeningServer]) -> None:
    server = listen_server()
    # 5-byte frames split the two bytes of 'é' apart; the engine reads the whole message.
    with server.session(fragment_size=5) as session:
        session.initialize(now=NOW)
        session.start("todo")
        session.event("todo.list#1", "addTapped")
        session.event("todo.add#1", "titleChanged", {"title": "Café crème"})
        assert session.view_model("todo.add#1")["title"] == "Café crème"


def test_pings_are_answered_and_the_close_handshake_completes(listen_server: Callable[..., ListeningServer]) -> None:
    server = listen_server()
    socket = WebSocket.connect(server.url)
    socket.ping(b"are you there")
    socket.send_text(initialize_line())
    answer = json.loads(socket.recv())
    assert answer["id"] == 1 and answer["result"]["protocolVersion"] == "1.1"
    socket.close(timeout=10)
    assert socket.last_pong == b"are you there"
    assert socket.close_code == 1000
    # The server goes on serving.
    with server.session() as session:
        session.initialize(now=NOW)
    assert server.returncode is None


def test_a_session_ends_when_the_server_stops(listen_server: Callable[..., ListeningServer]) -> None:
    server = listen_server()
    session = server.session()
    session.initialize(now=NOW)
    assert server.stop() == 0
    with pytest.raises(ConnectionClosed):
        session.next_notification(timeout=20)
    assert session.closed
    with pytest.raises(ConnectionClosed):
        session.state()
    session.close()
