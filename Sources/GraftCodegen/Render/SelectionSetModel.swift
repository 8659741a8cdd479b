import GraftCompiler
import GraftLanguage

/// A generated selection set as a value, its members decided before any text: the selections,
/// the properties (own, taken over from the parent, forwarded from fragments), the decoding
/// statements and the memberwise initializer, and the nested selection sets. Built by
/// `SelectionSetModelBuilder`, printed by `SelectionSetRenderer`.
struct SelectionSetModel {
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
        /// Under `@include`/`@skip` with a nullable schema type: its initializer parameter is a
        /// double optional (`nil` leaves the field out, `.some(nil)` includes it as null).
        var isNullableConditional = false
        var description: String?
        var deprecation: String?
        /// `Type.field`: its description is written once per file.
        var schemaField = ""
        /// A type case of a fragment that always applies, forwarded (`asHuman`): not a field, so
        /// type cases do not take it over.
        var isTypeCase = false
        /// How the property hands over the field's error (`@semanticNonNull`, `@catch`); `type` is
        /// then the value's type (throwing), the result's, or the optional's.
        var errorHandling: IRFieldErrorHandling = .none

        var isStored: Bool { origin == .own }
    }

    /// The memberwise initializer: `init(<parameters>) { self.init(<typename>, [<values>], <parts>) }`.
    struct Initializer {
        /// `name: Type` (with ` = nil` for optionals, type cases and conditional fragments).
        var parameters: [String] = []
        /// A string literal, `__typename` (a parameter) or `nil` (a root, or a type case whose parent gives it).
        var typename = "nil"
        /// The field values in the order of `__selections`.
        var values: [String] = []
        /// The type cases and fragments, whose response objects are merged in.
        var parts: [String] = []
        /// The `@defer` fragments (`deferred: <parameter>` arguments).
        var deferred: [String] = []
    }

    var name: String
    /// A named fragment (`GraftAPI.Fragment`), else a selection set.
    var isFragment = false
    /// Lines at the top of the body (a fragment's definition).
    var statics: [String] = []
    /// The `__selections` items.
    var selections: [String] = []
    var properties: [Property] = []
    var typeCases: [(name: String, member: String)] = []
    /// False for a type case merged in from fragments: the fragments' values build it.
    var hasMemberwiseInitializer = true
    var fragments: [(name: String, member: String, isOptional: Bool)] = []
    /// The `@defer` fragments, each a `Deferred<Name>` property.
    var deferred: [DeferredFragmentRendering] = []
    /// The body of `init(_ data:)`.
    var decodeStatements: [String] = []
    var initializer = Initializer()
    var nested: [SelectionSetModel] = []
}

/// Decides a selection set's members (see `SelectionSetModel`): names that never clash, merged
/// fields, initializer parameters.
struct SelectionSetModelBuilder {
    let context: RenderContext

    /// The names a selection set's members and nested types take, computed once for rendering
    /// and for the fields other selection sets take over.
    struct Layout {
        var properties: [SelectionSetModel.Property] = []
        var nested: [(name: String, set: IRSelectionSet)] = []
        /// Each field's selection type (with `?` for conditional fields), by response key.
        var fieldTypes: [String: String] = [:]
        var typeCases: [(name: String, member: String, typeCase: IRTypeCase)] = []
        var fragments: [(name: String, member: String, spread: IRFragmentSpread)] = []
        var deferred: [DeferredFragmentRendering] = []
        var taken = TakenNames(shared: [])
        /// Type cases of fragments that always apply with no type case of the same condition
        /// here, and more than the fragment's own type case could expose: new nested types,
        /// decoded from the same response object, in neither `__selections` nor the initializer.
        var mergedTypeCases: [(name: String, member: String, possibleTypes: [String])] = []
        /// The fields of fragments' type cases each type case here (own or merged) takes over,
        /// by its type name.
        var fragmentTypeCaseFields: [String: [SelectionSetModel.Property]] = [:]
    }

