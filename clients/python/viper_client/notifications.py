"""The notifications a session receives, queued for whoever waits for them.

The engine writes notifications between requests too (a chat reply renders by itself,
protocol.md section 8), so they cannot be handed over with the response that caused them.
:class:`Notifications` queues every one in the order it came, for callers that iterate or
wait, and calls listeners on the reader thread as each arrives.
"""

from __future__ import annotations

import dataclasses
import queue
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional

__all__ = ["Notification", "Notifications"]

_END = object()  # queued when the session ends, so iterators stop instead of waiting out their timeout


@dataclasses.dataclass(frozen=True)
class Notification:
    """A notification from the engine: ``view.navigate``, ``view.render`` or ``$/cancelRequest``."""

    method: str
    params: Dict[str, Any]

    @property
    def scene(self) -> Optional[str]:
        """The scene id a ``view.navigate`` or ``view.render`` is about."""
        return self.params.get("scene")

    @property
    def kind(self) -> Optional[str]:
        return self.params.get("kind")

    @property
    def view_model(self) -> Any:
        """The view model of a ``view.render`` (``None`` for other notifications)."""
        return self.params.get("viewModel")

    @property
    def action(self) -> Optional[str]:
        """A ``view.navigate``'s action: ``root``, ``push``, ``present``, ``pop`` or ``dismiss``."""
        return self.params.get("action")

    @property
    def is_render(self) -> bool:
        return self.method == "view.render"

    @property
    def is_navigate(self) -> bool:
        return self.method == "view.navigate"


class Notifications:
    """A session's notifications: queued when ``keep`` is true, and given to every listener.

    ``ended`` makes the exception that waiting callers get once the session has ended; the
    queue only knows that it has.
    """

    def __init__(self, ended: Callable[[], BaseException], *, keep: bool = True) -> None:
        #: Whether notifications are queued (a session that only listens need not keep them).
        self.keep = keep
        self._ended = ended
        self._queue: "queue.Queue[Any]" = queue.Queue()
        self._lock = threading.Lock()
        self._listeners: List[Callable[[Notification], None]] = []

    def deliver(self, note: Notification) -> None:
        """Queues ``note`` and calls the listeners with it (on the caller's thread, the reader's)."""
        with self._lock:
            listeners = list(self._listeners)
        if self.keep:
            self._queue.put(note)
        for listener in listeners:
            try:
                listener(note)
            except Exception:
                pass  # a listener's bug must not end the session

    def end(self) -> None:
        """The session has ended: whoever waits stops, now and later."""
        self._queue.put(_END)

    def add_listener(self, listener: Callable[[Notification], None]) -> None:
        with self._lock:
            self._listeners.append(listener)

    def iterate(self, timeout: Optional[float]) -> Iterator[Notification]:
        """Yields notifications as they come; stops after ``timeout`` seconds without one, or
        at the end of the session."""
        while True:
            try:
                item = self._queue.get(timeout=timeout)
            except queue.Empty:
                return
            if item is _END:
                self._queue.put(_END)  # later iterators must stop too
                return
            yield item

    def next(self, timeout: Optional[float]) -> Notification:
        """The next notification; :class:`TimeoutError` when none comes within ``timeout``
        seconds, the session's ending error once it has ended."""
        try:
            item = self._queue.get(timeout=timeout)
        except queue.Empty:
            raise TimeoutError(f"no notification within {timeout} s") from None
        if item is _END:
            self._queue.put(_END)
            raise self._ended()
        assert isinstance(item, Notification)
        return item

    def wait_for(self, predicate: Callable[[Notification], bool], timeout: Optional[float]) -> Notification:
        """Takes notifications until one satisfies ``predicate``, dropping those before it."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                note = self.next(remaining)
            except TimeoutError:
                raise TimeoutError(f"no matching notification within {timeout} s") from None
            if predicate(note):
                return note

    def drain(self) -> List[Notification]:
        """Takes every notification queued now, without waiting."""
        drained: List[Notification] = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return drained
            if item is _END:
                self._queue.put(_END)
                return drained
            drained.append(item)
