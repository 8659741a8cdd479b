"""A WebSocket server that misbehaves on purpose, for Graft's WebSocket integration tests.

    python3 fault_server.py [--tls-cert cert.pem --tls-key key.pem] [--exit-on-stdin-eof]

Python standard library only (the framing is written out here, so it can send frames no real
server would). Listens on 127.0.0.1: prints `PORT=<plain> TLSPORT=<tls or 0>` once ready. Speaks
graphql-transport-ws and graphql-ws, whichever the client offers first. `GET /stats` on the plain
port answers the counters as JSON. Each test starts its own process, so counters are its own.

The WebSocket URL's query string picks the faults:

| parameter | effect |
|---|---|
| total=N | each subscription sends events 1..N (`counter.value`), then `complete` (default 10) |
| drop_after=K | every connection ends without a close frame after sending K events |
| ack_delay_ms=D | connection_ack comes D ms after connection_init |
| withhold_ack=1 | no connection_ack at all |
| require_token=T | connection_init's `payload.authorization` must be T, else close 4401 (graphql-ws: connection_error) |
| pong_delay_ms=D | pongs (to `ping` messages) go out D ms late |
| pong_delay_connections=C | only on the first C connections (default: all) |
| events_from_connection=C | subscriptions on connections before the C-th send nothing |
| events_after_pings=P | events start once P pings were answered on the connection |
| malformed=KIND | after the subscribe, send KIND (see MALFORMED) instead of events |
| refuse=1 | the subscription is refused: an `error` message (REFUSED) instead of events |
| refuse=result | refused the way graphql-js reports a source stream it could not create: a `next` result with `errors` and no `data`, then `complete` |
| fail_after=K | the source stream fails after K events: an `error` message (FAILED) instead of the rest |

A subscribe before the ack is a 4401 close, as the protocol says; it is counted in earlySubscribes.

Paths under `/http/` are plain HTTP/1.1 with keep-alive, on both ports (the HTTP clients' TLS and
pinning tests): `/http/echo` answers the method, path, query, headers and body as JSON,
`/http/redirect?status=S&to=U` redirects, `/http/hold` sends a head and a first chunk and then
waits for the client to close the connection (counted in httpHeld, then httpHeldClosed),
`/http/bytes?count=N` answers N bytes, with a Content-Length or (with `chunked=1`) chunked, at
most R bytes a second with `rate=R`, and counts in httpBytesStopped a client that closed the
connection before all of them were sent,
`/http/drop` closes the connection without answering (counted in httpDropped, its bodies kept in
droppedBodies); all are counted in httpRequests and httpConnections.

`POST /http/subscribe?protocol=multipart|sse` runs the counter subscription over HTTP with the same
`total`, `refuse` and `fail_after` parameters, each failure the way its protocol reports it:
multipart (`subscriptionSpec=1.0`) refuses with a plain JSON `{"errors": ...}` and fails with a
`{"payload": null, "errors": ...}` part; graphql-sse refuses and fails with a `next` event whose
result has `errors` and no `data`, then `complete`. `POST /http/defer` answers an operation
in the `deferSpec=20220824` incremental format (an initial part and one `incremental` part) when
`Accept` names that format and no other multipart one, and 406 otherwise, as servers that speak
only that format do.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import os
import ssl
import struct
import sys
import threading
from urllib.parse import parse_qsl, urlsplit

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
PROTOCOLS = ("graphql-transport-ws", "graphql-ws")

STATS = {
    "connections": 0, "inits": 0, "subscribes": 0, "resubscriptions": 0, "drops": 0, "completes": 0,
    "pings": 0, "rejections": 0, "earlySubscribes": 0, "eventsSent": 0, "tlsConnections": 0, "tlsBytes": 0,
    "clientCloseCodes": [], "malformedSent": 0, "httpRequests": 0, "httpConnections": 0,
    "httpHeld": 0, "httpHeldClosed": 0, "httpBytesStopped": 0, "httpDropped": 0, "droppedBodies": [],
}
SEEN_IDS: set = set()
CURSORS: dict = {}


def frame(opcode: int, payload: bytes, fin: bool = True) -> bytes:
    header = bytes([(0x80 if fin else 0) | opcode])
    if len(payload) < 126:
        header += bytes([len(payload)])
    elif len(payload) < 65536:
        header += bytes([126]) + struct.pack(">H", len(payload))
    else:
        header += bytes([127]) + struct.pack(">Q", len(payload))
    return header + payload


def text(message: dict) -> bytes:
    return frame(0x1, json.dumps(message).encode())


MALFORMED = {
    "bad-opcode": lambda sid: bytes([0x83, 0x00]),
    "reserved-bits": lambda sid: bytes([0xC1, 0x00]),
    "masked": lambda sid: bytes([0x81, 0x82, 1, 2, 3, 4, 0x69 ^ 1, 0x69 ^ 2]),
    "bad-utf8": lambda sid: frame(0x1, b"\xc0\xaf"),
    "oversize": lambda sid: bytes([0x81, 127, 0, 0, 1, 0, 0, 0, 0, 0]),
    "control-too-long": lambda sid: bytes([0x89, 126, 0, 126]) + b"x" * 126,
    "fragmented-control": lambda sid: bytes([0x09, 0x00]),
    "bad-continuation": lambda sid: bytes([0x80, 0x01, 0x61]),
    "nonminimal-length": lambda sid: bytes([0x81, 126, 0, 5]) + b"hello",
    "bad-close-code": lambda sid: bytes([0x88, 0x02, 0x03, 0xED]),
    "not-json": lambda sid: frame(0x1, b"not json"),
    "unknown-type": lambda sid: text({"type": "surprise"}),
    "next-without-id": lambda sid: text({"type": "next", "payload": {"data": {}}}),
    "next-bad-payload": lambda sid: text({"id": sid, "type": "next", "payload": 42}),
    "deep-json": lambda sid: frame(0x1, b"[" * 100000),
    "binary": lambda sid: frame(0x2, b"\x00\x01"),
}


# The errors a refused subscription and a failed source stream report, on every protocol.
REFUSED = [{"message": "the counter subscription is not allowed", "extensions": {"code": "FORBIDDEN"}}]
FAILED = [{"message": "the counter's source stream failed", "extensions": {"code": "SOURCE_FAILED"}}]


def counter_result(value: int) -> dict:
    return {"data": {"counter": {"__typename": "Counter", "id": "c1", "value": value}}}


class Closed(Exception):
    pass


class Connection:
    def __init__(self, reader, writer, params: dict, protocol: str, number: int):
        self.reader, self.writer, self.params, self.protocol, self.number = reader, writer, params, protocol, number
        self.legacy = protocol == "graphql-ws"
        self.acked = False
        self.sent = 0
        self.pings_answered = 0
        self.pings_event = asyncio.Event()
        self.tasks: dict = {}
        self.session = params.get("session", "")

    def param(self, name: str, default: int = 0) -> int:
        return int(self.params.get(name, default))

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def close(self, code: int, reason: str = "") -> None:
        try:
            await self.send(frame(0x8, struct.pack(">H", code) + reason.encode()))
            self.writer.close()
        except (ConnectionError, RuntimeError):
            pass
        raise Closed()

    async def read_frame(self):
        first, second = await self.reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", await self.reader.readexactly(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", await self.reader.readexactly(8))[0]
        mask = await self.reader.readexactly(4) if second & 0x80 else b"\0\0\0\0"
        data = bytearray(await self.reader.readexactly(length))
        for index in range(len(data)):
            data[index] ^= mask[index % 4]
        return first & 0x0F, bytes(data)

    async def receive(self) -> dict:
        while True:
            opcode, data = await self.read_frame()
            if opcode == 0x9:
                await self.send(frame(0xA, data))
            elif opcode == 0x8:
                STATS["clientCloseCodes"].append(struct.unpack(">H", data[:2])[0] if len(data) >= 2 else None)
                try:
                    await self.send(frame(0x8, data[:2]))
                    self.writer.close()
                except (ConnectionError, RuntimeError):
                    pass
                raise Closed()
            elif opcode == 0x1:
                return json.loads(data)

    async def run(self) -> None:
        message = await self.receive()
        if message.get("type") != "connection_init":
            await self.close(4400, "expected connection_init")
        STATS["inits"] += 1
        required = self.params.get("require_token")
        if required is not None and (message.get("payload") or {}).get("authorization") != required:
            STATS["rejections"] += 1
            if self.legacy:
                await self.send(text({"type": "connection_error", "payload": {"message": "Unauthorized"}}))
            await self.close(4401, "Unauthorized")
        if not self.params.get("withhold_ack"):
            asyncio.ensure_future(self.acknowledge(self.param("ack_delay_ms") / 1000))
        while True:
            message = await self.receive()
            kind = message.get("type")
            if kind == "ping":
                STATS["pings"] += 1
                late = self.number <= self.param("pong_delay_connections", 1 << 30)
                asyncio.ensure_future(self.pong(self.param("pong_delay_ms") / 1000 if late else 0))
            elif kind in ("subscribe", "start"):
                if not self.acked:
                    STATS["earlySubscribes"] += 1
                    await self.close(4401, "Unauthorized")
                await self.subscribe(str(message.get("id")))
            elif kind in ("complete", "stop"):
                STATS["completes"] += 1
                task = self.tasks.pop(str(message.get("id")), None)
                if task:
                    task.cancel()
            elif kind == "connection_terminate":
                self.writer.close()
                raise Closed()

    async def acknowledge(self, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        self.acked = True
        await self.send(text({"type": "connection_ack"}))

    async def pong(self, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        try:
            await self.send(text({"type": "pong"}))
        except (ConnectionError, RuntimeError):
            return
        self.pings_answered += 1
        self.pings_event.set()

    async def subscribe(self, sid: str) -> None:
        STATS["subscribes"] += 1
        key = (self.session, sid)
        if key in SEEN_IDS:
            STATS["resubscriptions"] += 1
        SEEN_IDS.add(key)
        self.tasks[sid] = asyncio.ensure_future(self.stream(sid))

    async def stream(self, sid: str) -> None:
        kind = self.params.get("malformed")
        if kind:
            STATS["malformedSent"] += 1
            await self.send(MALFORMED[kind](sid))
            return
        refuse = self.params.get("refuse")
        if refuse:
            self.tasks.pop(sid, None)
            if refuse == "result":
                await self.send(text({"id": sid, "type": "data" if self.legacy else "next", "payload": {"errors": REFUSED}}))
                await self.send(text({"id": sid, "type": "complete"}))
            else:
                await self.send_error(sid, REFUSED)
            return
        if self.number < self.param("events_from_connection", 1):
            return
        while self.pings_answered < self.param("events_after_pings"):
            self.pings_event.clear()
            await self.pings_event.wait()
        key = (self.session, sid)
        total = self.param("total", 10)
        drop_after = self.param("drop_after")
        fail_after = self.param("fail_after", -1)
        while CURSORS.get(key, 1) <= total:
            value = CURSORS.get(key, 1)
            if value > fail_after >= 0:
                self.tasks.pop(sid, None)
                await self.send_error(sid, FAILED)
                return
            payload = counter_result(value)
            await self.send(text({"id": sid, "type": "data" if self.legacy else "next", "payload": payload}))
            CURSORS[key] = value + 1
            STATS["eventsSent"] += 1
            self.sent += 1
            if drop_after and self.sent >= drop_after and CURSORS[key] <= total:
                STATS["drops"] += 1
                self.writer.close()  # flushes what was written, then FIN: no close frame
                return
        self.tasks.pop(sid, None)
        await self.send(text({"id": sid, "type": "complete"}))

    async def send_error(self, sid: str, errors: list) -> None:
        """The `error` message; graphql-ws (legacy) carries one error object rather than a list."""
        await self.send(text({"id": sid, "type": "error", "payload": errors[0] if self.legacy else errors}))


def parse_head(head: bytes):
    """The method, target and headers (names lowercased) of a request head."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return parts[0], parts[1] if len(parts) > 1 else "/", headers


