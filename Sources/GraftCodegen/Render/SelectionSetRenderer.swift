import GraftCompiler
import GraftLanguage

/// Renders an IR selection set as a `Graft.SelectionSet` struct: static selection metadata,
/// stored `let` properties (its own fields and, in a type case, the fields its parent is
/// guaranteed to have), computed properties forwarding the fields of fragments that always
/// apply, an initializer from `Graft.ObjectData`, a memberwise initializer, a `Fragments`
/// struct for named fragments and nested structs for sub-selections and type cases.
struct SelectionSetRenderer {
    let context: RenderContext

    /// A property of a selection set.
    struct Property {
        enum Origin: Equatable {
            /// A field of the selection set: stored, decoded, a memberwise initializer parameter.
            case own
            /// In a type case, a field the parent is guaranteed to have: read from the response
            /// object the parent was decoded from (`{ __data[field: "key"] }`).
            case inherited
            /// A field of a fragment that always applies: `{ fragments.<member>.<name> }`.
            case forwarded(String)
        }
        let key: String
        let name: String
        /// The Swift type as seen inside the struct (nested types of fragments qualified).
        let type: String
        var origin: Origin = .own
        var isConditional = false
        var description: String?
        var deprecation: String?
        /// `Type.field`: its description is written once per file.
        var schemaField = ""

        var isStored: Bool { origin == .own }
    }

    /// The names a selection set's members and nested types take, computed once for rendering
    /// and for the fields other selection sets take over.
    private struct Layout {
        var properties: [Property] = []
        var nested: [(name: String, set: IRSelectionSet)] = []
        /// Each field's selection type (with `?` for conditional fields), by response key.
        var fieldTypes: [String: String] = [:]
        var typeCases: [(name: String, member: String, typeCase: IRTypeCase)] = []
        var fragments: [(name: String, member: String, spread: IRFragmentSpread)] = []
        var taken: Set<String> = []
    }

    private func layout(_ set: IRSelectionSet, qualifier: String = "") -> Layout {
        var layout = Layout()
        // Member names first: a nested type must not take a property's name ("invalid redeclaration").
        var reservedMembers = context.reservedMembers.union(ReservedNames.selectionSetMembers)
        if !set.fragmentSpreads.isEmpty { reservedMembers.formUnion(["fragments", "Fragments"]) }
        let keys = set.fields.filter(\.isExplicit).map(\.responseKey)
        let properties = ReservedNames.members(keys, reserved: reservedMembers)
        let propertyNames = Dictionary(zip(keys, properties), uniquingKeysWith: { first, _ in first })
        layout.taken = ReservedNames.nestedTypes.union(reservedMembers).union(properties)
        for field in set.fields {
            var leaf = context.leafType(field.type.namedType)
            if let child = field.selectionSet {
                let base = SwiftNames.upperFirst(field.type.isList ? SwiftNames.singular(field.responseKey) : field.responseKey)
                leaf = ReservedNames.unique(base, &layout.taken)
                layout.nested.append((leaf, child))
                leaf = qualifier + leaf
            }
            var type = context.outputType(field.type, leaf: leaf)
            if !field.conditions.isAlways && !type.hasSuffix("?") { type += "?" }
            layout.fieldTypes[field.responseKey] = type
            guard field.isExplicit else { continue }
            let property = propertyNames[field.responseKey] ?? field.responseKey
            var description = field.name == "__typename" ? nil : field.definition.description
            if property != field.responseKey {
                description = (description.map { $0 + "\n\n" } ?? "")
                    + "The `\(field.responseKey)` field (renamed: `\(field.responseKey)` is the generated code's)."
            }
            layout.properties.append(Property(key: field.responseKey, name: property, type: type, isConditional: !field.conditions.isAlways,
                                              description: description, deprecation: field.definition.deprecationReason,
                                              schemaField: property == field.responseKey ? set.parentType + "." + field.name : ""))
        }
        for typeCase in set.typeCases {
            let typeName = ReservedNames.unique("As" + SwiftNames.upperFirst(typeCase.typeCondition), &layout.taken)
            layout.typeCases.append((typeName, SwiftNames.lowerFirst(typeName), typeCase))
            layout.nested.append((typeName, typeCase.selectionSet))
        }
        for spread in set.fragmentSpreads {
            layout.fragments.append((context.fragmentName(spread.name), SwiftNames.lowerFirst(spread.name), spread))
        }
        // Fields of fragments that always apply, forwarded (fragments spread in them included).
        var exposed = Set(layout.properties.map(\.key))
        for fragment in layout.fragments where fragment.spread.isAlwaysPresent {
            guard let definition = context.document.fragment(named: fragment.spread.name) else { continue }
            for var property in self.layout(definition.selectionSet, qualifier: fragment.name + ".").properties {
                guard !property.isConditional, !exposed.contains(property.key), !layout.taken.contains(property.name) else { continue }
                exposed.insert(property.key)
                layout.taken.insert(property.name)
                property.origin = .forwarded(fragment.member)
                property.description = nil
                layout.properties.append(property)
            }
        }
        return layout
    }

