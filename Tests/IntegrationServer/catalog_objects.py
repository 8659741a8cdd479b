"""The example API's interfaces, objects, union and input objects, made from data.py's records.

Every description, default value and field order here matches
Schemas/CourseCatalog.graphqls; Scripts/compare-server-schema.js checks it.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Optional, Union

import strawberry
from graphql import GraphQLError

from catalog_types import (URL, CourseLevel, CourseSortField, CourseStatus, DateTime, EnrollmentStatus,
                           QuestionKind, Role, SortDirection, TypePolicy, check_first, viewer_id)
from data import STORE, CourseRecord, EnrollmentRecord, LessonRecord, ReviewRecord, UserRecord
from holds import hold

# --- Interfaces and objects ----------------------------------------------------------------

ID_DESCRIPTION = "Globally unique identifier."


def _arg(description: str):
    return strawberry.argument(description=description)


@strawberry.interface(description="Anything the service can fetch again by its identifier alone, through `Query.node`.")
class Node:
    id: strawberry.ID = strawberry.field(description="Globally unique, opaque and stable identifier.")


def _user_email(root: User, info: strawberry.Info) -> Optional[str]:
    if viewer_id(info) != root.id:
        raise GraphQLError("Only the user themselves may see their e-mail address.", extensions={"code": "FORBIDDEN"})
    return root.email_address


def _user_avatar(root: User, size: Annotated[Optional[int], _arg("Edge length in pixels.")] = 64) -> Optional[URL]:
    return URL(f"https://avatars.example.com/{root.handle}.png?size={size}")


def _user_taught_courses(root: User) -> list[Course]:
    taught = [c for c in STORE.courses.values() if c.instructor_id == root.id]
    return [course_object(c) for c in sorted(taught, key=lambda c: c.updated_at, reverse=True)]


def _user_enrollments(root: User) -> list[Enrollment]:
    return [enrollment_object(e) for e in STORE.enrollments.values() if e.user_id == root.id]


@strawberry.type(description="A person using the catalog: a student, an instructor or both.\n\n"
                             "Private fields (`email`) are visible to the person themselves only; for anyone\n"
                             "else they resolve to `null` with an error.",
                 directives=[TypePolicy(key_fields="id")])
class User(Node):
    id: strawberry.ID = strawberry.field(description=ID_DESCRIPTION)
    name: str = strawberry.field(description="Display name.")
    handle: str = strawberry.field(description="Unique public handle, without the leading `@`.")
    username: str = strawberry.field(description="The handle, under its old name.", deprecation_reason="Use `handle`.")
    email: Optional[str] = strawberry.field(resolver=_user_email, description="E-mail address; visible to the user themselves only.")
    role: Role = strawberry.field(description="What the user may do.")
    avatar_url: Optional[URL] = strawberry.field(resolver=_user_avatar, name="avatarURL", description="A square profile picture.")
    bio: Optional[str] = strawberry.field(description="A few words about the user, in Markdown.")
    joined_at: DateTime = strawberry.field(description="When the user signed up.")
    taught_courses: list[Course] = strawberry.field(resolver=_user_taught_courses, description="Courses the user teaches, newest first.")
    enrollments: list[Enrollment] = strawberry.field(resolver=_user_enrollments, description="Courses the user is enrolled in.")
    email_address: strawberry.Private[str]


@strawberry.type(description="An amount of money.")
class Price:
    amount_minor: int = strawberry.field(description="Amount in the currency's minor unit (cents for USD and EUR).")
    currency: str = strawberry.field(description="ISO 4217 currency code, for example `EUR`.")


def _course_instructor(root: Course) -> User:
    return user_object(STORE.users[root.record.instructor_id])


def _course_co_instructors(root: Course) -> list[User]:
    return [user_object(STORE.users[i]) for i in root.record.co_instructor_ids]


def _course_lessons(root: Course, info: strawberry.Info, first: Annotated[Optional[int], strawberry.argument(
        description="Return at most this many lessons.")] = 50) -> list[Lesson]:
    lessons = [lesson_object(l) for l in STORE.lessons_of(root.id)[:check_first(first)]]

    # An async generator, so that `@stream` sends the lessons as they come: after the first, each
    # waits for the hold "lessons" (holds.py) and a moment.
    async def generate():
        for index, lesson in enumerate(lessons):
            if index > 0:
                await hold(info, "lessons")
                await asyncio.sleep(0.01)
            yield lesson
    return generate()


def _course_lesson_count(root: Course) -> int:
    return len(STORE.lessons_of(root.id))


def _course_duration(root: Course) -> int:
    return sum(l.duration_minutes for l in STORE.lessons_of(root.id))


async def _course_rating(root: Course, info: strawberry.Info) -> Optional[float]:
    await hold(info, "rating")
    return STORE.rating_of(root.id)


def _course_certificate_terms(root: Course) -> Optional[str]:
    raise RuntimeError(f"the certificate service is unavailable for {root.slug}")


def _course_reviews(root: Course, first: Annotated[Optional[int], strawberry.argument(
        description="Return at most this many reviews.")] = 10) -> list[Review]:
    return [review_object(r) for r in STORE.reviews_of(root.id)[:check_first(first)]]


@strawberry.type(description="A course: an ordered list of lessons on one subject, taught by one instructor\n"
                             "(and possibly co-instructors).\n\n"
                             "Courses are identified by their `slug` in the client cache, because links\n"
                             "and bookmarks carry slugs.",
                 directives=[TypePolicy(key_fields="slug")])
class Course(Node):
    id: strawberry.ID = strawberry.field(description=ID_DESCRIPTION)
    slug: str = strawberry.field(description="URL-safe unique name, for example `swift-concurrency`.")
    title: str = strawberry.field(description="Title as shown in the catalog.")
    summary: Optional[str] = strawberry.field(description="One-sentence summary.")
    description: Optional[str] = strawberry.field(
        description="Full description in Markdown.\n\nMay contain headings, lists and code blocks.")
    level: CourseLevel = strawberry.field(description="Expected prior knowledge.")
    status: CourseStatus = strawberry.field(description="Publication state.")
    tags: list[str] = strawberry.field(description="Free-form tags, lower case.")
    instructor: User = strawberry.field(resolver=_course_instructor, description="The main instructor.")
    co_instructors: list[User] = strawberry.field(resolver=_course_co_instructors, description="Other people teaching the course.")
    lessons: list[Lesson] = strawberry.field(resolver=_course_lessons, description="The course's lessons in order.")
    lesson_count: int = strawberry.field(resolver=_course_lesson_count, description="Number of lessons, without fetching them.")
    duration_minutes: int = strawberry.field(resolver=_course_duration, description="Total duration of all lessons, in minutes.")
    rating: Optional[float] = strawberry.field(
        resolver=_course_rating, description="Average review rating from 1 to 5, or null before the first review.")
    reviews: list[Review] = strawberry.field(resolver=_course_reviews, description="The most recent reviews, newest first.")
    price: Optional[Price] = strawberry.field(description="Price; null for free courses.")
    cover_image: Optional[URL] = strawberry.field(description="Cover picture.")
    image_url: Optional[str] = strawberry.field(
        description="Cover picture URL as a plain string.",
        deprecation_reason="Use `coverImage`, which is typed as a URL.")
    weekly_schedule: list[list[DateTime]] = strawberry.field(
        description="Start times of the live question-and-answer sessions, one row per weekday\n"
                    "from Monday (index 0) to Sunday (index 6); a row is empty on days without\n"
                    "sessions.")
    published_at: Optional[DateTime] = strawberry.field(description="When the course was first published; null for drafts.")
    updated_at: DateTime = strawberry.field(description="When the course or one of its lessons last changed.")
    certificate_terms: Optional[str] = strawberry.field(
        resolver=_course_certificate_terms,
        description="The terms of the course's certificate. The certificate service is not part of\n"
                    "the example API: the field always fails, with a null and an error.")
    record: strawberry.Private[CourseRecord]


def _lesson_course(root: Lesson) -> Course:
    return course_object(STORE.courses[root.record.course_id])


@strawberry.interface(description="One step of a course. Every lesson is exactly one of `VideoLesson`,\n"
                                  "`ArticleLesson` or `QuizLesson`.")
class Lesson(Node):
    id: strawberry.ID = strawberry.field(description=ID_DESCRIPTION)
    title: str = strawberry.field(description="Title shown in the course outline.")
    position: int = strawberry.field(description="One-based position in the course.")
    duration_minutes: int = strawberry.field(description="Expected time to complete, in minutes.")
    is_preview: bool = strawberry.field(description="Whether people who are not enrolled may open the lesson.")
    course: Course = strawberry.field(resolver=_lesson_course, description="The course the lesson belongs to.")
    record: strawberry.Private[LessonRecord]


@strawberry.type(description="A subtitle track of a video.")
class Caption:
    language: str = strawberry.field(description="BCP 47 language tag, for example `en` or `pt-BR`.")
    url: URL = strawberry.field(description="WebVTT file.")


@strawberry.type(description="A recorded video.")
class VideoLesson(Lesson):
    video_url: URL = strawberry.field(name="videoURL", description="Where the video streams from.")
    length_seconds: int = strawberry.field(description="Length of the video, in seconds.")
    captions: list[Caption] = strawberry.field(description="Subtitle tracks, one per language.")


@strawberry.type(description="A written lesson.")
class ArticleLesson(Lesson):
    body: str = strawberry.field(description="The text, in Markdown.")
    word_count: int = strawberry.field(description="Number of words in the body.")


@strawberry.type(description="One question of a quiz.")
class QuizQuestion:
    id: strawberry.ID = strawberry.field(description="Identifier, unique within its quiz.")
    prompt: str = strawberry.field(description="The question's text, in Markdown.")
    kind: QuestionKind = strawberry.field(description="How the question is answered.")
    choices: list[str] = strawberry.field(description="The choices, for single- and multiple-choice questions.")
    matrix: Optional[list[list[Optional[str]]]] = strawberry.field(
        description="For `MATRIX` questions, the grid to fill in: one row per statement, one cell\n"
                    "per column, each cell a label or null where the grid has a hole.\n"
                    "Null for every other kind of question.")


@strawberry.type(description="A graded set of questions.")
class QuizLesson(Lesson):
    questions: list[QuizQuestion] = strawberry.field(description="The questions, in order.")
    passing_score: float = strawberry.field(description="Share of correct answers needed to pass, from 0 to 1.")


def _review_author(root: Review) -> User:
    return user_object(STORE.users[root.record.author_id])


def _review_course(root: Review) -> Course:
    return course_object(STORE.courses[root.record.course_id])


@strawberry.type(description="A student's opinion of a course.")
class Review(Node):
    id: strawberry.ID = strawberry.field(description=ID_DESCRIPTION)
    author: User = strawberry.field(resolver=_review_author, description="Who wrote it.")
    course: Course = strawberry.field(resolver=_review_course, description="The course reviewed.")
    rating: int = strawberry.field(description="From 1 (poor) to 5 (excellent).")
    body: Optional[str] = strawberry.field(description="Optional text, in Markdown.")
    created_at: DateTime = strawberry.field(description="When it was posted.")
    record: strawberry.Private[ReviewRecord]


def _enrollment_user(root: Enrollment) -> User:
    return user_object(STORE.users[root.record.user_id])


def _enrollment_course(root: Enrollment) -> Course:
    return course_object(STORE.courses[root.record.course_id])


def _enrollment_progress(root: Enrollment) -> float:
    total = len(STORE.lessons_of(root.record.course_id))
    return round(len(root.record.completed_lesson_ids) / total, 4) if total else 0.0


@strawberry.type(description="A student's place in a course.")
class Enrollment(Node):
    id: strawberry.ID = strawberry.field(description=ID_DESCRIPTION)
    user: User = strawberry.field(resolver=_enrollment_user, description="The student.")
    course: Course = strawberry.field(resolver=_enrollment_course, description="The course.")
    status: EnrollmentStatus = strawberry.field(description="Where the student is with the course.")
    progress: float = strawberry.field(resolver=_enrollment_progress, description="Share of lessons completed, from 0 to 1.")
    completed_lesson_ids: list[strawberry.ID] = strawberry.field(description="Identifiers of the lessons completed so far.")
    enrolled_at: DateTime = strawberry.field(description="When the student enrolled.")
    record: strawberry.Private[EnrollmentRecord]


SearchResult = Annotated[Union[Course, VideoLesson, ArticleLesson, QuizLesson, User],
                         strawberry.union("SearchResult", description="Anything a full-text search can find.")]


@strawberry.type(description="A course and its position in a list.")
class CourseEdge:
    cursor: str = strawberry.field(description="Opaque cursor to pass as `after` to get the courses after this one.")
    node: Course = strawberry.field(description="The course.")


@strawberry.type(description="Pagination state of a connection.")
class PageInfo:
    has_next_page: bool = strawberry.field(description="Whether more items follow this page.")
    end_cursor: Optional[str] = strawberry.field(description="Cursor of the last item on this page; null when the page is empty.")
    has_previous_page: bool = strawberry.field(description="Whether items precede this page.")
    start_cursor: Optional[str] = strawberry.field(description="Cursor of the first item on this page; null when the page is empty.")


@strawberry.type(description="A page of courses.")
class CourseConnection:
    edges: list[CourseEdge] = strawberry.field(description="The courses on this page, each with its cursor.")
    page_info: PageInfo = strawberry.field(description="Where this page is in the whole list.")
    total_count: int = strawberry.field(description="Number of courses matching the filter, on all pages.")


@strawberry.type(description="A problem with the input of a mutation, reported to the person who sent it.")
class UserError:
    field: Optional[list[str]] = strawberry.field(
        description='Path to the input field at fault, for example `["review", "rating"]`.')
    message: str = strawberry.field(description="What is wrong, in words meant for people.")


@strawberry.type(description="The result of `addReview`.")
class AddReviewPayload:
    review: Optional[Review] = strawberry.field(description="The new review; null when the input was rejected.")
    course: Optional[Course] = strawberry.field(description="The reviewed course, with its updated rating.")
    errors: list[UserError] = strawberry.field(description="Why the input was rejected; empty on success.")


@strawberry.type(description="One step of a student's progress through a lesson.")
class LessonProgressEvent:
    lesson: Lesson = strawberry.field(description="The lesson being followed.")
    progress: float = strawberry.field(description="Share of the lesson completed, from 0 to 1.")
    completed: bool = strawberry.field(description="Whether the lesson is now complete.")
    at: DateTime = strawberry.field(description="When the step was recorded.")


# --- Input objects -------------------------------------------------------------------------

@strawberry.input(one_of=True, description="Finds one course, either by its identifier or by its slug (exactly one of the two).")
class CourseLookup:
    id: Optional[strawberry.ID] = strawberry.field(default=strawberry.UNSET, description="The course's `id`.")
    slug: Optional[str] = strawberry.field(default=strawberry.UNSET, description="The course's `slug`.")

    def find(self) -> Optional[CourseRecord]:
        if self.id is not strawberry.UNSET and self.id is not None:
            return STORE.courses.get(str(self.id))
        return STORE.course_by_slug(self.slug) if self.slug else None


@strawberry.input(description="Restricts a course list. Every given condition must hold.")
class CourseFilter:
    levels: Optional[list[CourseLevel]] = strawberry.field(default=strawberry.UNSET, description="Only courses at one of these levels.")
    tags: Optional[list[str]] = strawberry.field(default=strawberry.UNSET, description="Only courses carrying every one of these tags.")
    text: Optional[str] = strawberry.field(
        default=strawberry.UNSET, description="Only courses whose title or summary contains this text (case-insensitive).")
    min_rating: Optional[float] = strawberry.field(default=strawberry.UNSET, description="Only courses rated at least this much.")
    published_after: Optional[DateTime] = strawberry.field(default=strawberry.UNSET, description="Only courses published after this moment.")
    instructor_id: Optional[strawberry.ID] = strawberry.field(default=strawberry.UNSET, description="Only courses taught by this user.")
    include_archived: Optional[bool] = strawberry.field(default=False, description="Whether archived courses are included.")


@strawberry.input(description="One key of a course ordering.")
class CourseSort:
    field: CourseSortField = strawberry.field(description="What to order by.")
    direction: SortDirection = strawberry.field(default=SortDirection.ASC, description="In which direction.")


@strawberry.input(description="A new review.")
class ReviewInput:
    rating: int = strawberry.field(description="From 1 (poor) to 5 (excellent).")
    body: Optional[str] = strawberry.field(default=strawberry.UNSET, description="Optional text, in Markdown.")
    anonymous: Optional[bool] = strawberry.field(default=False, description="Whether the review hides its author's name.")


@strawberry.input(description="A new course, created as a draft.")
class CreateCourseInput:
    title: str = strawberry.field(description="Title as shown in the catalog.")
    slug: Optional[str] = strawberry.field(default=strawberry.UNSET, description="URL-safe unique name; derived from the title when absent.")
    summary: Optional[str] = strawberry.field(default=strawberry.UNSET, description="One-sentence summary.")
    level: CourseLevel = strawberry.field(default=CourseLevel.BEGINNER, description="Expected prior knowledge.")
    tags: Optional[list[str]] = strawberry.field(default_factory=list, description="Free-form tags.")
    price_minor: Optional[int] = strawberry.field(
        default=strawberry.UNSET, description="Price in minor units; absent or null for a free course.")
    weekly_schedule: Optional[list[list[DateTime]]] = strawberry.field(
        default=strawberry.UNSET, description="Live-session start times, one row per weekday from Monday.")


# --- From records --------------------------------------------------------------------------

def user_object(r: UserRecord) -> User:
    return User(id=strawberry.ID(r.id), name=r.name, handle=r.handle, username=r.handle, role=Role(r.role),
                bio=r.bio, joined_at=DateTime(r.joined_at), email_address=r.email)


def course_object(r: CourseRecord) -> Course:
    cover = URL(f"https://media.example.com/covers/{r.slug}.jpg")
    return Course(id=strawberry.ID(r.id), slug=r.slug, title=r.title, summary=r.summary, description=r.description,
                  level=CourseLevel(r.level), status=CourseStatus(r.status), tags=list(r.tags),
                  price=Price(amount_minor=r.price_minor, currency=r.currency) if r.price_minor is not None else None,
                  cover_image=cover, image_url=str(cover),
                  weekly_schedule=[[DateTime(t) for t in row] for row in r.weekly_schedule],
                  published_at=DateTime(r.published_at) if r.published_at else None,
                  updated_at=DateTime(r.updated_at), record=r)


def lesson_object(r: LessonRecord) -> Lesson:
    common = dict(id=strawberry.ID(r.id), title=r.title, position=r.position, duration_minutes=r.duration_minutes,
                  is_preview=r.is_preview, record=r)
    d = r.details
    if r.kind == "video":
        captions = [Caption(language=c["language"], url=URL(c["url"])) for c in d["captions"]]
        return VideoLesson(**common, video_url=URL(d["video_url"]), length_seconds=d["length_seconds"], captions=captions)
    if r.kind == "article":
        return ArticleLesson(**common, body=d["body"], word_count=d["word_count"])
    questions = [QuizQuestion(id=strawberry.ID(q["id"]), prompt=q["prompt"], kind=QuestionKind(q["kind"]),
                              choices=list(q["choices"]), matrix=q["matrix"]) for q in d["questions"]]
    return QuizLesson(**common, questions=questions, passing_score=d["passing_score"])


def review_object(r: ReviewRecord) -> Review:
    return Review(id=strawberry.ID(r.id), rating=r.rating, body=r.body, created_at=DateTime(r.created_at), record=r)


def enrollment_object(r: EnrollmentRecord) -> Enrollment:
    return Enrollment(id=strawberry.ID(r.id), status=EnrollmentStatus(r.status),
                      completed_lesson_ids=[strawberry.ID(i) for i in r.completed_lesson_ids],
                      enrolled_at=DateTime(r.enrolled_at), record=r)
