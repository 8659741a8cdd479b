#!/usr/bin/env python3
"""Writes Scripts/bench/course-catalog-response.json: a CourseCatalog response (Operations/
CourseCatalog.graphql) with 1,250 course edges (about 1 MB), for `graft-bench response`. Deterministic.

    python3 Scripts/bench/make-catalog-response.py
"""
import json
import os

LEVELS = ["BEGINNER", "INTERMEDIATE", "ADVANCED"]
CURRENCIES = ["EUR", "USD", "CHF"]

def course(i):
    return {
        "cursor": f"cursor-{i}",
        "node": {
            "__typename": "Course",
            "id": f"course-{i}",
            "slug": f"course-number-{i}",
            "title": f"Course number {i}: a practical introduction",
            "summary": "Learn by building small, complete programs, one concept at a time." if i % 3 else None,
            "level": LEVELS[i % 3],
            "rating": round(3.0 + (i % 20) / 10, 1),
            "coverImage": f"https://cdn.example.com/covers/{i}.png",
            "price": {"__typename": "Money", "amountMinor": 1000 + i, "currency": CURRENCIES[i % 3]},
            "instructor": {
                "__typename": "User",
                "id": f"user-{i % 50}",
                "name": f"Instructor {i % 50}",
                "handle": f"instructor{i % 50}",
                "avatarURL": f"https://cdn.example.com/avatars/{i % 50}.png?size=64",
            },
            "tags": ["swift", "graphql", f"topic-{i % 7}"],
        },
    }

response = {"data": {"courses": {
    "__typename": "CourseConnection",
    "totalCount": 1250,
    "pageInfo": {"__typename": "PageInfo", "hasNextPage": False, "endCursor": "cursor-1249",
                 "hasPreviousPage": False, "startCursor": "cursor-0"},
    "edges": [dict(course(i), __typename="CourseEdge") for i in range(1250)],
}}}
path = os.path.join(os.path.dirname(__file__), "course-catalog-response.json")
with open(path, "w") as f:
    json.dump(response, f, indent=1)
    f.write("\n")