    /// Renders `struct <name>: <conformance>`; `statics` adds lines at the top of the body;
    /// `inherited` are the fields a type case takes over from its parent.
    func render(_ set: IRSelectionSet, name: String, conformance: String, statics: [String] = [], inherited: [Property] = [],
                isTypeCase: Bool = false, into writer: inout SwiftWriter) {
        let access = context.access
        var layout = layout(set)
        let nestedNames = Set(layout.nested.map(\.name))
        var exposed = Set(layout.properties.map(\.key))
        // The parent's fields come first: they are selected before the type case.
        var taken: [Property] = []
        for var property in inherited where !property.isConditional && property.key != "__typename" {
            // A parent's nested type this struct shadows with its own is left out.
            let base = String(property.type.drop { $0 == "[" }.prefix { $0 != "." && $0 != "?" && $0 != "]" && $0 != "<" })
            guard !exposed.contains(property.key), !layout.taken.contains(property.name), !nestedNames.contains(base) else { continue }
            exposed.insert(property.key)
            layout.taken.insert(property.name)
            property.origin = .inherited
            property.description = nil
            taken.append(property)
        }
        layout.properties.insert(contentsOf: taken, at: 0)
        var selections: [String] = []
        for field in set.fields {
            let type = layout.fieldTypes[field.responseKey] ?? ""
            for alternative in field.conditions.variableAlternatives {
                selections.append(fieldSelection(field, type: type, conditions: alternative))
            }
        }
        var statements = ["__data = data"]
        for property in layout.properties where property.isStored {
            let stored = property.deprecation == nil ? SwiftNames.identifier(property.name) : "_" + property.name
            // A property named `data` is hidden by the initializer's parameter.
            statements.append("\(stored == "data" ? "self.data" : stored) = try \(Self.read(property.key))")
        }
        for typeCase in layout.typeCases {
            let possible = Self.setLiteral(typeCase.typeCase.possibleTypes)
            selections.append(".inlineFragment(\(typeCase.name).self, on: \(possible))")
            statements.append("\(SwiftNames.identifier(typeCase.member)) = try data.typeCase(\(Self.possibleTypes(typeCase.typeCase.possibleTypes)))")
        }
        var fragmentValues: [String] = []
        for fragment in layout.fragments {
            let spread = fragment.spread
            let on = spread.possibleTypes.map { ", on: " + Self.setLiteral($0) } ?? ""
            for alternative in spread.conditions.variableAlternatives {
                selections.append(".fragment(\(fragment.name).self\(on)\(Self.conditionList(alternative)))")
            }
            let initializer: String
            if spread.isAlwaysPresent {
                initializer = "try data.fragment()"
            } else if spread.conditions.isAlways {
                initializer = "try data.typeCase(\(Self.possibleTypes(spread.possibleTypes ?? [])))"
            } else {
                initializer = "try data.conditionalFragment(\(spread.possibleTypes.map(Self.setLiteral) ?? ""))"
            }
            fragmentValues.append("\(SwiftNames.identifier(fragment.member)): \(initializer)")
        }
        if !fragmentValues.isEmpty { statements.append("fragments = Fragments(" + fragmentValues.joined(separator: ", ") + ")") }

        writer.block("\(access)struct \(name): \(conformance)") { body in
            for line in statics { body.line(line) }
            Self.list(prefix: "\(access)static let __selections: [\(context.graft)Selection] = ", selections, into: &body)
            body.line("\(access)let __data: \(context.graft)ObjectData")
            for property in layout.properties where property.isStored { Self.declare(property, access: access, into: &body) }
            for typeCase in layout.typeCases { body.line("\(access)let \(SwiftNames.identifier(typeCase.member)): \(typeCase.name)?") }
            if !layout.fragments.isEmpty { body.line("\(access)let fragments: Fragments") }
            for property in layout.properties where !property.isStored {
                body.deprecation(property.deprecation)
                let name = SwiftNames.identifier(property.name)
                if case .forwarded(let member) = property.origin {
                    body.line("\(access)var \(name): \(property.type) { fragments.\(SwiftNames.identifier(member)).\(name) }")
                } else {
                    body.line("\(access)var \(name): \(property.type) { __data[field: \(SwiftNames.stringLiteral(property.key))] }")
                }
            }
            let error = context.graft.isEmpty ? "DecodeError" : "Graft.ResponseDecodingError"
            Self.function("\(access)init(_ data: \(context.graft)ObjectData) throws(\(error))", statements,
                          into: &body)
            memberwiseInitializer(set, layout: layout, isTypeCase: isTypeCase, into: &body)
            if !layout.fragments.isEmpty {
                let members = layout.fragments.map {
                    "\(access)let \(SwiftNames.identifier($0.member)): \($0.name)\($0.spread.isAlwaysPresent ? "" : "?")"
                }
                Self.function("\(access)struct Fragments: \(context.graft)FragmentSet", members, separator: "; ",
                              into: &body)
            }
            let parentProperties = layout.properties.filter { $0.origin != .own || !$0.isConditional }
            for child in layout.nested {
                let typeCase = layout.typeCases.contains { $0.name == child.name }
                render(child.set, name: child.name, conformance: "\(context.graft)SelectionSet",
                       inherited: typeCase ? parentProperties : [], isTypeCase: typeCase, into: &body)
            }
        }
    }

