# Expect 'Missing named argument "title"': an event sent without the data it needs.
from viper_client import Session

from viper_apps import TodoAdd, find


def misuse(session: Session) -> None:
    form = find(session, TodoAdd)
    if form is not None:
        form.title_changed()