    /// `inherited`: the fields a type case takes over from its parent, which a forwarded type
    /// case of a fragment must expose too.
    func layout(_ set: IRSelectionSet, qualifier: String = "", inherited: [SelectionSetModel.Property] = []) -> Layout {
        var layout = Layout()
        // Member names first: a nested type must not take a property's name ("invalid redeclaration").
        let reserved = set.fragmentSpreads.isEmpty ? context.selectionSetNames : context.selectionSetNamesWithFragments
        let keys = set.fields.filter(\.isExplicit).map(\.responseKey)
        let properties = ReservedNames.members(keys, reserved: reserved.members)
        let propertyNames = Dictionary(zip(keys, properties), uniquingKeysWith: { first, _ in first })
        layout.taken = TakenNames(shared: reserved.all, own: Set(properties))
        for field in set.fields {
            var leaf = context.leafType(field.type.namedType)
            if let child = field.selectionSet {
                let base = SwiftNames.upperFirst(field.type.isList ? SwiftNames.singular(field.responseKey) : field.responseKey)
                leaf = ReservedNames.unique(base, &layout.taken)
                layout.nested.append((leaf, child))
                leaf = qualifier + leaf
            }
            var type = context.outputType(field.type, leaf: leaf)
            let nullableConditional = !field.conditions.isAlways && type.hasSuffix("?")
            if !field.conditions.isAlways && !type.hasSuffix("?") { type += "?" }
            layout.fieldTypes[field.responseKey] = type
            guard field.isExplicit else { continue }
            let property = propertyNames[field.responseKey] ?? field.responseKey
            var description = field.name == "__typename" ? nil : field.definition.description
            if property != field.responseKey {
                description = (description.map { $0 + "\n\n" } ?? "")
                    + "The `\(field.responseKey)` field (renamed: `\(field.responseKey)` is the generated code's)."
            }
            // Error handling applies to fields always selected (a conditional one keeps the schema's type).
            let errorHandling = field.conditions.isAlways ? field.errorHandling : .none
            var propertyType = type
            switch errorHandling {
            case .none: break
            case .throwing: propertyType = context.outputType(field.semanticType, leaf: leaf)
            case .result: propertyType = "\(context.graft)FieldResult<\(context.outputType(field.semanticType, leaf: leaf))>"
            case .nullOnError:
                let value = context.outputType(field.semanticType, leaf: leaf)
                propertyType = (value.hasSuffix("?") ? String(value.dropLast()) : value) + "?"
            }
            var entry = SelectionSetModel.Property(key: field.responseKey, name: property, type: propertyType, isConditional: !field.conditions.isAlways,
                                                   isNullableConditional: nullableConditional,
                                                   description: description, deprecation: field.definition.deprecationReason,
                                                   schemaField: property == field.responseKey ? set.parentType + "." + field.name : "")
            entry.errorHandling = errorHandling
            layout.properties.append(entry)
        }
        for typeCase in set.typeCases {
            let typeName = ReservedNames.unique("As" + SwiftNames.upperFirst(typeCase.typeCondition), &layout.taken)
            layout.typeCases.append((typeName, SwiftNames.lowerFirst(typeName), typeCase))
            layout.nested.append((typeName, typeCase.selectionSet))
        }
        for fragment in set.deferredFragments {
            let rendering = DeferredFragmentRendering(fragment, graft: context.graft, taken: &layout.taken)
            layout.deferred.append(rendering)
            layout.nested.append((rendering.typeName, fragment.selectionSet))
        }
        for spread in set.fragmentSpreads {
            layout.fragments.append((context.fragmentName(spread.name), SwiftNames.lowerFirst(spread.name), spread))
        }
        // Fields of fragments that always apply, forwarded (fragments spread in them included).
        var exposed = Set(layout.properties.map(\.key))
        var fragmentLayouts: [(member: String, name: String, layout: Layout)] = []
        for fragment in layout.fragments where fragment.spread.isAlwaysPresent {
            guard let definition = context.document.fragment(named: fragment.spread.name) else { continue }
            let fragmentLayout = self.layout(definition.selectionSet, qualifier: fragment.name + ".")
            fragmentLayouts.append((fragment.member, fragment.name, fragmentLayout))
            for var property in fragmentLayout.properties {
                guard !property.isConditional, !property.isTypeCase, !exposed.contains(property.key),
                      !layout.taken.contains(property.name) else { continue }
                exposed.insert(property.key)
                layout.taken.insert(property.name)
                property.origin = .forwarded(fragment.member)
                property.description = nil
                layout.properties.append(property)
            }
        }
        mergeTypeCases(of: fragmentLayouts, into: &layout, set: set, inherited: inherited)
        return layout
    }