    /// `init(__typename:, <fields>, <type cases>, <fragments>) { self.init(…) }`: the response
    /// object is assembled and decoded by `Graft.SelectionSet.init(_:_:_:)`.
    private func memberwiseInitializer(_ set: IRSelectionSet, layout: Layout, isTypeCase: Bool, into writer: inout SwiftWriter) {
        var parameters: [String] = []
        var used: Set<String> = ["__typename"]
        var typename = "nil"
        // A type case's typename is its parent's (given with it), unless its type is concrete.
        if isTypeCase {
            if set.possibleTypes.count == 1 { typename = SwiftNames.stringLiteral(set.possibleTypes[0]) }
        } else if set.fields.contains(where: { $0.responseKey == "__typename" && $0.name == "__typename" }) {
            if set.possibleTypes.count == 1 {
                typename = SwiftNames.stringLiteral(set.possibleTypes[0])
            } else {
                typename = "__typename"
                parameters.append("__typename: \(context.swift)String")
            }
        }
        // The values in the order of `__selections` (each response key once, as the runtime reads them).
        var fields: [String] = []
        let properties = Dictionary(layout.properties.filter(\.isStored).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for field in set.fields where seen.insert(field.responseKey).inserted {
            if field.responseKey == "__typename" && typename != "nil" { continue }
            guard let property = properties[field.responseKey] else {
                fields.append("nil") // the `__typename` added to a type case on an abstract type: its parent's
                continue
            }
            let name = SwiftNames.identifier(ReservedNames.unique(property.name, &used))
            parameters.append("\(name): \(property.type)" + (property.type.hasSuffix("?") ? " = nil" : ""))
            fields.append(name)
        }
        var parts: [String] = []
        for typeCase in layout.typeCases {
            let name = SwiftNames.identifier(ReservedNames.unique(typeCase.member, &used))
            parameters.append("\(name): \(typeCase.name)? = nil")
            parts.append(name)
        }
        for fragment in layout.fragments {
            let name = SwiftNames.identifier(ReservedNames.unique(fragment.member, &used))
            parameters.append("\(name): \(fragment.name)" + (fragment.spread.isAlwaysPresent ? "" : "? = nil"))
            parts.append(name)
        }
        let arguments = [typename, "[" + fields.joined(separator: ", ") + "]"] + parts
        let call = "self.init(\(arguments.joined(separator: ", ")))"
        guard writer.column + 4 + call.count > SwiftWriter.maxLineWidth else {
            Self.function("\(context.access)init", parameters: parameters, [call], into: &writer)
            return
        }
        // The call on several lines: the fields one per line.
        Self.openSignature("\(context.access)init", parameters, into: &writer)
        writer.indent { body in
            let close = "]" + parts.map { ", " + $0 }.joined() + ")"
            Self.list(prefix: "self.init(\(typename), ", fields, close: close, packed: true, into: &body)
        }
        writer.line("}")
    }

    private static func declare(_ member: Property, access: String, into writer: inout SwiftWriter) {
        if member.deprecation != nil {
            writer.line("private let _\(member.name): \(member.type)")
        }
        if member.schemaField.isEmpty {
            writer.documentation(member.description)
        } else {
            writer.fieldDocumentation(member.description, field: member.schemaField)
        }
        writer.deprecation(member.deprecation)
        if member.deprecation != nil {
            writer.line("\(access)var \(SwiftNames.identifier(member.name)): \(member.type) { _\(member.name) }")
        } else {
            writer.line("\(access)let \(SwiftNames.identifier(member.name)): \(member.type)")
        }
    }

    private func fieldSelection(_ field: IRField, type: String, conditions: [IRCondition]) -> String {
        if field.name == "__typename", field.responseKey == "__typename", conditions.isEmpty { return ".typename" }
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

    /// The argument of `ObjectData.typeCase`: the possible types, or `Self.self` (whose
    /// `__selections` give them) when that is shorter.
    static func possibleTypes(_ names: [String]) -> String {
        let literal = setLiteral(names)
        return literal.count > "Self.self".count ? "Self.self" : literal
    }

    /// `["Droid", "Human"]`.
    static func setLiteral(_ names: [String]) -> String {
        "[" + names.map(SwiftNames.stringLiteral).joined(separator: ", ") + "]"
    }

    /// `ObjectData`'s members and names that are no member names after a dot.
    static let objectDataMembers: Set<String> = ["fields", "typename", "typeCase", "fragment", "conditionalFragment", "self", "Type",
                                                 "init", "Protocol", "hashValue", "hash", "dynamicMember"]

    /// `data.key` (through `ObjectData`'s dynamic member lookup), or `data["key"]` for a key that
    /// names one of its members or is a keyword.
    static func read(_ key: String) -> String {
        objectDataMembers.contains(key) || SwiftNames.keywords.contains(key) ? "data[\(SwiftNames.stringLiteral(key))]" : "data." + key
    }

    /// `header { a; b }` on one line when it fits, else one statement per line.
    static func function(_ header: String, _ statements: [String], separator: String = "; ", into writer: inout SwiftWriter) {
        let single = header + " { " + statements.joined(separator: separator) + " }"
        if writer.fits(single) {
            writer.line(single)
        } else {
            writer.block(header) { body in for statement in statements { body.line(statement) } }
        }
    }

    /// `prefix(a: A, b: B) { statements }` on one line when it fits, else the statements one per
    /// line after `openSignature`.
    static func function(_ prefix: String, parameters: [String], _ statements: [String], into writer: inout SwiftWriter) {
        let single = prefix + "(" + parameters.joined(separator: ", ") + ") { " + statements.joined(separator: "; ") + " }"
        if writer.fits(single) {
            writer.line(single)
            return
        }
        openSignature(prefix, parameters, into: &writer)
        writer.indent { body in for statement in statements { body.line(statement) } }
        writer.line("}")
    }

    /// `prefix(a: A, b: B) {` on one line when it fits, else the parameters one per line.
    static func openSignature(_ prefix: String, _ parameters: [String], into writer: inout SwiftWriter) {
        let header = prefix + "(" + parameters.joined(separator: ", ") + ") {"
        if writer.fits(header) || parameters.isEmpty {
            writer.line(header)
            return
        }
        writer.line(prefix + "(")
        writer.indent { list in list.packed(parameters, trailingComma: false) }
        writer.line(") {")
    }

    /// `prefix[a, b]` on one line when it fits, else one item per line.
    /// `packed`: as many items a line as fit (parameters and values, which read as a sentence),
    /// rather than one a line (selections, which read as a column).
    static func list(prefix: String, _ items: [String], close: String = "]", brackets: Bool = true, packed: Bool = false,
                     into writer: inout SwiftWriter) {
        let open = brackets ? "[" : ""
        let single = prefix + open + items.joined(separator: ", ") + close
        if writer.fits(single) || items.isEmpty {
            writer.line(single)
            return
        }
        writer.line(prefix + open)
        if packed {
            writer.indent { body in body.packed(items, trailingComma: brackets) }
            writer.line(close)
            return
        }
        writer.indent { body in
            for (index, item) in items.enumerated() {
                let comma = index < items.count - 1 || brackets ? "," : ""
                // A field with many arguments: the arguments one per line.
                if !body.fits(item + comma), let start = item.range(of: "arguments: ["), item.hasSuffix("])") {
                    let inner = String(item[start.upperBound..<item.index(item.endIndex, offsetBy: -2)])
                    list(prefix: String(item[..<start.upperBound]), splitTopLevel(inner), close: "])" + comma, brackets: false, into: &body)
                } else {
                    body.line(item + comma)
                }
            }
        }
        writer.line(close)
    }

    /// `text` split at the commas outside brackets, parentheses and string literals.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inLiteral = false
        var escaped = false
        for character in text {
            if inLiteral {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inLiteral = false }
            } else if character == "\"" {
                inLiteral = true
            } else if character == "[" || character == "(" {
                depth += 1
            } else if character == "]" || character == ")" {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(String(current.drop { $0 == " " }))
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { parts.append(String(current.drop { $0 == " " })) }
        return parts
    }
}
