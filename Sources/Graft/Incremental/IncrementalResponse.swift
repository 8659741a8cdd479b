/// The response of an operation with `@defer` or `@stream`, built up as its payloads arrive.
///
/// Reads both wire formats:
/// - **`deferSpec=20220824`** (Apollo Router, Apollo iOS): the first payload is a GraphQL result
///   with `hasNext`; later ones carry `incremental: [{data | items, path, label, errors}]`, where
///   a stream's `path` ends with the index of its first item. The older form with `data`/`items`
///   and `path` at the payload's top level is read too.
/// - **The incremental delivery RFC / graphql-js 17** (Strawberry, graphql-core 3.3): payloads
///   announce `pending: [{id, path, label}]`, deliver `incremental: [{id, subPath?, data | items}]`
///   and end them with `completed: [{id, errors?}]`.
///
/// `data` is merged into the object at its path, `items` appended to the list at theirs, and every
/// error collected in ``body`` with its path. A deferred fragment that failed (its `data` null, or
/// `completed` with errors) is marked on its object under `ObjectData.failedDeferredKey`, which
/// generated code reads as `Deferred.failed(_:)`; one that has not arrived decodes as
/// `Deferred.pending`.
///
/// Merged data nests no deeper than one response can (``maxDataDepth``): a payload that would
/// take it deeper throws, so a server cannot grow it level by level past what the code reading
/// responses (decoding, normalizing, serializing) is built for.
public struct IncrementalResponse: Sendable {
    /// The deepest nesting of objects and lists the merged `data` may reach: what one response's
    /// `data` can nest within `JSONParser.defaultMaxDepth` (the response object is one level).
    public static let maxDataDepth = JSONParser.defaultMaxDepth - 1

    /// The response so far: the first payload's data with every later payload merged in, every
    /// error, and the extensions of all payloads (later keys win).
    public private(set) var body = GraphQLResponseBody(data: nil)
    /// Whether the server said more payloads follow (`hasNext`); true before the first payload.
    public private(set) var hasNext = true
    /// Payloads applied so far.
    public private(set) var payloadCount = 0
    /// The fragments and streams announced by `pending` and not yet `completed`, by id.
    private var pending: [String: (path: [JSONValue], label: String?)] = [:]
    /// Whether the payload being applied changed the data.
    private var dataChanged = false

    /// An empty response, waiting for its first payload.
    public init() {}

    /// Applies one payload (one multipart part's JSON). Throws ``GraftError/Code/decoding`` for a
    /// payload that is not one: not an object, a first payload without `data` or `errors`, an
    /// entry naming an unknown id or no path, data that would nest deeper than ``maxDataDepth``.
    ///
    /// Returns whether ``body`` changed: false for a payload that only ends fragments without
    /// errors or says `hasNext: false`, which a reader need not pass on. (Comparing with the
    /// previous body instead would keep it alive, and the next payload would then copy every
    /// object and list on its path.)
    @discardableResult
    public mutating func apply(_ payload: JSONValue) throws(GraftError) -> Bool {
        guard case .object(let fields) = payload else {
            throw Self.malformed("an incremental payload is not a JSON object")
        }
        let errorCount = body.errors.count
        var changed = payloadCount == 0
        dataChanged = false
        payloadCount += 1
        if payloadCount == 1 {
            guard let first = GraphQLResponseBody(json: payload) else {
                throw Self.malformed("the first payload is not a GraphQL response (no data or errors)")
            }
            if let data = first.data, data.nests(deeperThan: Self.maxDataDepth) { throw Self.tooDeep() }
            body = first
        } else {
            body.errors += Self.errors(fields["errors"])
            if let extensions = fields["extensions"]?.objectValue, !extensions.isEmpty {
                body.extensions.merge(extensions) { _, new in new }
                changed = true
            }
        }
        try announce(fields["pending"])
        if payloadCount > 1 {
            if case .array(let entries)? = fields["incremental"] {
                for entry in entries { try deliver(entry) }
            } else if fields["path"] != nil {
                try deliver(payload)
            }
        }
        if case .array(let entries)? = fields["completed"] {
            for entry in entries { try complete(entry) }
        }
        hasNext = fields["hasNext"] == .bool(true)
        return changed || dataChanged || body.errors.count != errorCount
    }

    /// Reads a `pending` list.
    private mutating func announce(_ value: JSONValue?) throws(GraftError) {
        guard case .array(let entries)? = value else { return }
        for entry in entries {
            guard case .object(let fields) = entry, case .string(let id)? = fields["id"],
                  case .array(let path)? = fields["path"] else {
                throw Self.malformed("a pending entry lacks its id or path")
            }
            pending[id] = (path, fields["label"]?.stringValue)
        }
    }

