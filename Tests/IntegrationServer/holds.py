"""Holds: resolvers that wait until the test says so, so that incremental delivery (`@defer`,
`@stream`) is tested without depending on timing.

A request that names holds in its `X-Test-Hold` header (comma-separated, for example
`rating,lessons`) makes the resolvers that call `hold(info, name)` wait until the test releases
that name for its session (`POST /test/control` with `{"release": ["rating"]}`), or 30 seconds at
most. Requests without the header never wait.
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
    try:
        await asyncio.wait_for(session.hold(name).wait(), MAX_WAIT_SECONDS)
    except asyncio.TimeoutError:
        pass
