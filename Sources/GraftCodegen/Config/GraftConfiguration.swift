import GraftCompiler

/// What `graft generate` reads from `graft.json`: where the schema and operations are, where the
/// Swift goes and how it looks.
public struct GraftConfiguration: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// `public` declarations (for a library of generated code).
        case `public`
        /// Internal declarations (generated code used in the same module).
        case `internal`
    }

    /// What generated models are: Apollo-shaped structs, or final classes that inherit their
    /// conformances (`GraftAPI.SelectionSetObject`), cheaper to compile, one heap object each.
    public enum ModelShape: String, Sendable, Hashable, CaseIterable {
        /// Structs conforming to `SelectionSet` (the default).
        case `struct`
        /// Final classes inheriting `SelectionSetObject` (`FragmentObject` for named fragments).
        case `class`
    }

    /// What generated operations carry to identify themselves to the server.
    public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
        /// The operation's text (with its fragments).
        case definition
        /// Only the persisted-query identifier (the server must know the operation).
        case operationId
        /// Both.
        case both
    }

    /// Schema files or folders (`.graphqls`, `.graphql`, introspection `.json`).
    public var schemaPaths: [String]
    /// Operation files or folders (`.graphql`).
    public var operationPaths: [String]
    /// The folder generated files are written to.
    public var output: String
    /// The name of a `public enum` that wraps every generated declaration, or nil for none.
    public var namespace: String?
    /// The access level of generated declarations.
    public var accessLevel: AccessLevel
    /// What generated models are (`"modelShape"`); the same API to users in both shapes.
    public var modelShape: ModelShape = .struct
    /// Whether every selection set gets a memberwise initializer (`"memberwiseInitializers"`), for
    /// building models in code: optimistic updates, previews, tests. Without them a module
    /// compiles faster (9–13% less CPU for StarWarsAPI's debug build in the class shape with four
    /// buckets) and models come only from responses and the cache.
    public var memberwiseInitializers: Bool = true
    /// Swift types of custom scalars (GraphQL name → Swift type conforming to `Graft.CustomScalar`);
    /// unmapped custom scalars are `Swift.String`.
    public var customScalars: [String: String]
    /// Cache key fields per type, on top of `@typePolicy(keyFields:)` in the schema.
    public var keyFields: [String: [String]]
    /// Paginated fields by `"Type.field"`: their pages are merged in the normalized cache.
    public var pagination: [String: Pagination] = [:]
    /// How many seconds cached fields stay fresh, by type (`"Course"`) or field (`"Course.rating"`),
    /// as Apollo Server's `@cacheControl(maxAge:)` says; generated into `SchemaMetadata.maxAges`.
    public var maxAges: [String: Int] = [:]
    /// The `onError` request parameter the schema's server accepts (`"NULL"`, `"PROPAGATE"` or
    /// `"HALT"`), which every operation then sends; nil (the default) sends none. The current
    /// proposal leaves it to the service to say, out of band, that it takes the parameter, and a
    /// server that does not may reject it. Generated into `SchemaMetadata.onError`.
    public var onError: String?

    /// How the pages of a paginated field are merged (see the runtime's `FieldPolicy`).
    public enum Pagination: String, Sendable, Hashable, CaseIterable {
        /// A Relay connection paged by `first`/`after` and `last`/`before`.
        case relay
        /// A list paged by `offset` and `limit`.
        case offset
    }
    /// What operations carry: text, identifier or both.
    public var operationDocument: DocumentFormat
    /// Where to write the persisted-query manifest, or nil for none.
    public var persistedQueryManifest: String?
    /// Test mocks to generate, or nil for none.
    public var testMocks: TestMocks?
    /// Which schema types the module declares, when it declares them (no `schemaModule`); nil:
    /// `.all` for a schema module (no operations), `.used` otherwise.
    public var schemaTypes: SchemaTypes?
    /// The module that declares the schema types and `SchemaMetadata` (generated with `.all`
    /// schema types), which this module imports and never declares again; nil: this module
    /// declares them.
    public var schemaModule: String?
    /// The modules this one depends on (directly or not) whose fragments it may spread, with their
    /// operation files; generated code imports them.
    public var upstream: [UpstreamModule] = []

    /// The operation files of the modules importing this schema module, read only for the schema
    /// types they use: what a schema module with `.used` schema types declares.
    public var usedBy: [String] = []

    /// How many Swift files the generated operations and fragments (and, in the `.perDefinition`
    /// layout, the schema types) are spread over (`GraftBucket-1.graphql.swift`...), each
    /// definition in the file its name's FNV-1a hash picks; nil: one file per definition.
    /// Fewer files compile with less CPU in a clean build, at the cost of parallel jobs and of
    /// coarser incremental rebuilds. At most `maxFileBuckets`.
    public var fileBuckets: Int?

    /// The largest `fileBuckets` accepted: past it, bucketing gives back the file count it exists
    /// to cut.
    public static let maxFileBuckets = 1000

    /// Which schema types a module generates.
    public enum SchemaTypes: String, Sendable, Hashable, CaseIterable {
        /// Those the module's operations and fragments use (a schema module: those `usedBy` use).
        case used
        /// Every enum, input object and custom scalar, and metadata for every interface and union:
        /// what modules depending on a schema module may use.
        case all
    }

    /// Whether the module holds the schema alone: it declares every schema type (unless told
    /// otherwise) and no operation.
    public var isSchemaModule: Bool { operationPaths.isEmpty && schemaModule == nil }

    /// Test mocks (`graft.json`'s `testMocks`): a mock class per schema object type the
    /// operations use, written to their own folder for a test-support target, so apps never ship them.
    public struct TestMocks: Sendable, Hashable {
        /// The folder the mocks are written to.
        public var output: String
        /// The module of the generated code, which the mocks import (nil when they are compiled
        /// with it).
        public var module: String?

        /// Creates the setting.
        public init(output: String, module: String? = nil) {
            self.output = output
            self.module = module
        }
    }

    /// Creates a configuration; relative paths are resolved by the caller.
    public init(schemaPaths: [String] = ["Schemas"], operationPaths: [String] = ["Operations"], output: String = "Generated",
                namespace: String? = nil, accessLevel: AccessLevel = .public, customScalars: [String: String] = [:],
                keyFields: [String: [String]] = [:], operationDocument: DocumentFormat = .definition,
                persistedQueryManifest: String? = nil, testMocks: TestMocks? = nil) {
        self.schemaPaths = schemaPaths
        self.operationPaths = operationPaths
        self.output = output
        self.namespace = namespace
        self.accessLevel = accessLevel
        self.customScalars = customScalars
        self.keyFields = keyFields
        self.operationDocument = operationDocument
        self.persistedQueryManifest = persistedQueryManifest
        self.testMocks = testMocks
    }

    /// The configuration with every relative path made relative to `directory`; a `..` that follows
    /// a folder name removes both (`Sources/AppSchema` and `../CatalogKit` give `Sources/CatalogKit`,
    /// as in diagnostics), the way inputs are told apart (`URL.standardized`).
    public func resolvingPaths(against directory: String) -> GraftConfiguration {
        func resolve(_ path: String) -> String {
            if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
            return Self.lexicallyNormalized(directory.hasSuffix("/") ? directory + path : directory + "/" + path)
        }
        var copy = self
        copy.schemaPaths = schemaPaths.map(resolve)
        copy.operationPaths = operationPaths.map(resolve)
        copy.output = resolve(output)
        copy.persistedQueryManifest = persistedQueryManifest.map(resolve)
        copy.testMocks?.output = resolve(testMocks?.output ?? "")
        copy.usedBy = usedBy.map(resolve)
        for index in copy.upstream.indices { copy.upstream[index].operationPaths = upstream[index].operationPaths.map(resolve) }
        return copy
    }

    /// `path` without `.` components and without a folder name followed by `..`; a leading `..`
    /// stays, and so does the root.
    static func lexicallyNormalized(_ path: String) -> String {
        guard path.contains("/..") || path.contains("/./") || path.hasPrefix("./") else { return path }
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." { components.removeLast() }
                else if !path.hasPrefix("/") { components.append(component) }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
