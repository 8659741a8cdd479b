import GraftCompiler
import GraftLanguage

/// Renders an IR selection set as a `Graft.SelectionSet` struct: static selection metadata,
/// stored `let` properties, an initializer from `Graft.ObjectData`, a `Fragments` struct for
/// named fragments and nested structs for sub-selections and type cases.
struct SelectionSetRenderer {
    let context: RenderContext

    /// A property of the struct and how the initializer fills it.
    private struct Member {
        let name: String
        let type: String
        let initializer: String
        var description: String?
        var deprecation: String?
    }

    /// Renders `struct <name>: <conformance>`; `statics` adds lines at the top of the body.
    func render(_ set: IRSelectionSet, name: String, conformance: String, statics: [String] = [],
                into writer: inout SwiftWriter) {
        let access = context.access
        // Member names first: a nested type must not take a property's name ("invalid redeclaration").
        var reservedMembers = context.reservedMembers.union(ReservedNames.selectionSetMembers)
        if !set.fragmentSpreads.isEmpty { reservedMembers.formUnion(["fragments", "Fragments"]) }
        let keys = set.fields.filter(\.isExplicit).map(\.responseKey)
        let properties = ReservedNames.members(keys, reserved: reservedMembers)
        let propertyNames = Dictionary(zip(keys, properties), uniquingKeysWith: { first, _ in first })
        var taken = ReservedNames.nestedTypes.union(reservedMembers).union(properties)
        var selections: [String] = []
        var members: [Member] = []
        var nested: [(name: String, set: IRSelectionSet)] = []

        for field in set.fields {
            var leaf = context.leafType(field.type.namedType)
            if let child = field.selectionSet {
                let base = SwiftNames.upperFirst(field.type.isList ? SwiftNames.singular(field.responseKey) : field.responseKey)
                leaf = ReservedNames.unique(base, &taken)
                nested.append((leaf, child))
            }
            var type = context.outputType(field.type, leaf: leaf)
            if !field.conditions.isAlways && !type.hasSuffix("?") { type += "?" }
            for alternative in field.conditions.variableAlternatives {
                selections.append(fieldSelection(field, type: type, conditions: alternative))
            }
            guard field.isExplicit else { continue }
            let property = propertyNames[field.responseKey] ?? field.responseKey
            var description = field.name == "__typename" ? nil : field.definition.description
            if property != field.responseKey {
                description = (description.map { $0 + "\n\n" } ?? "") + "The `\(field.responseKey)` field (renamed: `\(field.responseKey)` is the generated code's)."
            }
            members.append(Member(name: property, type: type, initializer: "try data[\(SwiftNames.stringLiteral(field.responseKey))]",
                                  description: description,
                                  deprecation: field.definition.deprecationReason))
        }
        for typeCase in set.typeCases {
            let typeName = ReservedNames.unique("As" + SwiftNames.upperFirst(typeCase.typeCondition), &taken)
            let possible = Self.setLiteral(typeCase.possibleTypes)
            selections.append(".inlineFragment(\(typeName).self, on: \(possible))")
            members.append(Member(name: SwiftNames.lowerFirst(typeName), type: typeName + "?",
                                  initializer: "try data.typeCase(\(possible))"))
            nested.append((typeName, typeCase.selectionSet))
        }
        for deferred in set.deferredFragments {
            let rendered = DeferredFragmentRendering(deferred, taken: &taken)
            selections.append(rendered.selection)
            members.append(Member(name: rendered.property, type: rendered.type, initializer: rendered.initializer,
                                  description: rendered.description))
            nested.append((rendered.typeName, deferred.selectionSet))
        }
        var fragments: [Member] = []
        for spread in set.fragmentSpreads {
            let typeName = context.fragmentName(spread.name)
            let on = spread.possibleTypes.map { ", on: " + Self.setLiteral($0) } ?? ""
            for alternative in spread.conditions.variableAlternatives {
                selections.append(".fragment(\(typeName).self\(on)\(Self.conditionList(alternative)))")
            }
            let initializer: String
            if spread.isAlwaysPresent {
                initializer = "try data.fragment()"
            } else if spread.conditions.isAlways {
                initializer = "try data.typeCase(\(Self.setLiteral(spread.possibleTypes ?? [])))"
            } else {
                initializer = "try data.conditionalFragment(\(spread.possibleTypes.map(Self.setLiteral) ?? ""))"
            }
            fragments.append(Member(name: SwiftNames.lowerFirst(spread.name), type: typeName + (spread.isAlwaysPresent ? "" : "?"),
                                    initializer: initializer))
        }

        writer.block("\(access)struct \(name): \(conformance)") { body in
            for line in statics { body.line(line) }
            Self.list(prefix: "\(access)static let __selections: [Graft.Selection] = ", selections, into: &body)
            body.line("\(access)let __data: Graft.ObjectData")
            for member in members { Self.declare(member, access: access, into: &body) }
            if !fragments.isEmpty { body.line("\(access)let fragments: Fragments") }
            var statements = ["__data = data"]
            for member in members {
                let stored = member.deprecation == nil ? SwiftNames.identifier(member.name) : "_" + member.name
                // A property named `data` is hidden by the initializer's parameter.
                statements.append("\(stored == "data" ? "self.data" : stored) = \(member.initializer)")
            }
            if !fragments.isEmpty {
                statements.append("fragments = Fragments(" + fragments.map { "\($0.name): \($0.initializer)" }.joined(separator: ", ") + ")")
            }
            Self.function("\(access)init(_ data: Graft.ObjectData) throws(Graft.ResponseDecodingError)", statements, into: &body)
            if !fragments.isEmpty {
                body.block("\(access)struct Fragments: Swift.Hashable, Swift.Sendable") { fragmentsBody in
                    for member in fragments { fragmentsBody.line("\(access)let \(SwiftNames.identifier(member.name)): \(member.type)") }
                }
            }
            for child in nested {
                render(child.set, name: child.name, conformance: "Graft.SelectionSet", into: &body)
            }
        }
    }

