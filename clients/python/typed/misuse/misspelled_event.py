# Expect '"TodoAdd" has no attribute "save_taped"': an event name, misspelled.
from viper_client import Session

from viper_apps import TodoAdd, find


def misuse(session: Session) -> None:
    form = find(session, TodoAdd)
    if form is not None:
        form.save_taped()
