"""A front end written against the typed client `viper typegen --language python` writes: the
ToDo add story and a Flights booking, over `viper serve`'s pipes, checked with mypy --strict."""

from typing import Callable, List

from viper_client import Session
from viper_client.notifications import Notification

from viper_apps import FlightsAvailability, FlightsSummary, TodoAdd, find, scene_of, start


def check(condition: bool, message: str) -> None:
    """Fails the story with ``message`` unless ``condition`` holds."""
    if not condition:
        raise AssertionError(message)


def add_a_todo(session: Session) -> str:
    """The ToDo add story: open the form, type a title, pick a day, save, and find it in the list."""
    moves: List[str] = []

    def heard(note: Notification) -> None:
        if note.method == "view.navigate" and note.kind == TodoAdd.kind:
            moves.append(f"{note.action} {note.scene}")

    session.add_listener(heard)
    session.initialize(now="2026-11-19T09:00:00Z", time_zone="UTC")
    todo_list = start(session, "todo")
    check(todo_list.view_model["isEmpty"], "a new ToDo list is empty")

    todo_list.add_tapped()
    form = find(session, TodoAdd)
    check(form is not None and session.top is not None and session.top.id == form.id, "addTapped presents the form on top")
    assert form is not None
    check(not form.view_model["saveEnabled"], "an empty form cannot be saved")

    form.title_changed(title="Water the plants")
    form.due_date_changed(due_date="2026-11-20")
    check(form.view_model["saveEnabled"] and not form.view_model["problems"], f"a filled form can be saved: {form.view_model}")

    form.save_tapped()
    check(find(session, TodoAdd) is None, "saving dismisses the form")
    items = [item for section in todo_list.view_model["sections"] for item in section["items"]]
    saved = next(item for item in items if item["title"] == "Water the plants")
    check(saved["dueDate"] == "2026-11-20", f"it is due the day picked: {saved}")
    check(moves == ["present todo.add#1", "dismiss todo.add#1"], f"the form came and went: {moves}")
    check(scene_of(session, todo_list.id, TodoAdd) is None, "the list is no form")
    return f"todo: saved \"{saved['title']}\", due {saved['dueDay']}, with \"{TodoAdd.labels['saveTapped']}\""


def book_a_flight(session: Session) -> str:
    """The Flights booking: fill the search, pick the first flight with seats, book it."""
    session.initialize(now="2026-11-23T09:00:00Z", time_zone="Europe/London", locale="en_GB")
    search = start(session, "flights")
    check(not search.view_model["searchEnabled"], "an empty search cannot be sent")

    search.from_changed(code="LGW")
    search.to_changed(code="CDG")
    search.date_changed(date="2026-11-24")
    search.passengers_changed(count=2)
    check(search.view_model["searchEnabled"], f"a filled search can be sent: {search.view_model}")

    search.search_tapped()
    availability = find(session, FlightsAvailability)
    assert availability is not None, "searchTapped pushes the flights"
    flight = next(f for f in availability.view_model["flights"] if f["selectable"] and f["seatsLeft"] >= 2)

    availability.flight_tapped(flight_id=flight["flightId"])
    summary = find(session, FlightsSummary)
    assert summary is not None, "flightTapped pushes the summary"
    check(summary.view_model["bookEnabled"], "the summary offers to book")

    summary.book_tapped()
    booked = summary.view_model
    check(booked["reference"] is not None, f"the booking has a reference: {booked}")
    return f"flights: booked {booked['flightNumber']} {booked['route']} for {booked['passengers']}, {booked['total']}, reference {booked['reference']}"


def main() -> None:
    """Each story in an engine of its own."""
    stories: List[Callable[[Session], str]] = [add_a_todo, book_a_flight]
    for story in stories:
        with Session.spawn(db=":memory:") as session:
            print(f"✔ {story(session)}")


if __name__ == "__main__":
    main()
