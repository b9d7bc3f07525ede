"""Fixtures shared by the client's tests: the engine binary, and sessions over both transports.

The tests drive the real engine. They find it through $VIPER_BINARY, defaulting to the debug
build of this repository (<repo>/.build/debug/viper), and fail (not skip) when it is missing:
a client test that silently tests nothing is worse than a red one.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the package is importable without being installed

from viper_client import ListeningServer, Notification, Session  # noqa: E402

REPO = HERE.parents[2]
DEFAULT_BINARY = REPO / ".build" / "debug" / "viper"

#: Thursday 19 November 2026, 09:00 UTC: the day of the ToDo transcripts in examples/todo/.
NOW = "2026-11-19T09:00:00Z"

TODO_LIST_EMPTY = {"isEmpty": True, "sections": []}
ADD_EMPTY = {"dueDate": None, "problems": ["Enter a title", "Pick a due date"], "saveEnabled": False, "title": ""}


@pytest.fixture(scope="session")
def viper_binary() -> str:
    path = os.environ.get("VIPER_BINARY") or str(DEFAULT_BINARY)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        pytest.fail(f"no viper binary at {path}: build it (swift build) or set VIPER_BINARY")
    return path


@pytest.fixture(params=["stdio", "websocket"])
def transport_kind(request: pytest.FixtureRequest) -> str:
    return request.param


class Engines:
    """Opens sessions over the transport under test: a `viper serve` of its own over stdio, or
    a WebSocket session of a `viper serve --listen 0` started for it."""

    def __init__(self, binary: str, kind: str) -> None:
        self.binary = binary
        self.kind = kind
        self.sessions: List[Session] = []
        self.servers: Dict[int, ListeningServer] = {}

    def __call__(self, *, db: str = ":memory:", args: Sequence[str] = (), **options: Any) -> Session:
        if self.kind == "stdio":
            session = Session.spawn(self.binary, db=db, args=args, **options)
        else:
            server = ListeningServer(self.binary, db=db, args=args)
            try:
                session = server.session(**options)
            except BaseException:
                server.stop()
                raise
            self.servers[id(session)] = server
        self.sessions.append(session)
        return session

    def stop(self, session: Session) -> None:
        """Ends the session and the engine process behind it, which must exit with status 0."""
        if session not in self.sessions:
            return
        self.sessions.remove(session)
        server = self.servers.pop(id(session), None)
        try:
            session.close()
        finally:
            code = server.stop() if server is not None else session.transport.returncode  # type: ignore[attr-defined]
        assert code == 0, f"the engine exited with status {code}"

    def stop_all(self) -> None:
        """Stops every engine, even when one of them fails to exit cleanly, then reports it."""
        failures: List[BaseException] = []
        for session in list(self.sessions):
            try:
                self.stop(session)
            except BaseException as failure:
                failures.append(failure)
        for server in self.servers.values():
            server.stop()
        if failures:
            raise failures[0]


SessionFactory = Engines


@pytest.fixture
def open_session(viper_binary: str, transport_kind: str) -> Iterator[Engines]:
    """Everything opened is closed at the end of the test, and each engine must exit 0."""
    engines = Engines(viper_binary, transport_kind)
    yield engines
    engines.stop_all()


@pytest.fixture
def listen_server(viper_binary: str) -> Iterator[Callable[..., ListeningServer]]:
    """Starts `viper serve --listen 0` processes for a test and stops them after it."""
    servers: List[ListeningServer] = []

    def factory(**options: Any) -> ListeningServer:
        server = ListeningServer(viper_binary, **options)
        servers.append(server)
        return server

    yield factory
    for server in servers:
        server.stop()


# What the engine writes, as (method, params) pairs to compare drained notifications with.

Line = Tuple[str, Dict[str, Any]]


def navigate(action: str, scene: str, kind: str, origin: Optional[str] = None) -> Line:
    params: Dict[str, Any] = {"action": action, "scene": scene, "kind": kind}
    if origin is not None:
        params["from"] = origin
    return ("view.navigate", params)


def render(scene: str, kind: str, view_model: Any) -> Line:
    return ("view.render", {"scene": scene, "kind": kind, "viewModel": view_model})


def lines(notes: Sequence[Notification]) -> List[Line]:
    return [(note.method, note.params) for note in notes]


def caused(session: Session, call: Callable[[], Any]) -> Tuple[Any, List[Line]]:
    """Runs one request and returns its result and the notifications it caused, in order. The
    ToDo app has no background work, so what is queued after the response is exactly that."""
    assert session.drain_notifications() == [], "notifications were left over from an earlier step"
    result = call()
    return result, lines(session.drain_notifications())


def add_form(title: str, due: Optional[str], problems: Sequence[str] = ()) -> Dict[str, Any]:
    """The todo.add view model for a title and a due date: Save is enabled exactly when there
    is no problem (protocol.md section 12.2)."""
    return {"dueDate": due, "problems": list(problems), "saveEnabled": not problems, "title": title}
