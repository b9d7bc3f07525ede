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
  engine cancelled the effect meanwhile.
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
from .errors import EFFECT_FAILED, METHOD_NOT_FOUND, ConnectionClosed, EffectError, ViperClientError, ViperError
from .transport import StdioTransport, Transport, WebSocketTransport

__all__ = ["Session", "PendingRequest", "Notification", "Scene", "RequestId"]

RequestId = Union[int, str]
_UNSET: Any = object()
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

    def result(self, timeout: Optional[float] = _UNSET) -> Any:
        """Waits for the response and returns its ``result``; raises :class:`ViperError` for an
        error response, :class:`ConnectionClosed` if the session ended first, and
        :class:`TimeoutError` after ``timeout`` seconds (default: the session's ``timeout``)."""
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
    def __init__(self, request_id: Any, method: str) -> None:
        self.id = request_id
        self.method = method
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
    """

    def __init__(
        self,
        transport: Transport,
        *,
        effects: Optional[Mapping[str, EffectHandler]] = None,
        timeout: Optional[float] = 30.0,
        keep_notifications: bool = True,
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
    ) -> "Session":
        """Opens a WebSocket session at ``url`` (``ws://127.0.0.1:PORT/session``).

        ``token`` is the one in the server's ``--token-file``, sent as a bearer token. Raises
        :class:`~viper_client.errors.HandshakeError` (401, 403…) when the server refuses.
        ``fragment_size`` splits every message sent into frames of that many bytes.
        """
        transport = WebSocketTransport(url, token=token, headers=headers, origin=origin, timeout=connect_timeout, fragment_size=fragment_size)
        return cls(transport, effects=effects, timeout=timeout, keep_notifications=keep_notifications)

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    # Sending

    def send(self, method: str, params: Optional[Mapping[str, Any]] = None, *, request_id: Optional[RequestId] = None) -> PendingRequest:
        """Sends a request without waiting and returns its :class:`PendingRequest`.

        Ids count up from 1 unless ``request_id`` is given (any string or integer not already
        waiting). Use this to pipeline requests, or to keep a handle to :meth:`cancel`.
        """
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = to_wire(params)  # before the id is taken: this may refuse a value
        with self._lock:
            if self._ended is not None:
                raise self._ended_error()
            if request_id is None:
                while self._next_id in self._pending:
                    self._next_id += 1
                request_id = self._next_id
                self._next_id += 1
            elif request_id in self._pending:
                raise ValueError(f"a request with id {request_id!r} is still waiting for its answer")
            handle = PendingRequest(self, request_id, method, params)
            self._pending[request_id] = handle
        message["id"] = request_id
        try:
            self._write(message)
        except BaseException:
            with self._lock:
                self._pending.pop(request_id, None)
            raise
        return handle

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
        try:
            self.transport.close_input()
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
        handle._resolve(message)

    def _handle_notification(self, note: Notification) -> None:
        with self._lock:
            if note.method == "view.navigate":
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
        if handler is None:
            self._reply_quietly(request_id, error={"code": METHOD_NOT_FOUND, "message": f"this client performs no {method!r}"})
            return
        task = _EffectTask(request_id, method)
        with self._lock:
            if _hashable(request_id):
                self._effect_tasks[request_id] = task
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
            self._effect_tasks.pop(task.id, None)
            # The engine gave up on it: protocol.md section 6 says a later reply is ignored, but
            # the cleanest client sends none.
            if task.cancelled.is_set() or self._ended is not None:
                return
        if error is not None:
            self._reply_quietly(task.id, error=error)
        else:
            self._reply_quietly(task.id, result=dict(result) if isinstance(result, Mapping) else result)

    def _reply_quietly(self, request_id: Any, *, result: Any = _UNSET, error: Optional[Dict[str, Any]] = None) -> None:
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        if error is not None:
            message["error"] = error
        else:
            message["result"] = result
        try:
            self._write(message)
        except (ConnectionClosed, OSError, ValueError):
            pass  # the session ended while the effect ran; nobody waits for the reply now

    def _finish(self, failure: Optional[BaseException]) -> None:
        code = self.transport.close_code
        reason = self.transport.close_reason
        if self._closing and failure is None:
            text = "the session was closed"
        elif failure is not None:
            text = f"the connection to the engine failed: {failure}"
        else:
            text = "the engine ended the session"
        details = "" if self._closing else self.transport.diagnostics()
        with self._lock:
            self._ended = (text, code, reason, details)
            pending = list(self._pending.values())
            self._pending.clear()
            for task in self._effect_tasks.values():
                task.cancelled.set()
        for handle in pending:
            handle._fail(self._ended_error())
        self._notes.put(_END)

    def _ended_error(self) -> ConnectionClosed:
        """A fresh exception for each caller, so that tracebacks do not pile up on one object."""
        assert self._ended is not None
        text, code, reason, details = self._ended
        return ConnectionClosed(text, code=code, reason=reason, details=details)

    # Writing

    def _write(self, message: Mapping[str, Any]) -> None:
        self._send_line(json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False))

    def _send_line(self, line: str) -> None:
        if self._ended is not None:
            raise self._ended_error()
        self.transport.send_line(line)

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<Session {state} via {self.transport!r}>"


def _as_object(result: Any, method: str) -> Dict[str, Any]:
    if not isinstance(result, dict):
        raise ViperClientError(f"the engine answered {method} with {result!r}, where protocol.md promises an object")
    return result


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float)) or value is None
