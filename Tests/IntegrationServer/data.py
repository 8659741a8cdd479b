"""In-memory data of the example course catalog: records, seed data and queries.

The records are plain dataclasses; schema.py turns them into GraphQL objects and
rest.py into REST JSON. `STORE.reset()` restores the seed data.
"""

from __future__ import annotations

import asyncio
import base64
import re
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class UserRecord:
    id: str
    name: str
    handle: str
    email: str
    role: str
    bio: Optional[str]
    joined_at: str


@dataclass
class CourseRecord:
    id: str
    slug: str
    title: str
    summary: Optional[str]
    description: Optional[str]
    level: str
    status: str
    tags: list[str]
    instructor_id: str
    co_instructor_ids: list[str]
    price_minor: Optional[int]
    currency: str
    weekly_schedule: list[list[str]]
    published_at: Optional[str]
    updated_at: str


@dataclass
class LessonRecord:
    id: str
    kind: str  # "video", "article" or "quiz"
    course_id: str
    title: str
    position: int
    duration_minutes: int
    is_preview: bool
    details: dict = field(default_factory=dict)


@dataclass
class ReviewRecord:
    id: str
    author_id: str
    course_id: str
    rating: int
    body: Optional[str]
    created_at: str


@dataclass
class EnrollmentRecord:
    id: str
    user_id: str
    course_id: str
    status: str
    completed_lesson_ids: list[str]
    enrolled_at: str


VIEWER_ID = "user-2"
GUEST_ID = "user-0"
DATETIME_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def _schedule(**days: list[str]) -> list[list[str]]:
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    return [list(days.get(name, [])) for name in names]


def _seed_users() -> dict[str, UserRecord]:
    users = [
        UserRecord("user-0", "Anonymous", "anonymous", "nobody@example.invalid", "STUDENT", None, "2020-01-01T00:00:00Z"),
        UserRecord("user-1", "Ada Okafor", "ada", "ada@example.com", "INSTRUCTOR",
                   "Teaches **Swift** and distributed systems.", "2021-02-03T10:00:00Z"),
        UserRecord("user-2", "Bruno Lindqvist", "bruno", "bruno@example.com", "STUDENT", None, "2022-05-17T08:30:00Z"),
        UserRecord("user-3", "Chen Wei", "chenwei", "chen@example.com", "INSTRUCTOR",
                   "API designer; likes schemas more than people.", "2021-09-12T15:45:00+02:00"),
        UserRecord("user-4", "Dana Ruiz", "dana", "dana@example.com", "ADMIN", None, "2020-11-30T12:00:00Z"),
    ]
    return {u.id: u for u in users}


def _seed_courses() -> dict[str, CourseRecord]:
    courses = [
        CourseRecord("course-1", "swift-concurrency", "Swift Concurrency in Practice",
                     "Tasks, actors and async sequences in real apps.",
                     "# Swift Concurrency\n\nFrom `async let` to custom executors.\n\n- Tasks\n- Actors\n",
                     "INTERMEDIATE", "PUBLISHED", ["swift", "concurrency", "async"], "user-1", ["user-3"],
                     4900, "EUR",
                     _schedule(monday=["2025-03-03T09:00:00Z", "2025-03-03T17:00:00Z"],
                               wednesday=["2025-03-05T12:30:00Z"]),
                     "2024-01-15T09:00:00Z", "2025-02-01T10:00:00Z"),
        CourseRecord("course-2", "graphql-from-scratch", "GraphQL from Scratch",
                     "Schemas, queries and resolvers, one step at a time.", None,
                     "BEGINNER", "PUBLISHED", ["graphql", "api"], "user-3", [],
                     None, "USD", _schedule(friday=["2025-03-07T16:00:00+01:00"]),
                     "2023-06-01T08:00:00Z", "2024-12-24T18:00:00Z"),
        CourseRecord("course-3", "distributed-caching", "Caching for Distributed Systems",
                     "Normalized caches, invalidation and consistency.",
                     "Why *cache invalidation* is hard, and what to do about it.",
                     "ADVANCED", "PUBLISHED", ["caching", "distributed-systems"], "user-1", [],
                     7900, "USD", _schedule(), "2024-09-10T07:00:00Z", "2024-11-02T07:00:00Z"),
        CourseRecord("course-4", "objc-memory", "Objective-C Memory Management",
                     "Retain, release and autorelease pools.", None,
                     "EXPERT", "ARCHIVED", ["objective-c"], "user-3", ["user-1"],
                     1900, "EUR", _schedule(), "2015-04-01T10:00:00Z", "2016-01-01T10:00:00Z"),
        CourseRecord("course-5", "linux-networking", "Networking on Linux",
                     None, None, "INTERMEDIATE", "DRAFT", ["linux", "networking"], "user-1", [],
                     None, "USD", _schedule(), None, "2025-01-20T11:00:00Z"),
    ]
    return {c.id: c for c in courses}


