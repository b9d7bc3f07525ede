"""viper_client: a Python client of the viper engine's JSON-RPC protocol (protocol.md).

The engine runs VIPER apps headlessly; this package is a View for it. A typical session::

    from viper_client import Session

    with Session.spawn(db=":memory:") as session:          # or Session.connect("ws://…/session")
        session.initialize(now="2026-11-19T09:00:00Z")
        scene = session.start("todo")["scene"]               # "todo.list#1"
        session.event(scene, "addTapped")
        form = session.top.id                                # "todo.add#1"
        session.event(form, "titleChanged", {"title": "Buy milk"})
        session.event(form, "dueDateChanged", {"dueDate": "2026-11-20"})
        session.event(form, "saveTapped")
        print(session.view_model(scene)["sections"])

Over WebSocket, a session whose server keeps journals resumes by itself when its connection
breaks (:mod:`viper_client.resume`).

Only the standard library is used, so the package runs wherever Python 3.9+ does.
"""

from .effects import EffectHandler, UrllibHttpPerformer, http_response
from .errors import (
    EFFECT_FAILED,
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    NOT_INITIALIZED,
    PARSE_ERROR,
    REQUEST_CANCELLED,
    RESUME_REFUSED,
    ConnectionClosed,
    ConnectionInterrupted,
    EffectError,
    HandshakeError,
    ReconnectFailed,
    ResumeRefused,
    ViperClientError,
    ViperError,
    WebSocketClosed,
    WebSocketError,
    WebSocketProtocolError,
)
from .notifications import Notification
from .pending import PendingRequest
from .resume import Resume
from .server import ListeningServer
from .session import Session
from .stack import Scene
from .transport import StdioTransport, Transport, WebSocketTransport, find_binary
from .websocket import WebSocket
from .wire import to_wire

__version__ = "0.1.0"

#: A shorter name for the same thing: a client is a session with the engine.
Client = Session

__all__ = [
    "Client",
    "ConnectionClosed",
    "ConnectionInterrupted",
    "EFFECT_FAILED",
    "EffectError",
    "EffectHandler",
    "HandshakeError",
    "INTERNAL_ERROR",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "ListeningServer",
    "METHOD_NOT_FOUND",
    "NOT_INITIALIZED",
    "Notification",
    "PARSE_ERROR",
    "PendingRequest",
    "REQUEST_CANCELLED",
    "RESUME_REFUSED",
    "ReconnectFailed",
    "Resume",
    "ResumeRefused",
    "Scene",
    "Session",
    "StdioTransport",
    "Transport",
    "UrllibHttpPerformer",
    "ViperClientError",
    "ViperError",
    "WebSocket",
    "WebSocketClosed",
    "WebSocketError",
    "WebSocketProtocolError",
    "WebSocketTransport",
    "find_binary",
    "http_response",
    "to_wire",
]
