/// How the cache stores one field of a type: for a paginated field, every page is merged into one
/// list under a field key that leaves the paging arguments out, so a read of any page (and a
/// `watch` of the first) sees all the pages loaded so far.
///
/// Configured per field as `"Type.field"`, in ``CacheConfiguration/fieldPolicies`` (or the
/// generated ``SchemaMetadata/fieldPolicies``): `["Query.courses": .relay]`.
public struct FieldPolicy: Sendable, Hashable {
    /// How pages of a field are merged.
    public enum Pagination: Sendable, Hashable {
        /// A Relay connection: `edges` and `pageInfo`; pages are requested with `first`/`after`
        /// (appended) or `last`/`before` (prepended); a page without a cursor starts the list again.
        case relay
        /// A list paged by an offset and a limit argument: each page is placed at its offset; a page
        /// at offset 0 (or without one) starts the list again.
        case offset(offsetArgument: String = "offset", limitArgument: String = "limit")

        /// The arguments the merged field key leaves out.
        package var pagingArguments: Set<String> {
            switch self {
            case .relay: return ["first", "after", "last", "before"]
            case .offset(let offset, let limit): return [offset, limit]
            }
        }
    }

    /// How pages are merged; nil for a field that is not paginated.
    public var pagination: Pagination?
    /// For a field that returns one object identified by its arguments (`book(id:)`, Apollo's
    /// `@fieldPolicy(forField:keyArgs:)`): the arguments whose values form the object's key, so a
    /// read of the field finds an object already cached as `Book:<id>` without having fetched
    /// this field. Empty for none.
    public var keyArgs: [String]
    /// The object types the field can return (the key's typename is one of them).
    public var typenames: [String]

    /// Creates a policy.
    public init(pagination: Pagination? = nil, keyArgs: [String] = [], typenames: [String] = []) {
        self.pagination = pagination
        self.keyArgs = keyArgs
        self.typenames = typenames
    }

    /// A field read from the object cached under `<typename>:<values of keyArgs>`.
    public static func redirect(keyArgs: [String], typenames: [String]) -> FieldPolicy {
        FieldPolicy(keyArgs: keyArgs, typenames: typenames)
    }

    /// A Relay connection field.
    public static let relay = FieldPolicy(pagination: .relay)
    /// A list field paged by `offset` and `limit`.
    public static let offset = FieldPolicy(pagination: .offset())
}
