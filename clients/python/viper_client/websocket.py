"""A small RFC 6455 WebSocket client on the standard library.

`viper serve --listen` speaks one protocol line per text message (protocol.md section 1.1).
A third-party WebSocket package would be a runtime dependency for a few hundred lines of
framing, so this module does the client half of RFC 6455 itself: the opening handshake (with
the accept key checked), masked frames from the client, text and binary messages reassembled
from fragments, pings answered with pongs (also in the middle of a fragmented message), and
the close handshake, with the peer's close code and reason surfaced as an exception.

One thread may :meth:`WebSocket.recv` while others :meth:`WebSocket.send_text`: sending is
serialised by a lock, and pongs share it, so frames are never interleaved on the wire.
"""

from __future__ import annotations

import base64
import hashlib
import os
import socket
import ssl
import struct
import threading
from typing import Dict, List, Mapping, NoReturn, Optional, Tuple, Union
from urllib.parse import urlsplit

from .errors import HandshakeError, WebSocketClosed, WebSocketError, WebSocketProtocolError

__all__ = ["WebSocket"]

_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA

CLOSE_NORMAL = 1000
CLOSE_PROTOCOL_ERROR = 1002
CLOSE_NO_STATUS = 1005
CLOSE_ABNORMAL = 1006
CLOSE_INVALID_DATA = 1007
CLOSE_TOO_BIG = 1009

# The engine's messages are at most 1 MiB (protocol.md section 1); leave room above it, but not
# so much that a broken peer can make the client buffer without end.
DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024
_MAX_HANDSHAKE_BYTES = 64 * 1024


