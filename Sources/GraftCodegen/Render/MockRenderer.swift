import GraftCompiler

/// Renders test mocks (`graft.json`'s `testMocks`): for each object type the operations can
/// return, a `GraftTesting.MockObject` subclass named `<Type>Mock` with a settable optional
/// property per field and an initializer taking them all. Fields the operations cannot select
/// (an enum or scalar they never use, an object type no selection set is on) are left out.
struct MockRenderer {
    let context: RenderContext

    /// The object types of every selection set of the document, sorted.
    static func objectTypes(_ document: IRDocument) -> [String] {
        var types: Set<String> = []
        func collect(_ set: IRSelectionSet) {
            types.formUnion(set.possibleTypes)
            for field in set.fields { if let child = field.selectionSet { collect(child) } }
            for typeCase in set.typeCases { collect(typeCase.selectionSet) }
        }
        for operation in document.operations { collect(operation.selectionSet) }
        for fragment in document.fragments { collect(fragment.selectionSet) }
        return types.sorted()
    }

    /// `Droid` → `DroidMock`.
    static func mockName(_ type: String) -> String { type + "Mock" }

    func render(_ typeName: String, mocked: Set<String>, into writer: inout SwiftWriter) {
        guard let type = context.schema.type(named: typeName) else { return }
        let access = context.access
        var fields: [(key: String, name: String, type: String, description: String?)] = []
        for field in type.fields {
            guard let swiftType = mockType(field.type, mocked: mocked) else { continue }
            fields.append((field.name, field.name, swiftType, field.description))
        }
        let names = ReservedNames.members(fields.map(\.name), reserved: ["__fields", "__typename", "self", "Type", "Protocol", "Self"])
        writer.documentation("A mock `\(typeName)`: set the fields a test needs, then make any selection set on it with `init(mock:)`.")
        writer.block("\(access)final class \(Self.mockName(typeName)): MockObject") { body in
            body.line("override \(access)class var __typename: \(context.swift)String { \(SwiftNames.stringLiteral(typeName)) }")
            for (field, name) in zip(fields, names) {
                body.documentation(field.description)
                let key = SwiftNames.stringLiteral(field.key)
                body.line("\(access)var \(SwiftNames.identifier(name)): \(field.type) "
                          + "{ get { self[field: \(key)] } set { self[field: \(key)] = newValue } }")
            }
            guard !fields.isEmpty else { return }
            let parameters = zip(fields, names).map { "\(SwiftNames.identifier($1)): \($0.type) = nil" }
            let statements = ["self.init()"] + names.map { "self.\(SwiftNames.identifier($0)) = \(SwiftNames.identifier($0))" }
            body.function("\(access)convenience init", parameters: parameters, statements)
        }
    }

    /// The property type of a field: optional, leaves as in the generated code (qualified by the
    /// namespace), objects as their mock, interfaces and unions as `MockObject`; nil when the
    /// operations cannot select it.
    private func mockType(_ type: TypeRef, mocked: Set<String>) -> String? {
        let named = type.namedType
        let leaf: String
        switch context.schema.type(named: named)?.kind {
        case .object?:
            guard mocked.contains(named) else { return nil }
            leaf = Self.mockName(named)
        case .interface?, .union?:
            guard let definition = context.schema.type(named: named),
                  context.schema.possibleTypes(of: definition).contains(where: mocked.contains) else { return nil }
            leaf = "MockObject"
        case .scalar? where ["String", "ID", "Int", "Float", "Boolean"].contains(named):
            leaf = context.leafType(named)
        case .scalar?, .enum?:
            guard context.document.referencedTypes.contains(named) else { return nil }
            let namespace = context.isMappedToItself(named) ? "" : context.configuration.namespace.map { $0 + "." } ?? ""
            let name = namespace + context.typeName(named)
            leaf = context.schema.type(named: named)?.kind == .enum ? "\(context.graft)GraphQLEnum<\(name)>" : name
        default:
            return nil
        }
        let swiftType = context.outputType(type, leaf: leaf)
        return swiftType.hasSuffix("?") ? swiftType : swiftType + "?"
    }
}
