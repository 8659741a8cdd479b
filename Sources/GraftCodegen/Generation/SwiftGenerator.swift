import GraftCompiler

/// Renders a compiled document as Swift files: one per operation, fragment and used schema type,
/// the schema metadata, and the namespace enum when one is configured. Deterministic: the same
/// input gives the same bytes.
public struct SwiftGenerator {
    /// The compiled operations and fragments.
    public let document: IRDocument
    /// The configuration (namespace, access level, scalars, key fields, document format).
    public let configuration: GraftConfiguration

    /// Creates a generator.
    public init(document: IRDocument, configuration: GraftConfiguration) {
        self.document = document
        self.configuration = configuration
    }

    /// Operation identifiers by operation name (Apollo iOS's algorithm).
    public var identifiers: [String: String] {
        var result: [String: String] = [:]
        for operation in document.operations { result[operation.name] = SHA256.hex(document.identifierSource(of: operation)) }
        return result
    }

    /// Every generated file, sorted by path.
    public func files() -> [GeneratedFile] {
        var topLevel = Set(document.referencedTypes.map { $0 })
        topLevel.formUnion(document.fragments.map(\.name))
        topLevel.formUnion(document.operations.map(OperationRenderer.typeName))
        if let namespace = configuration.namespace { topLevel.insert(namespace) }
        let context = RenderContext(document: document, configuration: configuration,
                                    identifiers: configuration.operationDocument == .definition ? [:] : identifiers,
                                    topLevelNames: topLevel)
        var files: [GeneratedFile] = []
        for operation in document.operations {
            let name = OperationRenderer.typeName(operation)
            files.append(file("Operations/\(name).graphql.swift") { OperationRenderer(context: context).render(operation, into: &$0) })
        }
        for fragment in document.fragments {
            files.append(file("Fragments/\(fragment.name).graphql.swift") { writer in
                let definition = "\(context.access)static let fragmentDefinition = \(SwiftNames.stringLiteral(fragment.source))"
                writer.documentation(fragment.description)
                SelectionSetRenderer(context: context).render(fragment.selectionSet, name: context.typeName(fragment.name),
                                                              conformance: "Graft.Fragment", statics: [definition], into: &writer)
            })
        }
        for name in document.referencedTypes {
            guard let type = document.schema.type(named: name) else { continue }
            files.append(file("Schema/\(name).graphql.swift") { SchemaTypeRenderer(context: context).render(type, into: &$0) })
        }
        files.append(file("Schema/SchemaMetadata.graphql.swift") { renderMetadata(context, into: &$0) })
        if let namespace = configuration.namespace {
            var writer = SwiftWriter()
            writer.line(GeneratedFile.marker)
            writer.line()
            writer.line("/// The generated GraphQL operations, fragments and schema types.")
            writer.line("\(context.access)enum \(namespace) {}")
            files.append(GeneratedFile(path: "\(namespace).graphql.swift", contents: writer.text))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Key fields per type: `@typePolicy(keyFields:)` in the schema, then the configuration.
    public var keyFields: [String: [String]] {
        var result: [String: [String]] = [:]
        for type in document.schema.types where type.kind == .object || type.kind == .interface {
            guard let policy = type.directives.first(where: { $0.name == "typePolicy" }),
                  case .string(let value)? = policy.argument("keyFields") else { continue }
            result[type.name] = value.value.split(separator: " ").map(String.init)
        }
        for (type, fields) in configuration.keyFields { result[type] = fields }
        return result
    }

    private func renderMetadata(_ context: RenderContext, into writer: inout SwiftWriter) {
        let possible = document.abstractTypes.compactMap { name -> String? in
            guard let type = document.schema.type(named: name) else { return nil }
            return "\(SwiftNames.stringLiteral(name)): \(SelectionSetRenderer.setLiteral(document.schema.possibleTypes(of: type).sorted()))"
        }
        let keys = keyFields.sorted { $0.key < $1.key }.map {
            "\(SwiftNames.stringLiteral($0.key)): [\($0.value.map(SwiftNames.stringLiteral).joined(separator: ", "))]"
        }
        let prefix = configuration.namespace == nil ? "" : "static "
        writer.line("/// Possible types of the interfaces and unions the operations use, and cache key fields.")
        writer.line("\(context.access)\(prefix)let schemaMetadata = Graft.SchemaMetadata(")
        writer.indent { body in
            SelectionSetRenderer.list(prefix: "possibleTypes: ", possible.isEmpty ? [":"] : possible, close: "],", into: &body)
            SelectionSetRenderer.list(prefix: "keyFields: ", keys.isEmpty ? [":"] : keys, into: &body)
        }
        writer.line(")")
    }

    /// A Swift file: the marker, `import Graft`, and the body (inside the namespace, if any).
    private func file(_ path: String, _ body: (inout SwiftWriter) -> Void) -> GeneratedFile {
        var writer = SwiftWriter()
        writer.line(GeneratedFile.marker)
        writer.line("import Graft")
        if let namespace = configuration.namespace {
            writer.block("extension \(namespace)") { body(&$0) }
        } else {
            body(&writer)
        }
        return GeneratedFile(path: path, contents: writer.text)
    }
}