def multipart_body(parts: list) -> bytes:
    """`parts` (JSON values) as a `multipart/mixed` body with the boundary `graphql`, closed."""
    body = b"".join(b"--graphql\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + json.dumps(part).encode() + b"\r\n"
                    for part in parts)
    return body + b"--graphql--\r\n"


def http_subscription(params: dict):
    """The status, content type and body of the counter subscription over multipart or graphql-sse."""
    total, fail_after = int(params.get("total", "10")), int(params.get("fail_after", "-1"))
    values = list(range(1, total + 1)) if fail_after < 0 else list(range(1, min(total, fail_after) + 1))
    failed = 0 <= fail_after < total
    if params.get("protocol") == "sse":
        results = [counter_result(value) for value in values]
        if params.get("refuse"):
            results = [{"errors": REFUSED}]
        elif failed:
            results.append({"errors": FAILED})
        events = "".join(f"event: next\ndata: {json.dumps(result)}\n\n" for result in results) + "event: complete\n\n"
        return 200, "text/event-stream", events.encode()
    if params.get("refuse"):
        return 200, "application/json", json.dumps({"errors": REFUSED}).encode()
    parts = [{"payload": counter_result(value)} for value in values]
    if failed:
        parts.append({"payload": None, "errors": FAILED})
    return 200, 'multipart/mixed; boundary="graphql"; subscriptionSpec="1.0"', multipart_body(parts)