    /// The type cases of fragments that always apply, merged by type condition: into this
    /// selection set's own type case of that condition (which takes over their fields); else,
    /// when one fragment has it and this selection set exposes nothing beyond that fragment's
    /// fields, forwarded (`var asHuman: HeroDetails.AsHuman? { fragments.heroDetails.asHuman }`);
    /// else a new nested type case with this selection set's fields and theirs.
    private func mergeTypeCases(of fragments: [(member: String, name: String, layout: Layout)], into layout: inout Layout,
                                set: IRSelectionSet, inherited: [SelectionSetModel.Property]) {
        /// `key: Type` of the fields a type case must expose to stand for this selection set's.
        func exposure(_ properties: [SelectionSetModel.Property]) -> Set<String> {
            Set(properties.filter { !$0.isConditional && !$0.isTypeCase && $0.key != "__typename" }.map { $0.key + ": " + $0.type })
        }
        var groups: [(condition: String, possibleTypes: [String], sources: [(fragment: String, member: String, typeName: String,
                                                                               typeMember: String, set: IRSelectionSet, exposed: Set<String>)])] = []
        for fragment in fragments {
            for typeCase in fragment.layout.typeCases {
                let condition = typeCase.typeCase.typeCondition
                let possibleTypes = typeCase.typeCase.possibleTypes.filter(set.possibleTypes.contains)
                guard !possibleTypes.isEmpty else { continue }
                let source = (fragment.name, fragment.member, typeCase.name, typeCase.member, typeCase.typeCase.selectionSet,
                              exposure(fragment.layout.properties))
                if let index = groups.firstIndex(where: { $0.condition == condition }) {
                    groups[index].sources.append(source)
                } else {
                    groups.append((condition, possibleTypes, [source]))
                }
            }
        }
        for group in groups {
            // The fields the fragments' type cases have beyond the fragments' own (which this
            // selection set forwards, so its type cases take them over already).
            let fields = group.sources.flatMap { source in
                self.layout(source.set, qualifier: source.fragment + "." + source.typeName + ".").properties
                    .filter { !$0.isConditional && !$0.isTypeCase && $0.key != "__typename" }
            }
            if let own = layout.typeCases.first(where: { $0.typeCase.typeCondition == group.condition }) {
                layout.fragmentTypeCaseFields[own.name, default: []] += fields
                continue
            }
            let source = group.sources[0]
            // Forwarded when the fragment's type case has every field (with the same type) this one exposes.
            let covered = exposure(layout.properties + inherited).isSubset(of: source.exposed.union(exposure(fields)))
            if group.sources.count == 1, covered, !layout.taken.contains(source.typeMember) {
                layout.taken.insert(source.typeMember)
                layout.properties.append(SelectionSetModel.Property(
                    key: "... on " + group.condition, name: source.typeMember, type: source.fragment + "." + source.typeName + "?",
                    origin: .forwarded(source.member), isTypeCase: true))
                continue
            }
            // A type case that always applies here adds no type: its fields stay in the fragment.
            guard group.possibleTypes.count < set.possibleTypes.count else { continue }
            let name = ReservedNames.unique("As" + SwiftNames.upperFirst(group.condition), &layout.taken)
            let member = ReservedNames.unique(SwiftNames.lowerFirst(name), &layout.taken)
            layout.mergedTypeCases.append((name, member, group.possibleTypes))
            layout.fragmentTypeCaseFields[name] = fields
            layout.nested.append((name, IRSelectionSet(parentType: group.condition, possibleTypes: group.possibleTypes)))
        }
    }

