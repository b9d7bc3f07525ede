"""Running ``viper serve --listen`` from Python, for tests and tools that want WebSocket sessions.

The server picks its port when asked for port 0 and says where it listens on stderr
(``… WebSocket clients connect to ws://127.0.0.1:PORT/session …``); :class:`ListeningServer`
starts it, reads that line, and hands out sessions connected to it.
"""

from __future__ import annotations

import collections
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from typing import TYPE_CHECKING, Any, Deque, Mapping, Optional, Sequence

from .transport import find_binary

if TYPE_CHECKING:
    from .session import Session

__all__ = ["ListeningServer"]

_SESSION_URL = re.compile(r"(wss?://\S+/session)\b")
_PAGE_URL = re.compile(r"open (https?://\S+/)")


class ListeningServer:
    """A ``viper serve --listen HOST:PORT`` process. Use it as a context manager.

    ``token`` writes a token file (mode 0600) and passes ``--token-file``; ``token_file`` passes
    an existing one. ``db`` and ``args`` are passed on as for :meth:`Session.spawn`.
    """

    def __init__(
        self,
        binary: Optional[str] = None,
        *,
        listen: str = "0",
        db: Optional[str] = ":memory:",
        token: Optional[str] = None,
        token_file: Optional[str] = None,
        args: Sequence[str] = (),
        env: Optional[Mapping[str, str]] = None,
        startup_timeout: float = 30.0,
    ) -> None:
        self.binary = find_binary(binary)
        self.token = token
        self._own_token_file: Optional[str] = None
        if token is not None and token_file is None:
            handle, token_file = tempfile.mkstemp(prefix="viper-token-")
            with os.fdopen(handle, "w") as file:
                file.write(token + "\n")
            self._own_token_file = token_file
        self.token_file = token_file
        self.command = [self.binary, "serve", "--listen", listen]
        if db is not None:
            self.command += ["--db", db]
        if token_file is not None:
            self.command += ["--token-file", token_file]
        self.command += list(args)
        self.url: str = ""
        self.page_url: str = ""
        self._stderr: Deque[str] = collections.deque(maxlen=200)
        self._found = threading.Event()
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
        )
        self._drain = threading.Thread(target=self._read_stderr, name="viper-listen-stderr", daemon=True)
        self._drain.start()
        deadline = time.monotonic() + startup_timeout
        while not self._found.wait(0.05):
            if self._process.poll() is not None or time.monotonic() > deadline:
                self._drain.join(1)
                said = "\n".join(self._stderr)
                self.stop()
                raise RuntimeError(f"`{' '.join(self.command)}` did not say where it listens:\n{said}")

    def _read_stderr(self) -> None:
        assert self._process.stderr is not None
        for raw in iter(self._process.stderr.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self._stderr.append(line)
            if not self._found.is_set():
                session, page = _SESSION_URL.search(line), _PAGE_URL.search(line)
                if session:
                    self.url = session.group(1)
                    self.page_url = page.group(1) if page else ""
                    self._found.set()
        self._process.stderr.close()

    @property
    def port(self) -> int:
        match = re.search(r":(\d+)/", self.url)
        return int(match.group(1)) if match else 0

    @property
    def returncode(self) -> Optional[int]:
        return self._process.poll()

    def stderr(self) -> str:
        """What the server has logged so far (its last 200 lines)."""
        return "\n".join(self._stderr)

    def session(self, **options: Any) -> "Session":
        """A new WebSocket session (:meth:`Session.connect`) with this server's token, if any."""
        from .session import Session  # imported here: session imports nothing of this module, but keep it so

        options.setdefault("token", self.token)
        return Session.connect(self.url, **options)

    def stop(self, timeout: float = 20.0) -> Optional[int]:
        """SIGTERM, which closes every connection (protocol.md section 1.1); SIGKILL if it lingers."""
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._drain.join(2)
        if self._own_token_file is not None:
            try:
                os.unlink(self._own_token_file)
            except OSError:
                pass
            self._own_token_file = None
        return self._process.returncode

    def kill(self) -> Optional[int]:
        """SIGKILL, as a crash would: no close frame, the connections just drop (a resumable
        session then reconnects). Returns the exit status (-9)."""
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._drain.join(2)
        return self._process.returncode

    def __enter__(self) -> "ListeningServer":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<ListeningServer {self.url or '(starting)'} pid={self._process.pid}>"
