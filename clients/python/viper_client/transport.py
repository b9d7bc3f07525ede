"""The two ways to reach the engine, behind one small interface of whole protocol lines.

:class:`StdioTransport` spawns ``viper serve`` and speaks JSON lines over its pipes (one
session per process); :class:`WebSocketTransport` connects to a running ``viper serve
--listen`` (one session per connection). The session logic above them only ever sends and
receives lines, so everything it does works the same over both, as protocol.md section 1.1
promises of the engine.
"""

from __future__ import annotations

import collections
import os
import shutil
import subprocess
import threading
from abc import ABC, abstractmethod
from typing import Deque, Dict, Mapping, Optional, Sequence

from .errors import ConnectionClosed, WebSocketClosed, WebSocketError
from .websocket import WebSocket

__all__ = ["Transport", "StdioTransport", "WebSocketTransport", "find_binary"]


def find_binary(binary: Optional[str] = None) -> str:
    """The ``viper`` executable to run: ``binary`` when given, else ``$VIPER_BINARY``, else the
    first ``viper`` on ``PATH``. Raises :class:`FileNotFoundError` naming all three, so a
    missing build is reported as such and not as a broken pipe later."""
    candidate = binary or os.environ.get("VIPER_BINARY") or shutil.which("viper")
    if not candidate:
        raise FileNotFoundError("no viper binary: pass binary=…, set VIPER_BINARY, or put viper on PATH")
    if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
        raise FileNotFoundError(f"the viper binary {candidate!r} does not exist or is not executable (build it with `swift build`)")
    return candidate


class Transport(ABC):
    """A bidirectional stream of protocol lines (JSON texts without their line ending)."""

    #: The close code and reason the peer gave, when the transport has such a thing (WebSocket).
    close_code: Optional[int] = None
    close_reason: Optional[str] = None

    @abstractmethod
    def send_line(self, line: str) -> None:
        """Sends one line; raises :class:`ConnectionClosed` when the peer is gone. Thread-safe."""

    @abstractmethod
    def receive_line(self) -> Optional[str]:
        """Blocks for the next line; ``None`` once the stream has ended. One reader at a time."""

    @abstractmethod
    def close_input(self) -> None:
        """Tells the engine that nothing more will be sent, so that it finishes what it read and
        ends the session (stdio: close its stdin; WebSocket: send a close frame)."""

    @abstractmethod
    def close(self, timeout: float = 10.0) -> None:
        """Releases everything, ending the engine's side if it has not ended by ``timeout``."""

    def diagnostics(self) -> str:
        """What the other side said outside the protocol (a spawned engine's stderr), for errors."""
        return ""

    #: True when :meth:`reconnect` can open another connection to the same engine (WebSocket).
    can_reconnect: bool = False

    def reconnect(self, timeout: float = 10.0) -> "Transport":
        """A new transport connected to where this one was, for resuming the session after a
        break (protocol 1.1, resumable sessions). Only WebSocket can: a spawned engine that
        ended took its session with it."""
        raise NotImplementedError(f"{type(self).__name__} cannot reconnect")


