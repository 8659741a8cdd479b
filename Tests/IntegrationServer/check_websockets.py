"""Starts server.py on a free port and checks its subscriptions over both WebSocket protocols
(graphql-transport-ws and legacy graphql-ws) on /graphql, including a review pushed by a mutation,
then stops it: a check of the server alone, independent of Graft's client (the Swift tests in
Tests/IntegrationTests/WebSocket run GraftWebSocket against it).

    .build/integration-venv/bin/python Tests/IntegrationServer/check_websockets.py
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import urllib.request

import websockets

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRESS = 'subscription LessonProgress { lessonProgress(lessonId: "lesson-3", steps: 2) { progress completed } }'
REVIEWS = 'subscription ReviewAdded { reviewAdded(courseId: "course-3") { rating body } }'
ADD_REVIEW = ('mutation { addReview(course: {slug: "distributed-caching"}, review: {rating: 4, body: "pushed"}) '
              '{ errors { message } } }')


async def receive(ws) -> dict:
    return json.loads(await asyncio.wait_for(ws.recv(), timeout=10))


async def transport_ws(port: int) -> list[str]:
    problems = []
    url = f"ws://127.0.0.1:{port}/graphql?session=check-ws"
    async with websockets.connect(url, subprotocols=["graphql-transport-ws"]) as ws:
        await ws.send(json.dumps({"type": "connection_init"}))
        if (await receive(ws))["type"] != "connection_ack":
            problems.append("graphql-transport-ws: no connection_ack")
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": PROGRESS}}))
        types = [(await receive(ws))["type"] for _ in range(3)]
        if types != ["next", "next", "complete"]:
            problems.append(f"graphql-transport-ws: lessonProgress frames {types}")
        await ws.send(json.dumps({"id": "2", "type": "subscribe", "payload": {"query": REVIEWS}}))
        await asyncio.sleep(0.3)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/graphql", data=json.dumps({"query": ADD_REVIEW}).encode(),
                                         headers={"content-type": "application/json"})
        await asyncio.to_thread(urllib.request.urlopen, request)
        pushed = await receive(ws)
        if pushed.get("payload", {}).get("data", {}).get("reviewAdded", {}).get("body") != "pushed":
            problems.append(f"graphql-transport-ws: reviewAdded frame {pushed}")
    return problems


async def legacy_ws(port: int) -> list[str]:
    async with websockets.connect(f"ws://127.0.0.1:{port}/graphql", subprotocols=["graphql-ws"]) as ws:
        await ws.send(json.dumps({"type": "connection_init"}))
        await receive(ws)
        await ws.send(json.dumps({"id": "1", "type": "start", "payload": {"query": PROGRESS}}))
        frames = [await receive(ws) for _ in range(3)]
    types = [frame["type"] for frame in frames]
    completed = frames[1].get("payload", {}).get("data", {}).get("lessonProgress", {}).get("completed")
    return [] if types == ["data", "data", "complete"] and completed is True else [f"graphql-ws: frames {frames}"]


def main() -> int:
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port", "0", "--exit-on-stdin-eof"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        if not line.startswith("PORT="):
            print(f"FAIL server did not start: {line!r}")
            return 1
        port = int(line.strip()[len("PORT="):])
        problems = asyncio.run(transport_ws(port)) + asyncio.run(legacy_ws(port))
        stats = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/test/stats?session=check-ws"))
        if stats["subscriptions"] != {"LessonProgress": 1, "ReviewAdded": 1}:
            problems.append(f"stats.subscriptions {stats['subscriptions']}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    for problem in problems:
        print(f"FAIL {problem}")
    print("websocket checks: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
