"""The requests a session sent and waits for: their ids, their answers to come, and responses
that answered nothing.

The engine answers requests in any order (a cancelled one early, a long one late), and a caller
may choose ids itself, so responses are matched by id here, on the reader thread, while callers
wait on their :class:`PendingRequest` in theirs.
"""

from __future__ import annotations

import concurrent.futures
import threading
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Union

from .errors import ViperError
from .wire import is_key

if TYPE_CHECKING:
    from .session import Session

__all__ = ["PendingRequest", "PendingRequests", "RequestId", "SESSION_TIMEOUT"]

RequestId = Union[int, str]

#: The default of every ``timeout=`` that means "the session's ``timeout``", where ``None``
#: already means "wait for ever".
SESSION_TIMEOUT: Any = object()


class PendingRequest:
    """A request that was sent and may not be answered yet: its id, and its answer to come.

    Returned by :meth:`Session.send`, so that a caller can go on (send more, cancel it with
    :meth:`cancel`) and collect the outcome later with :meth:`result`.
    """

    def __init__(self, session: "Session", request_id: RequestId, method: str, params: Optional[Mapping[str, Any]]) -> None:
        self.id = request_id
        self.method = method
        self.params = params
        self._session = session
        self._future: "concurrent.futures.Future[Any]" = concurrent.futures.Future()
        # The connection (Connection.generation) it was written on; None while not written yet.
        self._sent_on: Optional[int] = None

    def result(self, timeout: Optional[float] = SESSION_TIMEOUT) -> Any:
        """Waits for the response and returns its ``result``; raises :class:`ViperError` for an
        error response, :class:`ConnectionClosed` if the session ended first,
        :class:`ConnectionInterrupted` if the connection broke while it was in flight (the
        session resumed without it), and :class:`TimeoutError` after ``timeout`` seconds
        (default: the session's ``timeout``)."""
        wait = self._session.timeout if timeout is SESSION_TIMEOUT else timeout
        try:
            return self._future.result(wait)
        except concurrent.futures.TimeoutError:
            raise TimeoutError(f"no answer to {self.method} (id {self.id!r}) within {wait} s") from None

    def error(self, timeout: Optional[float] = SESSION_TIMEOUT) -> Optional[BaseException]:
        """Waits like :meth:`result`, but returns the exception instead of raising it."""
        wait = self._session.timeout if timeout is SESSION_TIMEOUT else timeout
        try:
            return self._future.exception(wait)
        except concurrent.futures.TimeoutError:
            raise TimeoutError(f"no answer to {self.method} (id {self.id!r}) within {wait} s") from None

    def done(self) -> bool:
        """True once the response (or the end of the session) has arrived."""
        return self._future.done()

    def cancel(self) -> None:
        """Asks the engine to cancel this request (``$/cancelRequest``); see :meth:`Session.cancel`."""
        self._session.cancel(self.id)

    def _resolve(self, message: Mapping[str, Any]) -> None:
        if self._future.done():
            return
        if "error" in message:
            self._future.set_exception(ViperError.from_response(message["error"], method=self.method, request_id=self.id))
        else:
            self._future.set_result(message.get("result"))

    def _fail(self, error: BaseException) -> None:
        if not self._future.done():
            self._future.set_exception(error)

    def __repr__(self) -> str:
        state = "done" if self.done() else "waiting"
        return f"<PendingRequest {self.method} id={self.id!r} {state}>"


class PendingRequests:
    """The requests of one session still waiting for their answer, by id.

    Ids count up from 1, skipping those a caller chose that are still waiting, so a chosen id
    never collides with a counted one. Whoever takes a request out of here (its response, the
    break it was in flight at, the end of the session) is the one that settles it: a request is
    answered or failed once.
    """

    def __init__(self, session: "Session") -> None:
        self._session = session
        self._lock = threading.Lock()
        self._next_id = 1
        self._waiting: Dict[Any, PendingRequest] = {}
        self._unmatched: List[Dict[str, Any]] = []

    def open(self, method: str, params: Optional[Mapping[str, Any]], request_id: Optional[RequestId] = None) -> PendingRequest:
        """A new request, waiting from now on; :class:`ValueError` when ``request_id`` is one
        that still waits."""
        with self._lock:
            if request_id is None:
                while self._next_id in self._waiting:
                    self._next_id += 1
                request_id = self._next_id
                self._next_id += 1
            elif request_id in self._waiting:
                raise ValueError(f"a request with id {request_id!r} is still waiting for its answer")
            handle = PendingRequest(self._session, request_id, method, params)
            self._waiting[request_id] = handle
        return handle

    def forget(self, handle: PendingRequest) -> bool:
        """Stops waiting for ``handle``; False when it was no longer waiting (answered, or
        taken by a break or the end), and then someone else settles it."""
        with self._lock:
            if self._waiting.get(handle.id) is handle:
                del self._waiting[handle.id]
                return True
            return False

    def match(self, response: Dict[str, Any]) -> Optional[PendingRequest]:
        """The request ``response`` answers, no longer waiting; ``None`` when no request waits
        for its id, and the response is then kept among :meth:`unmatched`."""
        request_id = response.get("id")
        with self._lock:
            handle = self._waiting.pop(request_id, None) if is_key(request_id) else None
            if handle is None:
                self._unmatched.append(response)
        return handle

    def keep_unmatched(self, message: Dict[str, Any]) -> None:
        """Keeps a line that answered nothing (one that is not even a JSON object, say)."""
        with self._lock:
            self._unmatched.append(message)

    def unmatched(self) -> List[Dict[str, Any]]:
        """Responses no request waited for, oldest first (a copy)."""
        with self._lock:
            return list(self._unmatched)

    def take_written(self) -> List[PendingRequest]:
        """Takes the requests that were written (on the connection that just broke): their
        answers will not come. Those not written yet go on waiting for the resume."""
        with self._lock:
            written = [handle for handle in self._waiting.values() if handle._sent_on is not None]
            for handle in written:
                del self._waiting[handle.id]
        return written

    def take_all(self) -> List[PendingRequest]:
        """Takes every waiting request: the session has ended."""
        with self._lock:
            waiting = list(self._waiting.values())
            self._waiting.clear()
        return waiting