def deferred_response(accept: str):
    """A query with a deferred fragment answered in the `deferSpec=20220824` format, or 406 when
    `accept` does not ask for that format alone among the multipart ones."""
    ranges = [item.strip().replace(" ", "").lower() for item in accept.split(",")]
    multipart = [item for item in ranges if item.startswith("multipart/mixed")]
    if not multipart or any("deferspec=20220824" not in item for item in multipart):
        return 406, "application/json", json.dumps({"errors": [{"message": f"unsupported Accept: {accept}"}]}).encode()
    parts = [
        {"data": {"counter": {"__typename": "Counter", "id": "c1"}}, "hasNext": True},
        {"incremental": [{"data": {"value": 7}, "path": ["counter"], "label": "value"}], "hasNext": False},
    ]
    return 200, 'multipart/mixed; boundary="graphql"; deferSpec=20220824', multipart_body(parts)


async def send_bytes(writer, count: int, chunked: bool, rate: int = 0) -> bool:
    """Sends a response of `count` bytes (`x`) in 64 KB writes, at most `rate` bytes a second when
    `rate` is set; False when the client closed first."""
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {count}"
    block = b"x" * 65536
    loop = asyncio.get_running_loop()
    start = loop.time()
    try:
        writer.write(f"HTTP/1.1 200 Fault\r\nContent-Type: application/octet-stream\r\n{framing}\r\n\r\n".encode())
        left = count
        while left > 0:
            piece = block[:min(left, len(block))]
            writer.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            await writer.drain()
            left -= len(piece)
            if rate > 0:
                ahead = (count - left) / rate - (loop.time() - start)
                if ahead > 0:
                    await asyncio.sleep(ahead)
        if chunked:
            writer.write(b"0\r\n\r\n")
        await writer.drain()
        return True
    except ConnectionError:
        return False