    /// Applies one `incremental` entry (or an old-style payload with `path` at its top).
    private mutating func deliver(_ entry: JSONValue) throws(GraftError) {
        guard case .object(let fields) = entry else { throw Self.malformed("an incremental entry is not a JSON object") }
        let errors = fields["errors"]
        body.errors += Self.errors(errors)
        let path: [JSONValue]
        let label: String?
        let identified: Bool
        if case .string(let id)? = fields["id"] {
            guard let announced = pending[id] else { throw Self.malformed("an incremental entry names the unknown id \(id)") }
            path = announced.path + (fields["subPath"].flatMap { if case .array(let items) = $0 { items } else { nil } } ?? [])
            label = announced.label
            identified = true
        } else {
            guard case .array(let given)? = fields["path"] else { throw Self.malformed("an incremental entry has neither an id nor a path") }
            path = given
            label = fields["label"]?.stringValue
            identified = false
        }
        if case .array(let items)? = fields["items"] {
            if identified {
                try updateData(at: path[...], adding: .array(items)) { list in
                    if case .array(var existing) = list { list = .null; existing += items; list = .array(existing) }
                }
            } else {
                // 20220824: the path ends with the index of the first item.
                guard case .int(let start)? = path.last, start >= 0 else { throw Self.malformed("a stream's path does not end with an index") }
                try updateData(at: path.dropLast(), adding: .array(items)) { list in
                    guard case .array(var existing) = list else { return }
                    list = .null
                    if existing.count > start { existing.removeSubrange(start...) }
                    if existing.count == start { existing += items }
                    list = .array(existing)
                }
            }
        } else if let data = fields["data"] {
            if data == .null {
                try markFailed(at: path, label: label, errors: errors)
            } else {
                try updateData(at: path[...], adding: data) { $0.merge(data) }
            }
        }
    }

    /// Reads a `completed` entry: the fragment or stream is done; with errors, it failed.
    private mutating func complete(_ entry: JSONValue) throws(GraftError) {
        guard case .object(let fields) = entry, case .string(let id)? = fields["id"] else {
            throw Self.malformed("a completed entry lacks its id")
        }
        let announced = pending.removeValue(forKey: id)
        guard case .array(let items)? = fields["errors"], !items.isEmpty else { return }
        body.errors += Self.errors(fields["errors"])
        if let announced { try markFailed(at: announced.path, label: announced.label, errors: fields["errors"]) }
    }

    /// Marks the `@defer` fragment `label` of the object at `path` as failed (a stream's list is left as it is).
    private mutating func markFailed(at path: [JSONValue], label: String?, errors: JSONValue?) throws(GraftError) {
        let marker: JSONValue = .object([ObjectData.failedDeferredKey: .object([label ?? "": errors ?? .array([])])])
        try updateData(at: path[...], adding: marker) { value in
            guard case .object(var fields) = value else { return }
            value = .null
            var failures = fields[ObjectData.failedDeferredKey]?.objectValue ?? [:]
            failures[label ?? ""] = errors ?? .array([])
            fields[ObjectData.failedDeferredKey] = .object(failures)
            value = .object(fields)
        }
    }

    /// Changes the value at `path` in the data by merging in (or appending) `added`; a path that
    /// leads nowhere (a parent nulled by an error) changes nothing. Throws, changing nothing, when
    /// `added` at the end of `path` would nest deeper than ``maxDataDepth``: each key or index of
    /// the path is one level.
    private mutating func updateData(at path: ArraySlice<JSONValue>, adding added: JSONValue,
                                     _ change: (inout JSONValue) -> Void) throws(GraftError) {
        guard path.count <= Self.maxDataDepth, !added.nests(deeperThan: Self.maxDataDepth - path.count) else { throw Self.tooDeep() }
        guard var data = body.data else { return }
        body.data = nil
        if data.withValue(at: path, change) { dataChanged = true }
        body.data = data
    }

    private static func errors(_ value: JSONValue?) -> [GraphQLResponseError] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(GraphQLResponseError.init(json:))
    }

    private static func tooDeep() -> GraftError {
        malformed("the merged response would nest deeper than \(maxDataDepth) levels, the depth limit of one response")
    }

    private static func malformed(_ message: String) -> GraftError {
        GraftError(.decoding, message: message)
    }
}
