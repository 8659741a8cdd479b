"""Holds: resolvers that wait until the test says so, so that incremental delivery (`@defer`,
`@stream`) is tested without depending on timing.

A request that names holds in its `X-Test-Hold` header (comma-separated, for example
`rating,lessons`) makes the resolvers that call `hold(info, name)` wait until the test releases
that name for its session (`POST /test/control` with `{"release": ["rating"]}`), or 30 seconds at
most. Requests without the header never wait.

While it waits, a held resolver also listens for the client closing the connection: the
session's stats count the requests that reached each hold (`heldRequests`), those whose client
went away while held (`heldDisconnects`), so a test sees a cancellation arrive at the server, and
those let go by the 30-second bound (`heldTimeouts`), so a test that finds a held request already
answered can say why.
"""

from __future__ import annotations

import asyncio

import strawberry

from sessions import SESSIONS, session_name

HOLD_HEADER = "x-test-hold"
MAX_WAIT_SECONDS = 30


async def hold(info: strawberry.Info, name: str) -> None:
    headers = info.context["request"].headers
    names = {part.strip() for part in (headers.get(HOLD_HEADER) or "").split(",")}
    if name not in names:
        return
    session = SESSIONS.get(session_name({k.lower(): v for k, v in headers.items()}, {}))
    session.held_requests[name] += 1
    released = asyncio.ensure_future(asyncio.wait_for(session.hold(name).wait(), MAX_WAIT_SECONDS))
    disconnected = asyncio.ensure_future(_client_disconnect(info.context["request"]))
    done, pending = await asyncio.wait({released, disconnected}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    if disconnected in done and disconnected.result():
        session.held_disconnects[name] += 1
    elif released in done and isinstance(released.exception(), asyncio.TimeoutError):
        session.held_timeouts[name] += 1


async def _client_disconnect(request) -> bool:
    """Waits until the client closes the connection (the request body has been read already, so
    the next ASGI message is `http.disconnect`)."""
    while True:
        message = await request.receive()
        if message.get("type") == "http.disconnect":
            return True
