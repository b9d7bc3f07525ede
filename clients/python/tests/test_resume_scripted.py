"""Resuming a WebSocket session (protocol 1.1, resumable sessions) against a scripted engine on
loopback, for what the real one does not do on demand: drop a connection at a chosen moment,
stay down for a while, refuse a resume, answer an initialize with an error. And the pure
parts: the backoff, and reading a resume's result."""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import socket
import threading
import time
from typing import Any, Dict, List, Optional, Tuple

import pytest

from test_websocket_frames import GUID, Peer, frame
from viper_client import (
    RESUME_REFUSED,
    ConnectionClosed,
    ConnectionInterrupted,
    ReconnectFailed,
    Resume,
    ResumeRefused,
    Session,
    ViperError,
)
from viper_client.resume import backoff_delays, read_resume

KEY = "0123456789abcdef0123456789abcdef"
OTHER_KEY = "fedcba9876543210fedcba9876543210"
NEXT_KEY = "00112233445566778899aabbccddeeff"
GUARD = 20.0


class FakeEngine:
    """A scripted `viper serve --listen` keeping one session's state across connections, as a
    journal would. It knows ``initialize`` (with ``resume``), ``app.start`` (a list), and
    ``view.event``: ``open`` pushes a form, ``type`` renders the form with ``data.title``,
    ``hang`` is never answered, ``fetch`` asks the client for an ``effect.http`` and answers once
    it has the reply. :meth:`drop` breaks the connection without a close frame; :meth:`down`
    stops listening and :meth:`up` listens again on the same port."""

    def __init__(self, *, resume_key: Optional[str] = KEY) -> None:
        self.resume_key = resume_key
        self.refuse: Optional[str] = None  # a reason to refuse resumes with
        self.error_on_resume = False
        self.stack: List[Dict[str, Any]] = []  # {"scene", "kind", "action", "from", "viewModel"}
        self.received: List[List[Dict[str, Any]]] = []  # the messages of each connection
        self.pending_effect: Optional[Dict[str, Any]] = None  # the effect the engine still waits for
        self.effect_results: List[Any] = []
        self.conn: Optional[socket.socket] = None
        self.connections = 0
        self._lock = threading.Lock()
        self._effect_ids = itertools.count(1)
        self._waiting_fetch: Optional[Any] = None  # id of a fetch request to answer with the effect's reply
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}/session"
        self._start_accepting()

    # Listening

    def _start_accepting(self) -> None:
        self._accepting = threading.Thread(target=self._accept_loop, args=(self.listener,), daemon=True)
        self._accepting.start()

    def _accept_loop(self, listener: socket.socket) -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def down(self) -> None:
        """Stops listening (connections are refused) and drops the connection."""
        self._stop_listening()
        self.drop()

    def _stop_listening(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the thread in accept(), which close alone does not
        except OSError:
            pass
        self.listener.close()
        self._accepting.join(5)

    def up(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self._start_accepting()

    def drop(self) -> None:
        """Breaks the current connection as a crash would: no close frame."""
        with self._lock:
            conn, self.conn = self.conn, None
        if conn is not None:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()

    def close(self) -> None:
        self._stop_listening()
        self.drop()

    def take_over(self) -> None:
        """Closes the connection as the engine does when another connection resumed the
        session: a close frame with 4001 and the reason."""
        with self._lock:
            conn, self.conn = self.conn, None
        if conn is not None:
            reason = b"this session was resumed on another connection"
            conn.sendall(frame(0x8, (4001).to_bytes(2, "big") + reason))
            time.sleep(0.1)
            conn.close()

    # One connection

    def _serve(self, conn: socket.socket) -> None:
        try:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                data += chunk
            head, rest = data.split(b"\r\n\r\n", 1)
            request = head.decode("latin-1")
            key = next(line.split(":", 1)[1].strip() for line in request.split("\r\n") if line.lower().startswith("sec-websocket-key:"))
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
            conn.sendall(f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n".encode())
            with self._lock:
                self.conn = conn
                self.connections += 1
                log: List[Dict[str, Any]] = []
                self.received.append(log)
            peer = Peer(conn)
            peer.buffer = rest
            while True:
                _, opcode, payload = peer.read_frame()
                if opcode == 0x8:
                    peer.send(frame(0x8, payload[:2]))
                    return
                if opcode != 0x1:
                    continue
                message = json.loads(payload.decode())
                log.append(message)
                self._handle(peer, message)
        except (OSError, EOFError, AssertionError):
            return
        finally:
            conn.close()

    def _write(self, peer: Peer, message: Dict[str, Any]) -> None:
        peer.send(frame(0x1, json.dumps(message).encode()))

    def _render(self, peer: Peer, scene: Dict[str, Any]) -> None:
        self._write(peer, {"jsonrpc": "2.0", "method": "view.render", "params": {"scene": scene["scene"], "kind": scene["kind"], "viewModel": scene["viewModel"]}})

    def _navigate(self, peer: Peer, scene: Dict[str, Any]) -> None:
        params = {"action": scene["action"], "scene": scene["scene"], "kind": scene["kind"]}
        if scene.get("from"):
            params["from"] = scene["from"]
        self._write(peer, {"jsonrpc": "2.0", "method": "view.navigate", "params": params})

    def _answer(self, peer: Peer, request_id: Any, result: Any) -> None:
        self._write(peer, {"jsonrpc": "2.0", "id": request_id, "result": result})

    def _handle(self, peer: Peer, message: Dict[str, Any]) -> None:
        method, request_id, params = message.get("method"), message.get("id"), message.get("params") or {}
        if method is None:  # a reply to our effect
            self.effect_results.append(message.get("result"))
            self.pending_effect = None
            if self._waiting_fetch is not None:
                self.stack[-1]["viewModel"] = {"fetched": message.get("result")}
                self._render(peer, self.stack[-1])
                self._answer(peer, self._waiting_fetch, {})
                self._waiting_fetch = None
            return
        if method == "initialize":
            result: Dict[str, Any] = {"protocolVersion": "1.1"}
            if "resume" in params:
                if self.error_on_resume:
                    self._write(peer, {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": "no", "data": {"kind": "invalidParams"}}})
                    return
                if self.refuse is not None:
                    self.stack = []
                    self.pending_effect = None
                    self.resume_key = OTHER_KEY
                    result["resume"] = {"replayed": 0, "error": {"code": -32010, "message": "cannot resume", "data": {"kind": "cannotResume", "reason": self.refuse}}}
                else:
                    for scene in self.stack:
                        self._navigate(peer, scene)
                        self._render(peer, scene)
                    if self.pending_effect is not None:
                        self._write(peer, self.pending_effect)
                    result["resume"] = {"replayed": 2 * len(self.stack)}
                    # As the engine does, a key resumes once.
                    self.resume_key = NEXT_KEY
            if self.resume_key is not None:
                result["resumeKey"] = self.resume_key
            self._answer(peer, request_id, result)
        elif method == "app.start":
            self.stack = [{"scene": "app.list#1", "kind": "app.list", "action": "root", "from": None, "viewModel": {"items": []}}]
            self._navigate(peer, self.stack[0])
            self._render(peer, self.stack[0])
            self._answer(peer, request_id, {"scene": "app.list#1"})
        elif method == "view.event" and params.get("event") == "open":
            form = {"scene": "app.form#1", "kind": "app.form", "action": "present", "from": params["scene"], "viewModel": {"title": ""}}
            self.stack.append(form)
            self._navigate(peer, form)
            self._render(peer, form)
            self._answer(peer, request_id, {})
        elif method == "view.event" and params.get("event") == "type":
            self.stack[-1]["viewModel"] = {"title": params["data"]["title"]}
            self._render(peer, self.stack[-1])
            self._answer(peer, request_id, {})
        elif method == "view.event" and params.get("event") == "hang":
            pass
        elif method == "view.event" and params.get("event") == "fetch":
            self._waiting_fetch = request_id
            self.pending_effect = {"jsonrpc": "2.0", "id": f"viper:{next(self._effect_ids)}", "method": "effect.http", "params": {"url": "http://example.invalid/"}}
            self._write(peer, self.pending_effect)
        elif method == "engine.state":
            self._answer(peer, request_id, {"stack": [{"scene": s["scene"], "kind": s["kind"], "viewModel": s["viewModel"]} for s in self.stack]})
        elif request_id is not None:
            self._write(peer, {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "unknown"}})


@pytest.fixture
def engine() -> Any:
    fake = FakeEngine()
    yield fake
    fake.close()


def wait_until(condition: Any, timeout: float = GUARD) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.01)


def open_form(session: Session) -> None:
    session.initialize(now="2026-11-19T09:00:00Z", time_zone="Europe/Paris")
    session.start("app")
    session.event("app.list#1", "open")
    session.event("app.form#1", "type", {"title": "Buy milk"})


# The pure parts


def test_the_backoff_doubles_from_a_tenth_of_a_second_up_to_two() -> None:
    assert list(itertools.islice(backoff_delays(), 8)) == pytest.approx([0.1, 0.2, 0.4, 0.8, 1.6, 2.0, 2.0, 2.0])
    assert list(itertools.islice(backoff_delays(1.0, cap=3.0, factor=3.0), 3)) == [1.0, 3.0, 3.0]
    with pytest.raises(ValueError):
        next(backoff_delays(0))


def test_a_resume_result_is_read_as_replayed_steps_or_a_refusal() -> None:
    assert read_resume({"resume": {"replayed": 7}, "resumeKey": KEY}) == (7, None)
    replayed, refusal = read_resume({"resume": {"replayed": 0, "error": {"code": -32010, "message": "gone", "data": {"kind": "cannotResume", "reason": "expired"}}}})
    assert replayed == 0 and isinstance(refusal, ViperError) and refusal.code == RESUME_REFUSED and refusal.kind == "cannotResume"
    resume = Resume(replayed=0, error=refusal)
    assert resume.refused and resume.reason == "expired"
    # An engine that ignores the parameter started a fresh session.
    _, unknown = read_resume({"protocolVersion": "1.0"})
    assert unknown is not None and Resume(0, unknown).reason == "unavailable"
    assert not Resume(replayed=3).refused and Resume(replayed=3).reason is None


# Against the scripted engine


def test_an_idle_session_resumes_and_rebuilds_its_stack(engine: FakeEngine) -> None:
    seen: List[Resume] = []
    with Session.connect(engine.url, on_resume=seen.append) as session:
        open_form(session)
        assert session.resume_key == KEY
        before = session.stack
        session.drain_notifications()

        engine.drop()
        wait_until(lambda: session.last_resume is not None)
        resume = session.last_resume
        assert resume is not None and not resume.refused
        assert resume.replayed == 4 and resume.interrupted == 0 and resume.close_code == 1006
        assert session.stack == before
        assert session.view_model("app.form#1") == {"title": "Buy milk"}
        assert not session.reconnecting and session.resume_key == NEXT_KEY
        # The same params, plus the key.
        first, second = engine.received[0][0], engine.received[1][0]
        assert second["params"] == dict(first["params"], resume=KEY)
        # The lines it replayed were notifications like any.
        assert [n.method for n in session.drain_notifications()] == ["view.navigate", "view.render"] * 2
        assert session.event("app.form#1", "type", {"title": "Buy oat milk"}) == {}
        assert session.view_model("app.form#1") == {"title": "Buy oat milk"}
        wait_until(lambda: seen == [resume])


def test_a_request_in_flight_fails_and_is_not_sent_again(engine: FakeEngine) -> None:
    with Session.connect(engine.url) as session:
        open_form(session)
        hung = session.send_event("app.form#1", "hang")
        wait_until(lambda: any(m.get("params", {}).get("event") == "hang" for m in engine.received[0]))
        engine.drop()
        with pytest.raises(ConnectionInterrupted) as interrupted:
            hung.result(GUARD)
        assert not isinstance(interrupted.value, ConnectionClosed)
        assert "may or may not" in str(interrupted.value)
        assert session.state()["stack"][-1]["scene"] == "app.form#1"  # the next call works
        resume = session.last_resume
        assert resume is not None and resume.interrupted == 1
        assert not any(m.get("params", {}).get("event") == "hang" for m in engine.received[1])


def test_what_is_sent_while_reconnecting_waits_for_the_resume(engine: FakeEngine) -> None:
    with Session.connect(engine.url) as session:
        open_form(session)
        engine.down()
        wait_until(lambda: session.reconnecting)
        time.sleep(0.5)  # a few attempts are refused meanwhile
        typed = session.send_event("app.form#1", "type", {"title": "While away"})
        assert not typed.done()
        engine.up()
        assert typed.result(GUARD) == {}
        assert session.view_model("app.form#1") == {"title": "While away"}
        resume = session.last_resume
        assert resume is not None and resume.attempts > 1 and resume.downtime >= 0.5
        # Sent after the resume's initialize, on the new connection.
        assert [m.get("method") for m in engine.received[-1]] == ["initialize", "view.event"]


def test_a_refused_resume_leaves_a_fresh_session_and_says_why(engine: FakeEngine) -> None:
    seen: List[Resume] = []
    with Session.connect(engine.url, on_resume=seen.append) as session:
        open_form(session)
        engine.refuse = "unknown"
        engine.down()
        wait_until(lambda: session.reconnecting)
        typed = session.send_event("app.form#1", "type", {"title": "Lost"})
        engine.up()
        with pytest.raises(ResumeRefused) as refused:
            typed.result(GUARD)
        assert refused.value.resume.reason == "unknown"
        resume = session.last_resume
        assert resume is not None and resume.refused and resume.reason == "unknown" and resume.replayed == 0
        assert resume.error is not None and resume.error.code == RESUME_REFUSED
        assert session.stack == [] and session.resume_key == OTHER_KEY
        # The refused request never reached the engine; the fresh session takes new ones.
        assert [m.get("method") for m in engine.received[-1]] == ["initialize"]
        assert session.start("app") == {"scene": "app.list#1"}
        wait_until(lambda: len(seen) == 1 and seen[0].refused)


def test_it_gives_up_after_the_reconnect_timeout(engine: FakeEngine) -> None:
    session = Session.connect(engine.url, reconnect_timeout=0.6)
    open_form(session)
    engine.down()
    wait_until(lambda: session.closed, timeout=5)
    with pytest.raises(ReconnectFailed) as failed:
        session.state()
    assert isinstance(failed.value, ConnectionClosed)
    assert "could not be resumed within 0.6 s" in str(failed.value)
    assert isinstance(failed.value.last_error, (OSError, ConnectionClosed))
    session.close()


def test_an_engine_that_refuses_the_initialize_ends_the_session(engine: FakeEngine) -> None:
    session = Session.connect(engine.url)
    open_form(session)
    engine.error_on_resume = True
    engine.drop()
    wait_until(lambda: session.closed)
    with pytest.raises(ReconnectFailed) as failed:
        session.state()
    assert isinstance(failed.value.last_error, ViperError)
    session.close()


def test_without_reconnect_or_without_a_key_a_break_ends_the_session() -> None:
    cases: List[Tuple[FakeEngine, Dict[str, Any]]] = [(FakeEngine(), {"reconnect": False}), (FakeEngine(resume_key=None), {})]
    for fake, options in cases:
        try:
            session = Session.connect(fake.url, **options)
            open_form(session)
            hung = session.send_event("app.form#1", "hang")
            wait_until(lambda: len(fake.received[0]) == 5)
            fake.drop()
            error = hung.error(GUARD)
            assert isinstance(error, ConnectionClosed) and not isinstance(error, ReconnectFailed)
            assert session.closed and session.resumes == [] and fake.connections == 1
            session.close()
        finally:
            fake.close()


def test_an_effect_the_engine_sends_again_is_performed_again(engine: FakeEngine) -> None:
    calls: List[Any] = []
    release = threading.Event()

    def handler(params: Any, cancelled: threading.Event) -> Dict[str, Any]:
        calls.append(params)
        if len(calls) == 1:
            release.wait(GUARD)  # held until the connection broke: its reply must go nowhere
            return {"status": 500}
        return {"status": 200, "body": "fresh"}

    with Session.connect(engine.url, effects={"http": handler}) as session:
        open_form(session)
        fetch = session.send_event("app.form#1", "fetch")
        wait_until(lambda: len(calls) == 1)
        engine.drop()
        with pytest.raises(ConnectionInterrupted):
            fetch.result(GUARD)
        wait_until(lambda: engine.pending_effect is None)  # the second call's reply came
        release.set()
        assert len(calls) == 2
        assert engine.effect_results == [{"status": 200, "body": "fresh"}]
        time.sleep(0.2)
        assert engine.effect_results == [{"status": 200, "body": "fresh"}]  # the held one was never sent


def test_close_while_reconnecting_ends_at_once(engine: FakeEngine) -> None:
    session = Session.connect(engine.url)
    open_form(session)
    engine.down()
    wait_until(lambda: session.reconnecting)
    waiting = session.send("engine.state")
    started = time.monotonic()
    session.close()
    assert time.monotonic() - started < 3
    assert session.closed
    error = waiting.error(1)
    assert isinstance(error, ConnectionClosed) and not isinstance(error, ReconnectFailed)


def test_a_session_resumed_elsewhere_ends_and_is_not_resumed_again(engine: FakeEngine) -> None:
    with Session.connect(engine.url) as session:
        open_form(session)
        engine.take_over()
        wait_until(lambda: session.closed)
        with pytest.raises(ConnectionClosed) as ended:
            session.event("app.form#1", "type", {"title": "too late"})
        assert ended.value.code == 4001
        assert "resumed on another connection" in (ended.value.reason or "")
        time.sleep(0.5)
        assert engine.connections == 1, "the client must not take the session back"
