"""Runs every operation in Operations/ against the server's schema (in process, no HTTP) with
sample variables and fails on any GraphQL error, so a resolver bug shows up before the Swift tests.

    .build/integration-venv/bin/python Tests/IntegrationServer/check_operations.py
"""

from __future__ import annotations

import asyncio
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse, print_ast  # noqa: E402

from data import STORE  # noqa: E402
from schema import schema  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))


class FakeRequest:
    def __init__(self, headers: dict) -> None:
        self.headers = headers


class FakeUpload:
    """Stands in for Starlette's UploadFile (what a multipart request puts in the variables)."""

    def __init__(self, filename: str, content: bytes, content_type: str = "application/octet-stream") -> None:
        self.filename, self.content_type, self._content, self._offset = filename, content_type, content, 0

    async def seek(self, offset: int) -> None:
        self._offset = offset

    async def read(self, size: int = -1) -> bytes:
        end = len(self._content) if size < 0 else self._offset + size
        chunk = self._content[self._offset:end]
        self._offset += len(chunk)
        return chunk


SIGNED_IN = {"request": FakeRequest({"authorization": "Bearer sample"})}
SAMPLE_FILE = FakeUpload("sample.txt", b"sample contents", "text/plain")

VARIABLES = {
    "CourseCatalog": {"filter": {"levels": ["BEGINNER", "INTERMEDIATE"]}, "first": 2, "withTags": True},
    "CourseDetail": {"lookup": {"slug": "swift-concurrency"}, "reviewCount": 2},
    "LessonDetail": {"id": "lesson-4"},
    "Search": {"text": "a", "first": 20},
    "Viewer": {},
    "NodeByID": {"id": "lesson-1"},
    "AddReview": {"course": {"id": "course-2"}, "review": {"rating": 5, "body": "Great"}},
    "CreateCourse": {"input": {"title": "Check Course", "tags": ["check"],
                               "weeklySchedule": [["2025-03-03T09:00:00Z"], []]}},
    "Enroll": {"slug": "distributed-caching"},
    "LessonProgress": {"lessonId": "lesson-1", "steps": 3},
    "Notebook": {"id": "check-notebook"},
    "AddNote": {"notebookId": "check-notebook", "id": "check-note", "text": "A note"},
    "CourseOutline": {"slug": "swift-concurrency"},
    "CourseReviewsPreview": {"lookup": {"slug": "swift-concurrency"}},
    "UploadFile": {"file": SAMPLE_FILE},
    "UploadFiles": {"files": [SAMPLE_FILE, FakeUpload("other.bin", b"")]},
    "AttachToLesson": {"input": {"lessonId": "lesson-1", "caption": "Notes", "file": SAMPLE_FILE}},
    "AttachFilesToLesson": {"input": {"lessonId": "lesson-1", "file": SAMPLE_FILE, "thumbnail": SAMPLE_FILE,
                                      "extraFiles": [FakeUpload("extra.bin", b"extra")]},
                            "files": [SAMPLE_FILE]},
    "Instructors": {"offset": 1, "limit": 2},
}


def documents() -> tuple[dict, dict]:
    operations, fragments = {}, {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Operations", "*.graphql"))):
        for definition in parse(open(path).read()).definitions:
            if isinstance(definition, OperationDefinitionNode):
                operations[definition.name.value] = definition
            elif isinstance(definition, FragmentDefinitionNode):
                fragments[definition.name.value] = definition
    return operations, fragments


async def run() -> int:
    operations, fragments = documents()
    text = "\n".join(print_ast(d) for d in [*operations.values(), *fragments.values()])
    failures = 0
    for name, operation in operations.items():
        variables = VARIABLES.get(name, {})
        if operation.operation.value == "subscription":
            if name == "ReviewAdded":
                continue  # needs a concurrent mutation; covered by the Swift and WebSocket tests
            stream = await schema.subscribe(text, variable_values=variables, operation_name=name,
                                            context_value=SIGNED_IN)
            results = [result async for result in stream]
            errors = [e for r in results for e in (r.errors or [])]
            summary = f"{len(results)} events"
        else:
            result = await schema.execute(text, variable_values=variables, operation_name=name,
                                          context_value=SIGNED_IN)
            if hasattr(result, "initial_result"):  # `@defer`/`@stream`: a first result, then payloads
                later = [payload async for payload in result.subsequent_results]
                errors = list(result.initial_result.errors or [])
                errors += [e for p in later for item in (p.incremental or []) for e in (item.errors or [])]
                errors += [e for p in later for item in (p.completed or []) for e in (item.errors or [])]
                summary = f"a first result and {len(later)} payloads"
            else:
                errors, summary = result.errors or [], f"{len(str(result.data))} characters of data"
        failures += bool(errors)
        print(f"{'FAIL' if errors else 'ok  '} {name}: {summary}")
        for error in errors:
            print(f"     {error.message} at {error.path}")
    print(f"{len(operations) - 1 - failures} passed, {failures} failed")
    STORE.reset()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(run()))
