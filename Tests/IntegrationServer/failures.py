"""Controlled failures, chosen per request by the `X-Test-Fail` header or queued by `POST /test/control`.

A header value is a comma-separated list of specs, applied in order; a spec is a mode and
`;`-separated parameters:

    500 | 503;retry-after=1 | 429;retry-after=2   answer with that status (any 400-599)
    401-until-refresh                           401 unless `Authorization: Bearer <token>` carries the
                                                session's current token from `POST /test/refresh`
    unauthenticated-until-refresh               the same, as HTTP 200 with a GraphQL error whose
                                                `extensions.code` is UNAUTHENTICATED
    slow=2000                                   wait that many milliseconds, then go on
    malformed-json                              the real response with its JSON body broken
    truncated-body                              the real response's headers (Content-Length of the whole
                                                body) and half of its body, then the connection closes
    echo-http;status=401                        a careless server: that status with a JSON body whose
                                                `detail` repeats every header value, the query string and
                                                the body of the request (`invalid token ...`)
    echo-graphql                                the same text as the message of a GraphQL error (HTTP 200)

Parameter `times=N` makes a spec apply only to the first N requests of the session carrying
exactly the same header value (for example `500;times=2` fails twice, then lets requests through).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Optional

MODES = {"status", "401-until-refresh", "unauthenticated-until-refresh", "slow", "malformed-json", "truncated-body",
         "echo-http", "echo-graphql"}


class FailureSpecError(ValueError):
    """A spec the server does not understand; answered with 400 so typos are noticed."""


@dataclass
class FailureSpec:
    mode: str
    status: int = 0
    delay_ms: int = 0
    retry_after: Optional[str] = None
    times: Optional[int] = None
    raw: str = ""
    params: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return str(self.status) if self.mode == "status" else self.mode


def parse_specs(value: str) -> list[FailureSpec]:
    """Parses a whole header value (comma-separated specs)."""
    return [parse_spec(part) for part in value.split(",") if part.strip()]


def parse_spec(text: str) -> FailureSpec:
    parts = [p.strip() for p in text.strip().split(";") if p.strip()]
    if not parts:
        raise FailureSpecError("empty failure spec")
    head, params = parts[0].lower(), {}
    for part in parts[1:]:
        key, _, value = part.partition("=")
        params[key.strip().lower()] = value.strip()
    spec = FailureSpec(mode=head, raw=text.strip(), params=params)
    if head.isdigit():
        spec.mode, spec.status = "status", int(head)
        if not 400 <= spec.status <= 599:
            raise FailureSpecError(f"status {spec.status} is not an error status (400-599)")
    elif head.startswith("slow="):
        spec.mode = "slow"
        spec.delay_ms = _integer(head[len("slow="):], "slow")
    elif head not in MODES:
        raise FailureSpecError(f"unknown failure mode {head!r}")
    if "retry-after" in params:
        spec.retry_after = params["retry-after"]
    if "times" in params:
        spec.times = _integer(params["times"], "times")
    return spec


def _integer(text: str, name: str) -> int:
    if not text.isdigit():
        raise FailureSpecError(f"{name} needs a whole number, got {text!r}")
    return int(text)


def json_body(payload: object) -> bytes:
    return json.dumps(payload, separators=(",", ":")).encode()


def status_response(spec: FailureSpec) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    body = json_body({"errors": [{"message": f"Injected failure: HTTP {spec.status}",
                                  "extensions": {"code": "INJECTED_FAILURE", "status": spec.status}}]})
    headers = [(b"content-type", b"application/json")]
    if spec.retry_after is not None:
        headers.append((b"retry-after", spec.retry_after.encode()))
    return spec.status, headers, body


def unauthorized_response() -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    body = json_body({"errors": [{"message": "The access token is missing, expired or revoked.",
                                  "extensions": {"code": "UNAUTHENTICATED"}}]})
    return 401, [(b"content-type", b"application/json"),
                 (b"www-authenticate", b'Bearer error="invalid_token"')], body


def unauthenticated_graphql_response(content_type: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    body = json_body({"data": None, "errors": [{"message": "The access token is missing, expired or revoked.",
                                                "extensions": {"code": "UNAUTHENTICATED"}}]})
    return 200, [(b"content-type", content_type)], body


def break_json(body: bytes) -> bytes:
    """The first half of a JSON document followed by a stray brace: never valid JSON."""
    return body[: max(1, len(body) // 2)] + b"}}]oops"


def echo_response(spec: FailureSpec, headers: dict, query_string: str, body: bytes) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Repeats the request's credentials back in the error text, as some servers do."""
    text = (f"invalid token {' '.join(headers.values())}; query {query_string}; "
            f"body {body.decode('utf-8', errors='replace')}")
    if spec.mode == "echo-graphql":
        return 200, [(b"content-type", b"application/json")], json_body({"data": None, "errors": [{"message": text}]})
    status = int(spec.params.get("status", "401"))
    return status, [(b"content-type", b"application/json")], json_body({"error": "invalid_request", "detail": text})
