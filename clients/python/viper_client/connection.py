"""The session's line to the engine: the transport of the moment, and writing on it across breaks.

A resumable session outlives its connections, so "write this line" means different things at
different times: send it now; keep it, while the session reconnects, for once it has resumed;
or refuse it, once the session has ended. :class:`Connection` decides which, and numbers the
connections (its ``generation``), so that whoever wrote on one that broke meanwhile can tell.
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Callable, List, Optional, Tuple

from .errors import ConnectionClosed, ReconnectFailed
from .pending import PendingRequest
from .transport import Transport

__all__ = ["Connection", "Ending"]


@dataclasses.dataclass(frozen=True)
class Ending:
    """Why a session ended, kept to fail every request that comes later."""

    text: str
    code: Optional[int]
    reason: Optional[str]
    #: The end of a spawned engine's stderr (empty when the client closed the session).
    details: str
    #: Set when the session ended because no resume succeeded.
    gave_up: Optional[ReconnectFailed] = None

    def error(self) -> ConnectionClosed:
        """A fresh exception for each caller, so that tracebacks do not pile up on one object."""
        if self.gave_up is not None:
            return ReconnectFailed(self.text, last_error=self.gave_up.last_error, code=self.code, reason=self.reason)
        return ConnectionClosed(self.text, code=self.code, reason=self.reason, details=self.details)


class Connection:
    """The transport a session writes on, which changes when it resumes over a new one.

    ``resumable(transport)`` says whether a break of ``transport`` would be resumed (the
    session has a key and may reconnect); ``lost(handle)`` is called for a request written on
    a connection that broke as it was written, whose answer will never come.
    """

    def __init__(self, transport: Transport, *, resumable: Callable[[Transport], bool], lost: Callable[[PendingRequest], None]) -> None:
        self._resumable = resumable
        self._lost = lost
        self._lock = threading.Lock()
        self._transport = transport
        # Which connection the transport is (one more at each break and each new connection);
        # whether requests may be written on it now (False from a break until its resume ends);
        # the lines written meanwhile, sent once the session is resumed.
        self._generation = 0
        self._ready = True
        self._backlog: List[Tuple[str, Optional[PendingRequest]]] = []
        self._closing = False
        self._ending: Optional[Ending] = None

    @property
    def transport(self) -> Transport:
        with self._lock:
            return self._transport

    @property
    def generation(self) -> int:
        with self._lock:
            return self._generation

    @property
    def closing(self) -> bool:
        """True once the client asked to close the session: nothing is resumed from then on."""
        with self._lock:
            return self._closing

    @property
    def ending(self) -> Optional[Ending]:
        """Why the session ended, once it has."""
        with self._lock:
            return self._ending

    @property
    def reconnecting(self) -> bool:
        with self._lock:
            return not self._ready and self._ending is None

    def _may_resume(self) -> bool:
        """(Under the lock.) Whether a break now is to be resumed: the client did not close the
        session, it has not ended, and the transport and the session can resume."""
        return not self._closing and self._ending is None and self._resumable(self._transport)

    # Writing

    def write(self, line: str, handle: Optional[PendingRequest] = None) -> None:
        """Writes a line, or keeps it for after the resume while the session reconnects;
        raises the session's ending error once it has ended. ``handle`` is the request the
        line is, noted as written on this connection once it went out."""
        while True:
            with self._lock:
                if self._ending is not None:
                    raise self._ending.error()
                if not self._ready:
                    self._backlog.append((line, handle))
                    return
                transport, generation = self._transport, self._generation
            try:
                transport.send_line(line)
            except ConnectionClosed:
                with self._lock:
                    resuming = self._may_resume()
                    if resuming and generation == self._generation:
                        self._ready = False  # before the reader notices: keep this line for the resume
                if not resuming:
                    raise
                transport.close(0)  # the line did not go out whole; the reader notices the break
                continue
            self._sent(handle, generation)
            return

    def reply(self, line: str, generation: int) -> None:
        """Sends a reply to the engine on connection ``generation``, and only there: the engine
        of a broken connection waits for nothing, and a resumed one asks again. Never raises."""
        with self._lock:
            if self._ending is not None or generation != self._generation:
                return
            transport = self._transport
        try:
            transport.send_line(line)
        except (ConnectionClosed, OSError):
            pass  # the connection broke while the effect ran; nobody waits for the reply now

    def _sent(self, handle: Optional[PendingRequest], generation: int) -> None:
        """Notes which connection a request went out on. If that connection was found broken
        while it was being written, the request is lost like those in flight."""
        if handle is None:
            return
        with self._lock:
            if generation == self._generation:
                handle._sent_on = generation
                return
        self._lost(handle)

    # Breaks and resumes (all on the reader thread)

    def interrupt(self) -> bool:
        """The transport ended by itself. True when the session is to resume: writing waits
        from now on, and what was written on this connection is known to be cut off."""
        with self._lock:
            if not self._may_resume():
                return False
            self._ready = False
            self._generation += 1
            return True

    def switch(self, transport: Transport) -> Optional[int]:
        """Makes ``transport``, a new connection, the session's; returns its generation, or
        ``None`` (and closes it) when the client closed the session meanwhile."""
        with self._lock:
            if not self._closing:
                self._transport = transport
                self._generation += 1
                return self._generation
        transport.close(0)
        return None

    def drop_backlog(self) -> List[PendingRequest]:
        """Forgets the lines kept for the resume (the engine refused it: they were addressed to
        the old session) and returns the requests among them."""
        with self._lock:
            handles = [handle for _, handle in self._backlog if handle is not None]
            self._backlog.clear()
        return handles

    def flush(self) -> None:
        """Sends what was written while reconnecting, in order, then lets writes through. If
        the new connection breaks meanwhile, what is left waits for the next resume."""
        with self._lock:
            transport, generation = self._transport, self._generation
        while True:
            with self._lock:
                if not self._backlog:
                    self._ready = True
                    return
                line, handle = self._backlog.pop(0)
            try:
                transport.send_line(line)
            except ConnectionClosed:
                with self._lock:
                    self._backlog.insert(0, (line, handle))
                transport.close(0)  # the reader, back in its loop, sees the end and resumes again
                return
            self._sent(handle, generation)

    # Ending

    def start_closing(self) -> Optional[Transport]:
        """The client closes the session: returns the transport to end, or ``None`` when it
        was closing already."""
        with self._lock:
            if self._closing:
                return None
            self._closing = True
            return self._transport

    def end(self, failure: Optional[BaseException]) -> Ending:
        """The session has ended (``failure`` is what ended the reader, if anything did):
        records why, and drops what waited for a resume."""
        with self._lock:
            transport, closing = self._transport, self._closing
        code, reason = transport.close_code, transport.close_reason
        gave_up = failure if isinstance(failure, ReconnectFailed) else None
        if gave_up is not None:
            text, code, reason = gave_up.message, gave_up.code, gave_up.reason
        elif closing and failure is None:
            text = "the session was closed"
        elif failure is not None:
            text = f"the connection to the engine failed: {failure}"
        else:
            text = "the engine ended the session"
        details = "" if closing else transport.diagnostics()
        ending = Ending(text, code, reason, details, gave_up)
        with self._lock:
            self._ending = ending
            self._backlog.clear()
        return ending
