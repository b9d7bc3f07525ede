"""The RFC 6455 client against a scripted server on loopback, for what the engine never does on
its own: fragmented messages with a ping between the fragments, binary messages, masked or
malformed server frames, a wrong accept key, a refusal with a body, and a close with a code
and reason. The server side checks what the client must do: mask every frame, answer pings
with pongs, echo the close code."""

from __future__ import annotations

import base64
import hashlib
import socket
import struct
import threading
from typing import Callable, List, Optional, Tuple

import pytest

from viper_client import HandshakeError, WebSocket, WebSocketClosed, WebSocketProtocolError

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def frame(opcode: int, payload: bytes, *, fin: bool = True, mask: Optional[bytes] = None) -> bytes:
    """A server frame (unmasked unless ``mask`` is given, which servers must not do)."""
    head = bytearray([(0x80 if fin else 0) | opcode])
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        head.append(mask_bit | length)
    elif length < 65536:
        head += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if mask:
        head += mask
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes(head) + payload


class Peer:
    """The server's end of one connection, after the handshake."""

    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.buffer = b""

    def read_exact(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.conn.recv(65536)
            if not chunk:
                raise EOFError("the client closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self) -> Tuple[bool, int, bytes]:
        """Reads one client frame, asserting that it is masked, and unmasks it."""
        first, second = self.read_exact(2)
        assert second & 0x80, "a client frame was not masked"
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", self.read_exact(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", self.read_exact(8))
        key = self.read_exact(4)
        payload = bytes(b ^ key[i % 4] for i, b in enumerate(self.read_exact(length)))
        return bool(first & 0x80), first & 0x0F, payload

    def send(self, data: bytes) -> None:
        self.conn.sendall(data)


class ScriptedServer:
    """Accepts one connection on 127.0.0.1, answers the handshake (or not, as told), then runs
    ``script(peer)`` on its own thread; failed assertions there fail the test at :meth:`join`."""

    def __init__(self, script: Callable[[Peer], None], *, response: Optional[Callable[[str], bytes]] = None) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}/session"
        self.script = script
        self.response = response
        self.request = ""
        self.error: Optional[BaseException] = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.listener.settimeout(20)
            conn, _ = self.listener.accept()
            conn.settimeout(20)
            with conn:
                data = b""
                while b"\r\n\r\n" not in data:
                    data += conn.recv(4096)
                head, rest = data.split(b"\r\n\r\n", 1)
                self.request = head.decode("latin-1")
                key = next(line.split(":", 1)[1].strip() for line in self.request.split("\r\n") if line.lower().startswith("sec-websocket-key:"))
                accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
                if self.response is not None:
                    conn.sendall(self.response(accept))
                else:
                    conn.sendall(
                        f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n".encode()
                    )
                peer = Peer(conn)
                peer.buffer = rest
                self.script(peer)
        except BaseException as error:  # reported by join()
            self.error = error
        finally:
            self.listener.close()

    def join(self) -> None:
        self.thread.join(20)
        assert not self.thread.is_alive(), "the scripted server did not finish"
        if self.error is not None:
            raise self.error


def test_fragments_pings_binary_and_a_close_with_code_and_reason() -> None:
    received: List[Tuple[int, bytes]] = []

    def script(peer: Peer) -> None:
        peer.send(frame(0x9, b"p1"))
        text = "Hello, wörld".encode()  # 'ö' is split across the second and third fragments
        peer.send(frame(0x1, text[:5], fin=False))
        peer.send(frame(0x9, b"p2"))  # a control frame between fragments
        peer.send(frame(0x0, text[5:9], fin=False))
        peer.send(frame(0x0, text[9:], fin=True))
        peer.send(frame(0x2, bytes([0, 1, 2, 255])))
        big = ("x" * 70000).encode()  # needs the 64-bit length
        peer.send(frame(0x1, big))
        for _ in range(3):
            received.append(peer.read_frame()[1:])  # pong p1, pong p2, the client's text
        peer.send(frame(0x8, struct.pack("!H", 4000) + "bye now".encode()))
        received.append(peer.read_frame()[1:])  # the client's echoed close

    server = ScriptedServer(script)
    client = WebSocket.connect(server.url, token="s3cret-token", headers={"X-Test": "yes"})
    assert client.recv() == "Hello, wörld"
    assert client.recv() == bytes([0, 1, 2, 255])
    assert client.recv() == "x" * 70000
    client.send_text("réponse")
    with pytest.raises(WebSocketClosed) as closed:
        client.recv()
    assert (closed.value.code, closed.value.reason) == (4000, "bye now")
    client.abort()
    server.join()

    assert "Authorization: Bearer s3cret-token" in server.request
    assert "X-Test: yes" in server.request
    assert received[0] == (0xA, b"p1") and received[1] == (0xA, b"p2")
    assert received[2] == (0x1, "réponse".encode())
    assert received[3] == (0x8, struct.pack("!H", 4000))


