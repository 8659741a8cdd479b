"""File uploads (the GraphQL multipart request specification): the Upload scalar, what the server
reports of a file it received (size and SHA-256, computed while reading it in chunks), and the
input object that holds a file. Schemas/CourseCatalog.graphqls declares the same.
"""

from __future__ import annotations

import hashlib
from typing import NewType, Optional

import strawberry
from graphql import GraphQLError

Upload = NewType("Upload", object)

UPLOAD_SCALAR = strawberry.scalar(
    name="Upload",
    description="A file sent with the request as a part of a `multipart/form-data` body, by the\n"
                "GraphQL multipart request specification; `null` in the JSON variables.",
    specified_by_url="https://github.com/jaydenseric/graphql-multipart-request-spec",
    serialize=lambda value: None, parse_value=lambda value: value)


@strawberry.type(description="What the server received of an uploaded file.")
class UploadedFile:
    filename: str = strawberry.field(description="The file name the client gave.")
    mime_type: str = strawberry.field(description="The media type the client gave.")
    size: int = strawberry.field(description="The number of bytes received.")
    sha256: str = strawberry.field(description="The SHA-256 of the bytes received, in lowercase hexadecimal.")


@strawberry.input(description="A file to attach to a lesson.")
class LessonAttachmentInput:
    lesson_id: strawberry.ID = strawberry.field(description="The lesson's `id`.")
    caption: Optional[str] = strawberry.field(default=strawberry.UNSET, description="Shown with the file.")
    file: Upload = strawberry.field(description="The file.")
    thumbnail: Optional[Upload] = strawberry.field(default=strawberry.UNSET, description="A small picture shown beside the file.")
    extra_files: Optional[list[Upload]] = strawberry.field(default=strawberry.UNSET,
                                                           description="More files shown after the first, in order.")


@strawberry.type(description="The result of `attachToLesson`.")
class LessonAttachment:
    lesson_id: strawberry.ID = strawberry.field(description="The lesson's `id`.")
    caption: Optional[str] = strawberry.field(description="Shown with the file.")
    file: UploadedFile = strawberry.field(description="What arrived.")
    thumbnail: Optional[UploadedFile] = strawberry.field(description="What arrived of the thumbnail; null without one.")
    extra_files: list[UploadedFile] = strawberry.field(description="What arrived of the extra files, in order.")


async def received(upload) -> UploadedFile:
    """Reads an upload (Starlette's UploadFile, spooled to disk past 1 MB) in chunks, from its start:
    a file the map puts in two places is one object, read twice."""
    if upload is None or not hasattr(upload, "read"):
        raise GraphQLError("Expected a file part, found a plain value.", extensions={"code": "BAD_USER_INPUT"})
    await upload.seek(0)
    digest = hashlib.sha256()
    size = 0
    while chunk := await upload.read(1 << 20):
        digest.update(chunk)
        size += len(chunk)
    return UploadedFile(filename=upload.filename or "", mime_type=upload.content_type or "",
                        size=size, sha256=digest.hexdigest())