def _seed_lessons() -> dict[str, LessonRecord]:
    def video(n, course, title, pos, minutes, preview, seconds, languages):
        url = f"https://media.example.com/video/{n}.m3u8"
        captions = [{"language": lang, "url": f"https://media.example.com/video/{n}.{lang}.vtt"} for lang in languages]
        return LessonRecord(f"lesson-{n}", "video", course, title, pos, minutes, preview,
                            {"video_url": url, "length_seconds": seconds, "captions": captions})

    def article(n, course, title, pos, minutes, preview, body):
        return LessonRecord(f"lesson-{n}", "article", course, title, pos, minutes, preview,
                            {"body": body, "word_count": len(body.split())})

    def quiz(n, course, title, pos, minutes, questions, passing):
        return LessonRecord(f"lesson-{n}", "quiz", course, title, pos, minutes, False,
                            {"questions": questions, "passing_score": passing})

    lessons = [
        video(1, "course-1", "Why structured concurrency", 1, 12, True, 690, ["en", "pt-BR"]),
        article(2, "course-1", "Tasks and task groups", 2, 15, False,
                "A task is a unit of asynchronous work. Task groups run children concurrently."),
        video(3, "course-1", "Actors and isolation", 3, 20, False, 1180, ["en"]),
        quiz(4, "course-1", "Check: isolation", 4, 10, [
            {"id": "q1", "prompt": "Which keyword suspends?", "kind": "SINGLE_CHOICE",
             "choices": ["await", "async", "actor"], "matrix": None},
            {"id": "q2", "prompt": "Match each type to its isolation.", "kind": "MATRIX", "choices": [],
             "matrix": [["actor", "isolated", None], ["struct", None, "nonisolated"], ["class", "either", "either"]]},
            {"id": "q3", "prompt": "Explain `Sendable` in one sentence.", "kind": "FREE_TEXT",
             "choices": [], "matrix": None},
        ], 0.7),
        article(5, "course-2", "What a schema is", 1, 8, True,
                "A schema lists the types a service offers and how they connect."),
        video(6, "course-2", "Your first query", 2, 9, False, 540, ["en", "de"]),
        quiz(7, "course-2", "Queries quiz", 3, 5, [
            {"id": "q1", "prompt": "Pick every operation type.", "kind": "MULTIPLE_CHOICE",
             "choices": ["query", "mutation", "subscription", "procedure"], "matrix": None},
        ], 0.5),
        video(8, "course-3", "Keys and records", 1, 18, True, 1075, []),
        article(9, "course-3", "Invalidation strategies", 2, 25, False,
                "Time to live, explicit eviction and watchers each trade freshness for cost."),
        article(10, "course-4", "Retain counts", 1, 10, True, "Every retain needs a matching release."),
    ]
    return {lesson.id: lesson for lesson in lessons}


def _seed_reviews() -> dict[str, ReviewRecord]:
    reviews = [
        ReviewRecord("review-1", "user-2", "course-1", 5, "Finally understood actors.", "2024-03-02T18:00:00Z"),
        ReviewRecord("review-2", "user-4", "course-1", 4, None, "2024-04-11T09:15:00Z"),
        ReviewRecord("review-3", "user-2", "course-2", 4, "Clear and short.", "2023-07-20T20:00:00Z"),
        ReviewRecord("review-4", "user-1", "course-2", 5, "I send my students here.", "2023-08-01T08:00:00Z"),
        ReviewRecord("review-5", "user-4", "course-4", 3, "Dated, but still true.", "2016-02-01T10:00:00Z"),
    ]
    return {r.id: r for r in reviews}


