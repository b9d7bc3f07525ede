"""The ToDo stories of examples/todo/*.transcript, played through the client over stdio and over
WebSocket (each test runs once per transport). Each step checks the result, the exact
notifications the request caused, in order, and the stack the client keeps from them."""

from __future__ import annotations

import datetime

import pytest

from conftest import ADD_EMPTY, NOW, TODO_LIST_EMPTY, SessionFactory, add_form, caused, navigate, render
from viper_client import INVALID_PARAMS, Session, ViperError

LIST = "todo.list#1"
ADD = "todo.add#1"


def start_todo(session: Session, **initialize: object) -> None:
    result = session.initialize(now=NOW, **initialize)  # type: ignore[arg-type]
    assert result["protocolVersion"] == "1.1"
    assert "todo" in result["apps"]
    started, notes = caused(session, lambda: session.start("todo"))
    assert started == {"scene": LIST}
    assert notes == [navigate("root", LIST, "todo.list"), render(LIST, "todo.list", TODO_LIST_EMPTY)]


def open_add(session: Session, scene: str = ADD) -> None:
    result, notes = caused(session, lambda: session.event(LIST, "addTapped"))
    assert result == {}
    assert notes == [navigate("present", scene, "todo.add", LIST), render(scene, "todo.add", ADD_EMPTY)]


def assert_stack_matches_engine(session: Session) -> None:
    """The stack the client built from notifications is the engine's own (engine.state)."""
    engine = session.state()["stack"]
    assert [(s.id, s.kind, s.view_model) for s in session.stack] == [(e["scene"], e["kind"], e["viewModel"]) for e in engine]


def test_add_a_todo_due_tomorrow(open_session: SessionFactory) -> None:
    session = open_session()
    start_todo(session)
    open_add(session)
    assert [scene.id for scene in session.stack] == [LIST, ADD]
    assert session.top is not None and session.top.action == "present" and session.top.opened_from == LIST

    _, notes = caused(session, lambda: session.event(ADD, "titleChanged", {"title": "  Buy milk "}))
    assert notes == [render(ADD, "todo.add", add_form("  Buy milk ", None, ["Pick a due date"]))]

    # A date object goes on the wire as YYYY-MM-DD.
    _, notes = caused(session, lambda: session.event(ADD, "dueDateChanged", {"dueDate": datetime.date(2026, 11, 20)}))
    assert notes == [render(ADD, "todo.add", add_form("  Buy milk ", "2026-11-20"))]
    assert session.view_model(ADD)["saveEnabled"] is True

    result, notes = caused(session, lambda: session.event(ADD, "saveTapped"))
    assert result == {}
    listed = {
        "isEmpty": False,
        "sections": [
            {"items": [{"dueDate": "2026-11-20", "dueDay": "Friday", "id": "1", "title": "Buy milk"}], "kind": "tomorrow", "title": "Tomorrow"}
        ],
    }
    assert notes == [navigate("dismiss", ADD, "todo.add", LIST), render(LIST, "todo.list", listed)]
    assert [scene.id for scene in session.stack] == [LIST]
    assert session.view_model(LIST) == listed
    with pytest.raises(KeyError):
        session.view_model(ADD)
    assert_stack_matches_engine(session)


def test_cancel_saves_nothing_and_the_next_form_is_a_new_scene(open_session: SessionFactory) -> None:
    session = open_session()
    start_todo(session)
    open_add(session)
    session.event(ADD, "titleChanged", {"title": "Call mum"})
    session.event(ADD, "dueDateChanged", {"dueDate": "2026-11-19"})
    session.drain_notifications()

    # Cancel dismisses the form; the list does not render, since nothing changed.
    _, notes = caused(session, lambda: session.event(ADD, "cancelTapped"))
    assert notes == [navigate("dismiss", ADD, "todo.add", LIST)]
    assert session.view_model(LIST) == TODO_LIST_EMPTY

    open_add(session, "todo.add#2")
    assert [scene.id for scene in session.stack] == [LIST, "todo.add#2"]
    assert_stack_matches_engine(session)

    # Events for the form that left are refused, and say which scene is unknown.
    with pytest.raises(ViperError) as refused:
        session.event(ADD, "saveTapped")
    assert refused.value.code == INVALID_PARAMS and refused.value.kind == "unknownScene"
    assert refused.value.data["scene"] == ADD


def test_swipe_down_goes_back_and_only_the_top_scene_can(open_session: SessionFactory) -> None:
    session = open_session()
    start_todo(session)
    open_add(session)
    session.event(ADD, "titleChanged", {"title": "Call mum"})
    session.drain_notifications()

    with pytest.raises(ViperError) as covered:
        session.back(LIST)
    assert (covered.value.code, covered.value.kind, covered.value.data["scene"]) == (INVALID_PARAMS, "notTopScene", LIST)
    assert session.drain_notifications() == []

    result, notes = caused(session, lambda: session.back(ADD))
    assert result == {}
    assert notes == [navigate("dismiss", ADD, "todo.add", LIST)]
    assert [scene.id for scene in session.stack] == [LIST]
    assert_stack_matches_engine(session)

    with pytest.raises(ViperError) as root:
        session.back(LIST)
    assert (root.value.code, root.value.kind) == (INVALID_PARAMS, "cannotGoBack")


