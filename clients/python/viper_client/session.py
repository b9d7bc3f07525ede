"""A session with the viper engine: requests, notifications, the scene stack, and effects.

The engine reads while it works and may write at any time (background renders, ``effect.http``
requests, ``$/cancelRequest`` for its own requests), so a client cannot simply write a request
and read the next line as its answer. :class:`Session` therefore owns one reader thread that
takes every line the engine writes, in order, and:

- routes responses to the caller waiting on that id (:class:`PendingRequest`);
- applies ``view.navigate`` and ``view.render`` to its copy of the stack, *before* it hands
  over the response of the request that caused them, so that when a call such as
  :meth:`Session.event` returns, :attr:`Session.stack` already shows its effect (the engine
  writes a request's notifications before its response, protocol.md section 2);
- queues every notification for :meth:`Session.notifications`, so background renders that
  arrive between requests (a chat reply, protocol.md section 8) can be awaited;
- hands ``effect.http`` requests to the handler given in ``effects=``, each on a thread of its
  own (a long poll must not stop the reader), and replies with what it returns, unless the
  engine cancelled the effect meanwhile;
- over WebSocket, when the connection breaks and the server gave a ``resumeKey``, reconnects
  and resumes the session (:mod:`viper_client.resume`): requests in flight fail with
  :class:`~viper_client.errors.ConnectionInterrupted`, lines sent meanwhile wait for the resume,
  and the stack is rebuilt from the lines the engine writes before its answer.
"""

from __future__ import annotations

import concurrent.futures
import copy
import dataclasses
import datetime
import inspect
import json
import queue
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from .effects import EffectHandler
from .errors import (
    EFFECT_FAILED,
    METHOD_NOT_FOUND,
    ConnectionClosed,
    ConnectionInterrupted,
    EffectError,
    HandshakeError,
    ReconnectFailed,
    ResumeRefused,
    ViperClientError,
    ViperError,
    WebSocketError,
)
from .resume import Resume, backoff_delays, read_resume
from .transport import StdioTransport, Transport, WebSocketTransport

__all__ = ["Session", "PendingRequest", "Notification", "Scene", "RequestId", "Resume"]

RequestId = Union[int, str]
_UNSET: Any = object()
_END = object()  # queued when the session ends, so iterators stop instead of waiting out their timeout


#: The close code of a session another connection resumed (protocol.md §1.1): not resumed again.
RESUMED_ELSEWHERE = 4001


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


@dataclasses.dataclass
class Scene:
    """One live scene as the View knows it: what :attr:`Session.stack` holds, bottom first."""

    id: str
    kind: str
    #: The view model it last rendered; ``None`` before its first render.
    view_model: Any = None
    #: How it joined the stack: ``root``, ``push`` or ``present`` (``None`` when learnt from ``engine.state``).
    action: Optional[str] = None
    #: The scene whose Router opened it (``view.navigate``'s ``from``).
    opened_from: Optional[str] = None


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
        # The connection (Session._generation) it was written on; None while not written yet.
        self._sent_on: Optional[int] = None

    def result(self, timeout: Optional[float] = _UNSET) -> Any:
        """Waits for the response and returns its ``result``; raises :class:`ViperError` for an
        error response, :class:`ConnectionClosed` if the session ended first,
        :class:`ConnectionInterrupted` if the connection broke while it was in flight (the
        session resumed without it), and :class:`TimeoutError` after ``timeout`` seconds
        (default: the session's ``timeout``)."""
        wait = self._session.timeout if timeout is _UNSET else timeout
        try:
            return self._future.result(wait)
        except concurrent.futures.TimeoutError:
            raise TimeoutError(f"no answer to {self.method} (id {self.id!r}) within {wait} s") from None

    def error(self, timeout: Optional[float] = _UNSET) -> Optional[BaseException]:
        """Waits like :meth:`result`, but returns the exception instead of raising it."""
        wait = self._session.timeout if timeout is _UNSET else timeout
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


class _EffectTask:
    def __init__(self, request_id: Any, method: str, generation: int) -> None:
        self.id = request_id
        self.method = method
        self.generation = generation  # its reply goes on this connection or nowhere
        self.cancelled = threading.Event()


