"""Cancellation (protocol.md section 9), made deterministic by an effect handler that holds the
News app's refresh until the engine gives it up: nothing in the apps is slow on its own, but a
request waiting for the client's reply is, for as long as the client wants."""

from __future__ import annotations

import threading
from typing import Any, Dict, List, Mapping, Optional

from conftest import NOW, SessionFactory
from viper_client import REQUEST_CANCELLED, Session, UrllibHttpPerformer, ViperError

NEWS = "news.list#1"
GUARD = 30.0  # seconds; only a failure guard, never reached when things work


class Holding:
    """Performs effects for real until ``hold`` is set; then holds each new one until the engine
    cancels it, and returns a result anyway, which the session must not send."""

    def __init__(self) -> None:
        self.real = UrllibHttpPerformer(timeout=GUARD)
        self.hold = threading.Event()
        self.entered = threading.Event()
        self.saw_cancel = threading.Event()

    def __call__(self, params: Mapping[str, Any], cancelled: Optional[threading.Event] = None) -> Dict[str, Any]:
        if not self.hold.is_set():
            return self.real(params)
        self.entered.set()
        assert cancelled is not None
        if cancelled.wait(GUARD):
            self.saw_cancel.set()
        return {"status": 200, "body": "too late"}


def recording_sent_lines(session: Session) -> List[str]:
    """Records every line the session sends from now on."""
    sent: List[str] = []
    send = session.transport.send_line

    def spy(line: str) -> None:
        sent.append(line)
        send(line)

    session.transport.send_line = spy  # type: ignore[method-assign]
    return sent


def test_cancel_stops_a_running_request_and_one_waiting_its_turn(open_session: SessionFactory) -> None:
    handler = Holding()
    session: Session = open_session(effects={"http": handler})
    session.initialize(now=NOW)
    session.start("news")
    before = session.view_model(NEWS)
    assert before["state"] == "loaded" and before["articles"]

    handler.hold.set()
    sent = recording_sent_lines(session)
    session.drain_notifications()
    refresh = session.send_event(NEWS, "refreshTapped")
    assert handler.entered.wait(GUARD), "the refresh never asked for its HTTP request"
    queued = session.send("engine.state")  # waits its turn behind the refresh
    assert not refresh.done() and not queued.done()

    session.cancel(queued)
    session.cancel(refresh)
    for handle, method in [(refresh, "view.event"), (queued, "engine.state")]:
        error = handle.error()
        assert isinstance(error, ViperError)
        assert (error.code, error.kind, error.method) == (REQUEST_CANCELLED, "cancelled", method)
        assert error.cancelled

    # The engine told the client to drop the effect, and the handler heard it.
    assert handler.saw_cancel.wait(GUARD)
    effect_ids = session.cancelled_effects
    assert len(effect_ids) == 1 and str(effect_ids[0]).startswith("viper:")
    # The list shows what it showed before the load began.
    assert session.view_model(NEWS) == before
    assert session.drain_notifications()[-1].view_model == before

    # The session goes on; the held handler's late result was never sent.
    handler.hold.clear()
    assert session.event(NEWS, "refreshTapped") == {}
    assert session.view_model(NEWS)["state"] == "loaded"
    assert not any(f'"id":"{effect_ids[0]}"' in line for line in sent)
    assert session.unmatched_responses() == []


def test_cancelling_a_request_already_answered_is_ignored(open_session: SessionFactory) -> None:
    session: Session = open_session()
    session.initialize(now=NOW)
    session.start("todo")
    handle = session.send_event("todo.list#1", "addTapped")
    assert handle.result() == {}
    session.drain_notifications()

    handle.cancel()
    session.cancel(12345)  # an id the session never used

    # A cancel never gets an answer, and changes nothing: the next request is answered as usual.
    stack = session.state()["stack"]
    assert [entry["scene"] for entry in stack] == ["todo.list#1", "todo.add#1"]
    assert session.unmatched_responses() == []
    assert session.drain_notifications() == []
    session.event("todo.add#1", "titleChanged", {"title": "After the cancel"})
    assert session.view_model("todo.add#1")["title"] == "After the cancel"


def test_a_pending_request_can_be_collected_later(open_session: SessionFactory) -> None:
    """Pipelining: requests sent back to back are answered in order."""
    session: Session = open_session()
    session.initialize(now=NOW)
    handles = [session.send("app.start", {"app": "todo"}), session.send_event("todo.list#1", "addTapped"), session.send("engine.state")]
    assert [h.id for h in handles] == sorted(h.id for h in handles)
    assert handles[2].result()["stack"][1]["scene"] == "todo.add#1"
    assert handles[0].result() == {"scene": "todo.list#1"}
    assert handles[1].result() == {}
    # An id of the caller's own choosing is echoed, and its answer routed back by it.
    mine = session.send("engine.state", request_id="mine")
    assert mine.id == "mine" and len(mine.result()["stack"]) == 2
