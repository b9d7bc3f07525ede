# Expect 'No overload variant of "start" matches argument types': an app the engine does not host.
from viper_client import Session

from viper_apps import start


def misuse(session: Session) -> None:
    start(session, "todos").add_tapped()
