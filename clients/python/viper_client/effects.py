"""Performing the engine's effects in the client (protocol.md section 6).

A View that says ``capabilities.effects: ["http"]`` in ``initialize`` is sent ``effect.http``
requests instead of the engine doing HTTP itself. :class:`UrllibHttpPerformer` is a ready-made
handler that really performs them with :mod:`urllib`, so a Python client can run every app
with its own network stack (its proxies, its certificates) or wrap it to record, rewrite or
fail requests in tests.

A handler is any callable taking the request's ``params`` and returning the reply's
``result`` (``{"status", "headers", "body"}``). Raising :class:`~viper_client.errors.EffectError`
(or anything else) makes the session send an error reply, which the engine's service sees as
a network failure. A handler that also accepts a ``cancelled`` keyword argument gets a
:class:`threading.Event` that is set when the engine sends ``$/cancelRequest`` for the
effect, so long work (a long poll) can stop early.

:class:`EffectRunner` is the session's side of it: it runs each request's handler on a thread
of its own (a long poll must not stop the session's reader), and replies on the connection the
request came on, unless the engine cancelled the effect meanwhile.
"""

from __future__ import annotations

import base64
import inspect
import ipaddress
import socket
import threading
import urllib.error
import urllib.request
from typing import Any, Callable, Dict, List, Mapping, Optional
from urllib.parse import urlsplit

from .errors import EFFECT_FAILED, METHOD_NOT_FOUND, EffectError
from .wire import encode, is_key

__all__ = ["EffectHandler", "EffectRunner", "UrllibHttpPerformer", "http_response"]

#: What ``Session(effects={"http": handler})`` takes.
EffectHandler = Callable[..., Mapping[str, Any]]


def http_response(status: int, body: Optional[bytes] = None, headers: Optional[Mapping[str, str]] = None) -> Dict[str, Any]:
    """Builds an ``effect.http`` result: ``body`` as text when it is UTF-8, else as
    ``bodyBase64``, which is how protocol.md section 6 carries bytes."""
    result: Dict[str, Any] = {"status": int(status), "headers": dict(headers or {})}
    if body:
        try:
            result["body"] = body.decode("utf-8")
        except UnicodeDecodeError:
            result["bodyBase64"] = base64.b64encode(body).decode("ascii")
    return result


def _is_loopback(host: Optional[str]) -> bool:
    if not host:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class UrllibHttpPerformer:
    """Performs ``effect.http`` requests with :mod:`urllib` and answers what the server said.

    Every HTTP status is a response, 404 and 500 included: the app's service decides what it
    means (protocol.md section 6), so :class:`urllib.error.HTTPError` is turned back into a
    result. Only transport failures (no connection, a timeout) become error replies.

    ``timeout`` must outlast the apps' long polls (the chat feed waits up to 25 s for news), so
    it defaults to 60 s. Proxies come from the environment as urllib reads them, except for
    loopback hosts, which are always reached directly: the sample server inside the engine
    listens on 127.0.0.1, and a proxy could not reach it.
    """

    def __init__(self, timeout: float = 60.0, *, max_body_bytes: int = 16 * 1024 * 1024) -> None:
        self.timeout = timeout
        self.max_body_bytes = max_body_bytes
        self._opener = urllib.request.build_opener()
        self._direct_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def __call__(self, params: Mapping[str, Any], cancelled: Optional[threading.Event] = None) -> Dict[str, Any]:
        url = params.get("url")
        if not isinstance(url, str):
            raise EffectError(f"effect.http without a URL: {params!r}")
        method = params.get("method") or "GET"
        headers = params.get("headers") or {}
        data: Optional[bytes] = None
        if isinstance(params.get("body"), str):
            data = params["body"].encode("utf-8")
        elif isinstance(params.get("bodyBase64"), str):
            data = base64.b64decode(params["bodyBase64"])
        request = urllib.request.Request(url, data=data, method=str(method))
        for name, value in headers.items():
            request.add_header(str(name), str(value))
        opener = self._direct_opener if _is_loopback(urlsplit(url).hostname) else self._opener
        if cancelled is not None and cancelled.is_set():
            raise EffectError("cancelled before it was sent")
        try:
            with opener.open(request, timeout=self.timeout) as response:
                return http_response(response.status, self._read(response), self._headers(response.headers))
        except urllib.error.HTTPError as error:
            try:
                body = self._read(error) if error.fp is not None else b""
            finally:
                error.close()
            return http_response(error.code, body, self._headers(error.headers))
        except urllib.error.URLError as error:
            raise EffectError(str(error.reason)) from error
        except socket.timeout as error:
            raise EffectError(f"timed out after {self.timeout:g} s") from error
        except OSError as error:
            raise EffectError(str(error) or type(error).__name__) from error

    def _read(self, response: Any) -> bytes:
        body: bytes = response.read(self.max_body_bytes + 1)
        if len(body) > self.max_body_bytes:
            raise EffectError(f"the response body is longer than {self.max_body_bytes} bytes")
        return body

    @staticmethod
    def _headers(message: Any) -> Dict[str, str]:
        """Header names to values; a header given several times is joined with ', ' (RFC 9110)."""
        headers: Dict[str, str] = {}
        if message is None:
            return headers
        for name, value in message.items():
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        return headers


