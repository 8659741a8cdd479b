import GraftHashing
import GraftCompiler

/// Renders a compiled document as Swift files: one per operation, fragment and used schema type
/// (or `fileBuckets` files holding them), the schema metadata, and the namespace enum when one is
/// configured. Deterministic: the same input gives the same bytes.
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

    /// How generated declarations are spread over files. With `fileBuckets` in the configuration,
    /// either layout puts operations and fragments into that many `GraftBucket-<n>.graphql.swift`
    /// files instead; `.perDefinition` puts its schema types there too (`.perInputFile` already
    /// holds them in one file).
    public enum Layout: Sendable {
        /// One file per operation (`Operations/`), fragment (`Fragments/`) and schema type
        /// (`Schema/`), plus `Schema/SchemaMetadata.graphql.swift`.
        case perDefinition
        /// One flat file per operation file (`<File>.graphql.swift`, holding its operations and
        /// fragments) and `GraftSchema.swift` for schema types and metadata: names known before
        /// anything is parsed, as SwiftPM build plugins need.
        case perInputFile
    }

    /// Every generated file, sorted by path.
    public func files(layout: Layout = .perDefinition) -> [GeneratedFile] {
        let context = RenderContext(document: document, configuration: configuration,
                                    identifiers: configuration.operationDocument == .definition ? [:] : identifiers,
                                    alwaysQualify: layout == .perInputFile)
        var definitions: [(path: String, name: String, inputFile: String, origin: String, render: (inout SwiftWriter) -> Void)] = []
        for operation in document.operations {
            definitions.append((path: "Operations/\(OperationRenderer.typeName(operation)).graphql.swift", name: operation.name,
                                inputFile: operation.sourceName,
                                origin: Self.origin("operation", operation.name, in: operation.sourceName),
                                render: { OperationRenderer(context: context).render(operation, into: &$0) }))
        }
        for fragment in document.ownFragments {
            definitions.append((path: "Fragments/\(context.fragmentName(fragment.name)).graphql.swift", name: fragment.name,
                                inputFile: fragment.sourceName,
                                origin: Self.origin("fragment", fragment.name, in: fragment.sourceName), render: { writer in
                var definition = SwiftWriter()
                // The class shape overrides the base class's class var with the literal: a `static let`
                // would add a global, a once-token and an accessor per fragment to the build.
                let (prefix, suffix) = context.isClassShape
                    ? ("override \(context.access)class var fragmentDefinition: \(context.swift)String { ", " }")
                    : ("\(context.access)static let fragmentDefinition = ", "")
                definition.multilineString(prefix, DocumentLayout.multiLine(fragment.source, printed: fragment.printedSource),
                                           oneLine: fragment.source, suffix: suffix)
                writer.documentation(fragment.description)
                SelectionSetRenderer(context: context).render(fragment.selectionSet, name: context.fragmentName(fragment.name),
                                                              isFragment: true,
                                                              statics: definition.text.split(separator: "\n").map(String.init), into: &writer)
            }))
        }
        // `name`: the schema type's (nil for the metadata, never bucketed).
        var schemaParts: [(path: String, name: String?, origin: String?, render: (inout SwiftWriter) -> Void,
                           topLevel: ((inout SwiftWriter) -> Void)?)] = []
        for name in configuration.schemaModule == nil ? document.referencedTypes : [] {
            guard let type = document.schema.type(named: name), !context.isMappedToItself(name) else { continue }
            let shortcuts: ((inout SwiftWriter) -> Void)? = document.inputEnums.contains(name)
                ? { SchemaTypeRenderer(context: context).renderInputShortcuts(type, into: &$0) } : nil
            schemaParts.append((path: "Schema/\(context.typeName(name)).graphql.swift", name: name, origin: Self.origin("schema type", name),
                                render: { SchemaTypeRenderer(context: context).render(type, into: &$0) }, topLevel: shortcuts))
        }
        if configuration.schemaModule == nil {
            schemaParts.append((path: "Schema/SchemaMetadata.graphql.swift", name: nil, origin: nil, render: { renderMetadata(context, into: &$0) },
                                topLevel: { renderSchemaOperation(context, into: &$0) }))
        }

        var files: [GeneratedFile] = []
        let bucketed = definitions.map { FileBuckets.Part(name: $0.name, order: $0.path, render: $0.render) }
        switch layout {
        case .perDefinition:
            if let count = configuration.fileBuckets {
                let types = schemaParts.compactMap { part in
                    part.name.map { FileBuckets.Part(name: $0, order: part.path, render: part.render, topLevel: part.topLevel) }
                }
                files = bucketFiles(bucketed + types, count: count)
                    + schemaParts.filter { $0.name == nil }.map { file($0.path, origin: $0.origin, $0.render, topLevel: $0.topLevel) }
            } else {
                files = definitions.map { file($0.path, origin: $0.origin, $0.render) }
                    + schemaParts.map { file($0.path, origin: $0.origin, $0.render, topLevel: $0.topLevel) }
            }
            if let namespace = configuration.namespace {
                files.append(GeneratedFile(path: "\(namespace).graphql.swift", contents: namespaceFile(namespace, context: context),
                                           origin: Self.origin("namespace", namespace) + " in the configuration"))
            }
        case .perInputFile where configuration.fileBuckets != nil:
            files = bucketFiles(bucketed, count: configuration.fileBuckets ?? 1)
        case .perInputFile:
            var byInput: [String: (input: String, parts: [(inout SwiftWriter) -> Void])] = [:]
            for input in inputFiles { byInput[Self.outputName(input)] = (input, []) }
            for definition in definitions {
                byInput[Self.outputName(definition.inputFile), default: (definition.inputFile, [])].parts.append(definition.render)
            }
            for (name, entry) in byInput {
                files.append(file(name, origin: "operation file \(entry.input)") { writer in
                    for part in entry.parts { part(&writer) }
                })
            }
        }
        if layout == .perInputFile {
            // A module importing its schema module still has the file (the build plugin declares it
            // before generating): imports only.
            var schema = file("GraftSchema.swift", { writer in for part in schemaParts { part.render(&writer) } },
                              topLevel: { writer in for part in schemaParts { part.topLevel?(&writer) } })
            if let namespace = configuration.namespace {
                schema = GeneratedFile(path: schema.path, contents: schema.contents + namespaceFile(namespace, context: context)
                    .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"))
            }
            files.append(schema)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// One file per bucket (`FileBuckets`), empty ones too: each bucket's parts in order, in one
    /// namespace extension, then what they put outside it.
    private func bucketFiles(_ parts: [FileBuckets.Part], count: Int) -> [GeneratedFile] {
        FileBuckets.spread(parts, count: count).enumerated().map { index, bucket in
            let topLevel = bucket.compactMap(\.topLevel)
            return file(FileBuckets.path(index), origin: "file bucket \(index + 1) of \(count)", { writer in
                for part in bucket { part.render(&writer) }
            }, topLevel: topLevel.isEmpty ? nil : { writer in for part in topLevel { part(&writer) } })
        }
    }

    /// The test mocks (`configuration.testMocks`), one file per object type the operations use
    /// (`DroidMock.graphql.swift`), sorted by path; empty when none are asked for.
    public func mockFiles() -> [GeneratedFile] {
        guard let mocks = configuration.testMocks else { return [] }
        let context = RenderContext(document: document, configuration: configuration, identifiers: [:])
        let types = MockRenderer.objectTypes(document)
        let mocked = Set(types)
        return types.map { type in
            var writer = SwiftWriter()
            writer.line(GeneratedFile.marker)
            writer.line("import Graft")
            writer.line("import GraftTesting")
            if let module = mocks.module { writer.line("import \(module)") }
            MockRenderer(context: context).render(type, mocked: mocked, into: &writer)
            return GeneratedFile(path: MockRenderer.mockName(type) + ".graphql.swift", contents: writer.text,
                                 origin: Self.origin("mock of", type))
        }
    }

    /// The modules generated code imports: the schema module and the upstream modules, sorted.
    var importedModules: [String] {
        Set(configuration.upstream.map(\.name) + (configuration.schemaModule.map { [$0] } ?? [])).sorted()
    }

    /// The operation files the document was read from (each gets a file in `.perInputFile`).
    public var inputFiles: [String] = []

    /// `Queries.graphql` → `Queries.graphql.swift`.
    static func outputName(_ inputFile: String) -> String {
        let base = inputFile.split(separator: "/").last.map(String.init) ?? inputFile
        let stem = base.hasSuffix(".graphql") ? String(base.dropLast(".graphql".count)) : base
        return stem + ".graphql.swift"
    }

    private func namespaceFile(_ namespace: String, context: RenderContext) -> String {
        var writer = SwiftWriter()
        writer.line(GeneratedFile.marker)
        writer.line("/// The generated GraphQL operations, fragments and schema types.")
        writer.line("\(context.access)enum \(namespace) {}")
        return writer.text
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

    /// Field policies as Swift expressions by `"Type.field"`: `@fieldPolicy(forField:keyArgs:)` in
    /// the schema (a field read from the object its arguments identify), then the configuration's
    /// `pagination`.
    public var fieldPolicies: [String: String] {
        var result: [String: String] = [:]
        let schema = document.schema
        for type in schema.types where type.kind == .object || type.kind == .interface {
            for policy in type.directives where policy.name == "fieldPolicy" {
                guard case .string(let field)? = policy.argument("forField"), case .string(let keyArgs)? = policy.argument("keyArgs"),
                      let target = type.fields.first(where: { $0.name == field.value }),
                      let returned = schema.type(named: target.type.namedType) else { continue }
                let typenames = returned.kind == .object ? [returned.name] : schema.possibleTypes(of: returned).sorted()
                let args = keyArgs.value.split(separator: " ").map { SwiftNames.stringLiteral(String($0)) }
                result["\(type.name).\(field.value)"] = ".redirect(keyArgs: [\(args.joined(separator: ", "))], "
                    + "typenames: [\(typenames.map(SwiftNames.stringLiteral).joined(separator: ", "))])"
            }
        }
        for (field, kind) in configuration.pagination { result[field] = "." + kind.rawValue }
        return result
    }

    /// `.query: "QueryRoot"` for each root operation type the schema names otherwise than
    /// `Query`, `Mutation` and `Subscription` (the cache's default names for root records).
    var renamedRootTypes: [String] {
        let schema = document.schema
        return [("query", schema.queryType, "Query"), ("mutation", schema.mutationType, "Mutation"),
                ("subscription", schema.subscriptionType, "Subscription")].compactMap { kind, name, usual in
            guard let name, name != usual else { return nil }
            return ".\(kind): \(SwiftNames.stringLiteral(name))"
        }
    }

    private func renderMetadata(_ context: RenderContext, into writer: inout SwiftWriter) {
        let possible = document.abstractTypes.compactMap { name -> String? in
            guard let type = document.schema.type(named: name) else { return nil }
            return "\(SwiftNames.stringLiteral(name)): \(SwiftNames.setLiteral(document.schema.possibleTypes(of: type).sorted()))"
        }
        let keys = keyFields.sorted { $0.key < $1.key }.map {
            "\(SwiftNames.stringLiteral($0.key)): [\($0.value.map(SwiftNames.stringLiteral).joined(separator: ", "))]"
        }
        let prefix = configuration.namespace == nil ? "" : "static "
        writer.line("/// Possible types of the interfaces and unions used, and cache key fields.")
        writer.line("\(context.access)\(prefix)let schemaMetadata = \(context.graft)SchemaMetadata(")
        writer.indent { body in
            body.list(prefix: "possibleTypes: ", possible.isEmpty ? [":"] : possible, close: "],")
            let policies = fieldPolicies.sorted { $0.key < $1.key }.map { "\(SwiftNames.stringLiteral($0.key)): \($0.value)" }
            let ages = configuration.maxAges.sorted { $0.key < $1.key }.map { "\(SwiftNames.stringLiteral($0.key)): .seconds(\($0.value))" }
            // The last argument present closes the call; the others end with a comma.
            let lists = [("keyFields: ", keys.isEmpty ? [":"] : keys), ("fieldPolicies: ", policies), ("maxAges: ", ages)]
                .enumerated().filter { $0.offset == 0 || !$0.element.1.isEmpty }.map(\.element)
            var scalars: [String] = []
            if let onError = configuration.onError { scalars.append("onError: \(SwiftNames.stringLiteral(onError))") }
            let roots = renamedRootTypes
            if !roots.isEmpty { scalars.append("rootTypenames: [\(roots.joined(separator: ", "))]") }
            for (index, list) in lists.enumerated() {
                if index == lists.count - 1 && scalars.isEmpty {
                    body.list(prefix: list.0, list.1)
                } else {
                    body.list(prefix: list.0, list.1, close: "],")
                }
            }
            for (index, line) in scalars.enumerated() { body.line(line + (index == scalars.count - 1 ? "" : ",")) }
        }
        writer.line(")")
        writer.line("/// Gives operations `schemaMetadata` as their `__schema`.")
        writer.line("\(context.access)protocol SchemaOperation: \(context.graft)GraphQLOperation {}")
    }

    /// The extension of `SchemaOperation` (declared by `renderMetadata`) giving every operation
    /// the module's schema metadata (rendered outside the namespace).
    private func renderSchemaOperation(_ context: RenderContext, into writer: inout SwiftWriter) {
        let prefix = configuration.namespace.map { $0 + "." } ?? ""
        writer.block("extension \(prefix)SchemaOperation") { body in
            body.line("\(context.access)static var __schema: \(context.graft)SchemaMetadata? { \(prefix)schemaMetadata }")
        }
    }

    /// "operation 'Name' in File.graphql", the name clipped (it can be what makes a file name too
    /// long); the file's path is a real path, kept whole.
    static func origin(_ kind: String, _ name: String, in sourceName: String? = nil) -> String {
        "\(kind) '\(ConfigJSONReader.clipped(name))'" + (sourceName.map { " in \($0)" } ?? "")
    }

    /// A Swift file: the marker, `import GraftAPI` (the module generated code needs, which `Graft`
    /// re-exports) with the generated-code SPI, the body (inside the namespace, if any), then `topLevel` outside it.
    private func file(_ path: String, origin: String? = nil, _ body: (inout SwiftWriter) -> Void,
                      topLevel: ((inout SwiftWriter) -> Void)? = nil) -> GeneratedFile {
        var writer = SwiftWriter()
        writer.line(GeneratedFile.marker)
        // Selection sets, inputs and enums use API meant for generated code only (out of users'
        // completions): decoding, encoding and selection metadata.
        writer.line("@_spi(Generated) import GraftAPI")
        for module in importedModules { writer.line("import \(module)") }
        if let namespace = configuration.namespace {
            writer.block("extension \(namespace)") { body(&$0) }
        } else {
            body(&writer)
        }
        topLevel?(&writer)
        return GeneratedFile(path: path, contents: writer.text, origin: origin)
    }
}
