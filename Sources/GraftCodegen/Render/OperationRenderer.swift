import GraftCompiler
import GraftLanguage

/// Renders an operation: a struct conforming to `Graft.GraphQLQuery` (or mutation or
/// subscription) with its name, kind, document, variables and nested `Data` selection set.
struct OperationRenderer {
    let context: RenderContext

    /// The Swift name of an operation: its name plus `Query`, `Mutation` or `Subscription`
    /// (not repeated when the name already ends with it).
    static func typeName(_ operation: IROperation) -> String {
        let suffix = SwiftNames.upperFirst(operation.kind.rawValue)
        return operation.name.hasSuffix(suffix) ? operation.name : operation.name + suffix
    }

    func render(_ operation: IROperation, into writer: inout SwiftWriter) {
        let access = context.access
        let conformance = "\(context.graft)GraphQL" + SwiftNames.upperFirst(operation.kind.rawValue) + ", SchemaOperation"
        writer.documentation(operation.description)
        writer.block("\(access)struct \(Self.typeName(operation)): \(conformance)") { body in
            body.line("\(access)static let operationName = \(SwiftNames.stringLiteral(operation.name))")
            SelectionSetRenderer.list(prefix: "\(access)static let document = \(context.graft)OperationDocument(", documentArguments(operation),
                                      close: ")", brackets: false, into: &body)
            let names = ReservedNames.members(operation.variables.map(\.name), reserved: context.reservedMembers.union(["Data"]))
            let variables = zip(operation.variables, names).map { variable, name in
                (name: SwiftNames.identifier(name), key: variable.name,
                 type: context.inputType(variable.type, hasDefault: variable.defaultValue != nil))
            }
            for variable in variables { body.line("\(access)var \(variable.name): \(variable.type.type)") }
            let parameters = variables.map { "\($0.name): \($0.type.type)" + ($0.type.isNullable ? " = nil" : "") }
            if variables.isEmpty {
                if !access.isEmpty { body.line("\(access)init() {}") }
            } else {
                SelectionSetRenderer.function("\(access)init", parameters: parameters,
                                              variables.map { "self.\($0.name) = \($0.name)" }, into: &body)
                let entries = variables.map { "\(SwiftNames.stringLiteral($0.key)): \($0.name)" }
                body.line("\(access)var __variables: [\(context.swift)String: any \(context.graft)InputValueConvertible] { [\(entries.joined(separator: ", "))] }")
                let defaults = operation.variables.compactMap { variable in
                    variable.defaultValue.map { "\(SwiftNames.stringLiteral(variable.name)): \(ArgumentRenderer.json($0))" }
                }
                if !defaults.isEmpty {
                    SelectionSetRenderer.list(prefix: "\(access)static let __variableDefaults: [\(context.swift)String: \(context.graft)JSONValue] = ",
                                              defaults, into: &body)
                }
            }
            SelectionSetRenderer(context: context).render(operation.selectionSet, name: "Data", conformance: "\(context.graft)SelectionSet",
                                                          into: &body)
        }
    }

    /// `operationIdentifier: "…"`, `definition: "…"`, `fragments: [Fragment.self]`.
    private func documentArguments(_ operation: IROperation) -> [String] {
        var arguments: [String] = []
        let format = context.configuration.operationDocument
        if format != .definition, let identifier = context.identifiers[operation.name] {
            arguments.append("operationIdentifier: \(SwiftNames.stringLiteral(identifier))")
        }
        if format != .operationId {
            arguments.append("definition: " + SwiftNames.stringLiteral(operation.source))
            if !operation.referencedFragments.isEmpty {
                arguments.append("fragments: [" + operation.referencedFragments.map { context.fragmentName($0) + ".self" }
                    .joined(separator: ", ") + "]")
            }
        }
        return arguments
    }
}
