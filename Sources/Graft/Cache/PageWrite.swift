import GraftAPI

extension CacheKey {
    /// The usual name of a root record's type (`Query` for `ROOT_QUERY`), for field policies and
    /// maximum ages; a schema may name it otherwise (``SchemaMetadata/rootTypenames``).
    var rootTypename: String? {
        switch self {
        case .rootQuery: return "Query"
        case .rootMutation: return "Mutation"
        case .rootSubscription: return "Subscription"
        default: return nil
        }
    }

    /// The kind of operation whose root record this is.
    var rootKind: OperationKind? {
        switch self {
        case .rootQuery: return .query
        case .rootMutation: return .mutation
        case .rootSubscription: return .subscription
        default: return nil
        }
    }
}

/// One page written by the normalizer, to merge with the pages already in the store.
struct PageWrite: Sendable {
    /// The record holding the field.
    let parent: CacheKey
    /// The field key without the paging arguments, under which the pages are merged.
    let mergedKey: String
    /// The page's value as normalized under its own field key (a reference to the connection
    /// record, or a list).
    let page: CacheValue
    /// The page's paging arguments, resolved.
    let arguments: [String: JSONValue]
    let pagination: FieldPolicy.Pagination

    /// The record the merged connection is stored in.
    var mergedRecordKey: CacheKey { CacheKey(parent.rawValue + "." + mergedKey) }
}
