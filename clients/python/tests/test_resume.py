"""Resumable sessions against the real engine (protocol 1.1): `viper serve --listen PORT --db
FILE --journal` is killed (SIGKILL, as a crash) and started again on the same port and file,
and the client resumes by itself. Then a request in flight at the kill, and a resume the
engine refuses because the new server has another database."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional

import pytest

from conftest import NOW, add_form
from viper_client import RESUME_REFUSED, ConnectionInterrupted, ListeningServer, Resume, Session, UrllibHttpPerformer

GUARD = 30.0
TODO_LIST, FORM = "todo.list#1", "todo.add#1"


class Servers:
    """`viper serve --listen PORT --db FILE --journal` processes, killed and started again."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.running: List[ListeningServer] = []

    def start(self, db: Path, port: int = 0) -> ListeningServer:
        deadline = time.monotonic() + GUARD
        while True:
            try:
                server = ListeningServer(self.binary, listen=str(port), db=str(db), args=["--journal"])
                break
            except RuntimeError:
                if time.monotonic() > deadline:  # the port may take a moment to be free again
                    raise
                time.sleep(0.2)
        self.running.append(server)
        return server

    def stop_all(self) -> None:
        for server in self.running:
            server.stop()


@pytest.fixture
def servers(viper_binary: str) -> Any:
    started = Servers(viper_binary)
    yield started
    started.stop_all()


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + GUARD
    while not condition():
        assert time.monotonic() < deadline, f"{what} never happened"
        time.sleep(0.02)


def test_a_session_resumes_by_itself_after_the_server_is_killed(servers: Servers, tmp_path: Path) -> None:
    db = tmp_path / "viper.sqlite"
    server = servers.start(db)
    seen: List[Resume] = []
    with server.session(on_resume=seen.append) as session:
        info = session.initialize(now=NOW, time_zone="Europe/Paris")
        key = info["resumeKey"]
        assert len(key) == 32 and session.resume_key == key
        assert session.start("todo") == {"scene": TODO_LIST}
        session.event(TODO_LIST, "addTapped")
        session.event(FORM, "titleChanged", {"title": "Buy milk"})
        before = session.stack
        assert [scene.id for scene in before] == [TODO_LIST, FORM]

        server.kill()
        wait_until(lambda: session.reconnecting, "noticing the break")
        servers.start(db, port=server.port)

        # The next call works: it waits for the resume, then goes to the resumed session.
        assert session.event(FORM, "dueDateChanged", {"dueDate": "2026-11-20"}) == {}
        resume = session.last_resume
        assert resume is not None and not resume.refused and resume.replayed > 0
        assert resume.interrupted == 0 and resume.close_code == 1006
        # A key resumes once: the client keeps the next one the engine gave.
        assert session.resume_key not in (None, key) and len(session.resume_key) == 32 and session.resumes == [resume]
        assert [(scene.id, scene.kind, scene.action, scene.opened_from) for scene in session.stack] == [
            (scene.id, scene.kind, scene.action, scene.opened_from) for scene in before
        ]
        assert session.view_model(FORM) == add_form("Buy milk", "2026-11-20")
        # What the client knows is what the engine has.
        engine_stack = session.state()["stack"]
        assert [(entry["scene"], entry["viewModel"]) for entry in engine_stack] == [(scene.id, scene.view_model) for scene in session.stack]

        session.event(FORM, "saveTapped")
        assert [scene.id for scene in session.stack] == [TODO_LIST]
        sections = session.view_model(TODO_LIST)["sections"]
        titles = [item["title"] for section in sections for item in section["items"]]
        assert titles == ["Buy milk"]
        wait_until(lambda: seen == [resume], "the on_resume callback")


def test_a_request_in_flight_when_the_server_dies_raises_connection_interrupted(servers: Servers, tmp_path: Path) -> None:
    """News with the client performing HTTP: the refresh waits for the client's effect reply,
    which the handler holds, so the request is certainly in flight at the kill."""
    db = tmp_path / "viper.sqlite"
    server = servers.start(db)
    real = UrllibHttpPerformer(timeout=GUARD)
    hold = threading.Event()
    held = threading.Event()

    def handler(params: Mapping[str, Any], cancelled: Optional[threading.Event] = None) -> Dict[str, Any]:
        if hold.is_set():
            held.set()
            assert cancelled is not None
            cancelled.wait(GUARD)  # the break cancels it: its reply must go nowhere
            return {"status": 500, "headers": {}, "body": "too late"}
        return real(params)

    with server.session(effects={"http": handler}) as session:
        session.initialize(now="2026-11-23T09:00:00Z")
        session.start("news")
        assert session.view_model("news.list#1")["state"] == "loaded"

        hold.set()
        refresh = session.send_event("news.list#1", "refreshTapped")
        assert held.wait(GUARD), "the refresh never asked for its HTTP request"
        server.kill()
        with pytest.raises(ConnectionInterrupted) as interrupted:
            refresh.result(GUARD)
        assert "may or may not" in str(interrupted.value)
        assert not session.closed

        hold.clear()
        servers.start(db, port=server.port)
        state = session.state()  # the session resumed; effects sent again were performed
        assert [entry["scene"] for entry in state["stack"]] == ["news.list#1"]
        resume = session.last_resume
        assert resume is not None and not resume.refused and resume.interrupted == 1
        session.idle()
        assert session.view_model("news.list#1")["state"] in ("loaded", "failed")
        assert session.scene("news.list#1").view_model == session.state()["stack"][0]["viewModel"]


def test_a_refused_resume_leaves_a_fresh_session(servers: Servers, tmp_path: Path) -> None:
    server = servers.start(tmp_path / "first.sqlite")
    seen: List[Resume] = []
    with server.session(on_resume=seen.append) as session:
        key = session.initialize(now=NOW)["resumeKey"]
        session.start("todo")
        session.event(TODO_LIST, "addTapped")

        server.kill()
        wait_until(lambda: session.reconnecting, "noticing the break")
        servers.start(tmp_path / "second.sqlite", port=server.port)  # knows nothing of the key
        wait_until(lambda: session.last_resume is not None, "the resume")

        resume = session.last_resume
        assert resume is not None and resume.refused and resume.replayed == 0
        assert resume.reason == "unknown"
        assert resume.error is not None and (resume.error.code, resume.error.kind) == (RESUME_REFUSED, "cannotResume")
        assert session.stack == [] and not session.reconnecting
        new_key = session.resume_key
        assert new_key is not None and new_key != key
        # A fresh, initialized session: no app runs until it is started again.
        assert session.state()["stack"] == []
        assert session.start("todo") == {"scene": TODO_LIST}
        assert session.view_model(TODO_LIST)["isEmpty"] is True
        wait_until(lambda: len(seen) == 1 and seen[0].reason == "unknown", "the on_resume callback")
