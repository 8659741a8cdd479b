// graft-offline-queue-crash-helper DATABASE GRAPHQL-URL NOTEBOOK enqueue FIRST LIMIT [SCOPES]
// graft-offline-queue-crash-helper DATABASE GRAPHQL-URL NOTEBOOK replay
//
// Used by IntegrationTests' offline queue crash test (not a product); runs until it is killed.
// `enqueue`: with the network "down" (a manual monitor), queues AddNote mutations with texts FIRST,
// FIRST + 1, ... (at most LIMIT of them) into the SQLite queue at DATABASE, each with an optimistic
// response, printing `committed N` once entry N is committed, then waits. With SCOPES (> 1), note N
// goes to notebook `NOTEBOOK-s<N mod SCOPES>` in that notebook's scope, so replay sends notebooks
// concurrently; without, every note goes to NOTEBOOK and names no scope.
// `replay`: with the network up, replays the queue against GRAPHQL-URL, printing `delivered N` for
// each entry the server answered, and `drained` once the queue is empty, then waits.
import CourseCatalogAPI
import Foundation
import Graft
import GraftSQLite

let arguments = CommandLine.arguments
guard arguments.count >= 5, let url = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: graft-offline-queue-crash-helper DATABASE GRAPHQL-URL NOTEBOOK enqueue FIRST LIMIT [SCOPES] | replay\n".utf8))
    exit(2)
}
let scopes = arguments.count == 8 ? Int(arguments[7]) ?? 1 : 1

/// The notebook of note `number`: NOTEBOOK, or with scopes one of SCOPES notebooks (also its scope).
func notebook(of number: Int) -> String {
    scopes > 1 ? "\(arguments[3])-s\(number % scopes)" : arguments[3]
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func note(_ number: Int) -> (mutation: AddNoteMutation, optimistic: AddNoteMutation.Data) {
    let book = notebook(of: number)
    let id = "\(book)-\(number)"
    let pending: JSONValue = ["__typename": "Note", "id": .string(id), "text": .string(String(number)), "position": 0, "savedAt": nil]
    let data = try! AddNoteMutation.Data(ObjectData(["addNote": ["__typename": "Notebook", "id": .string(book), "notes": [pending]]]))
    return (AddNoteMutation(notebookId: book, id: id, text: String(number)), data)
}

do {
    let mode = arguments[4]
    let monitor = ManualNetworkMonitor(mode == "replay" ? .online : .offline)
    let client = GraphQLClient(transport: HTTPTransport(url: url, client: URLSessionHTTPClient(defaultTimeout: .seconds(30))),
                               store: CacheStore())
    let queue = try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: arguments[1]),
                                         monitor: monitor, mutationTypes: [AddNoteMutation.self],
                                         configuration: OfflineQueueConfiguration(maxAttempts: 1000, retryDelay: .milliseconds(50)))
    switch mode {
    case "enqueue":
        guard arguments.count == 7 || arguments.count == 8, let first = Int(arguments[5]), let limit = Int(arguments[6]) else { exit(2) }
        await queue.start()
        for number in first..<(first + limit) {
            let (mutation, optimistic) = note(number)
            try await queue.enqueue(mutation, optimisticResponse: optimistic, scope: scopes > 1 ? mutation.notebookId : nil)
            say("committed \(number)")
        }
    case "replay":
        let events = await queue.events()
        await queue.start()
        if await queue.pending.isEmpty { say("drained") }
        for await event in events {
            switch event {
            case .delivered(let entry, _):
                say("delivered \(entry.request.variables["text"]?.stringValue ?? "?")")
                if await queue.pending.isEmpty { say("drained") }
            case .rejected(let entry, let error), .deadLettered(let entry, let error):
                FileHandle.standardError.write(Data("\(entry.id) failed: \(error)\n".utf8))
                exit(1)
            default:
                break
            }
        }
    default:
        exit(2)
    }
    while true { try await Task.sleep(for: .seconds(60)) }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
