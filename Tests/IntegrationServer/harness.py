"""The ASGI layer in front of the GraphQL and REST routes: counts every request, injects
controlled failures and implements automatic persisted queries (APQ).

The test endpoints themselves (`/test/stats`, `/test/reset`, `/test/control`) are neither
counted nor failed; `/test/refresh` is counted, like any endpoint a client calls.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Optional
from urllib.parse import parse_qsl, urlencode

from graphql import OperationDefinitionNode, parse

from failures import (FailureSpec, FailureSpecError, break_json, echo_response, json_body, parse_specs,
                      status_response, unauthenticated_graphql_response, unauthorized_response)
from sessions import FAIL_HEADER, SESSIONS, SessionState, session_name

UNCOUNTED_PATHS = {"/test/stats", "/test/reset", "/test/control", "/test/subscribers", "/test/notes"}
GRAPHQL_PATH = "/graphql"


def _headers(scope) -> dict:
    headers: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        name, text = key.decode("latin-1").lower(), value.decode("latin-1")
        headers[name] = f"{headers[name]}, {text}" if name in headers else text
    return headers


def _operation_name(payload: dict) -> Optional[str]:
    if isinstance(payload.get("operationName"), str) and payload["operationName"]:
        return payload["operationName"]
    query = payload.get("query")
    if not isinstance(query, str):
        return None
    try:
        operations = [d for d in parse(query).definitions if isinstance(d, OperationDefinitionNode)]
    except Exception:  # a syntax error is the GraphQL layer's to report
        return None
    return operations[0].name.value if len(operations) == 1 and operations[0].name else None


def _is_mutation(payload: dict) -> bool:
    """Whether the document and operationName select a mutation (GraphQL over HTTP: 405 over GET)."""
    try:
        operations = [d for d in parse(payload.get("query") or "").definitions if isinstance(d, OperationDefinitionNode)]
    except Exception:
        return False
    name = payload.get("operationName")
    chosen = [o for o in operations if not name or (o.name and o.name.value == name)]
    return len(chosen) >= 1 and chosen[0].operation.value == "mutation"


def _graphql_payload(method: str, body: bytes, params: dict) -> Optional[dict]:
    if method == "GET":
        payload = dict(params)
        if isinstance(payload.get("extensions"), str):
            try:
                payload["extensions"] = json.loads(payload["extensions"])
            except ValueError:
                pass
        return payload
    try:
        payload = json.loads(body or b"null")
    except ValueError:
        return None
    return payload if isinstance(payload, dict) else None


def _batch_operation_names(method: str, body: bytes) -> Optional[list]:
    """The operation names of a batched request (a JSON list of request bodies), else None."""
    if method != "POST":
        return None
    try:
        payload = json.loads(body or b"null")
    except ValueError:
        return None
    if not isinstance(payload, list):
        return None
    return [(_operation_name(item) if isinstance(item, dict) else None) or "(anonymous)" for item in payload]


def _persisted_hash(payload: Optional[dict]) -> Optional[str]:
    extensions = (payload or {}).get("extensions")
    persisted = extensions.get("persistedQuery") if isinstance(extensions, dict) else None
    value = persisted.get("sha256Hash") if isinstance(persisted, dict) else None
    return value if isinstance(value, str) else None


async def _respond(send, status: int, headers: list, body: bytes) -> None:
    headers = headers + [(b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Harness:
    """Wraps the GraphQL app (served at /graphql) and the other routes."""

    def __init__(self, graphql_app, routes_app) -> None:
        self.graphql_app = graphql_app
        self.routes_app = routes_app

    def _target(self, scope):
        return self.graphql_app if scope["path"] == GRAPHQL_PATH else self.routes_app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope["path"] not in UNCOUNTED_PATHS:
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self._target(scope)(scope, receive, send)

    async def _websocket(self, scope, receive, send) -> None:
        params = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        session = SESSIONS.get(session_name(_headers(scope), params))
        session.websocket_connections += 1
        session.paths[f"ws:{scope['path']}"] += 1

        async def counting_receive():
            message = await receive()
            if message.get("type") == "websocket.receive" and message.get("text"):
                try:
                    frame = json.loads(message["text"])
                except ValueError:
                    frame = None
                if isinstance(frame, dict) and frame.get("type") in ("subscribe", "start"):
                    name = _operation_name(frame.get("payload") or {}) or "(anonymous)"
                    session.subscriptions[name] += 1
                elif isinstance(frame, dict) and frame.get("type") in ("complete", "stop"):
                    session.client_completes += 1
            return message

        await self._target(scope)(scope, counting_receive, send)

    async def _http(self, scope, receive, send) -> None:
        headers = _headers(scope)
        if scope["path"] == GRAPHQL_PATH and headers.get("content-type", "").startswith("multipart/form-data"):
            await self._upload(scope, receive, send, headers)
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        query_string = scope.get("query_string", b"").decode("latin-1")
        params = dict(parse_qsl(query_string, keep_blank_values=True))
        session = SESSIONS.get(session_name(headers, params))
        is_graphql = scope["path"] == GRAPHQL_PATH
        payload = _graphql_payload(scope["method"], body, params) if is_graphql else None
        persisted_hash = _persisted_hash(payload)
        batch = _batch_operation_names(scope["method"], body) if is_graphql else None
        session.record(scope["method"], scope["path"], query_string, headers,
                       ("(batch)" if batch is not None else _operation_name(payload or {}) or "(anonymous)") if is_graphql else None,
                       body, persisted_hash, bool(payload and payload.get("query")))
        for name in batch or []:
            session.operations[name] += 1

        try:
            specs = self._failure_specs(session, scope["path"], headers)
        except FailureSpecError as error:
            await _respond(send, 400, [(b"content-type", b"application/json")],
                           json_body({"errors": [{"message": f"Bad {FAIL_HEADER} header: {error}"}]}))
            return
        response_mode = None
        for spec in specs:
            if spec.mode in ("echo-http", "echo-graphql"):
                session.injected[spec.mode] += 1
                await _respond(send, *echo_response(spec, headers, query_string, body))
                return
            outcome = await self._apply(spec, session, headers, send)
            if outcome == "answered":
                return
            if outcome in ("malformed-json", "truncated-body"):
                response_mode = outcome

        if is_graphql and scope["method"] == "GET" and payload and _is_mutation(payload):
            await _respond(send, 405, [(b"content-type", b"application/json"), (b"allow", b"POST")],
                           json_body({"errors": [{"message": "Mutations are not allowed over GET; use POST."}]}))
            return

        if is_graphql and persisted_hash is not None:
            rewritten = await self._persisted_query(session, scope, payload, persisted_hash, send)
            if rewritten is None:
                return
            scope, body = rewritten

        delivered = False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        if response_mode is None:
            await self._target(scope)(scope, replay, send)
        else:
            await self._damaged(scope, replay, send, response_mode)

    async def _upload(self, scope, receive, send, headers: dict) -> None:
        """A GraphQL multipart request (file uploads): streamed to Strawberry, never held here.

        Like Apollo Server's CSRF prevention, a `multipart/form-data` POST (which a browser may send
        cross-site without a preflight) needs a non-empty `Apollo-Require-Preflight` or
        `X-Apollo-Operation-Name` header. Failures are injected after the body has been read (and
        dropped), so the client is never cut off mid-upload.
        """
        query_string = scope.get("query_string", b"").decode("latin-1")
        params = dict(parse_qsl(query_string, keep_blank_values=True))
        session = SESSIONS.get(session_name(headers, params))
        session.record(scope["method"], scope["path"], query_string, headers,
                       headers.get("x-apollo-operation-name") or "(multipart)", b"", None, True)

        async def drain():
            while (await receive()).get("more_body"):
                pass

        if not (headers.get("apollo-require-preflight") or headers.get("x-apollo-operation-name")):
            await drain()
            await _respond(send, 400, [(b"content-type", b"application/json")], json_body({"errors": [{
                "message": "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF): "
                           "send a non-empty Apollo-Require-Preflight or X-Apollo-Operation-Name header."}]}))
            return
        try:
            specs = self._failure_specs(session, scope["path"], headers)
        except FailureSpecError as error:
            await drain()
            await _respond(send, 400, [(b"content-type", b"application/json")],
                           json_body({"errors": [{"message": f"Bad {FAIL_HEADER} header: {error}"}]}))
            return
        if specs:
            await drain()
            for spec in specs:
                if await self._apply(spec, session, headers, send) == "answered":
                    return
            await _respond(send, 400, [(b"content-type", b"application/json")],
                           json_body({"errors": [{"message": "This failure mode is not supported for uploads."}]}))
            return
        await self._target(scope)(scope, receive, send)

    def _failure_specs(self, session: SessionState, path: str, headers: dict) -> list[FailureSpec]:
        specs: list[FailureSpec] = []
        if session.fail_queue and not path.startswith("/test/"):
            specs += parse_specs(session.fail_queue.popleft())
        header = headers.get(FAIL_HEADER)
        if header:
            session.seen_fail_headers[header] += 1
            seen = session.seen_fail_headers[header]
            specs += [s for s in parse_specs(header) if s.times is None or seen <= s.times]
        if session.require_auth and not path.startswith("/test/") and not any(
                s.mode.endswith("until-refresh") for s in specs):
            specs.append(FailureSpec(mode="401-until-refresh", raw="requireAuth"))
        return specs

    async def _apply(self, spec: FailureSpec, session: SessionState, headers: dict, send) -> Optional[str]:
        if spec.mode == "slow":
            session.injected["slow"] += 1
            await asyncio.sleep(spec.delay_ms / 1000)
            return None
        if spec.mode == "status":
            session.injected[spec.label] += 1
            await _respond(send, *status_response(spec))
            return "answered"
        if spec.mode in ("401-until-refresh", "unauthenticated-until-refresh"):
            if session.is_authorized(headers):
                return None
            session.injected[spec.mode] += 1
            if spec.mode == "401-until-refresh":
                await _respond(send, *unauthorized_response())
            else:
                wants_graphql_json = "application/graphql-response+json" in headers.get("accept", "")
                content_type = b"application/graphql-response+json" if wants_graphql_json else b"application/json"
                await _respond(send, *unauthenticated_graphql_response(content_type))
            return "answered"
        session.injected[spec.mode] += 1
        return spec.mode  # malformed-json or truncated-body: damage the real response

    async def _persisted_query(self, session: SessionState, scope, payload: dict, digest: str, send):
        """Returns the (scope, body) to execute, or None after answering the request itself."""
        document = payload.get("query")
        if isinstance(document, str) and document:
            if hashlib.sha256(document.encode()).hexdigest() != digest.lower():
                await _respond(send, 400, [(b"content-type", b"application/json")], json_body(
                    {"errors": [{"message": "provided sha does not match query",
                                 "extensions": {"code": "PERSISTED_QUERY_HASH_MISMATCH"}}]}))
                return None
            session.documents[digest.lower()] = document
            session.persisted_queries["registrations"] += 1
            return scope, (json_body(payload) if scope["method"] != "GET" else b"")
        document = session.documents.get(digest.lower())
        if document is None:
            session.persisted_queries["misses"] += 1
            await _respond(send, 200, [(b"content-type", b"application/json")], json_body(
                {"errors": [{"message": "PersistedQueryNotFound", "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]}))
            return None
        session.persisted_queries["hits"] += 1
        payload = dict(payload, query=document)
        if scope["method"] == "GET":
            params = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
            params["query"] = document
            return dict(scope, query_string=urlencode(params).encode()), b""
        body = json_body(payload)
        headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        return dict(scope, headers=headers), body

    async def _damaged(self, scope, receive, send, mode: str) -> None:
        """Runs the request, then sends its response broken (malformed-json) or cut short (truncated-body)."""
        start: dict = {}
        chunks: list[bytes] = []

        async def capture(message):
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self._target(scope)(scope, receive, capture)
        body = b"".join(chunks)
        others = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
        if mode == "malformed-json":
            await _respond(send, start.get("status", 200), others, break_json(body))
            return
        # truncated-body: promise the whole body, send half, then return without finishing the
        # response; the server closes the connection.
        await send({"type": "http.response.start", "status": start.get("status", 200),
                    "headers": others + [(b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body[: len(body) // 2], "more_body": True})
