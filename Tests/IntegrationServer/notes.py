"""Notebooks for the offline mutation queue tests: `addNote` records every arrival, applies each
`Idempotency-Key` once (a repeat gets the first answer) and `/test/notes` shows what arrived.
A request naming the hold `addNote:<notebook>` (holds.py) is counted on arrival, then waits for
the test to release that hold before it is applied: the test sees what is in flight at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

import strawberry
from graphql import GraphQLError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from catalog_types import DateTime
from holds import hold


@strawberry.type(description="A private note on a course, written offline-first: the client chooses its `id` and may send it\n"
                             "long after writing it (from an offline mutation queue).")
class Note:
    id: strawberry.ID = strawberry.field(description="The note's `id`, chosen by the client.")
    text: str = strawberry.field(description="What the note says.")
    position: int = strawberry.field(description="Where the server put the note in its notebook (1, 2, ...): the order of arrival.")
    saved_at: Optional[DateTime] = strawberry.field(description="When the server saved the note; null in an optimistic response.")


@strawberry.type(description="A list of notes, in the order the server received them.")
class Notebook:
    id: strawberry.ID = strawberry.field(description="The notebook's `id`, chosen by the client.")
    notes: list[Note] = strawberry.field(description="The notes, oldest first.")


@dataclass
class NotebookRecord:
    notes: list[Note] = field(default_factory=list)


@dataclass
class NoteLog:
    """Everything `addNote` saw: notebooks, the answer to each idempotency key, each key's
    request count, and the keys in the order they were applied (per notebook)."""
    notebooks: dict[str, NotebookRecord] = field(default_factory=dict)
    answers: dict[str, Notebook] = field(default_factory=dict)
    requests: dict[str, dict[str, int]] = field(default_factory=dict)
    applied: dict[str, list[dict]] = field(default_factory=dict)


NOTES = NoteLog()


def notebook(notebook_id: str) -> Notebook:
    record = NOTES.notebooks.get(notebook_id) or NotebookRecord()
    return Notebook(id=strawberry.ID(notebook_id), notes=list(record.notes))


async def add_note(info: strawberry.Info, notebook_id: str, note_id: str, text: str) -> Notebook:
    key = info.context["request"].headers.get("idempotency-key")
    counts = NOTES.requests.setdefault(notebook_id, {})
    counts[key or ""] = counts.get(key or "", 0) + 1
    await hold(info, f"addNote:{notebook_id}")
    if key is not None and key in NOTES.answers:
        return NOTES.answers[key]
    if not text:
        raise GraphQLError("A note must not be empty.", extensions={"code": "BAD_USER_INPUT"})
    record = NOTES.notebooks.setdefault(notebook_id, NotebookRecord())
    saved = datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    note = Note(id=strawberry.ID(note_id), text=text, position=len(record.notes) + 1, saved_at=DateTime(saved))
    record.notes.append(note)
    NOTES.applied.setdefault(notebook_id, []).append({"key": key, "id": note_id, "text": text, "position": note.position})
    answer = notebook(notebook_id)
    if key is not None:
        NOTES.answers[key] = answer
    return answer


async def notes_log(request: Request) -> Response:
    """`GET /test/notes?notebook=`: the notes applied in order (key, id, text, position) and the
    number of requests per idempotency key (`""` for requests without one)."""
    name = request.query_params.get("notebook", "")
    return JSONResponse({"applied": NOTES.applied.get(name, []), "requests": NOTES.requests.get(name, {})})