async def serve_http(reader, writer, method: str, target: str, headers: dict, tls: bool) -> None:
    """Answers `/http/` requests on one connection until the client closes it."""
    STATS["httpConnections"] += 1
    while True:
        body = await reader.readexactly(int(headers.get("content-length", "0") or "0"))
        if tls:
            STATS["tlsBytes"] += len(body)
        STATS["httpRequests"] += 1
        url = urlsplit(target)
        params = dict(parse_qsl(url.query))
        if url.path == "/http/hold":
            writer.write(b"HTTP/1.1 200 Fault\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n")
            await writer.drain()
            STATS["httpHeld"] += 1
            while await reader.read(4096):
                pass
            STATS["httpHeldClosed"] += 1
            break
        if url.path == "/http/drop":
            STATS["httpDropped"] += 1
            STATS["droppedBodies"].append(body.decode("utf-8", "replace"))
            break
        if url.path == "/http/bytes":
            if not await send_bytes(writer, int(params.get("count", "0")), params.get("chunked") == "1",
                                    int(params.get("rate", "0"))):
                STATS["httpBytesStopped"] += 1
                break
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                break
            method, target, headers = parse_head(head)
            continue
        if url.path == "/http/redirect":
            status, extra, payload = int(params.get("status", "302")), f"Location: {params.get('to', '/http/echo')}\r\n", b""
        elif url.path == "/http/subscribe":
            status, content_type, payload = http_subscription(params)
            extra = f"Content-Type: {content_type}\r\n"
        elif url.path == "/http/defer":
            status, content_type, payload = deferred_response(headers.get("accept", ""))
            extra = f"Content-Type: {content_type}\r\n"
        else:
            status, extra = 200, "Content-Type: application/json\r\n"
            payload = json.dumps({"method": method, "path": url.path, "query": url.query, "headers": headers,
                                  "body": body.decode("utf-8", "replace")}).encode()
        head = f"HTTP/1.1 {status} Fault\r\n{extra}Content-Length: {len(payload)}\r\n\r\n".encode()
        writer.write(head if method == "HEAD" else head + payload)
        await writer.drain()
        if headers.get("connection", "").lower() == "close":
            break
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            break
        if tls:
            STATS["tlsBytes"] += len(head)
        method, target, headers = parse_head(head)
    writer.close()


