import CourseCatalogAPI
import Graft

/// The course catalog's notebooks, for the cache suites: `Notebook` reads a notebook and its notes,
/// and `AddNote` saves a note (a new one, or an existing one again, by the id the app chose) and
/// returns the notebook, so what it saves reaches every query that reads the same records.
enum Notebooks {
    /// The notes of `n1` on the server: `(id, text)`.
    static let lukeAndHan: [(String, String)] = [("1000", "Luke Skywalker"), ("1002", "Han Solo")]

    /// A notebook object with `notes` (`(id, text)`) in order.
    static func notebook(_ id: String, notes: [(String, String)]) -> JSONValue {
        .object([
            "__typename": "Notebook", "id": .string(id),
            "notes": .array(notes.enumerated().map { position, note in
                .object(["__typename": "Note", "id": .string(note.0), "text": .string(note.1), "position": .int(position), "savedAt": .null])
            }),
        ])
    }

    /// `notes` with the note `id` saved as `text`: replaced where it is, else added at the end.
    static func saving(_ id: String, _ text: String, in notes: [(String, String)]) -> [(String, String)] {
        notes.contains { $0.0 == id } ? notes.map { $0.0 == id ? (id, text) : $0 } : notes + [(id, text)]
    }

    /// The `AddNote` data the server gives for saving note `id` as `text` in a notebook holding `notes`.
    static func added(_ id: String, _ text: String, to notebookId: String, notes: [(String, String)] = lukeAndHan) throws
        -> AddNoteMutation.Data {
        try AddNoteMutation.Data(ObjectData(["addNote": notebook(notebookId, notes: saving(id, text, in: notes))]))
    }

    /// A server that answers `Notebook` with `lukeAndHan` for every id, and `AddNote` with that
    /// notebook after saving the note (or with `mutationResult`'s answer when given).
    static func transport(mutationResult: (@Sendable (GraphQLRequest) async throws -> GraphQLResponseBody)? = nil) -> StubTransport {
        StubTransport { request in
            guard case .string(let notebookId)? = request.variables[request.operationName == "AddNote" ? "notebookId" : "id"] else {
                throw GraftError(.transport, message: "no notebook id")
            }
            guard request.operationName == "AddNote" else {
                return GraphQLResponseBody(data: ["notebook": notebook(notebookId, notes: lukeAndHan)])
            }
            if let mutationResult { return try await mutationResult(request) }
            guard case .string(let id)? = request.variables["id"], case .string(let text)? = request.variables["text"] else {
                throw GraftError(.transport, message: "no note")
            }
            return GraphQLResponseBody(data: ["addNote": notebook(notebookId, notes: saving(id, text, in: lukeAndHan))])
        }
    }
}