def _seed_enrollments() -> dict[str, EnrollmentRecord]:
    enrollments = [
        EnrollmentRecord("enrollment-1", "user-2", "course-1", "ACTIVE", ["lesson-1", "lesson-2"], "2024-02-20T10:00:00Z"),
        EnrollmentRecord("enrollment-2", "user-2", "course-2", "COMPLETED", ["lesson-5", "lesson-6", "lesson-7"],
                         "2023-07-01T10:00:00Z"),
        EnrollmentRecord("enrollment-3", "user-4", "course-3", "DROPPED", [], "2024-10-01T10:00:00Z"),
    ]
    return {e.id: e for e in enrollments}


def encode_cursor(offset: int) -> str:
    return base64.b64encode(f"offset:{offset}".encode()).decode()


def decode_cursor(cursor: str) -> int:
    try:
        text = base64.b64decode(cursor.encode(), validate=True).decode()
        if not text.startswith("offset:"):
            raise ValueError
        return int(text[len("offset:"):])
    except ValueError as error:
        raise ValueError(f"Invalid cursor {cursor!r}.") from error


def slugify(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "course"


class Store:
    """All of the catalog's data, plus the subscribers waiting for new reviews."""

    def __init__(self) -> None:
        self.review_subscribers: dict[str, set[asyncio.Queue]] = {}
        self.reset()

    def reset(self) -> None:
        self.users = _seed_users()
        self.courses = _seed_courses()
        self.lessons = _seed_lessons()
        self.reviews = _seed_reviews()
        self.enrollments = _seed_enrollments()
        self.next_id = 100

    def new_id(self, prefix: str) -> str:
        self.next_id += 1
        return f"{prefix}-{self.next_id}"

    def course_by_slug(self, slug: str) -> Optional[CourseRecord]:
        return next((c for c in self.courses.values() if c.slug == slug), None)

    def lessons_of(self, course_id: str) -> list[LessonRecord]:
        return sorted((l for l in self.lessons.values() if l.course_id == course_id), key=lambda l: l.position)

    def reviews_of(self, course_id: str) -> list[ReviewRecord]:
        found = [r for r in self.reviews.values() if r.course_id == course_id]
        return sorted(found, key=lambda r: r.created_at, reverse=True)

    def rating_of(self, course_id: str) -> Optional[float]:
        ratings = [r.rating for r in self.reviews.values() if r.course_id == course_id]
        return round(sum(ratings) / len(ratings), 2) if ratings else None

    def listed_courses(self, include_archived: bool = False) -> list[CourseRecord]:
        allowed = {"PUBLISHED", "ARCHIVED"} if include_archived else {"PUBLISHED"}
        return [c for c in self.courses.values() if c.status in allowed]

    def create_course(self, title: str, slug: Optional[str], summary: Optional[str], level: str,
                      tags: list[str], price_minor: Optional[int], schedule: Optional[list[list[str]]],
                      instructor_id: str, now: str) -> CourseRecord:
        """Adds a draft course; raises ValueError for a taken slug or a bad schedule."""
        slug = slug or slugify(title)
        if self.course_by_slug(slug) is not None:
            raise ValueError(f"A course with slug \"{slug}\" already exists.")
        if not title.strip():
            raise ValueError("The title must not be empty.")
        rows = [list(row) for row in (schedule or [])]
        if len(rows) > 7:
            raise ValueError("The weekly schedule has at most 7 rows.")
        rows += [[] for _ in range(7 - len(rows))]
        course = CourseRecord(self.new_id("course"), slug, title, summary, None, level, "DRAFT", list(tags),
                              instructor_id, [], price_minor, "EUR", rows, None, now)
        self.courses[course.id] = course
        return course

    def add_review(self, review: ReviewRecord) -> None:
        self.reviews[review.id] = review
        for queue in list(self.review_subscribers.get(review.course_id, ())):
            queue.put_nowait(review)


STORE = Store()
