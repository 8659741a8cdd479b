import GraftCompiler

/// Renders the schema types operations use: enums (with an unknown case through
/// `GraftAPI.GraphQLEnum`), input objects (`@oneOf` ones as enums) and custom scalars.
struct SchemaTypeRenderer {
    let context: RenderContext

    func render(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        switch type.kind {
        case .enum: renderEnum(type, into: &writer)
        case .inputObject where type.isOneOf: renderOneOf(type, into: &writer)
        case .inputObject: renderInputObject(type, into: &writer)
        case .scalar: renderScalar(type, into: &writer)
        default: break
        }
    }

    /// For an enum that inputs take, static members on `GraphQLNullable` so an optional input is
    /// written `mood: .calm` rather than `mood: .some(.value(.calm))`. Rendered at the top level
    /// (outside any namespace). Values named like `GraphQLNullable`'s own cases are left out.
    func renderInputShortcuts(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        let qualified = (context.configuration.namespace.map { $0 + "." } ?? "") + context.typeName(type.name)
        let access = context.access
        writer.block("extension \(context.graft)GraphQLNullable where Wrapped == \(context.graft)GraphQLEnum<\(qualified)>") { body in
            var used = ReservedNames.nullableMembers
            for (value, caseName) in zip(type.enumValues, Self.caseNames(type)) {
                guard used.insert(caseName).inserted else { continue }
                body.deprecation(value.deprecationReason)
                let identifier = SwiftNames.identifier(caseName)
                body.line("\(access)static var \(identifier): Self { .some(.value(.\(identifier))) }")
            }
        }
    }

    /// The Swift case name of each of an enum's values, in order: camel-cased (`NEW_HOPE` →
    /// `newHope`), with underscores added where two values would share a name or a value would
    /// take a member every enum has (`rawValue`, `allCases`, see `ReservedNames.enumMembers`).
    static func caseNames(_ type: NamedTypeDef) -> [String] {
        var used = ReservedNames.enumMembers
        return type.enumValues.map { ReservedNames.unique(SwiftNames.enumCase($0.name), &used) }
    }

    private func renderEnum(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        let access = context.access
        let name = context.typeName(type.name)
        writer.documentation(type.description)
        writer.block("\(access)enum \(name): \(context.swift)String, \(context.graft)EnumType") { body in
            for (value, caseName) in zip(type.enumValues, Self.caseNames(type)) {
                body.documentation(value.description)
                body.deprecation(value.deprecationReason)
                body.line("case \(SwiftNames.identifier(caseName)) = \(SwiftNames.stringLiteral(value.name))")
            }
            // CaseIterable is not synthesized for enums with deprecated cases; build it from raw values.
            if type.enumValues.contains(where: { $0.deprecationReason != nil }) {
                let raws = type.enumValues.map { SwiftNames.stringLiteral($0.name) }.joined(separator: ", ")
                body.wrapped("\(access)static let allCases: [\(name)] = [\(raws)].compactMap(\(name).init(rawValue:))")
            }
        }
    }

    private func renderInputObject(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        let access = context.access
        let names = ReservedNames.members(type.inputFields.map(\.name), reserved: context.reservedMembers)
        let fields = zip(type.inputFields, names).map { field, name in
            (field: field, name: SwiftNames.identifier(name),
             type: context.inputType(field.type, hasDefault: field.defaultValue != nil))
        }
        writer.documentation(type.description)
        writer.block("\(access)struct \(context.typeName(type.name)): \(context.graft)InputObject") { body in
            for field in fields {
                body.documentation(field.field.description)
                if let reason = field.field.deprecationReason {
                    body.line("private var _\(field.field.name): \(field.type.type)")
                    body.deprecation(reason)
                    body.line("\(access)var \(field.name): \(field.type.type) { get { _\(field.field.name) } set { _\(field.field.name) = newValue } }")
                } else {
                    body.line("\(access)var \(field.name): \(field.type.type)")
                }
            }
            let parameters = fields.map { "\($0.name): \($0.type.type)" + ($0.type.isNullable ? " = nil" : "") }
            body.function("\(access)init", parameters: parameters, fields.map { field in
                "self.\(field.field.deprecationReason == nil ? field.name : "_" + field.field.name) = \(field.name)"
            }, packed: true)
            let entries = fields.map { field in
                let stored = field.field.deprecationReason == nil ? field.name : "_" + field.field.name
                return "\(SwiftNames.stringLiteral(field.field.name)): \(stored)"
            }
            let getter = "\(access)var __fields: [\(context.swift)String: any \(context.graft)InputValueConvertible] { "
            if entries.isEmpty {
                body.line(getter + "[:] }")
            } else {
                body.list(prefix: getter, entries, close: "] }", packed: true)
            }
        }
    }

    private func renderOneOf(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        let access = context.access
        let recursive = type.inputFields.contains { context.schema.type(named: $0.type.namedType)?.kind == .inputObject }
        writer.documentation(type.description)
        writer.block("\(access)\(recursive ? "indirect " : "")enum \(context.typeName(type.name)): \(context.graft)InputObject") { body in
            let cases = ReservedNames.members(type.inputFields.map(\.name), reserved: context.reservedMembers)
            for (field, name) in zip(type.inputFields, cases) {
                body.documentation(field.description)
                let valueType = context.inputType(.nonNull(field.type.nullable), hasDefault: false).type
                body.line("case \(SwiftNames.identifier(name))(\(valueType))")
            }
            body.block("\(access)var __fields: [\(context.swift)String: any \(context.graft)InputValueConvertible]") { getter in
                getter.line("switch self {")
                for (field, name) in zip(type.inputFields, cases) {
                    getter.line("case .\(SwiftNames.identifier(name))(let value): return [\(SwiftNames.stringLiteral(field.name)): value]")
                }
                getter.line("}")
            }
        }
    }

    private func renderScalar(_ type: NamedTypeDef, into writer: inout SwiftWriter) {
        var target = context.configuration.customScalars[type.name] ?? "\(context.swift)String"
        // Generated files import GraftAPI alone, where Graft's types for generated code live
        // (`Graft.GraphQLFile`, as configurations name it, is `GraftAPI.GraphQLFile` there).
        if target.hasPrefix("Graft.") { target = "GraftAPI." + target.dropFirst("Graft.".count) }
        guard !context.isMappedToItself(type.name) else { return }
        writer.documentation(type.description)
        writer.line("\(context.access)typealias \(context.typeName(type.name)) = \(target)")
    }
}
