import GraftCompiler
import GraftLanguage

/// Renders an operation: a struct conforming to `GraftAPI.GraphQLQuery` (or mutation or
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
            // With a definition, the name is read from it (`OperationDocument.operationName`).
            if context.configuration.operationDocument == .operationId {
                body.line("\(access)static let operationName = \(SwiftNames.stringLiteral(operation.name))")
            }
            renderDocument(operation, into: &body)
            let names = ReservedNames.members(operation.variables.map(\.name), reserved: context.reservedMembers, alsoReserved: ["Data"])
            let variables = zip(operation.variables, names).map { variable, name in
                (name: SwiftNames.identifier(name), key: variable.name,
                 type: context.inputType(variable.type, hasDefault: variable.defaultValue != nil))
            }
            for variable in variables { body.line("\(access)var \(variable.name): \(variable.type.type)") }
            let parameters = variables.map { "\($0.name): \($0.type.type)" + ($0.type.isNullable ? " = nil" : "") }
            if variables.isEmpty {
                if !access.isEmpty { body.line("\(access)init() {}") }
            } else {
                body.function("\(access)init", parameters: parameters,
                                              variables.map { "self.\($0.name) = \($0.name)" })
                let entries = variables.map { "\(SwiftNames.stringLiteral($0.key)): \($0.name)" }
                // One variable: a call, cheaper to compile than a dictionary literal.
                let value = variables.count == 1
                    ? ".__variable(\(SwiftNames.stringLiteral(variables[0].key)), \(variables[0].name))"
                    : "[\(entries.joined(separator: ", "))]"
                body.wrapped("\(access)var __variables: [\(context.swift)String: any \(context.graft)InputValueConvertible] { \(value) }")
                let defaults = operation.variables.compactMap { variable in
                    variable.defaultValue.map { "\(SwiftNames.stringLiteral(variable.name)): \(ArgumentRenderer.json($0))" }
                }
                if !defaults.isEmpty {
                    body.list(prefix: "\(access)static let __variableDefaults: [\(context.swift)String: \(context.graft)JSONValue] = ",
                                              defaults)
                }
            }
            SelectionSetRenderer(context: context).render(operation.selectionSet, name: "Data", into: &body)
        }
    }

    /// `static let document = OperationDocument(operationIdentifier: "…", definition: """…""",
    /// fragments: [Fragment.self])`, the definition a multi-line literal in the printed layout. The
    /// class shape has `static var document: OperationDocument { .__kept(by: self) { OperationDocument(…) } }`
    /// instead, built on first use and kept by GraftAPI: a `static let` adds a global, a
    /// once-token, an initializer and an accessor per operation to the build.
    private func renderDocument(_ operation: IROperation, into writer: inout SwiftWriter) {
        let format = context.configuration.operationDocument
        let (prefix, suffix) = context.isClassShape
            ? ("\(context.access)static var document: \(context.graft)OperationDocument { .__kept(by: self) { \(context.graft)OperationDocument(",
               ") } }")
            : ("\(context.access)static let document = \(context.graft)OperationDocument(", ")")
        let identifier = context.identifiers[operation.name].map { "operationIdentifier: \(SwiftNames.stringLiteral($0))" }
        guard format != .operationId else {
            writer.line(prefix + (format != .definition ? identifier ?? "" : "") + suffix)
            return
        }
        let fragments = operation.referencedFragments.map { context.fragmentName($0) + ".self" }
        var oneLine = (format != .definition ? identifier.map { [$0] } ?? [] : []) + ["definition: " + SwiftNames.stringLiteral(operation.source)]
        if !fragments.isEmpty { oneLine.append("fragments: [" + fragments.joined(separator: ", ") + "]") }
        if writer.fits(prefix + oneLine.joined(separator: ", ") + suffix) {
            writer.line(prefix + oneLine.joined(separator: ", ") + suffix)
            return
        }
        writer.line(prefix)
        writer.indent { arguments in
            if format != .definition, let identifier { arguments.line(identifier + ",") }
            arguments.multilineString("definition: ", DocumentLayout.multiLine(operation.source, printed: operation.printedSource), oneLine: operation.source,
                                      suffix: fragments.isEmpty ? "" : ",")
            if !fragments.isEmpty {
                arguments.list(prefix: "fragments: ", fragments)
            }
        }
        writer.line(suffix)
    }
}
