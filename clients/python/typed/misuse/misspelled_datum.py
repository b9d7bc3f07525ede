# Expect 'Unexpected keyword argument "titel"': a member of an event's data, misspelled.
from viper_client import Session

from viper_apps import TodoAdd, find


def misuse(session: Session) -> None:
    form = find(session, TodoAdd)
    if form is not None:
        form.title_changed(title="Water the plants", titel="Water the plants")