def test_validation_keeps_save_disabled_and_saving_then_does_nothing(open_session: SessionFactory) -> None:
    session = open_session()
    start_todo(session)
    open_add(session)

    _, notes = caused(session, lambda: session.event(ADD, "titleChanged", {"title": " \t "}))
    assert notes == [render(ADD, "todo.add", add_form(" \t ", None, ["Enter a title", "Pick a due date"]))]
    _, notes = caused(session, lambda: session.event(ADD, "dueDateChanged", {"dueDate": "2026-11-19"}))
    assert notes == [render(ADD, "todo.add", add_form(" \t ", "2026-11-19", ["Enter a title"]))]
    result, notes = caused(session, lambda: session.event(ADD, "saveTapped"))
    assert (result, notes) == ({}, [])

    _, notes = caused(session, lambda: session.event(ADD, "titleChanged", {"title": "Pay rent"}))
    assert notes == [render(ADD, "todo.add", add_form("Pay rent", "2026-11-19"))]
    _, notes = caused(session, lambda: session.event(ADD, "dueDateChanged", {"dueDate": "2026-11-18"}))
    assert notes == [render(ADD, "todo.add", add_form("Pay rent", "2026-11-18", ["The due date is in the past"]))]
    result, notes = caused(session, lambda: session.event(ADD, "saveTapped"))
    assert (result, notes) == ({}, [])

    _, notes = caused(session, lambda: session.event(ADD, "dueDateChanged", {"dueDate": None}))
    assert notes == [render(ADD, "todo.add", add_form("Pay rent", None, ["Pick a due date"]))]

    # Nothing was saved, and the form is still there with what was typed.
    assert [scene.id for scene in session.stack] == [LIST, ADD]
    assert session.view_model(LIST) == TODO_LIST_EMPTY
    assert_stack_matches_engine(session)


def test_clock_change_moves_the_todo_between_sections_and_past_dates_disable_save(open_session: SessionFactory) -> None:
    session = open_session()
    start_todo(session)
    open_add(session)
    session.event(ADD, "titleChanged", {"title": "Dinner with Ana"})
    session.event(ADD, "dueDateChanged", {"dueDate": "2026-11-24"})
    session.event(ADD, "saveTapped")
    item = {"dueDate": "2026-11-24", "dueDay": "Tuesday", "id": "1", "title": "Dinner with Ana"}
    assert session.view_model(LIST)["sections"] == [{"items": [item], "kind": "nextWeek", "title": "Next Week"}]
    session.drain_notifications()

    def section(kind: str, title: str, due_day: str = "Tuesday") -> dict:
        return {"isEmpty": False, "sections": [{"items": [dict(item, dueDay=due_day)], "kind": kind, "title": title}]}

    # An aware datetime is sent as an ISO 8601 instant with its offset.
    sunday = datetime.datetime(2026, 11, 22, 9, 0, tzinfo=datetime.timezone.utc)
    for now, expected in [
        (sunday, section("laterThisWeek", "Later This Week")),
        ("2026-11-23T09:00:00Z", section("tomorrow", "Tomorrow")),
        ("2026-11-24T09:00:00Z", section("today", "Today", "")),
    ]:
        result, notes = caused(session, lambda: session.set_clock(now))
        assert result == {}
        assert notes == [render(LIST, "todo.list", expected)]

    open_add(session, "todo.add#2")
    session.event("todo.add#2", "titleChanged", {"title": "Water plants"})
    session.event("todo.add#2", "dueDateChanged", {"dueDate": "2026-11-24"})
    assert session.view_model("todo.add#2")["saveEnabled"] is True
    session.drain_notifications()

    # Midnight passes: both scenes render again, bottom of the stack first.
    _, notes = caused(session, lambda: session.set_clock("2026-11-25T00:00:01Z"))
    assert notes == [
        render(LIST, "todo.list", TODO_LIST_EMPTY),
        render("todo.add#2", "todo.add", add_form("Water plants", "2026-11-24", ["The due date is in the past"])),
    ]
    assert_stack_matches_engine(session)

    with pytest.raises(ValueError):  # a naive datetime has no offset; the client refuses to send it
        session.set_clock(datetime.datetime(2026, 11, 26, 9, 0))


def test_week_starts_on_the_session_first_weekday(open_session: SessionFactory) -> None:
    """initialize's options reach the engine: with weeks starting on Monday in Paris, Sunday 22
    is later this week, not next week (examples/todo/monday-first.transcript)."""
    session = open_session()
    start_todo(session, time_zone="Europe/Paris", first_weekday=2, locale="fr_FR")
    open_add(session)
    session.event(ADD, "titleChanged", {"title": "Marché"})  # and non-ASCII text travels as UTF-8
    session.event(ADD, "dueDateChanged", {"dueDate": "2026-11-22"})
    session.event(ADD, "saveTapped")
    assert session.view_model(LIST)["sections"] == [
        {"items": [{"dueDate": "2026-11-22", "dueDay": "dimanche", "id": "1", "title": "Marché"}], "kind": "laterThisWeek", "title": "Later This Week"}
    ]


def test_a_save_persists_across_a_restart(open_session: SessionFactory, tmp_path) -> None:
    database = str(tmp_path / "data" / "viper.sqlite")
    first = open_session(db=database)
    start_todo(first)
    open_add(first)
    first.event(ADD, "titleChanged", {"title": "Renew passport"})
    first.event(ADD, "dueDateChanged", {"dueDate": "2026-11-23"})
    first.event(ADD, "saveTapped")
    saved = first.view_model(LIST)
    assert saved["sections"][0]["items"][0]["title"] == "Renew passport"
    first.shutdown()
    with pytest.raises(ViperError) as after_shutdown:
        first.state()
    assert after_shutdown.value.kind == "shutDown"
    open_session.stop(first)
    assert first.closed

    second = open_session(db=database)
    start_todo_list = second.initialize(now=NOW)
    assert start_todo_list["protocolVersion"] == "1.1"
    second.start("todo")
    assert second.view_model(LIST) == saved
