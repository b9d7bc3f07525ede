"""Bad input gets a JSON-RPC error that says what was wrong, raised as ViperError with its code,
kind and path, and the session goes on as the good requests left it
(examples/todo/bad-input.transcript, protocol.md section 10)."""

from __future__ import annotations

import pytest

from conftest import ADD_EMPTY, NOW, TODO_LIST_EMPTY, SessionFactory, add_form
from viper_client import (
    ConnectionClosed,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    NOT_INITIALIZED,
    PARSE_ERROR,
    Session,
    ViperError,
)

LIST = "todo.list#1"
ADD = "todo.add#1"


def refused(call) -> ViperError:
    with pytest.raises(ViperError) as caught:
        call()
    return caught.value


def test_errors_carry_code_kind_and_path_and_the_session_goes_on(open_session: SessionFactory) -> None:
    session: Session = open_session()

    error = refused(session.state)
    assert (error.code, error.kind, error.method) == (NOT_INITIALIZED, "notInitialized", "engine.state")

    # A refused initialize leaves the session uninitialized; a good one then works.
    error = refused(lambda: session.initialize(now=NOW, time_zone="Mars/Olympus_Mons"))
    assert (error.code, error.kind, error.path) == (INVALID_PARAMS, "invalidParams", "params.timeZone")
    assert session.initialize(now=NOW)["protocolVersion"] == "1.1"
    error = refused(lambda: session.initialize(now=NOW))
    assert (error.code, error.kind) == (INVALID_REQUEST, "alreadyInitialized")

    # An unknown method: -32601, naming the method.
    error = refused(lambda: session.request("app.stop"))
    assert (error.code, error.kind, error.data["method"]) == (METHOD_NOT_FOUND, "methodNotFound", "app.stop")
    assert "app.start" in error.message  # the message lists the methods that exist

    # Wrong params: -32602 with the path of the member that was wrong.
    error = refused(lambda: session.request("app.start", {"app": 7}))
    assert (error.code, error.kind, error.path) == (INVALID_PARAMS, "invalidParams", "params.app")
    error = refused(lambda: session.start("tood"))
    assert (error.code, error.kind, error.data["app"]) == (INVALID_PARAMS, "unknownApp", "tood")

    assert session.start("todo") == {"scene": LIST}
    error = refused(lambda: session.event(LIST, "deleteTapped"))
    assert (error.kind, error.data["event"], error.data["scene"]) == ("unknownEvent", "deleteTapped", LIST)
    session.event(LIST, "addTapped")
    error = refused(lambda: session.event(ADD, "titleChanged", {"title": 42}))
    assert (error.code, error.path) == (INVALID_PARAMS, "params.data.title")
    error = refused(lambda: session.event(ADD, "titleChanged"))
    assert (error.path, error.message) == ("params.data.title", "Invalid params: params.data.title is missing.")
    error = refused(lambda: session.event(ADD, "dueDateChanged", {"dueDate": "2026-02-30"}))
    assert error.path == "params.data.dueDate"
    error = refused(lambda: session.set_clock("tomorrow"))
    assert error.path == "params.now"

    # After all that, the session is as the good requests left it.
    assert session.state() == {
        "stack": [
            {"kind": "todo.list", "scene": LIST, "viewModel": TODO_LIST_EMPTY},
            {"kind": "todo.add", "scene": ADD, "viewModel": ADD_EMPTY},
        ]
    }
    session.event(ADD, "titleChanged", {"title": "Still works"})
    assert session.view_model(ADD) == add_form("Still works", None, ["Pick a due date"])


def test_lines_that_are_not_requests_are_answered_to_id_null(open_session: SessionFactory) -> None:
    session: Session = open_session()
    session.initialize(now=NOW)

    session.send_raw('{"jsonrpc":"2.0","id":3,"method":"app.start"')  # cut short
    session.send_raw('[{"jsonrpc":"2.0","id":4,"method":"engine.state"}]')  # a batch
    session.send_raw('{"id":5,"method":"engine.state"}')  # no jsonrpc member
    session.notify("app.stop")  # a notification gets no answer, not even an error
    # Lines are answered in order, so once this has its answer, so have the lines before it.
    assert session.state() == {"stack": []}

    answers = [(m.get("id"), m["error"]["code"], m["error"]["data"]["kind"]) for m in session.unmatched_responses()]
    assert answers == [
        (None, PARSE_ERROR, "parseError"),
        (None, INVALID_REQUEST, "batchNotSupported"),
        (5, INVALID_REQUEST, "invalidRequest"),
    ]
    assert session.start("todo") == {"scene": LIST}
    assert [scene.id for scene in session.stack] == [LIST]


def test_an_engine_that_cannot_start_is_a_connection_closed_with_its_reason(viper_binary: str, tmp_path) -> None:
    """protocol.md section 1: the engine exits 1 before reading anything when it cannot open
    its database, the reason on stderr; the client says so instead of hanging."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    session = Session.spawn(viper_binary, db=str(blocker / "viper.sqlite"))
    with pytest.raises(ConnectionClosed):
        session.initialize(now=NOW)
    session.close()
    assert session.transport.returncode == 1  # type: ignore[attr-defined]
    assert f"{blocker} is a file, not a folder" in session.transport.diagnostics()
    with pytest.raises(ConnectionClosed):
        session.state()
