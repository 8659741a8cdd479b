"""A REST resource whose caching headers the test chooses, for the HTTP response cache tests.

    GET  /rest/v1/cached/{name}?cc=&etag=1&lastModified=1&vary=
        answers {"name", "version", "language"} with `Cache-Control: <cc>` (if given), an `ETag`
        of the resource's version (etag=1), a fixed `Last-Modified` (lastModified=1) and
        `Vary: <vary>` (if given; `language` is the request's Accept-Language). A matching
        `If-None-Match` or `If-Modified-Since` is answered 304 with the same headers.
    POST|PUT|PATCH|DELETE /rest/v1/cached/{name}
        a write: the resource's version goes up (so its ETag changes); answers 200 with the new
        version, and `Location` when `?location=` is given.

Per session, `/test/stats` counts what reached the server: `paths` (every request, from the
harness), `conditionalRequests` (requests carrying If-None-Match or If-Modified-Since, by path) and
`notModified` (304s sent, by path).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from sessions import SESSIONS, session_name

LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT"


def _session(request: Request):
    return SESSIONS.get(session_name({k.lower(): v for k, v in request.headers.items()}, dict(request.query_params)))


def _headers(request: Request, version: int) -> dict:
    name = request.path_params["name"]
    params = request.query_params
    headers = {}
    if params.get("cc"):
        headers["cache-control"] = params["cc"]
    if params.get("etag") == "1":
        headers["etag"] = f'"{name}-v{version}"'
    if params.get("lastModified") == "1":
        headers["last-modified"] = LAST_MODIFIED
    if params.get("vary"):
        headers["vary"] = params["vary"]
    return headers


async def read(request: Request) -> Response:
    session = _session(request)
    name = request.path_params["name"]
    version = session.cache_versions[name]
    headers = _headers(request, version)
    path = request.url.path
    if_none_match = request.headers.get("if-none-match")
    if_modified_since = request.headers.get("if-modified-since")
    if if_none_match or if_modified_since:
        session.conditional_requests[path] += 1
    matches = (if_none_match is not None and "etag" in headers and headers["etag"] in
               [tag.strip() for tag in if_none_match.split(",")])
    unmodified = (if_none_match is None and if_modified_since is not None and "last-modified" in headers
                  and if_modified_since == LAST_MODIFIED)
    if matches or unmodified:
        session.not_modified[path] += 1
        return Response(status_code=304, headers=headers)
    return JSONResponse({"name": name, "version": version, "language": request.headers.get("accept-language")},
                        headers=headers)


async def write(request: Request) -> Response:
    session = _session(request)
    name = request.path_params["name"]
    session.cache_versions[name] += 1
    headers = {}
    if request.query_params.get("location"):
        headers["location"] = request.query_params["location"]
    return JSONResponse({"name": name, "version": session.cache_versions[name]}, headers=headers)