def test_the_client_fragments_a_message_into_continuation_frames() -> None:
    frames: List[Tuple[bool, int, bytes]] = []

    def script(peer: Peer) -> None:
        while True:
            fin, opcode, payload = peer.read_frame()
            frames.append((fin, opcode, payload))
            if fin:
                break
        peer.send(frame(0x8, struct.pack("!H", 1000)))
        peer.read_frame()

    server = ScriptedServer(script)
    client = WebSocket.connect(server.url)
    client.send_text("réponse", fragment_size=3)
    with pytest.raises(WebSocketClosed) as closed:
        client.recv()
    assert closed.value.code == 1000
    client.abort()
    server.join()
    assert [(fin, opcode) for fin, opcode, _ in frames] == [(False, 0x1), (False, 0x0), (True, 0x0)]
    assert b"".join(payload for _, _, payload in frames).decode() == "réponse"


def test_a_refused_upgrade_says_its_status_and_body() -> None:
    body = b"a token is required"
    server = ScriptedServer(
        lambda peer: None,
        response=lambda accept: b"HTTP/1.1 401 Unauthorized\r\nContent-Length: %d\r\nContent-Type: text/plain\r\n\r\n%s" % (len(body), body),
    )
    with pytest.raises(HandshakeError) as refused:
        WebSocket.connect(server.url)
    server.join()
    assert (refused.value.status, refused.value.reason, refused.value.body) == (401, "Unauthorized", "a token is required")
    assert "401" in str(refused.value)


def test_a_wrong_accept_key_is_refused() -> None:
    server = ScriptedServer(
        lambda peer: None,
        response=lambda accept: b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: bm9wZQ==\r\n\r\n",
    )
    with pytest.raises(WebSocketProtocolError):
        WebSocket.connect(server.url)
    server.join()


@pytest.mark.parametrize(
    "bad_frame",
    [
        frame(0x1, b"masked", mask=b"\x01\x02\x03\x04"),  # servers must not mask
        frame(0x0, b"orphan"),  # a continuation with nothing to continue
        frame(0x1, b"\xff\xfe"),  # text that is not UTF-8
        frame(0x3, b""),  # a reserved opcode
    ],
)
def test_a_broken_server_frame_fails_the_connection(bad_frame: bytes) -> None:
    closes: List[Tuple[int, bytes]] = []

    def script(peer: Peer) -> None:
        peer.send(bad_frame)
        try:
            closes.append(peer.read_frame()[1:])
        except EOFError:
            pass

    server = ScriptedServer(script)
    client = WebSocket.connect(server.url)
    with pytest.raises(WebSocketProtocolError):
        client.recv()
    server.join()
    assert closes and closes[0][0] == 0x8
    (code,) = struct.unpack("!H", closes[0][1][:2])
    assert code in (1002, 1007)


def test_a_dropped_connection_is_1006() -> None:
    server = ScriptedServer(lambda peer: peer.conn.shutdown(socket.SHUT_RDWR))
    client = WebSocket.connect(server.url)
    with pytest.raises(WebSocketClosed) as dropped:
        client.recv()
    assert dropped.value.code == 1006
    client.abort()
    server.join()