async def handle(reader, writer, tls: bool) -> None:
    if tls:
        STATS["tlsConnections"] += 1
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError) as error:
        if tls and isinstance(error, asyncio.IncompleteReadError):
            STATS["tlsBytes"] += len(error.partial)
        writer.close()
        return
    if tls:
        STATS["tlsBytes"] += len(head)
    method, target, headers = parse_head(head)
    url = urlsplit(target)
    if url.path.startswith("/http/"):
        await serve_http(reader, writer, method, target, headers, tls)
        return
    if url.path == "/stats":
        body = json.dumps(STATS).encode()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
        await writer.drain()
        writer.close()
        return
    offered = [item.strip() for item in headers.get("sec-websocket-protocol", "").split(",")]
    protocol = next((item for item in offered if item in PROTOCOLS), None)
    key = headers.get("sec-websocket-key")
    if headers.get("upgrade", "").lower() != "websocket" or not key or protocol is None:
        writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()
        return
    accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()
    writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Accept: {accept}\r\nSec-WebSocket-Protocol: {protocol}\r\n\r\n").encode())
    await writer.drain()
    STATS["connections"] += 1
    connection = Connection(reader, writer, dict(parse_qsl(url.query)), protocol, STATS["connections"])
    try:
        await connection.run()
    except (Closed, asyncio.IncompleteReadError, ConnectionError, json.JSONDecodeError):
        pass
    finally:
        for task in connection.tasks.values():
            task.cancel()
        writer.close()


async def main_async(arguments) -> None:
    plain = await asyncio.start_server(lambda r, w: handle(r, w, False), "127.0.0.1", 0)
    tls_port = 0
    if arguments.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments.tls_cert, arguments.tls_key)
        secure = await asyncio.start_server(lambda r, w: handle(r, w, True), "127.0.0.1", 0, ssl=context)
        tls_port = secure.sockets[0].getsockname()[1]
    print(f"PORT={plain.sockets[0].getsockname()[1]} TLSPORT={tls_port}", flush=True)
    await asyncio.Event().wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    arguments = parser.parse_args()
    if arguments.exit_on_stdin_eof:
        def watch_stdin() -> None:
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()
    asyncio.run(main_async(arguments))
    return 0


if __name__ == "__main__":
    sys.exit(main())
