# Expect '"TodoList" has no attribute "title_changed"': an event of todo.add sent to the list.
from viper_client import Session

from viper_apps import start


def misuse(session: Session) -> None:
    start(session, "todo").title_changed(title="Water the plants")
