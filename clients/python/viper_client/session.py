"""A session with the viper engine: requests, notifications, the scene stack, and effects.

The engine reads while it works and may write at any time (background renders, ``effect.http``
requests, ``$/cancelRequest`` for its own requests), so a client cannot simply write a request
and read the next line as its answer. :class:`Session` therefore owns one reader thread that
takes every line the engine writes, in order, and hands each to the part that owns it:

- responses go to the caller waiting on that id (:class:`~viper_client.pending.PendingRequests`);
- ``view.navigate`` and ``view.render`` update the copy of the stack
  (:class:`~viper_client.stack.SceneStack`), *before* the response of the request that caused
  them is handed over, so that when a call such as :meth:`Session.event` returns,
  :attr:`Session.stack` already shows its effect (the engine writes a request's notifications
  before its response, protocol.md section 2);
- every notification is queued for :meth:`Session.notifications`
  (:class:`~viper_client.notifications.Notifications`), so background renders that arrive
  between requests (a chat reply, protocol.md section 8) can be awaited;
- ``effect.http`` requests go to the handlers given in ``effects=``
  (:class:`~viper_client.effects.EffectRunner`), each on a thread of its own (a long poll must
  not stop the reader), which reply with what they return, unless the engine cancelled the
  effect meanwhile;
- over WebSocket, when the connection breaks and the server gave a ``resumeKey``, the session
  reconnects and resumes (:class:`~viper_client.resume.Resumer`): requests in flight fail with
  :class:`~viper_client.errors.ConnectionInterrupted`, lines sent meanwhile wait for the resume
  (:class:`~viper_client.connection.Connection`), and the stack is rebuilt from the lines the
  engine writes before its answer.

The parts keep their own state behind their own locks; this module only composes them, and
holds the methods of protocol.md section 4.
"""

from __future__ import annotations

import datetime
import json
import threading
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from .connection import Connection
from .effects import EffectHandler, EffectRunner
from .errors import ConnectionClosed, ConnectionInterrupted, ResumeRefused, ViperClientError
from .notifications import Notification, Notifications
from .pending import SESSION_TIMEOUT, PendingRequest, PendingRequests, RequestId
from .resume import RESUMED_ELSEWHERE, Resume, Resumer
from .stack import Scene, SceneStack
from .transport import StdioTransport, Transport, WebSocketTransport
from .wire import encode, to_wire