class StdioTransport(Transport):
    """Spawns ``viper serve`` and speaks the protocol over its stdin and stdout.

    stderr (logs, and the reason when the engine refuses to start) is drained by a thread into
    the last ``stderr_lines`` lines, so a chatty engine never blocks on a full pipe, and the
    tail can be shown when the session ends unexpectedly. Pass ``stderr=None`` to let the
    engine write to this process's stderr instead.
    """

    def __init__(
        self,
        binary: Optional[str] = None,
        *,
        db: Optional[str] = ":memory:",
        args: Sequence[str] = (),
        env: Optional[Mapping[str, str]] = None,
        cwd: Optional[str] = None,
        stderr: Optional[int] = subprocess.PIPE,
        stderr_lines: int = 200,
    ) -> None:
        self.binary = find_binary(binary)
        self.command = [self.binary, "serve"] + (["--db", db] if db is not None else []) + list(args)
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=dict(env) if env is not None else None,
            cwd=cwd,
        )
        assert self._process.stdin is not None and self._process.stdout is not None
        self._stdin = self._process.stdin
        self._stdout = self._process.stdout
        self._write_lock = threading.Lock()
        self._stderr_tail: Deque[str] = collections.deque(maxlen=stderr_lines)
        self._stderr_thread: Optional[threading.Thread] = None
        if self._process.stderr is not None:
            self._stderr_thread = threading.Thread(target=self._drain_stderr, name="viper-stderr", daemon=True)
            self._stderr_thread.start()

    def _drain_stderr(self) -> None:
        assert self._process.stderr is not None
        for raw in iter(self._process.stderr.readline, b""):
            self._stderr_tail.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self._process.stderr.close()

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> Optional[int]:
        """The engine's exit status once it has exited (protocol.md: 0 at the end of input)."""
        return self._process.poll()

    def send_line(self, line: str) -> None:
        data = line.encode("utf-8") + b"\n"
        with self._write_lock:
            try:
                self._stdin.write(data)
                self._stdin.flush()
            except (BrokenPipeError, ValueError, OSError) as error:
                raise ConnectionClosed(f"the engine's input is closed: {error}", details=self.diagnostics()) from error

    def receive_line(self) -> Optional[str]:
        raw = self._stdout.readline()
        if not raw:
            return None
        return raw.rstrip(b"\r\n").decode("utf-8", "replace")

    def close_input(self) -> None:
        with self._write_lock:
            try:
                self._stdin.close()
            except OSError:
                pass

    def close(self, timeout: float = 10.0) -> None:
        self.close_input()
        try:
            self._process.wait(timeout)
        except subprocess.TimeoutExpired:
            # The engine stops cleanly on SIGTERM (protocol.md section 1); kill only if it won't.
            self._process.terminate()
            try:
                self._process.wait(5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._stderr_thread is not None:
            self._stderr_thread.join(2)
        self._stdout.close()

    def diagnostics(self) -> str:
        if self._stderr_thread is not None and self._process.poll() is not None:
            self._stderr_thread.join(1)  # the engine has exited: let the drain catch up with its last words
        return "\n".join(self._stderr_tail)

    def __repr__(self) -> str:
        return f"<StdioTransport pid={self._process.pid} {' '.join(self.command)!r}>"


class WebSocketTransport(Transport):
    """One session of a running ``viper serve --listen``: each line is one text message."""

    def __init__(
        self,
        url: str,
        *,
        token: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        origin: Optional[str] = None,
        timeout: float = 10.0,
        fragment_size: Optional[int] = None,
    ) -> None:
        self.url = url
        self.fragment_size = fragment_size
        self._token, self._origin = token, origin
        self._headers: Optional[Dict[str, str]] = dict(headers) if headers is not None else None
        self.websocket = WebSocket.connect(url, token=token, headers=headers, origin=origin, timeout=timeout)
        self._closing = False

    can_reconnect = True

    def reconnect(self, timeout: float = 10.0) -> "WebSocketTransport":
        """Opens a new WebSocket to the same URL, with the same token, headers and origin."""
        return WebSocketTransport(
            self.url, token=self._token, headers=self._headers, origin=self._origin, timeout=timeout, fragment_size=self.fragment_size
        )

    def send_line(self, line: str) -> None:
        try:
            self.websocket.send_text(line, fragment_size=self.fragment_size)
        except WebSocketClosed as error:
            raise ConnectionClosed("the WebSocket is closed", code=self.close_code, reason=self.close_reason) from error
        except OSError as error:
            raise ConnectionClosed(f"the WebSocket broke: {error}", code=self.close_code, reason=self.close_reason) from error

    def receive_line(self) -> Optional[str]:
        try:
            message = self.websocket.recv()
        except WebSocketClosed as closed:
            self.close_code, self.close_reason = closed.code, closed.reason
            return None
        except WebSocketError as error:
            self.close_code, self.close_reason = 1002, str(error)
            return None
        return message if isinstance(message, str) else message.decode("utf-8", "replace")

    def close_input(self) -> None:
        self._closing = True
        self.websocket.send_close(1000, "the client is done")

    def close(self, timeout: float = 10.0) -> None:
        self.websocket.abort()

    def __repr__(self) -> str:
        return f"<WebSocketTransport {self.url}>"

