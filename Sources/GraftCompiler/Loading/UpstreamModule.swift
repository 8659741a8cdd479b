/// A module the generated module depends on, with its GraphQL files: its fragments can be spread
/// in this module's operations and are validated with them, but their Swift types are the
/// upstream module's, imported rather than generated again. Its operations are left out.
public struct UpstreamModule: Sendable, Hashable {
    /// The Swift module name (what generated code imports).
    public var name: String
    /// Its operation files or folders (`.graphql`).
    public var operationPaths: [String]

    /// Creates an upstream module.
    public init(name: String, operationPaths: [String]) {
        self.name = name
        self.operationPaths = operationPaths
    }
}

/// Where a fragment of an upstream module is declared.
public struct UpstreamFragment: Sendable {
    /// The module that declares it (and its Swift type).
    public var module: String
    /// Its definition.
    public var location: SourceSpan
}