__all__ = ["Session", "PendingRequest", "Notification", "Scene", "RequestId", "Resume"]


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
        self.timeout = timeout
        #: The ``initialize`` result, once initialized.
        self.server_info: Optional[Dict[str, Any]] = None
        self._requests = PendingRequests(self)
        self._stack = SceneStack()
        self._notes = Notifications(self._ended_error, keep=keep_notifications)
        self._resumer = Resumer(enabled=reconnect, timeout=reconnect_timeout, on_resume=on_resume)
        self._connection = Connection(transport, resumable=self._resumer.can_resume, lost=self._lost)
        self._effects = EffectRunner(effects, reply=self._connection.reply)
        self._reader = threading.Thread(target=self._read_loop, name="viper-client-reader", daemon=True)
        self._reader.start()

    # The parts' settings, as attributes of the session

    @property
    def transport(self) -> Transport:
        """The transport of the moment: a new one after each resume."""
        return self._connection.transport

    @property
    def effects(self) -> Dict[str, EffectHandler]:
        """The effect handlers by kind (``"http"``)."""
        return self._effects.handlers

    @effects.setter
    def effects(self, handlers: Dict[str, EffectHandler]) -> None:
        self._effects.handlers = handlers

    @property
    def keep_notifications(self) -> bool:
        """Whether notifications are queued for :meth:`notifications` (listeners get them anyway)."""
        return self._notes.keep

    @keep_notifications.setter
    def keep_notifications(self, keep: bool) -> None:
        self._notes.keep = keep

    @property
    def reconnect(self) -> bool:
        """Whether a broken connection is resumed (only transports that can reconnect do)."""
        return self._resumer.enabled

    @reconnect.setter
    def reconnect(self, enabled: bool) -> None:
        self._resumer.enabled = enabled

    @property
    def reconnect_timeout(self) -> float:
        """How long to try reconnecting after a break before giving up, in seconds."""
        return self._resumer.timeout

    @reconnect_timeout.setter
    def reconnect_timeout(self, seconds: float) -> None:
        self._resumer.timeout = seconds

    @property
    def on_resume(self) -> Optional[Callable[[Resume], None]]:
        """Called with each :class:`Resume`, on a thread of its own."""
        return self._resumer.on_resume

    @on_resume.setter
    def on_resume(self, callback: Optional[Callable[[Resume], None]]) -> None:
        self._resumer.on_resume = callback

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
        ending = self._connection.ending
        if ending is not None:
            raise ending.error()
        handle = self._requests.open(method, params, request_id)
        message["id"] = handle.id
        try:
            self._connection.write(encode(message), handle)
        except BaseException:
            self._requests.forget(handle)
            raise
        return handle

    def request(self, method: str, params: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = SESSION_TIMEOUT) -> Any:
        """Sends a request and waits for its result (see :meth:`PendingRequest.result`)."""
        return self.send(method, params).result(timeout)

    def _request_object(self, method: str, params: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = SESSION_TIMEOUT) -> Dict[str, Any]:
        """:meth:`request` for the methods whose result is an object, checked to be one."""
        return _as_object(self.request(method, params, timeout=timeout), method)

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no id, so the engine never answers it, not even with an error)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = to_wire(params)
        self._connection.write(encode(message))

    def send_raw(self, line: str) -> None:
        """Sends ``line`` exactly as given, for testing how the engine takes bad input. Its
        answer, which no :class:`PendingRequest` waits for, lands in :meth:`unmatched_responses`."""
        if "\n" in line:
            raise ValueError("a protocol line cannot contain a line feed")
        self._connection.write(line)

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
        timeout: Optional[float] = SESSION_TIMEOUT,
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

    def event(self, scene: str, name: str, data: Optional[Mapping[str, Any]] = None, *, timeout: Optional[float] = SESSION_TIMEOUT) -> Dict[str, Any]:
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

    def idle(self, *, timeout: Optional[float] = SESSION_TIMEOUT) -> Dict[str, Any]:
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
        return self._stack.scenes()

    @property
    def top(self) -> Optional[Scene]:
        """The scene on top of the stack, the one the user sees."""
        return self._stack.top()

    def scene(self, scene_id: str) -> Scene:
        """The live scene with this id; :class:`KeyError` when it is not on the stack."""
        scene = self._stack.find(scene_id)
        if scene is None:
            raise KeyError(f"no live scene is {scene_id!r}; live: {[s.id for s in self.stack]}")
        return scene

    def view_model(self, scene_id: str) -> Any:
        """The view model the live scene ``scene_id`` last rendered."""
        return self.scene(scene_id).view_model

    def sync_stack(self) -> List[Scene]:
        """Replaces the tracked stack with the engine's (``engine.state``), keeping what only the
        notifications told (action, opener) for scenes still there, and returns it."""
        return self._stack.replace(self.state()["stack"])

    # Resuming after a break

    @property
    def resume_key(self) -> Optional[str]:
        """The newest ``resumeKey`` the engine gave (``None`` when it keeps no journals, and the
        session then cannot resume): the same after a successful resume, a new one after a refusal."""
        return self._resumer.key

    @property
    def reconnecting(self) -> bool:
        """True from the moment a break is noticed until the session has resumed (or ended)."""
        return self._connection.reconnecting

    @property
    def resumes(self) -> List[Resume]:
        """Every reconnection so far, oldest first (a copy)."""
        return self._resumer.history()

    @property
    def last_resume(self) -> Optional[Resume]:
        """The latest reconnection, or ``None`` when the connection never broke."""
        resumes = self._resumer.history()
        return resumes[-1] if resumes else None

    # Notifications

    def notifications(self, timeout: Optional[float] = 1.0) -> Iterator[Notification]:
        """Yields notifications in the order the engine wrote them, as they arrive, including
        those queued already. Stops when none arrives for ``timeout`` seconds (``None``: never)
        or when the session has ended, so ``for note in session.notifications(timeout=5)`` is a
        loop that waits for background renders with a bound."""
        return self._notes.iterate(timeout)

    def next_notification(self, timeout: Optional[float] = SESSION_TIMEOUT) -> Notification:
        """The next notification; :class:`TimeoutError` when none comes in time (default: the
        session's ``timeout``), :class:`ConnectionClosed` when the session has ended."""
        return self._notes.next(self.timeout if timeout is SESSION_TIMEOUT else timeout)

    def wait_for(self, predicate: Callable[[Notification], bool], timeout: Optional[float] = SESSION_TIMEOUT) -> Notification:
        """Consumes notifications until one satisfies ``predicate`` and returns it; those before
        it are dropped. :class:`TimeoutError` when none does within ``timeout`` seconds."""
        return self._notes.wait_for(predicate, self.timeout if timeout is SESSION_TIMEOUT else timeout)

    def wait_for_render(
        self,
        scene: Optional[str] = None,
        *,
        kind: Optional[str] = None,
        where: Optional[Callable[[Any], bool]] = None,
        timeout: Optional[float] = SESSION_TIMEOUT,
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
        return self._notes.drain()

    def add_listener(self, listener: Callable[[Notification], None]) -> None:
        """Calls ``listener(note)`` on the reader thread for every notification, after the stack
        was updated. Keep it quick; it must not wait for this session's responses."""
        self._notes.add_listener(listener)

    def unmatched_responses(self) -> List[Dict[str, Any]]:
        """Responses no request waited for: errors with id ``null`` for lines the engine could
        not read, answers to :meth:`send_raw`, and ``unknownReply``/``invalidReply`` for effect
        replies. A line from the engine that is not a JSON object appears as ``{"unreadable": line}``."""
        return self._requests.unmatched()

    @property
    def cancelled_effects(self) -> List[Any]:
        """Ids of the engine's requests it cancelled with ``$/cancelRequest``, in order."""
        return self._effects.cancelled()

    # Ending

    @property
    def closed(self) -> bool:
        """True once the session has ended (the engine exited or the connection closed)."""
        return self._connection.ending is not None

    def close(self, timeout: float = 10.0) -> None:
        """Ends the session cleanly: tells the engine that input is over (it finishes the
        requests it read, protocol.md section 3), waits for the end of its output, then
        releases the transport (a spawned engine is waited for, and killed if it hangs)."""
        transport = self._connection.start_closing()
        if transport is None:
            return
        self._resumer.stop()  # a reconnection waiting for its next attempt gives up at once
        try:
            transport.close_input()
        except Exception:
            pass
        self._reader.join(timeout)
        self.transport.close(timeout)
        self._reader.join(timeout)

    def _ended_error(self) -> ConnectionClosed:
        ending = self._connection.ending
        assert ending is not None
        return ending.error()

    # The reader thread: every line the engine writes, in order

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
            message = None
        if not isinstance(message, dict):
            self._requests.keep_unmatched({"unreadable": line})
            return
        if isinstance(message.get("method"), str):
            if "id" in message:
                self._effects.start(message, self._connection.generation)
            else:
                self._handle_notification(Notification(message["method"], message.get("params") or {}))
            return
        handle = self._requests.match(message)
        if handle is None:
            return
        if handle.method == "initialize" and isinstance(message.get("result"), dict):
            # Kept before the caller hears the answer, so resume_key is set when initialize returns.
            self._resumer.remember(to_wire(handle.params) if handle.params is not None else {}, message["result"])
            self.server_info = message["result"]
        handle._resolve(message)

    def _handle_notification(self, note: Notification) -> None:
        self._stack.apply(note)
        if note.method == "$/cancelRequest":
            self._effects.cancel(note.params.get("id"))
        self._notes.deliver(note)

    def _finish(self, failure: Optional[BaseException]) -> None:
        ending = self._connection.end(failure)
        pending = self._requests.take_all()
        self._effects.cancel_all()
        for handle in pending:
            handle._fail(ending.error())
        self._notes.end()

    def _lost(self, handle: PendingRequest) -> None:
        """A request was written on a connection that broke as it was written: it is
        interrupted like those in flight (unless the break already took it)."""
        if self._requests.forget(handle):
            handle._fail(
                ConnectionInterrupted(
                    f"{handle.method} (id {handle.id!r}): the connection broke as it was written; "
                    "it is not sent again, and the engine may or may not have carried it out"
                )
            )

    # Resuming (protocol 1.1, resumable sessions): all of it runs on the reader thread

    def _resume_after_break(self) -> bool:
        """Called when the connection ended. Returns False when the session ends with it (the
        client closed it, or it cannot resume), True once it was resumed over a new connection
        (or the engine refused and the session is a fresh one); raises :class:`ReconnectFailed`
        when no attempt succeeded within :attr:`reconnect_timeout`."""
        broken = self.transport
        # 1000 from the server is a deliberate end (or the answer to our own close); 4001 says
        # another connection resumed the session, which is that connection's now.
        if broken.close_code in (1000, RESUMED_ELSEWHERE) or not self._connection.interrupt():
            return False
        interrupted = self._requests.take_written()
        # Their replies would go nowhere; the engine sends the effects it still waits for again.
        self._effects.cancel_all()
        resume = self._resumer.reconnect(broken, interrupted, attempt=self._resume_over, closing=lambda: self._connection.closing)
        if resume is None:
            return False
        self._resumed(resume)
        return True

    def _resume_over(self, transport: Transport, deadline: float) -> Union[Resume, BaseException, None]:
        """One attempt over a new connection: ``initialize`` with ``resume``, the lines before
        its answer read as usual. ``None`` when the client closed the session meanwhile."""
        generation = self._connection.switch(transport)
        if generation is None:
            return None
        handle = self._requests.open("initialize", self._resumer.params())
        handle._sent_on = generation
        self._stack.expect_replay()
        try:
            return self._resumer.handshake(transport, handle, deadline, self._handle_line)
        finally:
            self._requests.forget(handle)

    def _resumed(self, resume: Resume) -> None:
        """Finishes a resume: the stack (empty when the engine refused, or showed nothing), the
        lines written meanwhile (sent, or failed after a refusal), then requests flow again."""
        self._stack.settle_replay(resume.refused)
        self._resumer.record(resume)
        if resume.refused:
            for handle in self._connection.drop_backlog():
                if self._requests.forget(handle):
                    handle._fail(
                        ResumeRefused(
                            f"{handle.method} (id {handle.id!r}) was not sent: the engine refused to resume the session "
                            f"({resume.reason}), which is a fresh one now",
                            resume,
                        )
                    )
        self._connection.flush()
        self._resumer.announce(resume)

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<Session {state} via {self.transport!r}>"


def _as_object(result: Any, method: str) -> Dict[str, Any]:
    if not isinstance(result, dict):
        raise ViperClientError(f"the engine answered {method} with {result!r}, where protocol.md promises an object")
    return result