    /// The model of the selection set type `name` (a named fragment when `isFragment`); `statics`
    /// are lines at the top of the body; `inherited` are the fields a type case takes over from its parent.
    func model(_ set: IRSelectionSet, name: String, isFragment: Bool = false, statics: [String] = [],
               inherited: [SelectionSetModel.Property] = [], isTypeCase: Bool = false) -> SelectionSetModel {
        var layout = layout(set, inherited: inherited)
        let nestedNames = Set(layout.nested.map(\.name))
        var exposed = Set(layout.properties.map(\.key))
        // The parent's fields come first: they are selected before the type case.
        var taken: [SelectionSetModel.Property] = []
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
        // The class shape's base class stores the response object (`try super.init(data)`, last).
        var statements = context.isClassShape ? [] : ["__data = data"]
        for property in layout.properties where property.isStored {
            let stored = Self.storedName(property)
            // A property named `data` is hidden by the initializer's parameter.
            statements.append("\(stored == "data" ? "self.data" : stored) = try \(Self.read(property))")
        }
        for typeCase in layout.typeCases {
            let possible = SwiftNames.setLiteral(typeCase.typeCase.possibleTypes)
            selections.append(".typeCase(\(typeCase.name).self, on: \(possible))")
            statements.append("\(SwiftNames.identifier(typeCase.member)) = try data.typeCase(\(Self.possibleTypes(typeCase.typeCase.possibleTypes)))")
        }
        for typeCase in layout.mergedTypeCases {
            statements.append("\(SwiftNames.identifier(typeCase.member)) = try data.typeCase(\(SwiftNames.setLiteral(typeCase.possibleTypes)))")
        }
        for deferred in layout.deferred {
            selections.append(deferred.selection)
            statements.append("\(SwiftNames.identifier(deferred.property)) = \(deferred.initializer)")
        }
        var fragmentValues: [String] = []
        for fragment in layout.fragments {
            let spread = fragment.spread
            let on = spread.possibleTypes.map { ", on: " + SwiftNames.setLiteral($0) } ?? ""
            for alternative in spread.conditions.variableAlternatives {
                selections.append(".fragment(\(fragment.name).self\(on)\(Self.conditionList(alternative)))")
            }
            let initializer: String
            if spread.isAlwaysPresent {
                initializer = "try data.fragment()"
            } else if spread.conditions.isAlways {
                initializer = "try data.typeCase(\(Self.possibleTypes(spread.possibleTypes ?? [])))"
            } else {
                initializer = "try data.conditionalFragment(\(spread.possibleTypes.map(SwiftNames.setLiteral) ?? ""))"
            }
            fragmentValues.append("\(SwiftNames.identifier(fragment.member)): \(initializer)")
        }
        if !fragmentValues.isEmpty { statements.append("fragments = Fragments(" + fragmentValues.joined(separator: ", ") + ")") }
        if context.isClassShape { statements.append("try super.init(data)") }

        var model = SelectionSetModel(name: name, isFragment: isFragment, statics: statics, selections: selections,
                                      properties: layout.properties, decodeStatements: statements)
        model.typeCases = layout.typeCases.map { ($0.name, $0.member) } + layout.mergedTypeCases.map { ($0.name, $0.member) }
        model.fragments = layout.fragments.map { ($0.name, $0.member, !$0.spread.isAlwaysPresent) }
        model.deferred = layout.deferred
        model.initializer = initializer(set, layout: layout, isTypeCase: isTypeCase)
        let parentProperties = layout.properties.filter { ($0.origin != .own || !$0.isConditional) && !$0.isTypeCase }
        for child in layout.nested {
            let merged = layout.mergedTypeCases.contains { $0.name == child.name }
            let typeCase = merged || layout.typeCases.contains { $0.name == child.name }
            let inherited = typeCase ? parentProperties + layout.fragmentTypeCaseFields[child.name, default: []] : []
            var nested = self.model(child.set, name: child.name, inherited: inherited, isTypeCase: typeCase)
            nested.hasMemberwiseInitializer = !merged
            model.nested.append(nested)
        }
        return model
    }

