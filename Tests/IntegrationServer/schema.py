"""The example API's root types (Query, Mutation, Subscription) and the Strawberry schema."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from datetime import datetime, timezone
from typing import Annotated, Optional

import strawberry
from graphql import GraphQLError
from strawberry.schema.config import StrawberryConfig

from catalog_objects import (AddReviewPayload, ArticleLesson, Course, CourseConnection, CourseEdge, CourseFilter,
                             CourseLookup, CourseSort, CreateCourseInput, Enrollment, Lesson, LessonProgressEvent,
                             Node, PageInfo, QuizLesson, Review, ReviewInput, SearchResult, User, UserError,
                             VideoLesson, course_object, enrollment_object, lesson_object, review_object, user_object)
from catalog_types import SCALARS, given, CourseSortField, SearchKind, SortDirection, check_first, viewer_id
from notes import Notebook, add_note, notebook as notebook_by_id
from data import GUEST_ID, STORE, EnrollmentRecord, ReviewRecord, decode_cursor, encode_cursor
from uploads import UPLOAD_SCALAR, LessonAttachment, LessonAttachmentInput, Upload, UploadedFile, received


def _arg(description: str):
    return strawberry.argument(description=description)


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _require_viewer(info: strawberry.Info) -> str:
    viewer = viewer_id(info)
    if viewer is None:
        raise GraphQLError("Sign in first: this operation needs a bearer token.", extensions={"code": "UNAUTHENTICATED"})
    return viewer


def _filtered_courses(filter: Optional[CourseFilter]) -> list:
    courses = STORE.listed_courses(bool(filter and filter.include_archived))
    if not filter:
        return courses
    if filter.levels:
        courses = [c for c in courses if c.level in {level.value for level in filter.levels}]
    if filter.tags:
        courses = [c for c in courses if set(filter.tags) <= set(c.tags)]
    if filter.text:
        needle = filter.text.lower()
        courses = [c for c in courses if needle in c.title.lower() or needle in (c.summary or "").lower()]
    if given(filter.min_rating) is not None:
        courses = [c for c in courses if (STORE.rating_of(c.id) or 0) >= filter.min_rating]
    if filter.published_after:
        after = _instant(filter.published_after)
        courses = [c for c in courses if c.published_at and _instant(c.published_at) > after]
    if filter.instructor_id:
        courses = [c for c in courses if c.instructor_id == filter.instructor_id]
    return courses


def _sorted_courses(courses: list, sort: Optional[list[CourseSort]]) -> list:
    for key in reversed(sort or []):
        descending = key.direction == SortDirection.DESC
        if key.field == CourseSortField.TITLE:
            courses = sorted(courses, key=lambda c: c.title.lower(), reverse=descending)
        elif key.field == CourseSortField.PUBLISHED_AT:
            courses = sorted(courses, key=lambda c: _instant(c.published_at).timestamp() if c.published_at else 0,
                             reverse=descending)
        else:
            courses = sorted(courses, key=lambda c: STORE.rating_of(c.id) or 0, reverse=descending)
    return courses


@strawberry.type(description="Reading the catalog.")
class Query:
    @strawberry.field(description="Fetches any object by its globally unique identifier.")
    def node(self, id: Annotated[strawberry.ID, _arg("The object's `id`.")]) -> Optional[Node]:
        key = str(id)
        if key in STORE.users:
            return user_object(STORE.users[key])
        if key in STORE.courses:
            return course_object(STORE.courses[key])
        if key in STORE.lessons:
            return lesson_object(STORE.lessons[key])
        if key in STORE.reviews:
            return review_object(STORE.reviews[key])
        if key in STORE.enrollments:
            return enrollment_object(STORE.enrollments[key])
        return None

    @strawberry.field(description="The signed-in user; null without credentials.")
    def viewer(self, info: strawberry.Info) -> Optional[User]:
        viewer = viewer_id(info)
        return user_object(STORE.users[viewer]) if viewer else None

    @strawberry.field(description="A user by identifier.")
    def user(self, id: Annotated[strawberry.ID, _arg("The user's `id`.")]) -> Optional[User]:
        record = STORE.users.get(str(id))
        return user_object(record) if record else None

    @strawberry.field(description="A course by identifier or slug.")
    def course(self, lookup: Annotated[CourseLookup, _arg("Which course.")]) -> Optional[Course]:
        record = lookup.find()
        return course_object(record) if record else None

    @strawberry.field(description="A page of courses, filtered and ordered.")
    def courses(
        self,
        filter: Annotated[Optional[CourseFilter], _arg("Conditions every course on the page meets.")] = strawberry.UNSET,
        sort: Annotated[Optional[list[CourseSort]], _arg("Ordering keys, most significant first.")] = (
            [CourseSort(field=CourseSortField.PUBLISHED_AT, direction=SortDirection.DESC)]),
        first: Annotated[Optional[int], _arg("Page size.")] = 20,
        after: Annotated[Optional[str], _arg("Cursor of the item after which the page starts.")] = strawberry.UNSET,
        last: Annotated[Optional[int], _arg("Page size when paging backward; wins over `first`.")] = strawberry.UNSET,
        before: Annotated[Optional[str], _arg("Cursor of the item before which the page ends.")] = strawberry.UNSET,
    ) -> CourseConnection:
        courses = _sorted_courses(_filtered_courses(filter), sort)
        try:
            if given(last) or given(before):
                end = decode_cursor(before) if before else len(courses)
                start = max(0, end - check_first(last if given(last) else 20))
            else:
                start = decode_cursor(after) + 1 if after else 0
                end = start + check_first(first)
        except ValueError as error:
            raise GraphQLError(str(error), extensions={"code": "BAD_USER_INPUT"}) from error
        page = courses[start:end]
        edges = [CourseEdge(cursor=encode_cursor(start + i), node=course_object(c)) for i, c in enumerate(page)]
        return CourseConnection(
            edges=edges, total_count=len(courses),
            page_info=PageInfo(has_next_page=start + len(page) < len(courses),
                               end_cursor=edges[-1].cursor if edges else None,
                               has_previous_page=start > 0,
                               start_cursor=edges[0].cursor if edges else None))

    @strawberry.field(description="People who teach at least one listed course, by name, a page at a time by position\n"
                                  "(offset paging; the relay-style `courses` pages by cursor).")
    def instructors(
        self,
        offset: Annotated[Optional[int], _arg("Number of people skipped before the page.")] = 0,
        limit: Annotated[Optional[int], _arg("Page size.")] = 20,
    ) -> list[User]:
        start = 0 if offset is None else offset
        if start < 0:
            raise GraphQLError("`offset` must not be negative.", extensions={"code": "BAD_USER_INPUT"})
        teaching = {course.instructor_id for course in STORE.listed_courses()}
        people = sorted((STORE.users[id] for id in teaching), key=lambda user: (user.name.lower(), user.id))
        return [user_object(user) for user in people[start:start + check_first(limit)]]

    @strawberry.field(description="A notebook by identifier (empty until a note is added).")
    def notebook(self, id: Annotated[strawberry.ID, _arg("The notebook's `id`.")]) -> Notebook:
        return notebook_by_id(str(id))

    @strawberry.field(description="A lesson by identifier.")
    def lesson(self, id: Annotated[strawberry.ID, _arg("The lesson's `id`.")]) -> Optional[Lesson]:
        record = STORE.lessons.get(str(id))
        return lesson_object(record) if record else None

    @strawberry.field(description="Full-text search across courses, lessons and people.")
    def search(
        self,
        text: Annotated[str, _arg("Words to look for.")],
        kinds: Annotated[Optional[list[SearchKind]], _arg("Kinds of results wanted; all kinds when absent.")] = strawberry.UNSET,
        first: Annotated[Optional[int], _arg("Return at most this many results.")] = 10,
    ) -> list[SearchResult]:
        needle = text.lower()
        wanted = set(kinds) if kinds else set(SearchKind)
        results: list = []
        if SearchKind.COURSE in wanted:
            results += [course_object(c) for c in STORE.listed_courses(True)
                        if needle in f"{c.title} {c.summary or ''} {' '.join(c.tags)}".lower()]
        if SearchKind.LESSON in wanted:
            results += [lesson_object(l) for l in STORE.lessons.values() if needle in l.title.lower()]
        if SearchKind.USER in wanted:
            results += [user_object(u) for u in STORE.users.values()
                        if u.id != GUEST_ID and (needle in u.name.lower() or needle in u.handle.lower())]
        return results[:check_first(first)]

    @strawberry.field(description="Every tag used by a published course, alphabetically.",
                      deprecation_reason="Tags are listed on each course; this list is no longer maintained.")
    def all_tags(self) -> list[str]:
        return sorted({tag for c in STORE.listed_courses() for tag in c.tags})


@strawberry.type(description="Changing the catalog.")
class Mutation:
    @strawberry.mutation(description="Posts a review of a course as the signed-in user (or as a guest).")
    def add_review(self, info: strawberry.Info, course: Annotated[CourseLookup, _arg("The course reviewed.")],
                   review: Annotated[ReviewInput, _arg("The review.")]) -> AddReviewPayload:
        record = course.find()
        if record is None:
            return AddReviewPayload(review=None, course=None, errors=[UserError(field=["course"], message="No such course.")])
        if not 1 <= review.rating <= 5:
            return AddReviewPayload(review=None, course=course_object(record), errors=[
                UserError(field=["review", "rating"], message="The rating must be from 1 to 5.")])
        author = GUEST_ID if review.anonymous else (viewer_id(info) or GUEST_ID)
        new = ReviewRecord(STORE.new_id("review"), author, record.id, review.rating, given(review.body), now())
        STORE.add_review(new)
        return AddReviewPayload(review=review_object(new), course=course_object(record), errors=[])

    @strawberry.mutation(description="Creates a draft course taught by the signed-in user.")
    def create_course(self, info: strawberry.Info,
                      input: Annotated[CreateCourseInput, _arg("The course's details.")]) -> Course:
        viewer = _require_viewer(info)
        try:
            record = STORE.create_course(input.title, given(input.slug), given(input.summary), input.level.value,
                                         given(input.tags) or [], given(input.price_minor),
                                         given(input.weekly_schedule), viewer, now())
        except ValueError as error:
            raise GraphQLError(str(error), extensions={"code": "BAD_USER_INPUT"}) from error
        return course_object(record)

    @strawberry.mutation(description="Enrols the signed-in user in a course.")
    def enroll(self, info: strawberry.Info, course: Annotated[CourseLookup, _arg("The course.")]) -> Enrollment:
        viewer = _require_viewer(info)
        record = course.find()
        if record is None or record.status != "PUBLISHED":
            raise GraphQLError("No such course open for enrolment.", extensions={"code": "NOT_FOUND"})
        existing = next((e for e in STORE.enrollments.values()
                         if e.user_id == viewer and e.course_id == record.id), None)
        if existing is None:
            existing = EnrollmentRecord(STORE.new_id("enrollment"), viewer, record.id, "ACTIVE", [], now())
            STORE.enrollments[existing.id] = existing
        return enrollment_object(existing)

    @strawberry.mutation(description="Adds a note to a notebook. Requests carrying an `Idempotency-Key` header already seen are\n"
                                     "answered with the first answer and change nothing.")
    async def add_note(self, info: strawberry.Info, notebook_id: Annotated[strawberry.ID, _arg("The notebook (created on first use).")],
                 id: Annotated[strawberry.ID, _arg("The note's `id`, chosen by the client.")],
                 text: Annotated[str, _arg("What the note says; must not be empty.")]) -> Notebook:
        return await add_note(info, str(notebook_id), str(id), text)
    @strawberry.mutation(description="Receives one file and reports what arrived.")
    async def upload_file(self, file: Annotated[Upload, _arg("The file.")]) -> UploadedFile:
        return await received(file)

    @strawberry.mutation(description="Receives several files and reports what arrived of each, in order.")
    async def upload_files(self, files: Annotated[list[Upload], _arg("The files.")]) -> list[UploadedFile]:
        return [await received(file) for file in files]

    @strawberry.mutation(description="Attaches a file to a lesson (the file travels inside an input object).")
    async def attach_to_lesson(self, input: Annotated[LessonAttachmentInput, _arg("The lesson, caption and file.")]) -> LessonAttachment:
        if str(input.lesson_id) not in STORE.lessons:
            raise GraphQLError(f"No lesson with id \"{input.lesson_id}\".", extensions={"code": "NOT_FOUND"})
        caption = input.caption if isinstance(input.caption, str) else None
        thumbnail = await received(input.thumbnail) if given(input.thumbnail) is not None else None
        extra_files = [await received(file) for file in given(input.extra_files) or []]
        return LessonAttachment(lesson_id=input.lesson_id, caption=caption, file=await received(input.file),
                                thumbnail=thumbnail, extra_files=extra_files)


@strawberry.type(description="Live updates.")
class Subscription:
    @strawberry.subscription(description="Each new review of a course, as it is posted.")
    async def review_added(self, course_id: Annotated[strawberry.ID, _arg("The course's `id`.")]) -> AsyncGenerator[Review, None]:
        queue: asyncio.Queue = asyncio.Queue()
        subscribers = STORE.review_subscribers.setdefault(str(course_id), set())
        subscribers.add(queue)
        try:
            while True:
                yield review_object(await queue.get())
        finally:
            subscribers.discard(queue)

    @strawberry.subscription(description="Simulated progress of a student through a lesson: a few events from 0 to 1,\n"
                                         "the last one with `completed: true`, then the subscription ends.")
    async def lesson_progress(
        self,
        lesson_id: Annotated[strawberry.ID, _arg("The lesson's `id`.")],
        steps: Annotated[Optional[int], _arg("Number of events to send.")] = 4,
    ) -> AsyncGenerator[LessonProgressEvent, None]:
        record = STORE.lessons.get(str(lesson_id))
        if record is None:
            raise GraphQLError(f"No lesson with id \"{lesson_id}\".", extensions={"code": "NOT_FOUND"})
        count = max(1, min(steps or 1, 20))
        for step in range(1, count + 1):
            await asyncio.sleep(0.05)
            yield LessonProgressEvent(lesson=lesson_object(record), progress=round(step / count, 4),
                                      completed=step == count, at=now())


schema = strawberry.Schema(
    query=Query, mutation=Mutation, subscription=Subscription,
    types=[VideoLesson, ArticleLesson, QuizLesson, Enrollment, Review],
    # `@defer` and `@stream` (graphql-core 3.3's incremental executor), answered as multipart/mixed;
    # batched requests (a JSON list of operations, answered by a list of responses).
    config=StrawberryConfig(scalar_map={**SCALARS, Upload: UPLOAD_SCALAR}, enable_experimental_incremental_execution=True,
                            batching_config={"max_operations": 20}))
