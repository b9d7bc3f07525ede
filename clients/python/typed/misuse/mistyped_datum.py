# Expect 'has incompatible type "str"; expected "int"': a datum of the wrong type.
from viper_client import Session

from viper_apps import start


def misuse(session: Session) -> None:
    start(session, "flights").passengers_changed(count="2")
