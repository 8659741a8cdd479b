"""Graft's integration-test server: the example API (Schemas/) on Strawberry, over HTTP and WebSocket.

    python server.py [--host 127.0.0.1] [--port 0] [--exit-on-stdin-eof]
    python server.py --introspect < query.graphql     # run one query against the schema, print JSON

Serves GraphQL at /graphql: POST, GET for queries, and subscriptions over both
graphql-transport-ws and the legacy graphql-ws protocol on the same URL, and over plain HTTP
(multipart subscriptions, `subscriptionSpec=1.0`, and GraphQL over SSE). See harness.py
for request counting, controlled failures and persisted queries, and routes.py for the
test-control endpoints and the REST routes. Data lives in memory (data.py).

Once it listens, the server prints `PORT=<port>` on a line of its own on stdout (port 0,
the default, picks a free port). With --exit-on-stdin-eof it exits as soon as its standard
input closes, so a test process that dies cannot leave it running.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from schema import schema  # noqa: E402


def introspect() -> int:
    result = schema.execute_sync(sys.stdin.read())
    output = {"data": result.data}
    if result.errors:
        output["errors"] = [error.formatted for error in result.errors]
    json.dump(output, sys.stdout)
    return 1 if result.errors else 0


def build_app():
    from strawberry.asgi import GraphQL
    from strawberry.subscriptions import (GRAPHQL_SSE_PROTOCOL, GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL,
                                          MULTIPART_SUBSCRIPTION_PROTOCOL)

    from harness import Harness
    from routes import routes_app

    graphql_app = GraphQL(schema, graphql_ide=None, allow_queries_via_get=True, multipart_uploads_enabled=True,
                          subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL,
                                                  MULTIPART_SUBSCRIPTION_PROTOCOL, GRAPHQL_SSE_PROTOCOL))
    return Harness(graphql_app, routes_app)


def serve(host: str, port: int, exit_on_stdin_eof: bool) -> None:
    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(256)
    chosen = listener.getsockname()[1]

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets=sockets)
            print(f"PORT={chosen}", flush=True)

    if exit_on_stdin_eof:
        def watch_stdin() -> None:
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()

    config = uvicorn.Config(build_app(), lifespan="off", log_level="warning", access_log=False,
                            timeout_graceful_shutdown=1, ws_ping_interval=None)
    asyncio.run(Server(config).serve(sockets=[listener]))


def main() -> int:
    parser = argparse.ArgumentParser(description="Graft's integration-test GraphQL server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    parser.add_argument("--introspect", action="store_true", help="execute the query on stdin and print the result")
    arguments = parser.parse_args()
    if arguments.introspect:
        return introspect()
    serve(arguments.host, arguments.port, arguments.exit_on_stdin_eof)
    return 0


if __name__ == "__main__":
    sys.exit(main())
