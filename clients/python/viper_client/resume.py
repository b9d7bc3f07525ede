"""Resuming a WebSocket session after its connection broke (protocol 1.1, resumable sessions).

A ``viper serve --listen`` that keeps journals (``--db FILE --journal``, or ``--database URL``)
answers ``initialize`` with a ``resumeKey``. When the connection then breaks without the client
having closed it (the server was killed or redeployed, the network dropped), the session
reconnects with backoff (:func:`backoff_delays`), sends ``initialize`` again with the same
params plus ``"resume": KEY``, and rebuilds its stack from the ``view.navigate`` and
``view.render`` lines the engine writes before the response. What happened is a
:class:`Resume`, kept in :attr:`Session.resumes <viper_client.session.Session.resumes>` and
handed to the session's ``on_resume`` callback.

:class:`Resumer` is the session's part that does it: it keeps what a resume needs (the key,
the ``initialize`` params), tries again with backoff until its ``timeout``, and runs the
handshake over each new connection; the session hands it the requests cut off by the break and
the means to read the lines of the new connection.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import RESUME_REFUSED, ConnectionClosed, ConnectionInterrupted, HandshakeError, ReconnectFailed, ViperError, WebSocketError
from .transport import Transport
from .wire import encode

if TYPE_CHECKING:
    from .pending import PendingRequest

__all__ = ["Resume", "Resumer", "backoff_delays", "read_resume", "RESUMED_ELSEWHERE"]

#: The close code of a session another connection resumed (protocol.md §1.1): not resumed again.
RESUMED_ELSEWHERE = 4001


@dataclasses.dataclass(frozen=True)
class Resume:
    """One reconnection of a session: how it went, and what the engine said."""

    #: Journal steps the engine replayed to rebuild the session (0 when it refused).
    replayed: int
    #: The refusal (code -32010, kind ``cannotResume``, ``data.reason``), or ``None`` when the
    #: session was resumed.
    error: Optional[ViperError] = None
    #: Requests that were in flight at the break and failed with ``ConnectionInterrupted``.
    interrupted: int = 0
    #: Connections tried, the successful one included.
    attempts: int = 1
    #: Seconds from noticing the break to the engine's answer.
    downtime: float = 0.0
    #: How the broken connection ended: 1006 when it dropped, 1001 when the server was stopping…
    close_code: Optional[int] = None

    @property
    def refused(self) -> bool:
        """True when the engine could not resume: the session is a fresh one, with no app started."""
        return self.error is not None

    @property
    def reason(self) -> Optional[str]:
        """Why it refused: ``unknown``, ``expired``, ``workspace`` or ``unavailable``."""
        if self.error is None:
            return None
        reason = self.error.data.get("reason")
        return reason if isinstance(reason, str) else None


def backoff_delays(first: float = 0.1, cap: float = 2.0, factor: float = 2.0) -> Iterator[float]:
    """The pauses between reconnection attempts: ``first``, then multiplied by ``factor`` up to
    ``cap``, for ever (the caller stops at its deadline): 0.1, 0.2, 0.4, 0.8, 1.6, 2, 2…"""
    if first <= 0 or cap < first or factor < 1:
        raise ValueError(f"backoff needs 0 < first <= cap and factor >= 1, not first={first}, cap={cap}, factor={factor}")
    delay = first
    while True:
        yield delay
        delay = min(cap, delay * factor)


def read_resume(result: Mapping[str, Any]) -> Tuple[int, Optional[ViperError]]:
    """``(replayed, refusal)`` from the result of an ``initialize`` sent with ``resume``.

    A result without a ``resume`` member comes from an engine that does not know the parameter
    (before protocol 1.1's resumable sessions): it started a fresh session, which is read as a
    refusal with reason ``unavailable``, what a server without journals says.
    """
    resume = result.get("resume")
    if not isinstance(resume, Mapping):
        refusal = ViperError(
            RESUME_REFUSED,
            "the engine did not answer the resume: it started a fresh session",
            {"kind": "cannotResume", "reason": "unavailable"},
            method="initialize",
        )
        return 0, refusal
    replayed = resume.get("replayed")
    count = replayed if isinstance(replayed, int) and not isinstance(replayed, bool) else 0
    error = resume.get("error")
    if error is None:
        return count, None
    return count, ViperError.from_response(error, method="initialize")


class Resumer:
    """Resumes a session after its connection broke: the key and params to resume with, the
    reconnections so far, and the attempts themselves (all on the session's reader thread).

    ``enabled``, ``timeout`` and ``on_resume`` are the session's ``reconnect``,
    ``reconnect_timeout`` and ``on_resume``.
    """

    def __init__(self, *, enabled: bool = True, timeout: float = 30.0, on_resume: Optional[Callable[[Resume], None]] = None) -> None:
        self.enabled = enabled
        self.timeout = timeout
        self.on_resume = on_resume
        self._lock = threading.Lock()
        self._key: Optional[str] = None
        self._params: Dict[str, Any] = {}
        self._history: List[Resume] = []
        self._stopped = threading.Event()  # set by stop(), to stop waiting between attempts

    @property
    def key(self) -> Optional[str]:
        with self._lock:
            return self._key

    def history(self) -> List[Resume]:
        """Every reconnection so far, oldest first (a copy)."""
        with self._lock:
            return list(self._history)

    def remember(self, params: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        """Keeps what resuming needs from an answered ``initialize``: its params as sent (but
        ``resume``), and the newest key, when the engine keeps journals and gave one."""
        with self._lock:
            self._params = {name: value for name, value in params.items() if name != "resume"}
            key = result.get("resumeKey")
            if isinstance(key, str):
                self._key = key

    def can_resume(self, transport: Transport) -> bool:
        """Whether a break of ``transport`` can be resumed: resuming is on, the transport can
        reconnect, and the server gave a key to resume with."""
        return self.enabled and transport.can_reconnect and self.key is not None

    def params(self) -> Dict[str, Any]:
        """The params of the ``initialize`` that resumes the session."""
        with self._lock:
            return {**self._params, "resume": self._key}

    def stop(self) -> None:
        """The client closes the session: a reconnection waiting for its next attempt gives up."""
        self._stopped.set()

    def reconnect(
        self,
        broken: Transport,
        interrupted: Sequence["PendingRequest"],
        *,
        attempt: Callable[[Transport, float], Union[Resume, BaseException, None]],
        closing: Callable[[], bool],
    ) -> Optional[Resume]:
        """Called when ``broken`` ended and the session is to resume: fails the requests that
        were in flight on it, then opens new connections with backoff and has ``attempt(
        transport, deadline)`` resume over each (it returns the :class:`Resume`, why it
        failed, or ``None`` when the client closed the session). Returns the :class:`Resume`
        with its counts filled in, ``None`` when the client closed the session; raises
        :class:`ReconnectFailed` when no attempt succeeded within :attr:`timeout`."""
        noticed = time.monotonic()
        close_code, close_reason = broken.close_code, broken.close_reason
        broken.close(0)
        how = f"close code {close_code}" + (f": {close_reason}" if close_reason else "") if close_code is not None else "no close code"
        for handle in interrupted:
            handle._fail(
                ConnectionInterrupted(
                    f"{handle.method} (id {handle.id!r}): the connection broke ({how}) while it was in flight; "
                    "it is not sent again, and the engine may or may not have carried it out"
                )
            )
        deadline = noticed + self.timeout
        last_error: Optional[BaseException] = None
        attempts = 0
        for delay in backoff_delays():
            if closing():
                return None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            attempts += 1
            try:
                transport = broken.reconnect(timeout=min(10.0, remaining))
            except HandshakeError as error:
                last_error = error
                if 400 <= error.status < 500 and error.status not in (408, 429):
                    break  # 401, 403, 404: asking again will not change the answer
            except (OSError, WebSocketError, ConnectionClosed) as error:
                last_error = error  # nobody listens yet (connection refused), or it dropped at once
            else:
                outcome = attempt(transport, deadline)
                if isinstance(outcome, Resume):
                    return dataclasses.replace(
                        outcome, interrupted=len(interrupted), attempts=attempts, downtime=time.monotonic() - noticed, close_code=close_code
                    )
                if outcome is None and closing():
                    return None
                last_error = outcome
                if isinstance(outcome, ReconnectFailed):
                    raise outcome
            if self._stopped.wait(max(0.0, min(delay, deadline - time.monotonic()))):
                return None  # stop() was called
        raise ReconnectFailed(
            f"the connection broke and the session could not be resumed within {self.timeout:g} s "
            f"({attempts} attempt{'s' if attempts != 1 else ''}; the last: {last_error or 'none'})",
            last_error=last_error,
            code=close_code,
            reason=close_reason,
        )

    def handshake(
        self, transport: Transport, handle: "PendingRequest", deadline: float, read_line: Callable[[str], None]
    ) -> Union[Resume, BaseException]:
        """One attempt over a new connection: sends ``handle``, the ``initialize`` with
        ``resume``, and has ``read_line`` take every line before its answer (the stack the
        engine rebuilt). Returns the :class:`Resume` (its counts filled in by
        :meth:`reconnect`), or why the attempt failed."""
        # A server that accepts the connection but never answers must not hold the reader past
        # the deadline: closing the transport wakes it.
        alarm = threading.Timer(max(0.0, deadline - time.monotonic()), transport.close, args=(0,))
        alarm.daemon = True
        alarm.start()
        try:
            transport.send_line(encode({"jsonrpc": "2.0", "id": handle.id, "method": "initialize", "params": handle.params}))
            while not handle.done():
                line = transport.receive_line()
                if line is None:
                    break
                read_line(line)
        except ConnectionClosed as error:
            handle._fail(error)
        finally:
            alarm.cancel()
        if not handle.done():
            transport.close(0)
            return ConnectionClosed("the new connection ended before the engine answered the resume", code=transport.close_code, reason=transport.close_reason)
        failure = handle.error(0)
        if isinstance(failure, ViperError):
            # An engine that refuses initialize itself gives no session to go on with.
            transport.close(0)
            return ReconnectFailed(f"the engine refused the initialize that resumes the session: {failure}", last_error=failure)
        if failure is not None:
            transport.close(0)
            return failure
        replayed, refusal = read_resume(handle.result(0))
        return Resume(replayed=replayed, error=refusal)

    def record(self, resume: Resume) -> None:
        """Adds a finished resume to the history."""
        with self._lock:
            self._history.append(resume)

    def announce(self, resume: Resume) -> None:
        """Calls ``on_resume`` on a thread of its own, so that it may make calls of the session."""
        callback = self.on_resume
        if callback is not None:
            threading.Thread(target=_call_quietly, args=(callback, resume), name="viper-client-resume", daemon=True).start()


def _call_quietly(callback: Callable[[Resume], None], resume: Resume) -> None:
    try:
        callback(resume)
    except Exception:
        pass  # a callback's bug must not end the session
