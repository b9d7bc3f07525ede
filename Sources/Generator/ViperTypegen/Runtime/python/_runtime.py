"""The part of each typed client that no app changes: a scene of one kind over viper_client's
Session, and finding the live scene of a kind."""

from typing import Any, ClassVar, Mapping, Optional, Type, TypeVar

from viper_client import Session

#: A calendar day as the wire writes it, ``YYYY-MM-DD``.
Day = str
#: An instant as the wire writes it, ISO 8601 with its offset.
Instant = str
#: Text the user types that must not be shown, logged or kept, such as a password.
Secret = str

S = TypeVar("S", bound="SceneHandle")


class SceneHandle:
    """A live scene of one kind: its id, its view model, and its kind's events as methods."""

    #: The kind's wire name (``todo.add``).
    kind: ClassVar[str]
    #: The screen's title, when the app gives one.
    title: ClassVar[Optional[str]] = None
    #: What to say when its lists are empty, when the app says.
    empty_text: ClassVar[Optional[str]] = None
    #: Words for its events and members, by wire name.
    labels: ClassVar[Mapping[str, str]] = {}
    #: What its members and events mean to a View, by wire name.
    roles: ClassVar[Mapping[str, str]] = {}
    #: The tone of each value of a member with the ``state`` role, by member.
    tones: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    def __init__(self, session: Session, scene_id: str) -> None:
        self.session = session
        self.id = scene_id

    def _send(self, event: str, data: Optional[Mapping[str, Any]] = None) -> None:
        self.session.event(self.id, event, data)

    def _view_model(self) -> Any:
        return self.session.view_model(self.id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SceneHandle) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"


def find(session: Session, kind: Type[S]) -> Optional[S]:
    """The highest live scene of ``kind``, typed."""
    for scene in reversed(session.stack):
        if scene.kind == kind.kind:
            return kind(session, scene.id)
    return None


def scene_of(session: Session, scene_id: str, kind: Type[S]) -> Optional[S]:
    """The live scene ``scene_id`` (from a navigation or a render), typed when it is of ``kind``."""
    for scene in session.stack:
        if scene.id == scene_id and scene.kind == kind.kind:
            return kind(session, scene.id)
    return None