    private static func declare(_ member: Member, access: String, into writer: inout SwiftWriter) {
        if member.deprecation != nil {
            writer.line("private let _\(member.name): \(member.type)")
        }
        writer.documentation(member.description)
        writer.deprecation(member.deprecation)
        if member.deprecation != nil {
            writer.line("\(access)var \(SwiftNames.identifier(member.name)): \(member.type) { _\(member.name) }")
        } else {
            writer.line("\(access)let \(SwiftNames.identifier(member.name)): \(member.type)")
        }
    }

    private func fieldSelection(_ field: IRField, type: String, conditions: [IRCondition]) -> String {
        var text = ".field(\(SwiftNames.stringLiteral(field.responseKey)), \(type).self"
        if field.name != field.responseKey { text += ", name: \(SwiftNames.stringLiteral(field.name))" }
        if !field.arguments.isEmpty {
            let arguments = field.arguments.map { "\(SwiftNames.stringLiteral($0.name.value)): \(ArgumentRenderer.argument($0.value))" }
            text += ", arguments: [" + arguments.joined(separator: ", ") + "]"
        }
        return text + Self.conditionList(conditions) + ")"
    }

    /// `, if: [.include("x")]`, or "" without conditions.
    static func conditionList(_ conditions: [IRCondition]) -> String {
        let rendered = conditions.compactMap { condition -> String? in
            switch condition {
            case .include(let variable): return ".include(\(SwiftNames.stringLiteral(variable)))"
            case .skip(let variable): return ".skip(\(SwiftNames.stringLiteral(variable)))"
            case .deferred: return nil
            }
        }
        return rendered.isEmpty ? "" : ", if: [" + rendered.joined(separator: ", ") + "]"
    }

    /// `["Droid", "Human"]`.
    static func setLiteral(_ names: [String]) -> String {
        "[" + names.map(SwiftNames.stringLiteral).joined(separator: ", ") + "]"
    }

    /// The longest line (without indentation) written on one line by `list` and `function`.
    static let lineLimit = 150

    /// `header { a; b }` on one line when it fits, else one statement per line.
    static func function(_ header: String, _ statements: [String], into writer: inout SwiftWriter) {
        let single = header + " { " + statements.joined(separator: "; ") + " }"
        if single.count <= lineLimit {
            writer.line(single)
        } else {
            writer.block(header) { body in for statement in statements { body.line(statement) } }
        }
    }

    /// `prefix[a, b]` on one line when it fits in `lineLimit` columns, else one item per line.
    static func list(prefix: String, _ items: [String], close: String = "]", brackets: Bool = true, into writer: inout SwiftWriter) {
        let open = brackets ? "[" : ""
        let single = prefix + open + items.joined(separator: ", ") + close
        if single.count <= lineLimit || items.isEmpty {
            writer.line(single)
            return
        }
        writer.line(prefix + open)
        writer.indent { body in
            for (index, item) in items.enumerated() { body.line(item + (index < items.count - 1 || brackets ? "," : "")) }
        }
        writer.line(close)
    }
}
