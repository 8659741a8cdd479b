"""Per-session test state: what the server received, injected failures, tokens, persisted queries.

Tests run in parallel against one server, so every request names its session with the
`X-Test-Session` header (or a `session` query parameter); requests without one share the
session "default". Stats, tokens, failure counters and persisted queries never leak
between sessions.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Optional

SESSION_HEADER = "x-test-session"
FAIL_HEADER = "x-test-fail"
MAX_RECORDED_BODY = 64 * 1024


@dataclass
class SessionState:
    """Everything the server remembers about one test session."""

    name: str
    total: int = 0
    paths: Counter = field(default_factory=Counter)
    operations: Counter = field(default_factory=Counter)
    methods: Counter = field(default_factory=Counter)
    injected: Counter = field(default_factory=Counter)
    persisted_queries: Counter = field(default_factory=Counter)
    subscriptions: Counter = field(default_factory=Counter)
    websocket_connections: int = 0
    client_completes: int = 0  # `complete` (graphql-transport-ws) or `stop` (graphql-ws) from clients
    refreshes: int = 0
    failed_refreshes: int = 0
    last_request: Optional[dict] = None
    recent: deque = field(default_factory=lambda: deque(maxlen=100))
    # Controls.
    fail_queue: deque = field(default_factory=deque)
    seen_fail_headers: Counter = field(default_factory=Counter)
    token: Optional[str] = None
    token_serial: int = 0
    refresh_fails: bool = False
    refresh_delay_ms: int = 0
    require_auth: bool = False
    documents: dict = field(default_factory=dict)  # sha256 hex -> document, for persisted queries
    holds: dict = field(default_factory=dict)  # name -> asyncio.Event, released by the test (holds.py)
    # The cache probe resource (cache_probe.py).
    cache_versions: Counter = field(default_factory=Counter)
    conditional_requests: Counter = field(default_factory=Counter)
    not_modified: Counter = field(default_factory=Counter)
    held_requests: Counter = field(default_factory=Counter)  # hold name -> requests that waited on it
    held_disconnects: Counter = field(default_factory=Counter)  # hold name -> clients gone while held
    held_timeouts: Counter = field(default_factory=Counter)  # hold name -> requests let go by the bound

    def record(self, method: str, path: str, query_string: str, headers: dict, operation: Optional[str],
               body: bytes, persisted_hash: Optional[str], has_document: bool) -> None:
        self.total += 1
        self.paths[path] += 1
        self.methods[method] += 1
        if operation:
            self.operations[operation] += 1
        summary = {"method": method, "path": path, "queryString": query_string, "operationName": operation,
                   "persistedQueryHash": persisted_hash, "hasDocument": has_document, "time": time.time()}
        self.recent.append(summary)
        self.last_request = dict(summary, headers=headers,
                                 body=body[:MAX_RECORDED_BODY].decode("utf-8", errors="replace"))

    def hold(self, name: str):
        """The event resolvers held under `name` wait for (holds.py)."""
        import asyncio
        return self.holds.setdefault(name, asyncio.Event())

    def issue_token(self) -> str:
        self.token_serial += 1
        self.token = f"token-{self.token_serial}-{secrets.token_hex(6)}"
        return self.token

    def is_authorized(self, headers: dict) -> bool:
        return self.token is not None and headers.get("authorization") == f"Bearer {self.token}"

    def stats(self) -> dict:
        return {
            "session": self.name,
            "total": self.total,
            "paths": dict(self.paths),
            "operations": dict(self.operations),
            "methods": dict(self.methods),
            "injectedFailures": dict(self.injected),
            "persistedQueries": {key: self.persisted_queries[key] for key in ("hits", "misses", "registrations")},
            "websocketConnections": self.websocket_connections,
            "subscriptions": dict(self.subscriptions),
            "clientCompletes": self.client_completes,
            "refreshes": self.refreshes,
            "failedRefreshes": self.failed_refreshes,
            "conditionalRequests": dict(self.conditional_requests),
            "notModified": dict(self.not_modified),
            "heldRequests": dict(self.held_requests),
            "heldDisconnects": dict(self.held_disconnects),
            "heldTimeouts": dict(self.held_timeouts),
            "lastRequest": self.last_request,
            "recentRequests": list(self.recent),
        }

    def controls(self) -> dict:
        return {
            "session": self.name,
            "failNext": list(self.fail_queue),
            "refreshFails": self.refresh_fails,
            "refreshDelayMs": self.refresh_delay_ms,
            "requireAuth": self.require_auth,
            "hasToken": self.token is not None,
            "persistedQueries": len(self.documents),
        }


class Sessions:
    """All sessions by name, created on first use."""

    def __init__(self) -> None:
        self._sessions: dict[str, SessionState] = {}

    def get(self, name: str) -> SessionState:
        if name not in self._sessions:
            self._sessions[name] = SessionState(name)
        return self._sessions[name]

    def reset(self, name: str) -> SessionState:
        self._sessions[name] = SessionState(name)
        return self._sessions[name]

    def reset_all(self) -> None:
        self._sessions.clear()


SESSIONS = Sessions()


def session_name(headers: dict, query_params: dict) -> str:
    return headers.get(SESSION_HEADER) or query_params.get("session") or "default"
