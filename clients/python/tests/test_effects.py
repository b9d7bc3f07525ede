"""The client performs the engine's HTTP itself (capabilities.effects ["http"], protocol.md
section 6): the News app's request to the sample server inside the engine goes through the
urllib performer, which really fetches it, and the list renders what came back. Handlers that
fail are answered with error replies, which the app shows as a network failure."""

from __future__ import annotations

import threading
from typing import Any, Dict, List, Mapping
from urllib.parse import urlsplit

from conftest import SessionFactory, navigate
from viper_client import EffectError, Session, UrllibHttpPerformer

NEWS = "news.list#1"
NOW = "2026-11-23T09:00:00Z"


class Recording:
    """Wraps a handler and keeps every effect.http params it was given."""

    def __init__(self, handler: Any) -> None:
        self.handler = handler
        self.calls: List[Mapping[str, Any]] = []
        self._lock = threading.Lock()

    def __call__(self, params: Mapping[str, Any]) -> Dict[str, Any]:
        with self._lock:
            self.calls.append(params)
        return self.handler(params)


def test_the_urllib_performer_fetches_the_headlines_for_the_engine(open_session: SessionFactory) -> None:
    performer = Recording(UrllibHttpPerformer(timeout=30))
    session: Session = open_session(effects={"http": performer})
    info = session.initialize(now=NOW)
    assert info["capabilities"]["effects"] == ["http"]  # declared from effects= by the client

    assert session.start("news") == {"scene": NEWS}
    # The request went out through the client, to the sample server the engine runs on loopback.
    assert len(performer.calls) == 1
    call = performer.calls[0]
    url = urlsplit(call["url"])
    assert call["method"] == "GET"
    assert (url.scheme, url.hostname, url.path, url.query) == ("http", "127.0.0.1", "/v2/top-headlines", "country=us&pageSize=30")
    assert call["headers"].get("Accept") == "application/json"

    renders = [n.view_model for n in session.drain_notifications() if n.is_render]
    assert renders[0] == {"articles": [], "errorMessage": None, "isStale": False, "state": "loading"}
    listed = session.view_model(NEWS)
    assert renders[-1] == listed
    assert (listed["state"], listed["errorMessage"], listed["isStale"]) == ("loaded", None, False)
    assert len(listed["articles"]) > 0
    for article in listed["articles"]:
        assert article["id"] and article["title"] and article["source"]
    assert session.unmatched_responses() == []  # every reply the client sent was taken

    # The detail is pushed with the article the list had: nothing is fetched again.
    first = listed["articles"][0]
    session.event(NEWS, "articleTapped", {"id": first["id"]})
    assert session.top is not None and session.top.kind == "news.detail"
    assert session.top.view_model["title"] == first["title"]
    assert len(performer.calls) == 1
    session.drain_notifications()
    session.back(session.top.id)
    assert [note.method for note in session.drain_notifications()] == ["view.navigate"]
    assert [scene.id for scene in session.stack] == [NEWS]


def test_a_failing_handler_is_an_error_reply_the_app_shows(open_session: SessionFactory) -> None:
    failures = iter([EffectError("no route to host"), RuntimeError("the proxy said no")])

    def failing(params: Mapping[str, Any]) -> Dict[str, Any]:
        raise next(failures)

    session: Session = open_session(effects={"http": failing})
    session.initialize(now=NOW)
    session.start("news")
    listed = session.view_model(NEWS)
    assert listed["state"] == "failed"
    assert "no route to host" in listed["errorMessage"]

    session.event(NEWS, "refreshTapped")
    assert "the proxy said no" in session.view_model(NEWS)["errorMessage"]
    assert session.unmatched_responses() == []


def test_an_error_status_is_a_response_not_a_failure(open_session: SessionFactory) -> None:
    def unavailable(params: Mapping[str, Any]) -> Dict[str, Any]:
        return {"status": 503, "headers": {"Content-Type": "text/plain"}, "body": "down for maintenance"}

    session: Session = open_session(effects={"http": unavailable})
    session.initialize(now=NOW)
    result = session.start("news")
    assert result == {"scene": NEWS}
    notes = session.drain_notifications()
    assert (notes[0].method, notes[0].params) == navigate("root", NEWS, "news.list")
    listed = session.view_model(NEWS)
    assert listed["state"] == "failed"
    assert "503" in listed["errorMessage"]
