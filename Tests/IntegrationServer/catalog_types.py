"""The example API's scalars, the @typePolicy directive, enums and shared helpers.

Every description, default value and field order here matches
Schemas/CourseCatalog.graphqls; Scripts/compare-server-schema.js checks it.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import NewType, Optional
from urllib.parse import urlparse

import strawberry
from graphql import GraphQLError
from strawberry.schema_directive import Location

from data import DATETIME_PATTERN, VIEWER_ID

# --- Scalars and directives --------------------------------------------------------------

DateTime = NewType("DateTime", str)
URL = NewType("URL", str)


def _parse_datetime(value: object) -> str:
    if not isinstance(value, str) or not DATETIME_PATTERN.match(value):
        raise ValueError(f"DateTime cannot represent {value!r}: expected an RFC 3339 date-time with an offset.")
    datetime.fromisoformat(value.replace("Z", "+00:00"))
    return value


def _parse_url(value: object) -> str:
    parts = urlparse(value) if isinstance(value, str) else None
    if parts is None or not parts.scheme or not parts.netloc:
        raise ValueError(f"URL cannot represent {value!r}: expected an absolute URL.")
    return value


SCALARS = {
    DateTime: strawberry.scalar(
        name="DateTime",
        description="A point in time, written as an RFC 3339 date-time with an offset,\n"
                    "for example `2025-03-14T09:26:53Z`.",
        specified_by_url="https://scalars.graphql.org/andimarek/date-time",
        serialize=str, parse_value=_parse_datetime),
    URL: strawberry.scalar(
        name="URL", description="An absolute URL, as defined by RFC 3986.",
        specified_by_url="https://www.rfc-editor.org/rfc/rfc3986",
        serialize=str, parse_value=_parse_url),
}


@strawberry.schema_directive(
    name="typePolicy", locations=[Location.OBJECT, Location.INTERFACE],
    description="Names the fields whose values identify an object in the client's normalized\n"
                "cache (several names are separated by spaces). Objects without a policy are\n"
                "identified by `__typename` and `id`.")
class TypePolicy:
    key_fields: str = strawberry.field(
        name="keyFields", description='Space-separated field names, for example `"slug"` or `"course position"`.')


def viewer_id(info: strawberry.Info) -> Optional[str]:
    """The signed-in user: anyone presenting a bearer token is `user-2`."""
    authorization = info.context["request"].headers.get("authorization", "")
    return VIEWER_ID if authorization.startswith("Bearer ") and len(authorization) > 7 else None


def given(value):
    """None for an absent input (UNSET) or an explicit null, the value otherwise."""
    return None if value is strawberry.UNSET else value


def check_first(first: Optional[int]) -> int:
    if first is None:
        return 100
    if first < 0 or first > 100:
        raise GraphQLError("`first` must be between 0 and 100.", extensions={"code": "BAD_USER_INPUT"})
    return first


# --- Enums -----------------------------------------------------------------------------

def _value(name: str, description: str, deprecation_reason: Optional[str] = None):
    return strawberry.enum_value(name, description=description, deprecation_reason=deprecation_reason)


@strawberry.enum(description="What a person may do in the catalog.")
class Role(Enum):
    STUDENT = _value("STUDENT", "Takes courses and writes reviews.")
    INSTRUCTOR = _value("INSTRUCTOR", "Publishes and teaches courses.")
    ADMIN = _value("ADMIN", "Manages the whole catalog.")


@strawberry.enum(description="How much a course expects its students to know already.")
class CourseLevel(Enum):
    BEGINNER = _value("BEGINNER", "No prior knowledge needed.")
    INTERMEDIATE = _value("INTERMEDIATE", "Comfortable with the basics.")
    ADVANCED = _value("ADVANCED", "Experienced practitioners.")
    EXPERT = _value("EXPERT", "Former top level, merged into ADVANCED.",
                    "Expert courses were merged into `ADVANCED`.")


@strawberry.enum(description="Where a course is in its life.")
class CourseStatus(Enum):
    DRAFT = _value("DRAFT", "Visible to its instructors only.")
    PUBLISHED = _value("PUBLISHED", "Open for enrolment.")
    ARCHIVED = _value("ARCHIVED", "Kept for enrolled students, closed to new ones.")


@strawberry.enum(description="Fields the course list can be ordered by.")
class CourseSortField(Enum):
    TITLE = _value("TITLE", "Alphabetical by title.")
    PUBLISHED_AT = _value("PUBLISHED_AT", "By first publication date.")
    RATING = _value("RATING", "By average review rating.")


@strawberry.enum(description="Direction of an ordering.")
class SortDirection(Enum):
    ASC = _value("ASC", "Smallest first.")
    DESC = _value("DESC", "Largest first.")


@strawberry.enum(description="Kinds of things a search can return.")
class SearchKind(Enum):
    COURSE = _value("COURSE", "Courses, matched by title, summary and tags.")
    LESSON = _value("LESSON", "Lessons of any kind, matched by title.")
    USER = _value("USER", "People, matched by name and handle.")


@strawberry.enum(description="How a quiz question is answered.")
class QuestionKind(Enum):
    SINGLE_CHOICE = _value("SINGLE_CHOICE", "Pick exactly one choice.")
    MULTIPLE_CHOICE = _value("MULTIPLE_CHOICE", "Pick any number of choices.")
    MATRIX = _value("MATRIX", "Fill in every cell of a grid (see `QuizQuestion.matrix`).")
    FREE_TEXT = _value("FREE_TEXT", "Free text, graded by the instructor.")


@strawberry.enum(description="Where a student is with a course.")
class EnrollmentStatus(Enum):
    ACTIVE = _value("ACTIVE", "Enrolled, some lessons left.")
    COMPLETED = _value("COMPLETED", "Every lesson completed.")
    DROPPED = _value("DROPPED", "Left the course before finishing it.")
