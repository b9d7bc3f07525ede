"""Resuming a WebSocket session after its connection broke (protocol 1.1, resumable sessions).

A ``viper serve --listen`` that keeps journals (``--db FILE --journal``, or ``--database URL``)
answers ``initialize`` with a ``resumeKey``. When the connection then breaks without the client
having closed it (the server was killed or redeployed, the network dropped), the session
reconnects with backoff (:func:`backoff_delays`), sends ``initialize`` again with the same
params plus ``"resume": KEY``, and rebuilds its stack from the ``view.navigate`` and
``view.render`` lines the engine writes before the response. What happened is a
:class:`Resume`, kept in :attr:`Session.resumes <viper_client.session.Session.resumes>` and
handed to the session's ``on_resume`` callback.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator, Mapping, Optional, Tuple

from .errors import RESUME_REFUSED, ViperError

__all__ = ["Resume", "backoff_delays", "read_resume"]


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
