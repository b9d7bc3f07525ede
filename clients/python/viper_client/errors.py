"""The exceptions a client of the viper engine can meet.

They are split by *who* said no, because a caller reacts differently to each: a
:class:`ViperError` is the engine's own JSON-RPC error answer (the session is still usable, and
``kind`` says what to fix), a :class:`ConnectionClosed` means the session is gone (start a new
one), a :class:`ConnectionInterrupted` means the connection broke under one request and the
session went on over a new one, and the WebSocket errors say why a connection never became a session at all.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

# JSON-RPC error codes the engine uses (protocol.md section 10).
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
NOT_INITIALIZED = -32002
REQUEST_CANCELLED = -32800
# The code of a refused resume (data.kind "cannotResume"): it comes in initialize's
# result.resume.error, not as an error response, since the session goes on (a fresh one).
RESUME_REFUSED = -32010

# The code a client sends in an error reply to an effect when the work failed in transport.
# JSON-RPC reserves -32000…-32099 for implementation-defined server errors, which is what a
# failed HTTP request is from the engine's point of view.
EFFECT_FAILED = -32000


class ViperClientError(Exception):
    """Base of every exception this package raises, so one ``except`` can catch them all."""


class ViperError(ViperClientError):
    """An error response from the engine: the request was refused or cancelled.

    The session goes on after one (protocol.md section 10: a bad line never stops the engine),
    so callers can catch it, look at :attr:`kind` and :attr:`path`, and carry on.
    """

    def __init__(
        self,
        code: int,
        message: str,
        data: Optional[Mapping[str, Any]] = None,
        *,
        method: Optional[str] = None,
        request_id: Any = None,
    ) -> None:
        self.code = code
        self.message = message
        self.data: Dict[str, Any] = dict(data or {})
        self.method = method
        self.request_id = request_id
        where = f"{method} (id {request_id!r})" if method else f"id {request_id!r}"
        super().__init__(f"{where}: error {code} [{self.kind}]: {message}")

    @classmethod
    def from_response(cls, error: Any, *, method: Optional[str] = None, request_id: Any = None) -> "ViperError":
        """Builds the exception from a response's ``error`` member, tolerating odd shapes."""
        if not isinstance(error, Mapping):
            return cls(INTERNAL_ERROR, f"malformed error object: {error!r}", method=method, request_id=request_id)
        data = error.get("data")
        return cls(
            int(error.get("code", INTERNAL_ERROR)),
            str(error.get("message", "")),
            data if isinstance(data, Mapping) else None,
            method=method,
            request_id=request_id,
        )

    @property
    def kind(self) -> Optional[str]:
        """The stable ``data.kind`` (``invalidParams``, ``unknownScene``, ``cancelled``…)."""
        kind = self.data.get("kind")
        return kind if isinstance(kind, str) else None

    @property
    def path(self) -> Optional[str]:
        """For ``invalidParams`` and ``invalidReply``: the member that was wrong (``params.data.title``)."""
        path = self.data.get("path")
        return path if isinstance(path, str) else None

    @property
    def cancelled(self) -> bool:
        """True when the request was cancelled or superseded (code -32800)."""
        return self.code == REQUEST_CANCELLED


class ConnectionClosed(ViperClientError, ConnectionError):
    """The session ended: the engine exited, or the WebSocket was closed or dropped.

    Every request still waiting fails with this, and so does every later one. ``code`` and
    ``reason`` are the WebSocket close frame's when there was one (1013 when the server is
    full, 1008 for a client that reads too slowly); ``details`` holds the end of the engine's
    stderr for a spawned engine, which usually says why it stopped.
    """

    def __init__(self, message: str, *, code: Optional[int] = None, reason: Optional[str] = None, details: str = "") -> None:
        self.message = message
        self.code = code
        self.reason = reason
        self.details = details
        text = message
        if code is not None:
            text += f" (close code {code}" + (f": {reason}" if reason else "") + ")"
        if details:
            text += f"\n--- engine stderr ---\n{details}"
        super().__init__(text)


class ConnectionInterrupted(ViperClientError, ConnectionError):
    """The connection broke while this request was in flight, and the session reconnected (or
    is reconnecting) without it.

    The request is **not** sent again, because the engine may or may not have carried it out
    before the break: a save that was never acknowledged exists at most once. Look at the
    session (:attr:`Session.stack`, or ask the engine) before deciding to repeat it. The
    session itself goes on, unlike after :class:`ConnectionClosed`.
    """


class ResumeRefused(ConnectionInterrupted):
    """The engine refused to resume the session after a break, so this request, written while
    the client was reconnecting and addressed to the old session, was never sent.

    The session is a fresh, initialized one now (no app started): start the app again.
    ``resume`` is the :class:`~viper_client.session.Resume` that says why (``resume.reason``:
    ``unknown``, ``expired``, ``workspace`` or ``unavailable``).
    """

    def __init__(self, message: str, resume: Any) -> None:
        self.resume = resume
        super().__init__(message)


class ReconnectFailed(ConnectionClosed):
    """The connection broke and the session could not be resumed: no server answered within
    the session's ``reconnect_timeout``, or one refused the connection for good (401, 403…).
    The session has ended, as with any :class:`ConnectionClosed`; ``last_error`` is what the
    last attempt met."""

    def __init__(self, message: str, *, last_error: Optional[BaseException] = None, code: Optional[int] = None, reason: Optional[str] = None) -> None:
        self.last_error = last_error
        super().__init__(message, code=code, reason=reason)


class WebSocketError(ViperClientError):
    """Something went wrong at the WebSocket layer (RFC 6455)."""


class HandshakeError(WebSocketError):
    """The server refused the upgrade: 401 without the right token, 403 for a foreign origin or
    host, 404 for a wrong path, 426 for a request that did not ask to upgrade."""

    def __init__(self, status: int, reason: str, headers: Mapping[str, str], body: str) -> None:
        self.status = status
        self.reason = reason
        self.headers = dict(headers)
        self.body = body
        detail = f": {body.strip()}" if body.strip() else ""
        super().__init__(f"WebSocket upgrade refused with HTTP {status} {reason}{detail}")


class WebSocketClosed(WebSocketError):
    """The peer closed the connection; ``code`` and ``reason`` come from its close frame
    (1005 when it gave no code, 1006 when the connection dropped without a close frame)."""

    def __init__(self, code: int, reason: str = "") -> None:
        self.code = code
        self.reason = reason
        super().__init__(f"WebSocket closed with code {code}" + (f": {reason}" if reason else ""))


class WebSocketProtocolError(WebSocketError):
    """The peer broke RFC 6455 (a masked server frame, a fragment out of order, bad UTF-8…)."""


class EffectError(Exception):
    """Raise this from an effect handler to choose the error reply's code and message.

    Any other exception a handler raises is reported too, with :data:`EFFECT_FAILED` and the
    exception's text: the engine's service then sees a network failure carrying that text
    (protocol.md section 6).
    """

    def __init__(self, message: str, code: int = EFFECT_FAILED) -> None:
        self.code = code
        self.message = message
        super().__init__(message)