def _mask(payload: bytes, key: bytes) -> bytes:
    """XORs ``payload`` with the 4-byte ``key`` repeated: one big-integer XOR instead of a Python
    loop per byte, which keeps sending a 1 MiB line cheap."""
    if not payload:
        return b""
    length = len(payload)
    repeated = (key * (length // 4 + 1))[:length]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(length, "big")


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` a server must answer to ``Sec-WebSocket-Key: key``."""
    return base64.b64encode(hashlib.sha1((key + _GUID).encode("ascii")).digest()).decode("ascii")


class WebSocket:
    """A client WebSocket connection. Build one with :meth:`connect`."""

    def __init__(self, sock: socket.socket, *, buffered: bytes = b"", max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES) -> None:
        self._sock = sock
        self._buffer = bytearray(buffered)
        self._send_lock = threading.Lock()
        self._max_message_bytes = max_message_bytes
        self._close_sent = False
        self._close_received = False
        self._aborted = False
        #: The close code and reason of the peer's close frame, once one arrived.
        self.close_code: Optional[int] = None
        self.close_reason: str = ""
        #: The payload of the last pong received, to tell that a :meth:`ping` was answered.
        self.last_pong: Optional[bytes] = None

    # Opening handshake

    @classmethod
    def connect(
        cls,
        url: str,
        *,
        token: Optional[str] = None,
        headers: Optional[Mapping[str, str]] = None,
        origin: Optional[str] = None,
        timeout: float = 10.0,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
        ssl_context: Optional[ssl.SSLContext] = None,
    ) -> "WebSocket":
        """Opens ``url`` (``ws://host:port/path?query`` or ``wss://…``) and performs the handshake.

        ``token`` is sent as ``Authorization: Bearer TOKEN``, which is how `viper serve
        --token-file` wants it from programs (browsers use ``?token=`` instead, since their
        WebSocket cannot set headers). Raises :class:`HandshakeError` when the server answers
        anything but 101, with its status and body, so that a 401 reads as what it is.
        """
        parts = urlsplit(url)
        if parts.scheme not in ("ws", "wss"):
            raise ValueError(f"not a WebSocket URL (ws:// or wss://): {url!r}")
        if not parts.hostname:
            raise ValueError(f"the URL names no host: {url!r}")
        secure = parts.scheme == "wss"
        port = parts.port or (443 if secure else 80)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        host_header = parts.netloc.rsplit("@", 1)[-1]

        sock = socket.create_connection((parts.hostname, port), timeout=timeout)
        try:
            if secure:
                context = ssl_context or ssl.create_default_context()
                sock = context.wrap_socket(sock, server_hostname=parts.hostname)
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            lines = [
                f"GET {path} HTTP/1.1",
                f"Host: {host_header}",
                "Upgrade: websocket",
                "Connection: Upgrade",
                f"Sec-WebSocket-Key: {key}",
                "Sec-WebSocket-Version: 13",
            ]
            if token is not None:
                lines.append(f"Authorization: Bearer {token}")
            if origin is not None:
                lines.append(f"Origin: {origin}")
            for name, value in (headers or {}).items():
                if "\r" in name + value or "\n" in name + value:
                    raise ValueError(f"a header may not contain a line break: {name!r}")
                lines.append(f"{name}: {value}")
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))

            status, reason, response_headers, rest = cls._read_handshake(sock)
            if status != 101:
                body = cls._read_refusal_body(sock, response_headers, rest)
                raise HandshakeError(status, reason, response_headers, body)
            if response_headers.get("upgrade", "").lower() != "websocket":
                raise WebSocketProtocolError(f"the server switched protocols, but not to websocket: {response_headers!r}")
            if "upgrade" not in [token.strip().lower() for token in response_headers.get("connection", "").split(",")]:
                raise WebSocketProtocolError("the server's 101 lacks 'Connection: Upgrade'")
            if response_headers.get("sec-websocket-accept") != accept_key(key):
                raise WebSocketProtocolError("the server's Sec-WebSocket-Accept does not match the key sent")
            sock.settimeout(None)
            return cls(sock, buffered=rest, max_message_bytes=max_message_bytes)
        except BaseException:
            sock.close()
            raise

    @staticmethod
    def _read_handshake(sock: socket.socket) -> Tuple[int, str, Dict[str, str], bytes]:
        data = b""
        while b"\r\n\r\n" not in data:
            if len(data) > _MAX_HANDSHAKE_BYTES:
                raise WebSocketProtocolError("the server's handshake response is too long")
            chunk = sock.recv(4096)
            if not chunk:
                raise WebSocketError("the server closed the connection during the handshake" + (f": {data[:200]!r}" if data else ""))
            data += chunk
        head, rest = data.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        fields = status_line.split(" ", 2)
        if len(fields) < 2 or not fields[0].startswith("HTTP/") or not fields[1].isdigit():
            raise WebSocketProtocolError(f"not an HTTP response: {status_line!r}")
        headers: Dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            headers[name] = f"{headers[name]}, {value.strip()}" if name in headers else value.strip()
        return int(fields[1]), (fields[2] if len(fields) > 2 else ""), headers, rest

    @staticmethod
    def _read_refusal_body(sock: socket.socket, headers: Mapping[str, str], rest: bytes) -> str:
        """Reads what a refusal says (a few KiB at most), so the exception can show it."""
        try:
            wanted = min(int(headers.get("content-length", "0")), 8192)
        except ValueError:
            wanted = 0
        body = rest
        try:
            while len(body) < wanted:
                chunk = sock.recv(wanted - len(body))
                if not chunk:
                    break
                body += chunk
        except OSError:
            pass
        return body[:8192].decode("utf-8", "replace")

    # Sending

    def send_text(self, text: str, *, fragment_size: Optional[int] = None) -> None:
        """Sends one text message; with ``fragment_size``, split over frames of that many bytes."""
        self._send_message(OP_TEXT, text.encode("utf-8"), fragment_size)

    def send_binary(self, data: bytes, *, fragment_size: Optional[int] = None) -> None:
        """Sends one binary message (the engine reads it as the UTF-8 bytes of a line)."""
        self._send_message(OP_BINARY, bytes(data), fragment_size)

    def ping(self, payload: bytes = b"") -> None:
        """Sends a ping; the pong it earns is consumed by :meth:`recv`."""
        self._send_frame(OP_PING, payload)

    def _send_message(self, opcode: int, payload: bytes, fragment_size: Optional[int]) -> None:
        if fragment_size is None or fragment_size <= 0 or len(payload) <= fragment_size:
            self._send_frame(opcode, payload)
            return
        chunks = [payload[i : i + fragment_size] for i in range(0, len(payload), fragment_size)]
        # The whole message under one lock: another thread's message must not land between
        # two fragments of this one (control frames may, data frames may not).
        with self._send_lock:
            for index, chunk in enumerate(chunks):
                self._write_frame(opcode if index == 0 else OP_CONTINUATION, chunk, fin=index == len(chunks) - 1)

    def _send_frame(self, opcode: int, payload: bytes, *, fin: bool = True) -> None:
        with self._send_lock:
            self._write_frame(opcode, payload, fin=fin)

    def _write_frame(self, opcode: int, payload: bytes, *, fin: bool) -> None:
        if self._close_sent:
            raise WebSocketClosed(self.close_code or CLOSE_NO_STATUS, "the connection is closing; nothing more can be sent")
        length = len(payload)
        header = bytearray([(0x80 if fin else 0) | opcode])
        # Every client frame is masked (RFC 6455 section 5.3); the mask bit is 0x80.
        if length < 126:
            header.append(0x80 | length)
        elif length < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack("!H", length)
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", length)
        key = os.urandom(4)
        header += key
        self._sock.sendall(bytes(header) + _mask(payload, key))
        if opcode == OP_CLOSE:
            self._close_sent = True

    # Receiving

    def recv(self) -> Union[str, bytes]:
        """Returns the next whole message: ``str`` for text, ``bytes`` for binary.

        Pings are answered and pongs dropped on the way. When the peer closes, raises
        :class:`WebSocketClosed` with its code and reason (after answering its close frame,
        unless this side started the close); a connection that drops without a close frame
        raises it with 1006.
        """
        opcode_of_message: Optional[int] = None
        parts: List[bytes] = []
        size = 0
        while True:
            fin, opcode, payload = self._read_frame()
            if opcode == OP_PING:
                try:
                    self._send_frame(OP_PONG, payload)
                except (OSError, WebSocketClosed):
                    pass  # closing already: the pong no longer matters
                continue
            if opcode == OP_PONG:
                self.last_pong = payload
                continue
            if opcode == OP_CLOSE:
                self._on_close_frame(payload)
            if opcode in (OP_TEXT, OP_BINARY):
                if opcode_of_message is not None:
                    self._fail(CLOSE_PROTOCOL_ERROR, "a new message began before the fragmented one ended")
                opcode_of_message = opcode
            elif opcode == OP_CONTINUATION:
                if opcode_of_message is None:
                    self._fail(CLOSE_PROTOCOL_ERROR, "a continuation frame came with no message to continue")
            else:
                self._fail(CLOSE_PROTOCOL_ERROR, f"unknown opcode {opcode:#x}")
            size += len(payload)
            if size > self._max_message_bytes:
                self._fail(CLOSE_TOO_BIG, f"a message is longer than {self._max_message_bytes} bytes")
            parts.append(payload)
            if fin:
                data = b"".join(parts)
                if opcode_of_message == OP_BINARY:
                    return data
                try:
                    return data.decode("utf-8")
                except UnicodeDecodeError:
                    self._fail(CLOSE_INVALID_DATA, "a text message is not valid UTF-8")

    def _read_frame(self) -> Tuple[bool, int, bytes]:
        first, second = self._read_exact(2)
        fin = bool(first & 0x80)
        if first & 0x70:
            self._fail(CLOSE_PROTOCOL_ERROR, "a frame has reserved bits set, and no extension was agreed")
        opcode = first & 0x0F
        if second & 0x80:
            self._fail(CLOSE_PROTOCOL_ERROR, "the server masked a frame (RFC 6455 section 5.1 forbids it)")
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self._read_exact(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self._read_exact(8))
        if opcode >= 0x8 and (length > 125 or not fin):
            self._fail(CLOSE_PROTOCOL_ERROR, "a control frame is fragmented or longer than 125 bytes")
        if length > self._max_message_bytes:
            self._fail(CLOSE_TOO_BIG, f"a frame is longer than {self._max_message_bytes} bytes")
        return fin, opcode, self._read_exact(length)

    def _read_exact(self, count: int) -> bytes:
        while len(self._buffer) < count:
            try:
                chunk = self._sock.recv(max(65536, count - len(self._buffer)))
            except OSError as error:
                if self._aborted or self._close_sent:
                    raise WebSocketClosed(self.close_code or CLOSE_ABNORMAL, "the connection was closed by this side") from error
                raise WebSocketClosed(CLOSE_ABNORMAL, f"the connection broke: {error}") from error
            if not chunk:
                raise WebSocketClosed(CLOSE_ABNORMAL, "the connection dropped without a close frame")
            self._buffer += chunk
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data

    def _on_close_frame(self, payload: bytes) -> NoReturn:
        self._close_received = True
        if len(payload) >= 2:
            (code,) = struct.unpack("!H", payload[:2])
            reason = payload[2:].decode("utf-8", "replace")
        else:
            code, reason = CLOSE_NO_STATUS, ""
        self.close_code, self.close_reason = code, reason
        if not self._close_sent:
            # Echo the code, as RFC 6455 section 5.5.1 asks; 1005 must not be sent on the wire.
            try:
                self._send_frame(OP_CLOSE, struct.pack("!H", code if code != CLOSE_NO_STATUS else CLOSE_NORMAL))
            except (OSError, WebSocketClosed):
                pass
        raise WebSocketClosed(code, reason)

    def _fail(self, code: int, message: str) -> NoReturn:
        """Closes with ``code`` after a protocol violation of the peer, then raises."""
        try:
            if not self._close_sent:
                self._send_frame(OP_CLOSE, struct.pack("!H", code) + message.encode("utf-8")[:120])
        except (OSError, WebSocketClosed):
            pass
        self.abort()
        raise WebSocketProtocolError(message)

    # Closing

    def send_close(self, code: int = CLOSE_NORMAL, reason: str = "") -> None:
        """Starts the close handshake without waiting; a thread in :meth:`recv` then receives
        the peer's answering close frame as :class:`WebSocketClosed`."""
        if self._close_sent:
            return
        try:
            self._send_frame(OP_CLOSE, struct.pack("!H", code) + reason.encode("utf-8")[:123])
        except OSError:
            self._close_sent = True

    def close(self, code: int = CLOSE_NORMAL, reason: str = "", timeout: float = 5.0) -> None:
        """The whole close handshake, for a caller that has no reader thread: send a close
        frame, read until the peer's close frame (or ``timeout``), then close the socket."""
        self.send_close(code, reason)
        if not self._close_received:
            try:
                self._sock.settimeout(timeout)
                while True:
                    self.recv()
            except (WebSocketError, OSError):
                pass
        self.abort()

    def abort(self) -> None:
        """Closes the socket now; a thread blocked in :meth:`recv` wakes up."""
        self._aborted = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()

    @property
    def closed(self) -> bool:
        """True once a close frame went either way or the socket was closed."""
        return self._close_sent or self._close_received or self._aborted