class _EffectTask:
    def __init__(self, request_id: Any, method: str, generation: int) -> None:
        self.id = request_id
        self.method = method
        self.generation = generation  # its reply goes on this connection or nowhere
        self.cancelled = threading.Event()


def _accepts_cancelled(handler: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(handler).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "cancelled" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


class EffectRunner:
    """Answers the requests the engine sends a session (``effect.http``…) with its handlers.

    ``handlers`` maps an effect kind (``"http"``) to its handler; a request of any other kind
    is answered with ``methodNotFound`` at once. ``reply(line, generation)`` sends a reply on
    the connection numbered ``generation`` if that is still the session's connection, and
    drops it otherwise: a resumed engine sends the effects it still waits for again.
    """

    def __init__(self, handlers: Optional[Mapping[str, EffectHandler]], reply: Callable[[str, int], None]) -> None:
        #: The handlers by kind (what ``Session.effects`` is).
        self.handlers: Dict[str, EffectHandler] = dict(handlers or {})
        self._reply = reply
        self._lock = threading.Lock()
        self._tasks: Dict[Any, _EffectTask] = {}
        self._cancelled: List[Any] = []

    def start(self, message: Mapping[str, Any], generation: int) -> None:
        """Takes a request of the engine's, which came on connection ``generation``."""
        request_id, method = message.get("id"), message["method"]
        kind = method[len("effect.") :] if method.startswith("effect.") else None
        handler = self.handlers.get(kind) if kind else None
        task = _EffectTask(request_id, method, generation)
        if handler is None:
            self._answer(task, {"error": {"code": METHOD_NOT_FOUND, "message": f"this client performs no {method!r}"}})
            return
        if is_key(request_id):
            with self._lock:
                self._tasks[request_id] = task
        params = message.get("params") or {}
        thread = threading.Thread(target=self._perform, args=(task, handler, params), name=f"viper-effect-{request_id}", daemon=True)
        thread.start()

    def cancel(self, effect_id: Any) -> None:
        """The engine sent ``$/cancelRequest`` for one of its requests: no reply goes out for
        it, and a handler that takes ``cancelled`` hears it."""
        with self._lock:
            self._cancelled.append(effect_id)
            task = self._tasks.get(effect_id) if is_key(effect_id) else None
            if task is not None:
                task.cancelled.set()  # under the lock: a handler that ends now must not reply

    def cancelled(self) -> List[Any]:
        """Ids of the engine's requests it cancelled, in order (a copy)."""
        with self._lock:
            return list(self._cancelled)

    def cancel_all(self) -> None:
        """The connection broke or the session ended: the running effects' replies would go
        nowhere, so their handlers are told to stop."""
        with self._lock:
            for task in self._tasks.values():
                task.cancelled.set()
            self._tasks.clear()

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
            if is_key(task.id) and self._tasks.get(task.id) is task:
                del self._tasks[task.id]  # not a task of the same id the engine sent again after a resume
        if error is not None:
            self._answer(task, {"error": error})
        else:
            self._answer(task, {"result": dict(result) if isinstance(result, Mapping) else result})

    def _answer(self, task: _EffectTask, reply: Dict[str, Any]) -> None:
        """Replies on the connection the effect came on, and only there: not when the engine
        cancelled it (protocol.md section 6 says a later reply is ignored, but the cleanest
        client sends none), nor once that connection broke, nor after the end of the session."""
        try:
            line = encode({"jsonrpc": "2.0", "id": task.id, **reply})
        except ValueError:
            return  # a result JSON cannot carry (NaN): as before, nothing is sent
        if not task.cancelled.is_set():
            self._reply(line, task.generation)
