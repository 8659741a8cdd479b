/// A `@defer` fragment of a generated model: the fields the server sends after the first payload
/// (`@defer(label: "stats")` gives a property `stats: Graft.Deferred<Stats>`), so a view can tell
/// "not yet" from "null". Each response of `GraphQLClient.fetchIncrementally` carries the state
/// so far; `fetch` waits for the whole response, where every fragment is fulfilled or failed.
@frozen
public enum Deferred<Fragment: SelectionSet>: Sendable, Hashable {
    /// Not arrived yet.
    case pending
    /// Arrived: the fragment's fields.
    case fulfilled(Fragment)
    /// The server could not deliver the fragment (an error reached the fragment's root, so its
    /// fields were nulled): the errors it reported for it.
    case failed([GraphQLResponseError])

    /// The fragment when fulfilled, else nil.
    public var value: Fragment? {
        if case .fulfilled(let fragment) = self { return fragment }
        return nil
    }

    /// Whether the fragment has not arrived yet.
    public var isPending: Bool {
        if case .pending = self { return true }
        return false
    }

    /// Whether the unconditional fields of `selections` (through fragments that apply, but not
    /// through nested deferred fragments) are all in `fields`; a fragment with conditional
    /// fields only has arrived when one of them is there. `__typename` does not count: it
    /// arrives with the enclosing object.
    package static func hasArrived(_ selections: [Selection], in fields: [String: JSONValue]) -> Bool {
        var unconditional = 0
        var conditionalPresent = false
        func walk(_ selections: [Selection]) -> Bool {
            for selection in selections {
                switch selection {
                case .field(let field):
                    guard field.responseKey != "__typename" else { continue }
                    if field.conditions.isEmpty {
                        unconditional += 1
                        // A field the enclosing selection set selects too is there before the
                        // fragment: its value must also have the fragment's subfields.
                        guard let value = fields[field.responseKey], Selection.isComplete(value, as: field.type) else { return false }
                    } else if fields[field.responseKey] != nil {
                        conditionalPresent = true
                    }
                case .inlineFragment(let fragment):
                    guard fragment.deferredLabel == nil, fragment.conditions.isEmpty,
                          Selection.applies(fragment.possibleTypes, fields) else { continue }
                    if !walk(fragment.type.__selections) { return false }
                case .fragmentSpread(let spread):
                    guard spread.conditions.isEmpty, Selection.applies(spread.possibleTypes, fields) else { continue }
                    if !walk(spread.fragment.__selections) { return false }
                }
            }
            return true
        }
        guard walk(selections) else { return false }
        return unconditional > 0 || conditionalPresent
    }
}

/// A ``Deferred`` of any fragment type, as a generated memberwise initializer passes it.
protocol DeferredFields {
    /// What goes into the response object for the fragment that `selections` (the enclosing
    /// selection set's) defers with this fragment type: its fields when fulfilled, the failure
    /// marker (``ObjectData/failedDeferredKey``) when failed, nothing when pending; so the model
    /// built reads back the same state.
    func fields(in selections: [Selection]) -> [String: JSONValue]
}

extension Deferred: DeferredFields {
    func fields(in selections: [Selection]) -> [String: JSONValue] {
        switch self {
        case .pending: return [:]
        case .fulfilled(let fragment): return fragment.__data.fields
        case .failed(let errors):
            let label = selections.lazy.compactMap { selection -> String? in
                guard case .inlineFragment(let fragment) = selection, ObjectIdentifier(fragment.type) == ObjectIdentifier(Fragment.self) else { return nil }
                return fragment.deferredLabel
            }.first ?? ""
            return [ObjectData.failedDeferredKey: .object([label: .array(errors.map(\.jsonValue))])]
        }
    }
}

extension ObjectData {
    /// The key under which a merged incremental response (``IncrementalResponse``) marks the
    /// `@defer` fragments of an object that failed: `{"<label>": [<errors>]}`. It is not a
    /// GraphQL name, so it never collides with a response key; the cache does not store it.
    public static let failedDeferredKey = "@failedDeferred"

    /// The `@defer` fragment `label` of this object as `T`: failed when the merged response marks
    /// it so, fulfilled when its fields are here, else pending.
    public func deferred<T: SelectionSet>(_ label: String) throws(ResponseDecodingError) -> Deferred<T> {
        if case .object(let failures)? = fields[Self.failedDeferredKey], case .array(let errors)? = failures[label] {
            return .failed(errors.compactMap(GraphQLResponseError.init(json:)))
        }
        guard Deferred<T>.hasArrived(T.__selections, in: fields) else { return .pending }
        return .fulfilled(try T(self))
    }
}
