import Foundation

/// How a `CacheStore` keys records, when fields expire, and how large it may grow.
public struct CacheConfiguration: Sendable {
    /// Computes a record's key from its typename and response object; nil falls back to the
    /// key fields, then `id`, then a path key.
    public typealias KeyResolver = @Sendable (_ typename: String, _ object: ObjectData) -> CacheKey?

    /// Key fields per object type: generated `SchemaMetadata.keyFields` (from `@typePolicy(keyFields:)`
    /// or the configuration) merged with the ones given here. Key fields of an interface apply to
    /// its possible types. Several fields are joined with `+`: `Seat:12+B`.
    public private(set) var keyFields: [String: [String]]
    /// The generated schema metadata the key fields came from; nil until one is given or a
    /// `CacheStore` adopts the one its generated operations name.
    public private(set) var schema: SchemaMetadata?
    /// The key fields given to the initializer, kept to merge with an adopted schema.
    private let givenKeyFields: [String: [String]]
    /// The programmatic key resolver, tried first.
    public var keyResolver: KeyResolver?
    /// The maximum age of fields, by type (`"Course"`) or by field (`"Course.rating"`, the field's
    /// name without arguments; it wins over the type's). Fields older than that are stale. The
    /// generated schema's (`graft.json`'s `maxAges`), then the ones given here.
    public private(set) var maxAges: [String: Duration]
    /// The maximum ages given to the initializer, kept to merge with an adopted schema.
    private let givenMaxAges: [String: Duration]
    /// Field policies by `"Type.field"` (paginated fields): the generated schema's, then the ones
    /// given here.
    public private(set) var fieldPolicies: [String: FieldPolicy]
    /// The field policies given to the initializer, kept to merge with an adopted schema.
    private let givenFieldPolicies: [String: FieldPolicy]
    /// At most this many records; beyond it the least recently used records are evicted.
    public var maxRecordCount: Int?
    /// Whether a server response's `Cache-Control` sets how long the fields it writes stay fresh:
    /// `max-age` less `Age` (the same staleness as ``maxAges``: `cacheFirst` refetches them, other
    /// reads report them stale), `no-cache` stale at once, `no-store` not written at all. A
    /// response without a lifetime clears the lifetime of the fields it writes.
    public var usesCacheControl: Bool
    /// The record field holding the expiry (seconds since 2001) of each field written by a
    /// response with a `Cache-Control` lifetime. Not a GraphQL name, so no selection reads it.
    static let expiriesField = "@expires"
    /// The clock used for `receivedAt` and ages (tests inject one).
    public var clock: @Sendable () -> Date
    /// `maxAges` prepared for lookup.
    private(set) var expiry: ExpiryRules

    /// Creates a configuration.
    /// Creates a configuration. Without `schema`, a `CacheStore` adopts the schema metadata of the
    /// first generated operation written to or read from it.
    public init(schema: SchemaMetadata? = nil, keyFields: [String: [String]] = [:],
                fieldPolicies: [String: FieldPolicy] = [:],
                keyResolver: KeyResolver? = nil, maxAges: [String: Duration] = [:], maxRecordCount: Int? = nil,
                usesCacheControl: Bool = false, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.usesCacheControl = usesCacheControl
        self.schema = schema
        self.givenKeyFields = keyFields
        self.givenFieldPolicies = fieldPolicies
        self.fieldPolicies = (schema?.fieldPolicies ?? [:]).merging(fieldPolicies) { _, given in given }
        self.keyFields = Self.resolveKeyFields(schema: schema ?? SchemaMetadata(), keyFields: keyFields)
        self.keyResolver = keyResolver
        self.givenMaxAges = maxAges
        self.maxAges = (schema?.maxAges ?? [:]).merging(maxAges) { _, given in given }
        self.maxRecordCount = maxRecordCount
        self.clock = clock
        self.expiry = ExpiryRules(self.maxAges)
    }

    /// The current time as a timestamp.
    var now: CacheTimestamp { CacheTimestamp(clock()) }

    /// The policy of field `name` of a record of type `typename` (or the root `key`), if any.
    func policy(typename: String?, key: CacheKey, field name: String) -> FieldPolicy? {
        guard !fieldPolicies.isEmpty else { return nil }
        if let typename { return fieldPolicies[typename + "." + name] }
        return rootLookup(key) { fieldPolicies[$0 + "." + name] }
    }

    /// The configured maximum age of field `name` of a record of type `typename` (or the root
    /// `key`), if any.
    func maxAge(typename: String?, key: CacheKey, field name: String) -> Int64? {
        if let typename { return expiry.maxAge(typename: typename, field: name) }
        return rootLookup(key) { expiry.maxAge(typename: $0, field: name) }
    }

    /// What `find` gives for the root record `key`'s type: by the schema's name for it
    /// (``SchemaMetadata/rootTypenames``), then by the usual one; nil for other records.
    private func rootLookup<Found>(_ key: CacheKey, _ find: (String) -> Found?) -> Found? {
        guard let usual = key.rootTypename else { return nil }
        if let kind = key.rootKind, let named = schema?.rootTypenames[kind], let found = find(named) { return found }
        return find(usual)
    }

    /// The pagination of field `name` of a record of type `typename` (or the root `key`), if any.
    func pagination(typename: String?, key: CacheKey, field name: String) -> FieldPolicy.Pagination? {
        policy(typename: typename, key: key, field: name)?.pagination
    }

    /// This configuration with `schema`'s key fields, possible types, field policies and maximum
    /// ages (the given ones win).
    func adopting(_ schema: SchemaMetadata) -> CacheConfiguration {
        var copy = self
        copy.schema = schema
        copy.keyFields = Self.resolveKeyFields(schema: schema, keyFields: givenKeyFields)
        copy.fieldPolicies = schema.fieldPolicies.merging(givenFieldPolicies) { _, given in given }
        copy.maxAges = schema.maxAges.merging(givenMaxAges) { _, given in given }
        copy.expiry = ExpiryRules(copy.maxAges)
        return copy
    }

    /// Key fields per object type: the schema's, then the given ones, each spread over the possible
    /// types of the interfaces and unions they name.
    private static func resolveKeyFields(schema: SchemaMetadata, keyFields: [String: [String]]) -> [String: [String]] {
        var resolved: [String: [String]] = [:]
        for source in [schema.keyFields, keyFields] {
            for (typename, fields) in source {
                for possible in schema.possibleTypes[typename] ?? [] where resolved[possible] == nil {
                    resolved[possible] = fields
                }
            }
            for (typename, fields) in source { resolved[typename] = fields }
        }
        return resolved
    }
}

/// Maximum ages in whole seconds, by type and by type and field name.
struct ExpiryRules: Sendable {
    var typeAges: [String: Int64] = [:]
    var fieldAges: [String: [String: Int64]] = [:]

    init(_ maxAges: [String: Duration]) {
        for (name, age) in maxAges {
            let seconds = age.components.seconds
            if let dot = name.firstIndex(of: ".") {
                fieldAges[String(name[..<dot]), default: [:]][String(name[name.index(after: dot)...])] = seconds
            } else {
                typeAges[name] = seconds
            }
        }
    }

    var isEmpty: Bool { typeAges.isEmpty && fieldAges.isEmpty }

    /// The configured maximum age of a field of a type, if any.
    func maxAge(typename: String?, field: String) -> Int64? {
        guard let typename else { return nil }
        return fieldAges[typename]?[field] ?? typeAges[typename]
    }
}
