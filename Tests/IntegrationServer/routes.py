"""Plain HTTP routes beside /graphql: the test-control endpoints and a small REST API.

Test control (all take the session from `X-Test-Session` or `?session=`):
    GET  /test/stats     counts per path, operation name, method and injected failure, the last
                         request (with its headers and body) and the 100 most recent requests
    POST /test/reset     forgets the session's state; `?data=1` also restores the seed data
    POST /test/control   JSON: failNext (list of X-Test-Fail specs for the next requests),
                         refreshFails, refreshDelayMs, requireAuth, expireToken,
                         persistedQueries ({sha256: document}), release (names of holds to
                         let go, see holds.py); answers the session's controls
    POST /test/refresh   issues a new access token (the previous one stops working), or 401
                         when refreshFails is set
REST:
    GET  /rest/v1/courses?limit=&offset=&level=&tag=    a page of published courses
    GET  /rest/v1/courses/{slug}                        one course, or 404
    POST /rest/v1/courses                               creates a draft course from JSON, 201
    GET|POST|PUT|PATCH|DELETE /rest/v1/echo             the request as the server saw it
    GET|POST|PUT|PATCH|DELETE /rest/v1/cached/{name}    caching headers chosen by the test (cache_probe.py)
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import cache_probe
from data import STORE, CourseRecord
from notes import notes_log
from failures import FailureSpecError, parse_specs
from sessions import SESSIONS, session_name

COURSE_LEVELS = {"BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"}


def _session(request: Request):
    return SESSIONS.get(session_name({k.lower(): v for k, v in request.headers.items()}, dict(request.query_params)))


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def stats(request: Request) -> Response:
    return JSONResponse(_session(request).stats())


async def reset(request: Request) -> Response:
    name = _session(request).name
    SESSIONS.reset(name)
    if request.query_params.get("data") in ("1", "true"):
        STORE.reset()
    return JSONResponse({"session": name, "reset": True, "data": request.query_params.get("data") in ("1", "true")})


async def control(request: Request) -> Response:
    try:
        settings = json.loads(await request.body() or b"{}")
        if not isinstance(settings, dict):
            raise ValueError("the body must be a JSON object")
        session = SESSIONS.get(settings.get("session") or _session(request).name)
        for spec in settings.get("failNext", []):
            parse_specs(spec)  # reject typos now rather than on the next request
            session.fail_queue.append(spec)
        if "refreshFails" in settings:
            session.refresh_fails = bool(settings["refreshFails"])
        if "refreshDelayMs" in settings:
            session.refresh_delay_ms = int(settings["refreshDelayMs"])
        if "requireAuth" in settings:
            session.require_auth = bool(settings["requireAuth"])
        if settings.get("expireToken"):
            session.token = None
        for name in settings.get("release", []):
            session.hold(str(name)).set()
        for digest, document in (settings.get("persistedQueries") or {}).items():
            session.documents[digest.lower()] = document
    except (ValueError, TypeError, FailureSpecError) as error:
        return _error(400, f"Bad control request: {error}")
    return JSONResponse(session.controls())


async def refresh(request: Request) -> Response:
    session = _session(request)
    if session.refresh_delay_ms:
        await asyncio.sleep(session.refresh_delay_ms / 1000)
    if session.refresh_fails:
        session.failed_refreshes += 1
        return JSONResponse({"error": "invalid_grant", "message": "The refresh token is no longer valid."},
                            status_code=401)
    session.refreshes += 1
    return JSONResponse({"accessToken": session.issue_token(), "tokenType": "Bearer", "expiresIn": 3600})


def course_json(c: CourseRecord) -> dict:
    return {"id": c.id, "slug": c.slug, "title": c.title, "summary": c.summary, "level": c.level,
            "status": c.status, "tags": c.tags, "instructorId": c.instructor_id,
            "lessonCount": len(STORE.lessons_of(c.id)), "rating": STORE.rating_of(c.id),
            "priceMinor": c.price_minor, "currency": c.currency, "publishedAt": c.published_at}


def _non_negative(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not text.isdigit():
        raise ValueError(f"`{name}` must be a non-negative whole number.")
    return int(text)


async def list_courses(request: Request) -> Response:
    try:
        limit, offset = _non_negative(request, "limit", 20), _non_negative(request, "offset", 0)
    except ValueError as error:
        return _error(400, str(error))
    if limit > 100:
        return _error(400, "`limit` must be at most 100.")
    courses = sorted(STORE.listed_courses(), key=lambda c: c.id)
    if "level" in request.query_params:
        courses = [c for c in courses if c.level == request.query_params["level"].upper()]
    for tag in request.query_params.getlist("tag"):
        courses = [c for c in courses if tag in c.tags]
    page = courses[offset:offset + limit]
    return JSONResponse({"courses": [course_json(c) for c in page], "total": len(courses),
                         "limit": limit, "offset": offset})


async def get_course(request: Request) -> Response:
    course = STORE.course_by_slug(request.path_params["slug"])
    return JSONResponse(course_json(course)) if course else _error(404, "No such course.")


async def create_course(request: Request) -> Response:
    try:
        body = json.loads(await request.body() or b"null")
    except ValueError:
        return _error(400, "The body must be JSON.")
    if not isinstance(body, dict) or not isinstance(body.get("title"), str):
        return _error(422, "`title` (a string) is required.")
    level = body.get("level", "BEGINNER")
    tags = body.get("tags", [])
    if level not in COURSE_LEVELS:
        return _error(422, f"`level` must be one of {', '.join(sorted(COURSE_LEVELS))}.")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        return _error(422, "`tags` must be a list of strings.")
    now = datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    try:
        course = STORE.create_course(body["title"], body.get("slug"), body.get("summary"), level, tags,
                                     body.get("priceMinor"), None, "user-1", now)
    except ValueError as error:
        return _error(409 if "exists" in str(error) else 422, str(error))
    return JSONResponse(course_json(course), status_code=201, headers={"location": f"/rest/v1/courses/{course.slug}"})


async def echo(request: Request) -> Response:
    body = await request.body()
    try:
        decoded = json.loads(body) if body else None
    except ValueError:
        decoded = body.decode("utf-8", errors="replace")
    return JSONResponse({"method": request.method, "path": request.url.path,
                         "rawQuery": request.url.query, "query": [[k, v] for k, v in request.query_params.multi_items()],
                         "headers": {k.lower(): v for k, v in request.headers.items()}, "body": decoded})


async def subscribers(request: Request) -> Response:
    """How many `reviewAdded` subscriptions of `?courseId=` are open: a closed HTTP subscription
    (multipart or SSE) ends its generator, so the count shows the connection went away."""
    from data import STORE
    return JSONResponse({"reviewAdded": len(STORE.review_subscribers.get(request.query_params.get("courseId", ""), ()))})


routes_app = Starlette(routes=[
    Route("/test/stats", stats, methods=["GET"]),
    Route("/test/reset", reset, methods=["POST"]),
    Route("/test/control", control, methods=["POST"]),
    Route("/test/refresh", refresh, methods=["POST"]),
    Route("/test/subscribers", subscribers, methods=["GET"]),
    Route("/test/notes", notes_log, methods=["GET"]),
    Route("/rest/v1/courses", list_courses, methods=["GET"]),
    Route("/rest/v1/courses", create_course, methods=["POST"]),
    Route("/rest/v1/courses/{slug}", get_course, methods=["GET"]),
    Route("/rest/v1/echo", echo, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
    Route("/rest/v1/cached/{name}", cache_probe.read, methods=["GET"]),
    Route("/rest/v1/cached/{name}", cache_probe.write, methods=["POST", "PUT", "PATCH", "DELETE"]),
])
