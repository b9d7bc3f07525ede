# Expect 'TypedDict "TodoListViewModel" has no key "isEmtpy"': a view model's field, misspelled.
from viper_client import Session

from viper_apps import start


def misuse(session: Session) -> bool:
    return start(session, "todo").view_model["isEmtpy"]