    /// `init(__typename:, <fields>, <type cases>, <fragments>)`: the response object is
    /// assembled and decoded by `GraftAPI.SelectionSet.init(_:_:_:)`.
    private func initializer(_ set: IRSelectionSet, layout: Layout, isTypeCase: Bool) -> SelectionSetModel.Initializer {
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
            var type = property.type + (property.isNullableConditional ? "?" : "")
            // A throwing property is given as its result, so a model built in code can hold an error.
            if property.errorHandling == .throwing { type = "\(context.graft)FieldResult<\(type)>" }
            parameters.append("\(name): \(type)" + (type.hasSuffix("?") ? " = nil" : ""))
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
        var deferred: [String] = []
        for fragment in layout.deferred {
            let name = SwiftNames.identifier(ReservedNames.unique(fragment.property, &used))
            parameters.append("\(name): \(fragment.type) = .pending")
            deferred.append(deferred.isEmpty ? "deferred: \(name)" : name) // one variadic argument
        }
        return SelectionSetModel.Initializer(parameters: parameters, typename: typename, values: fields, parts: parts, deferred: deferred)
    }

    private func fieldSelection(_ field: IRField, type: String, conditions: [IRCondition]) -> String {
        if field.name == "__typename", field.responseKey == "__typename", conditions.isEmpty { return ".typename" }
        var text = ".field(\(SwiftNames.stringLiteral(field.responseKey)), \(type).self"
        let conditionList = Self.conditionList(conditions)
        // One argument, no alias, no condition (most arguments): a call, cheaper to compile than a
        // dictionary literal.
        if field.arguments.count == 1, field.name == field.responseKey, conditionList.isEmpty, let argument = field.arguments.first {
            return text + ", argument: \(SwiftNames.stringLiteral(argument.name.value)), \(ArgumentRenderer.argument(argument.value)))"
        }
        if field.name != field.responseKey { text += ", name: \(SwiftNames.stringLiteral(field.name))" }
        if !field.arguments.isEmpty {
            let arguments = field.arguments.map { "\(SwiftNames.stringLiteral($0.name.value)): \(ArgumentRenderer.argument($0.value))" }
            text += ", arguments: [" + arguments.joined(separator: ", ") + "]"
        }
        return text + conditionList + ")"
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
        let literal = SwiftNames.setLiteral(names)
        return literal.count > "Self.self".count ? "Self.self" : literal
    }

    /// `ObjectData`'s members and names that are no member names after a dot.
    static let objectDataMembers: Set<String> = ["fields", "typename", "typeCase", "fragment", "conditionalFragment", "self", "Type",
                                                 "init", "Protocol", "hashValue", "hash", "dynamicMember", "deferred"]

    /// `data.key` (through `ObjectData`'s dynamic member lookup), or `data["key"]` for a key that
    /// names one of its members or is a keyword.
    static func read(_ key: String) -> String {
        objectDataMembers.contains(key) || SwiftNames.keywords.contains(key) ? "data[\(SwiftNames.stringLiteral(key))]" : "data." + key
    }

    /// How a stored property is decoded: `read(_:)`, or through its error handling
    /// (`data.fieldResult("key")`, `data.nullOnError("key")`).
    static func read(_ property: SelectionSetModel.Property) -> String {
        let key = SwiftNames.stringLiteral(property.key)
        switch property.errorHandling {
        case .none: return read(property.key)
        case .throwing, .result: return "data.fieldResult(\(key))"
        case .nullOnError: return "data.nullOnError(\(key))"
        }
    }

    /// The stored property behind a property: itself, `_name` behind a deprecated one, or
    /// `__nameResult` behind a throwing one (a name no GraphQL field can take: `__` is reserved).
    static func storedName(_ property: SelectionSetModel.Property) -> String {
        if property.errorHandling == .throwing { return "__" + property.name + "Result" }
        return property.deprecation == nil ? SwiftNames.identifier(property.name) : "_" + property.name
    }
}