def to_wire(value: Any) -> Any:
    """Converts what Python has into what the wire wants: ``datetime`` to an ISO 8601 instant
    (it must know its offset: the engine refuses instants without one), ``date`` to
    ``YYYY-MM-DD``, recursively through mappings and sequences."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"an instant needs a UTC offset, the engine refuses {value.isoformat()!r}: use an aware datetime")
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): to_wire(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_wire(item) for item in value]
    return value


def _accepts_cancelled(handler: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(handler).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "cancelled" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


class Session:
    """One session with the engine, over any :class:`~viper_client.transport.Transport`.

    Build one with :meth:`spawn` (a ``viper serve`` of its own, over stdio) or :meth:`connect`
    (a WebSocket session of a running ``viper serve --listen``), then :meth:`initialize`.
    Use it as a context manager, or call :meth:`close`, to end the session cleanly.

    ``effects`` maps an effect kind (``"http"``) to the handler that performs it; the kinds are
    declared in ``initialize``'s ``capabilities.effects`` unless ``capabilities`` is given.
    ``timeout`` is how long a request is waited for by default: a guard against a hung engine,
    not a deadline a healthy one gets near.

    Over WebSocket, a session whose server keeps journals resumes by itself when the connection
    breaks (see :mod:`viper_client.resume`): it tries again for ``reconnect_timeout`` seconds,
    then ends with :class:`~viper_client.errors.ReconnectFailed`. ``on_resume`` is called with
    each :class:`~viper_client.resume.Resume`, on a thread of its own (so it may make calls,
    such as starting the app again after a refusal). ``reconnect=False`` ends the session at the
    first break instead, as without journals.
    """

    def __init__(
        self,
        transport: Transport,
        *,
        effects: Optional[Mapping[str, EffectHandler]] = None,
        timeout: Optional[float] = 30.0,
        keep_notifications: bool = True,
        reconnect: bool = True,
        reconnect_timeout: float = 30.0,
        on_resume: Optional[Callable[[Resume], None]] = None,
    ) -> None:
        self.transport = transport
        self.timeout = timeout
        self.effects: Dict[str, EffectHandler] = dict(effects or {})
        self.keep_notifications = keep_notifications
        #: The ``initialize`` result, once initialized.
        self.server_info: Optional[Dict[str, Any]] = None
        self._lock = threading.RLock()
        self._next_id = 1
        self._pending: Dict[Any, PendingRequest] = {}
        self._notes: "queue.Queue[Any]" = queue.Queue()
        self._stack: List[Scene] = []
        self._listeners: List[Callable[[Notification], None]] = []
        self._effect_tasks: Dict[Any, _EffectTask] = {}
        self._unmatched: List[Dict[str, Any]] = []
        self._cancelled_effects: List[Any] = []
        # Why the session ended (message, close code, close reason, engine stderr), once it has.
        self._ended: Optional[Tuple[str, Optional[int], Optional[str], str]] = None
        self._closing = False
        #: Whether a broken connection is resumed (only transports that can reconnect do).
        self.reconnect = reconnect
        #: How long to try reconnecting after a break before giving up, in seconds.
        self.reconnect_timeout = reconnect_timeout
        #: Called with each :class:`Resume`, on a thread of its own.
        self.on_resume = on_resume
        self._resume_key: Optional[str] = None
        self._initialize_params: Dict[str, Any] = {}
        self._resumes: List[Resume] = []
        # Which connection the transport is (one more at each break and each new connection);
        # whether requests may be written on it now (False from a break until its resume ends);
        # the lines written meanwhile, sent once the session is resumed.
        self._generation = 0
        self._ready = True
        self._backlog: List[Tuple[str, Optional[PendingRequest]]] = []
        self._wake = threading.Event()  # set by close(), to stop waiting between reconnections
        self._gave_up: Optional[ReconnectFailed] = None
        self._replay_navigates = 0
        self._reader = threading.Thread(target=self._read_loop, name="viper-client-reader", daemon=True)
        self._reader.start()

    # Construction

    @classmethod
    def spawn(
        cls,
        binary: Optional[str] = None,
        *,
        db: Optional[str] = ":memory:",
        args: Sequence[str] = (),
        env: Optional[Mapping[str, str]] = None,
        cwd: Optional[str] = None,
        effects: Optional[Mapping[str, EffectHandler]] = None,
        timeout: Optional[float] = 30.0,
        keep_notifications: bool = True,
    ) -> "Session":
        """Starts ``viper serve --db DB ARGS…`` and returns a session over its pipes.

        ``binary`` defaults to ``$VIPER_BINARY``, then ``viper`` on ``PATH``. ``db`` is passed as
        ``--db`` (``None`` leaves the engine's default file); ``args`` go on the command line
        as they are (``--enable-fault-injection``, ``--api-url URL``…).
        """
        transport = StdioTransport(binary, db=db, args=args, env=env, cwd=cwd)
        return cls(transport, effects=effects, timeout=timeout, keep_notifications=keep_notifications)

    @classmethod
    def connect(
        cls,
        url: str,
        *,
        token: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        origin: Optional[str] = None,
        effects: Optional[Mapping[str, EffectHandler]] = None,
        timeout: Optional[float] = 30.0,
        connect_timeout: float = 10.0,
        fragment_size: Optional[int] = None,
        keep_notifications: bool = True,
        reconnect: bool = True,
        reconnect_timeout: float = 30.0,
        on_resume: Optional[Callable[[Resume], None]] = None,
    ) -> "Session":
        """Opens a WebSocket session at ``url`` (``ws://127.0.0.1:PORT/session``).

        ``token`` is the one in the server's ``--token-file``, sent as a bearer token. Raises
        :class:`~viper_client.errors.HandshakeError` (401, 403…) when the server refuses.
        ``fragment_size`` splits every message sent into frames of that many bytes.
        ``reconnect``, ``reconnect_timeout`` and ``on_resume``: see :class:`Session`.
        """
        transport = WebSocketTransport(url, token=token, headers=headers, origin=origin, timeout=connect_timeout, fragment_size=fragment_size)
        return cls(
            transport,
            effects=effects,
            timeout=timeout,
            keep_notifications=keep_notifications,
            reconnect=reconnect,
            reconnect_timeout=reconnect_timeout,
            on_resume=on_resume,
        )

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # Sending

    def send(self, method: str, params: Optional[Mapping[str, Any]] = None, *, request_id: Optional[RequestId] = None) -> PendingRequest:
        """Sends a request without waiting and returns its :class:`PendingRequest`.

        Ids count up from 1 unless ``request_id`` is given (any string or integer not already
        waiting). Use this to pipeline requests, or to keep a handle to :meth:`cancel`. While
        the session is reconnecting, the request is kept and sent once it has resumed.
        """
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = to_wire(params)  # before the id is taken: this may refuse a value
        with self._lock:
            if self._ended is not None:
                raise self._ended_error()
            if request_id is None:
                request_id = self._take_id()
            elif request_id in self._pending:
                raise ValueError(f"a request with id {request_id!r} is still waiting for its answer")
            handle = PendingRequest(self, request_id, method, params)
            self._pending[request_id] = handle
        message["id"] = request_id
        try:
            self._write(message, handle)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return handle

    def _take_id(self) -> int:
        """The next free id of the counter (under the lock)."""
        while self._next_id in self._pending:
            self._next_id += 1
        request_id = self._next_id
        self._next_id += 1
        return request_id

    def request(self, method: str, params: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = _UNSET) -> Any:
        """Sends a request and waits for its result (see :meth:`PendingRequest.result`)."""
        return self.send(method, params).result(timeout)

    def _request_object(self, method: str, params: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = _UNSET) -> Dict[str, Any]:
        """:meth:`request` for the methods whose result is an object, checked to be one."""
        return _as_object(self.request(method, params, timeout=timeout), method)

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, so the engine never answers it, not even with an error)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = to_wire(params)
        self._write(message)

    def send_raw(self, line: str) -> None:
        """Sends ``line`` exactly as given, for testing how the engine takes bad input. Its
        answer, which no :class:`PendingRequest` waits for, lands in :meth:`unmatched_responses`."""
        if "\n" in line:
            raise ValueError("a protocol line cannot contain a line feed")
        self._send_line(line)

    # The methods of protocol.md section 4

    def initialize(
        self,
        *,
        now: Union[str, datetime.datetime, None] = None,
        time_zone: Optional[str] = None,
        locale: Optional[str] = None,
        first_weekday: Optional[int] = None,
        workspace: Optional[str] = None,
        protocol_version: Optional[str] = None,
        capabilities: Optional[Mapping[str, Any]] = None,
        timeout: Optional[float] = _UNSET,
    ) -> Dict[str, Any]:
        """Opens the session (``initialize``); parameters left out take the engine's defaults.

        ``capabilities`` defaults to ``{"effects": [the kinds given in effects=]}``, so a
        session that can perform HTTP says so. The result is also kept in :attr:`server_info`.
        The params, and the result's ``resumeKey`` when the server keeps journals, are kept to
        resume the session after a break (:attr:`resume_key`).
        """
        params: Dict[str, Any] = {}
        if protocol_version is not None:
            params["protocolVersion"] = protocol_version
        if now is not None:
            params["now"] = now
        if time_zone is not None:
            params["timeZone"] = time_zone
        if locale is not None:
            params["locale"] = locale
        if first_weekday is not None:
            params["firstWeekday"] = first_weekday
        if workspace is not None:
            params["workspace"] = workspace
        if capabilities is None and self.effects:
            capabilities = {"effects": sorted(self.effects)}
        if capabilities is not None:
            params["capabilities"] = dict(capabilities)
        result = self._request_object("initialize", params, timeout=timeout)
        self.server_info = result
        return result

    def start(self, app: str) -> Dict[str, Any]:
        """``app.start``: shows the app's root scene, replacing the stack. Result ``{"scene"}``."""
        return self._request_object("app.start", {"app": app})

    def event(self, scene: str, name: str, data: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = _UNSET) -> Dict[str, Any]:
        """``view.event``: a user event for a live scene; everything it causes has arrived (and
        :attr:`stack` shows it) when this returns."""
        return _as_object(self.send_event(scene, name, data).result(timeout), "view.event")

    def send_event(self, scene: str, name: str, data: Optional[Mapping[str, Any]] = None) -> PendingRequest:
        """``view.event`` without waiting, for an event that may need :meth:`cancel`."""
        params: Dict[str, Any] = {"scene": scene, "event": name}
        if data is not None:
            params["data"] = data
        return self.send("view.event", params)

    def back(self, scene: str) -> Dict[str, Any]:
        """``view.back``: the platform's back gesture on the top scene (pop or dismiss)."""
        return self._request_object("view.back", {"scene": scene})

    def set_clock(self, now: Union[str, datetime.datetime]) -> Dict[str, Any]:
        """``clock.set``: fixes the session clock; time-dependent scenes render again."""
        return self._request_object("clock.set", {"now": now})

    def post(self, name: str, payload: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """``notification.post``: an event from outside the View on the bus. Result ``{"delivered"}``."""
        params: Dict[str, Any] = {"name": name}
        if payload is not None:
            params["payload"] = payload
        return self._request_object("notification.post", params)

    def state(self) -> Dict[str, Any]:
        """``engine.state``: the engine's own stack, ``{"stack": [{"scene", "kind", "viewModel"}]}``."""
        return self._request_object("engine.state")

    def describe(self) -> Dict[str, Any]:
        """``engine.describe``: the apps, scenes, events and view models the engine hosts."""
        return self._request_object("engine.describe")

    def idle(self, *, timeout: Optional[float] = _UNSET) -> Dict[str, Any]:
        """``engine.idle``: answers once nothing more happens without outside input (a barrier)."""
        return self._request_object("engine.idle", timeout=timeout)

    def shutdown(self) -> None:
        """``shutdown``: later requests get ``shutDown``; :meth:`close` then ends the engine."""
        self.request("shutdown")

    def cancel(self, request: Union[RequestId, PendingRequest]) -> None:
        """``$/cancelRequest`` for a request of this session (a notification: never answered).

        A running or waiting request is then answered with -32800 ``cancelled``; an id that is
        unknown or already answered is ignored by the engine (protocol.md section 9).
        """
        request_id = request.id if isinstance(request, PendingRequest) else request
        self.notify("$/cancelRequest", {"id": request_id})

    # What the engine has shown

    @property
    def stack(self) -> List[Scene]:
        """The live scenes, bottom first, with their last view models (a copy)."""
        with self._lock:
            return copy.deepcopy(self._stack)

    @property
    def top(self) -> Optional[Scene]:
        """The scene on top of the stack, the one the user sees."""
        with self._lock:
            return copy.deepcopy(self._stack[-1]) if self._stack else None

    def scene(self, scene_id: str) -> Scene:
        """The live scene with this id; :class:`KeyError` when it is not on the stack."""
        with self._lock:
            for scene in self._stack:
                if scene.id == scene_id:
                    return copy.deepcopy(scene)
        raise KeyError(f"no live scene is {scene_id!r}; live: {[s.id for s in self.stack]}")

    def view_model(self, scene_id: str) -> Any:
        """The view model the live scene ``scene_id`` last rendered."""
        return self.scene(scene_id).view_model

    def sync_stack(self) -> List[Scene]:
        """Replaces the tracked stack with the engine's (``engine.state``), keeping what only the
        notifications told (action, opener) for scenes still there, and returns it."""
        engine_stack = self.state()["stack"]
        with self._lock:
            known = {scene.id: scene for scene in self._stack}
            self._stack = [
                Scene(
                    id=entry["scene"],
                    kind=entry["kind"],
                    view_model=entry.get("viewModel"),
                    action=known[entry["scene"]].action if entry["scene"] in known else None,
                    opened_from=known[entry["scene"]].opened_from if entry["scene"] in known else None,
                )
                for entry in engine_stack
            ]
            return copy.deepcopy(self._stack)

    # Resuming after a break

    @property
    def resume_key(self) -> Optional[str]:
        """The newest ``resumeKey`` the engine gave (``None`` when it keeps no journals, and the
        session then cannot resume): the same after a successful resume, a new one after a refusal."""
        with self._lock:
            return self._resume_key

    @property
    def reconnecting(self) -> bool:
        """True from the moment a break is noticed until the session has resumed (or ended)."""
        with self._lock:
            return not self._ready and self._ended is None

    @property
    def resumes(self) -> List[Resume]:
        """Every reconnection so far, oldest first (a copy)."""
        with self._lock:
            return list(self._resumes)

    @property
    def last_resume(self) -> Optional[Resume]:
        """The latest reconnection, or ``None`` when the connection never broke."""
        with self._lock:
            return self._resumes[-1] if self._resumes else None

    # Notifications

    def notifications(self, timeout: Optional[float] = 1.0) -> Iterator[Notification]:
        """Yields notifications in the order the engine wrote them, as they arrive, including
        those queued already. Stops when none arrives for ``timeout`` seconds (``None``: never)
        or when the session has ended, so ``for note in session.notifications(timeout=5)`` is a
        loop that waits for background renders with a bound."""
        while True:
            try:
                item = self._notes.get(timeout=timeout)
            except queue.Empty:
                return
            if item is _END:
                self._notes.put(_END)  # later iterators must stop too
                return
            yield item

    def next_notification(self, timeout: Optional[float] = _UNSET) -> Notification:
        """The next notification; :class:`TimeoutError` when none comes in time (default: the
        session's ``timeout``), :class:`ConnectionClosed` when the session has ended."""
        wait = self.timeout if timeout is _UNSET else timeout
        try:
            item = self._notes.get(timeout=wait)
        except queue.Empty:
            raise TimeoutError(f"no notification within {wait} s") from None
        if item is _END:
            self._notes.put(_END)
            raise self._ended_error()
        assert isinstance(item, Notification)
        return item

    def wait_for(self, predicate: Callable[[Notification], bool], timeout: Optional[float] = _UNSET) -> Notification:
        """Consumes notifications until one satisfies ``predicate`` and returns it; those before
        it are dropped. :class:`TimeoutError` when none does within ``timeout`` seconds."""
        wait = self.timeout if timeout is _UNSET else timeout
        deadline = None if wait is None else time.monotonic() + wait
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                note = self.next_notification(remaining)
            except TimeoutError:
                raise TimeoutError(f"no matching notification within {wait} s") from None
            if predicate(note):
                return note

    def wait_for_render(
        self,
        scene: Optional[str] = None,
        *,
        kind: Optional[str] = None,
        where: Optional[Callable[[Any], bool]] = None,
        timeout: Optional[float] = _UNSET,
    ) -> Notification:
        """Waits for a ``view.render`` of ``scene`` (or of a scene of ``kind``) whose view model
        satisfies ``where``; see :meth:`wait_for`."""

        def matches(note: Notification) -> bool:
            return (
                note.is_render
                and (scene is None or note.scene == scene)
                and (kind is None or note.kind == kind)
                and (where is None or bool(where(note.view_model)))
            )

        return self.wait_for(matches, timeout)

    def drain_notifications(self) -> List[Notification]:
        """Takes every notification queued now, without waiting: after a request returns, these
        are the lines it caused (plus any background ones that came before its response)."""
        drained: List[Notification] = []
        while True:
            try:
                item = self._notes.get_nowait()
            except queue.Empty:
                return drained
            if item is _END:
                self._notes.put(_END)
                return drained
            drained.append(item)

    def add_listener(self, listener: Callable[[Notification], None]) -> None:
        """Calls ``listener(note)`` on the reader thread for every notification, after the stack
        was updated. Keep it quick; it must not wait for this session's responses."""
        with self._lock:
            self._listeners.append(listener)

    def unmatched_responses(self) -> List[Dict[str, Any]]:
        """Responses no request waited for: errors with id ``null`` for lines the engine could
        not read, answers to :meth:`send_raw`, and ``unknownReply``/``invalidReply`` for effect
        replies. A line from the engine that is not a JSON object appears as ``{"unreadable": line}``."""
        with self._lock:
            return list(self._unmatched)

    @property
    def cancelled_effects(self) -> List[Any]:
        """Ids of the engine's requests it cancelled with ``$/cancelRequest``, in order."""
        with self._lock:
            return list(self._cancelled_effects)

    # Ending

    @property
    def closed(self) -> bool:
        """True once the session has ended (the engine exited or the connection closed)."""
        return self._ended is not None

    def close(self, timeout: float = 10.0) -> None:
        """Ends the session cleanly: tells the engine that input is over (it finishes the
        requests it read, protocol.md section 3), waits for the end of its output, then
        releases the transport (a spawned engine is waited for, and killed if it hangs)."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
            transport = self.transport
        self._wake.set()  # a reconnection waiting for its next attempt gives up at once
        try:
            transport.close_input()
        except Exception:
            pass
        self._reader.join(timeout)
        self.transport.close(timeout)
        self._reader.join(timeout)

    # The reader thread

    def _read_loop(self) -> None:
        failure: Optional[BaseException] = None
        try:
            while True:
                line = self.transport.receive_line()
                if line is None:
                    if self._resume_after_break():
                        continue
                    break
                self._handle_line(line)
        except BaseException as error:  # the reader must always record the end of the session
            failure = error
        finally:
            self._finish(failure)

    def _handle_line(self, line: str) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            with self._lock:
                self._unmatched.append({"unreadable": line})
            return
        if not isinstance(message, dict):
            with self._lock:
                self._unmatched.append({"unreadable": line})
            return
        if isinstance(message.get("method"), str):
            if "id" in message:
                self._handle_engine_request(message)
            else:
                self._handle_notification(Notification(message["method"], message.get("params") or {}))
            return
        with self._lock:
            handle = self._pending.pop(message.get("id"), None) if _hashable(message.get("id")) else None
            if handle is None:
                self._unmatched.append(message)
                return
            if handle.method == "initialize" and isinstance(message.get("result"), dict):
                self._remember_initialize(handle, message["result"])
        handle._resolve(message)

    def _remember_initialize(self, handle: PendingRequest, result: Dict[str, Any]) -> None:
        """Keeps what resuming needs: the params (without ``resume``) and the newest key."""
        params = to_wire(handle.params) if handle.params is not None else {}
        self._initialize_params = {name: value for name, value in params.items() if name != "resume"}
        key = result.get("resumeKey")
        if isinstance(key, str):
            self._resume_key = key
        self.server_info = result

    def _handle_notification(self, note: Notification) -> None:
        with self._lock:
            if note.method == "view.navigate":
                self._replay_navigates += 1
                self._apply_navigate(note.params)
            elif note.method == "view.render":
                for scene in self._stack:
                    if scene.id == note.scene:
                        scene.view_model = note.view_model
            elif note.method == "$/cancelRequest":
                effect_id = note.params.get("id")
                self._cancelled_effects.append(effect_id)
                task = self._effect_tasks.get(effect_id) if _hashable(effect_id) else None
                if task is not None:
                    task.cancelled.set()
            listeners = list(self._listeners)
        if self.keep_notifications:
            self._notes.put(note)
        for listener in listeners:
            try:
                listener(note)
            except Exception:
                pass  # a listener's bug must not end the session

    def _apply_navigate(self, params: Mapping[str, Any]) -> None:
        action, scene_id, kind = params.get("action"), str(params.get("scene")), str(params.get("kind"))
        if action == "root":
            self._stack = [Scene(scene_id, kind, action=action, opened_from=params.get("from"))]
        elif action in ("push", "present"):
            self._stack.append(Scene(scene_id, kind, action=action, opened_from=params.get("from")))
        elif action in ("pop", "dismiss"):
            self._stack = [scene for scene in self._stack if scene.id != scene_id]

    def _handle_engine_request(self, message: Mapping[str, Any]) -> None:
        request_id, method = message.get("id"), message["method"]
        kind = method[len("effect.") :] if method.startswith("effect.") else None
        handler = self.effects.get(kind) if kind else None
        with self._lock:
            task = _EffectTask(request_id, method, self._generation)
            if handler is not None and _hashable(request_id):
                self._effect_tasks[request_id] = task
        if handler is None:
            self._reply_quietly(task, error={"code": METHOD_NOT_FOUND, "message": f"this client performs no {method!r}"})
            return
        params = message.get("params") or {}
        thread = threading.Thread(target=self._perform, args=(task, handler, params), name=f"viper-effect-{request_id}", daemon=True)
        thread.start()

    def _perform(self, task: _EffectTask, handler: EffectHandler, params: Mapping[str, Any]) -> None:
        result: Any = None
        error: Optional[Dict[str, Any]] = None
        try:
            if _accepts_cancelled(handler):
                result = handler(params, cancelled=task.cancelled)
            else:
                result = handler(params)
        except EffectError as failure:
            error = {"code": failure.code, "message": failure.message}
        except Exception as failure:
            error = {"code": EFFECT_FAILED, "message": str(failure) or type(failure).__name__}
        with self._lock:
            if _hashable(task.id) and self._effect_tasks.get(task.id) is task:
                del self._effect_tasks[task.id]  # not a task of the same id the engine sent again after a resume
        if error is not None:
            self._reply_quietly(task, error=error)
        else:
            self._reply_quietly(task, result=dict(result) if isinstance(result, Mapping) else result)

    def _reply_quietly(self, task: _EffectTask, *, result: Any = _UNSET, error: Optional[Dict[str, Any]] = None) -> None:
        """Replies on the connection the effect came on, and only there: not when the engine
        cancelled it (protocol.md section 6 says a later reply is ignored, but the cleanest
        client sends none), nor once that connection broke (a resumed engine sends the effects
        it still waits for again), nor after the end of the session."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": task.id}
        if error is not None:
            message["error"] = error
        else:
            message["result"] = result
        try:
            line = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        except ValueError:
            return  # a result JSON cannot carry (NaN): as before, nothing is sent
        with self._lock:
            if task.cancelled.is_set() or self._ended is not None or task.generation != self._generation:
                return
            transport = self.transport
        try:
            transport.send_line(line)
        except (ConnectionClosed, OSError):
            pass  # the connection broke while the effect ran; nobody waits for the reply now

    def _finish(self, failure: Optional[BaseException]) -> None:
        code = self.transport.close_code
        reason = self.transport.close_reason
        if isinstance(failure, ReconnectFailed):
            text, code, reason = failure.message, failure.code, failure.reason
        elif self._closing and failure is None:
            text = "the session was closed"
        elif failure is not None:
            text = f"the connection to the engine failed: {failure}"
        else:
            text = "the engine ended the session"
        details = "" if self._closing else self.transport.diagnostics()
        with self._lock:
            self._gave_up = failure if isinstance(failure, ReconnectFailed) else None
            self._ended = (text, code, reason, details)
            pending = list(self._pending.values())
            self._pending.clear()
            self._backlog.clear()
            for task in self._effect_tasks.values():
                task.cancelled.set()
        for handle in pending:
            handle._fail(self._ended_error())
        self._notes.put(_END)

    def _ended_error(self) -> ConnectionClosed:
        """A fresh exception for each caller, so that tracebacks do not pile up on one object."""
        assert self._ended is not None
        text, code, reason, details = self._ended
        if self._gave_up is not None:
            return ReconnectFailed(text, last_error=self._gave_up.last_error, code=code, reason=reason)
        return ConnectionClosed(text, code=code, reason=reason, details=details)

    # Resuming (protocol 1.1, resumable sessions): all of it runs on the reader thread

    def _may_resume(self) -> bool:
        """Whether a break is to be resumed (under the lock): the client did not close the
        session, the transport can reconnect, and the server gave a key to resume with."""
        return (
            self.reconnect
            and self.transport.can_reconnect
            and self._resume_key is not None
            and not self._closing
            and self._ended is None
        )

    def _resume_after_break(self) -> bool:
        """Called when the connection ended. Returns False when the session ends with it (the
        client closed it, or it cannot resume), True once it was resumed over a new connection
        (or the engine refused and the session is a fresh one); raises :class:`ReconnectFailed`
        when no attempt succeeded within :attr:`reconnect_timeout`."""
        broken = self.transport
        with self._lock:
            # 1000 from the server is a deliberate end (or the answer to our own close); 4001
            # says another connection resumed the session, which is that connection's now.
            if not self._may_resume() or broken.close_code in (1000, RESUMED_ELSEWHERE):
                return False
            noticed = time.monotonic()
            self._ready = False
            self._generation += 1
            interrupted = [handle for handle in self._pending.values() if handle._sent_on is not None]
            for handle in interrupted:
                del self._pending[handle.id]
            # Their replies would go nowhere; the engine sends the effects it still waits for again.
            for task in self._effect_tasks.values():
                task.cancelled.set()
            self._effect_tasks.clear()
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
        deadline = noticed + self.reconnect_timeout
        last_error: Optional[BaseException] = None
        attempts = 0
        for delay in backoff_delays():
            if self._closing:
                return False
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
                outcome = self._resume_over(transport, deadline)
                if isinstance(outcome, Resume):
                    outcome = dataclasses.replace(
                        outcome, interrupted=len(interrupted), attempts=attempts, downtime=time.monotonic() - noticed, close_code=close_code
                    )
                    self._resumed(outcome)
                    return True
                if outcome is None and self._closing:
                    return False
                last_error = outcome
                if isinstance(outcome, ReconnectFailed):
                    raise outcome
            if self._wake.wait(max(0.0, min(delay, deadline - time.monotonic()))):
                return False  # close() was called
        raise ReconnectFailed(
            f"the connection broke and the session could not be resumed within {self.reconnect_timeout:g} s "
            f"({attempts} attempt{'s' if attempts != 1 else ''}; the last: {last_error or 'none'})",
            last_error=last_error,
            code=close_code,
            reason=close_reason,
        )

    def _resume_over(self, transport: Transport, deadline: float) -> Union[Resume, BaseException, None]:
        """One attempt over a new connection: ``initialize`` with ``resume``, the lines before
        its answer applied as usual. Returns the :class:`Resume` (its counts filled in by the
        caller), or why the attempt failed (``None`` when the client closed the session)."""
        with self._lock:
            if self._closing:
                transport.close(0)
                return None
            self.transport = transport
            self._generation += 1
            params = dict(self._initialize_params)
            params["resume"] = self._resume_key
            handle = PendingRequest(self, self._take_id(), "initialize", params)
            handle._sent_on = self._generation
            self._pending[handle.id] = handle
            self._replay_navigates = 0
        # A server that accepts the connection but never answers must not hold the reader past
        # the deadline: closing the transport wakes it.
        alarm = threading.Timer(max(0.0, deadline - time.monotonic()), transport.close, args=(0,))
        alarm.daemon = True
        alarm.start()
        try:
            request = {"jsonrpc": "2.0", "id": handle.id, "method": "initialize", "params": params}
            transport.send_line(json.dumps(request, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
            while not handle.done():
                line = transport.receive_line()
                if line is None:
                    break
                self._handle_line(line)
        except ConnectionClosed as error:
            handle._fail(error)
        finally:
            alarm.cancel()
        with self._lock:
            self._pending.pop(handle.id, None)
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

    def _resumed(self, resume: Resume) -> None:
        """Finishes a resume: the stack (empty when the engine refused, or showed nothing), the
        lines written meanwhile (sent, or failed after a refusal), then requests flow again."""
        with self._lock:
            if resume.refused or self._replay_navigates == 0:
                self._stack = []
            self._resumes.append(resume)
            refused: List[PendingRequest] = []
            if resume.refused:
                for _, handle in self._backlog:
                    if handle is not None and self._pending.pop(handle.id, None) is handle:
                        refused.append(handle)
                self._backlog.clear()
            transport, generation = self.transport, self._generation
        for handle in refused:
            handle._fail(
                ResumeRefused(
                    f"{handle.method} (id {handle.id!r}) was not sent: the engine refused to resume the session "
                    f"({resume.reason}), which is a fresh one now",
                    resume,
                )
            )
        self._flush_backlog(transport, generation)
        callback = self.on_resume
        if callback is not None:
            threading.Thread(target=_call_quietly, args=(callback, resume), name="viper-client-resume", daemon=True).start()

    def _flush_backlog(self, transport: Transport, generation: int) -> None:
        """Sends what was written while reconnecting, in order, then lets requests through. If
        the new connection breaks meanwhile, what is left waits for the next resume."""
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

    # Writing

    def _write(self, message: Mapping[str, Any], handle: Optional[PendingRequest] = None) -> None:
        self._send_line(json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False), handle)

    def _send_line(self, line: str, handle: Optional[PendingRequest] = None) -> None:
        """Writes a line, or keeps it for after the resume while the session reconnects."""
        while True:
            with self._lock:
                if self._ended is not None:
                    raise self._ended_error()
                if not self._ready:
                    self._backlog.append((line, handle))
                    return
                transport, generation = self.transport, self._generation
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

    def _sent(self, handle: Optional[PendingRequest], generation: int) -> None:
        """Notes which connection a request went out on. If that connection was found broken
        while it was being written, the request is interrupted like those in flight."""
        if handle is None:
            return
        with self._lock:
            if generation == self._generation:
                handle._sent_on = generation
                return
            lost = self._pending.pop(handle.id, None) is handle
        if lost:
            handle._fail(
                ConnectionInterrupted(
                    f"{handle.method} (id {handle.id!r}): the connection broke as it was written; "
                    "it is not sent again, and the engine may or may not have carried it out"
                )
            )

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<Session {state} via {self.transport!r}>"


def _as_object(result: Any, method: str) -> Dict[str, Any]:
    if not isinstance(result, dict):
        raise ViperClientError(f"the engine answered {method} with {result!r}, where protocol.md promises an object")
    return result


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float)) or value is None


def _call_quietly(callback: Callable[[Resume], None], resume: Resume) -> None:
    try:
        callback(resume)
    except Exception:
        pass  # a callback's bug must not end the session
