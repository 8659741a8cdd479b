import GraftLanguage

/// Compiles validated operations and fragments into the IR: selections merged per object,
/// type conditions resolved against the schema's possible types, `@include`/`@skip`/`@defer`
/// recorded as conditions, one-line sources and referenced fragments and types.
///
/// The document must have passed validation (`SpecifiedRules.codeGeneration`); selections the
/// schema does not know are skipped.
public struct IRBuilder {
    /// The schema.
    public let schema: Schema
    private var fragmentDefinitions: [String: FragmentDefinition] = [:]
    private var possibleTypesCache: [String: [String]] = [:]
    /// Whether sources are left unprinted (see `compile(_:sources:schema:typesOnly:)`).
    private var typesOnly = false

    /// Creates a builder for a schema.
    public init(schema: Schema) {
        self.schema = schema
    }

    /// Compiles a document parsed from `sources`.
    /// - Parameter typesOnly: when true, the IR serves for the schema types it uses alone: the
    ///   operations' and fragments' sources are left empty (printing them is a good part of compiling).
    public static func compile(_ document: Document, sources: DocumentSources, schema: Schema, typesOnly: Bool = false) -> IRDocument {
        var builder = IRBuilder(schema: schema)
        builder.typesOnly = typesOnly
        return builder.compile(document, sources: sources)
    }

    /// Compiles a document parsed from `sources`.
    public mutating func compile(_ document: Document, sources: DocumentSources) -> IRDocument {
        for case .fragment(let fragment) in document.definitions { fragmentDefinitions[fragment.name.value] = fragment }
        var operations: [IROperation] = []
        var fragments: [IRFragment] = []
        for definition in document.definitions {
            let sourceName = sources.span(definition.range).source.name
            switch definition {
            case .operation(let node):
                if let operation = compile(node, sourceName: sourceName) { operations.append(operation) }
            case .fragment(let node):
                if let fragment = compile(node, sourceName: sourceName) { fragments.append(fragment) }
            default:
                break
            }
        }
        var usage = IRTypeUsage(schema: schema)
        for operation in operations {
            usage.add(operation.selectionSet)
            for variable in operation.variables { usage.addInput(variable.type.namedType) }
        }
        for fragment in fragments {
            usage.addComposite(fragment.typeCondition)
            usage.add(fragment.selectionSet)
        }
        return IRDocument(schema: schema, operations: operations, fragments: fragments,
                          referencedTypes: usage.referencedTypes.sorted(), abstractTypes: usage.abstractTypes.sorted(),
                          inputEnums: usage.inputEnums)
    }

    private mutating func compile(_ node: OperationDefinition, sourceName: String) -> IROperation? {
        guard let root = schema.rootType(for: node.operation) else { return nil }
        var selectionSet = IRSelectionSet(parentType: root.name, possibleTypes: [root.name])
        compile(node.selectionSet.selections, into: &selectionSet, inherited: .always)
        relativize(&selectionSet, presence: .always)
        IRDeferral.split(&selectionSet)
        let printed = typesOnly ? "" : OperationSourcePrinter.printed(.operation(node))
        let variables = node.variableDefinitions.map {
            IRVariable(name: $0.variable.name.value, type: TypeRef($0.type), defaultValue: $0.defaultValue)
        }
        return IROperation(
            name: node.name?.value ?? "Anonymous", kind: node.operation, description: node.description?.value,
            variables: variables, rootType: root.name, selectionSet: selectionSet,
            source: OperationSourcePrinter.singleLine(printed), printedSource: printed,
            referencedFragments: referencedFragments(node.selectionSet),
            isLocalCacheMutation: node.directives.contains { $0.name.value == OperationSourcePrinter.localCacheMutation },
            sourceName: sourceName)
    }

    private mutating func compile(_ node: FragmentDefinition, sourceName: String) -> IRFragment? {
        let typeCondition = node.typeCondition.name.value
        guard schema.type(named: typeCondition)?.isComposite == true else { return nil }
        var selectionSet = IRSelectionSet(parentType: typeCondition, possibleTypes: possibleTypes(typeCondition))
        addTypename(to: &selectionSet)
        compile(node.selectionSet.selections, into: &selectionSet, inherited: .always)
        relativize(&selectionSet, presence: .always)
        IRDeferral.split(&selectionSet)
        let printed = typesOnly ? "" : OperationSourcePrinter.printed(.fragment(node))
        return IRFragment(
            name: node.name.value, typeCondition: typeCondition, description: node.description?.value,
            selectionSet: selectionSet, source: OperationSourcePrinter.singleLine(printed), printedSource: printed,
            referencedFragments: referencedFragments(node.selectionSet),
            isLocalCacheMutation: node.directives.contains { $0.name.value == OperationSourcePrinter.localCacheMutation },
            sourceName: sourceName)
    }

    // MARK: Selections

    private mutating func compile(_ selections: [Selection], into set: inout IRSelectionSet, inherited: IRConditions,
                                  on scope: String? = nil) {
        let scope = scope ?? set.parentType
        for selection in selections {
            switch selection {
            case .field(let node):
                guard let conditions = Self.conditions(node.directives).map(inherited.and) else { continue }
                compileField(node, into: &set, conditions: conditions, scope: scope)
            case .inlineFragment(let node):
                guard let conditions = Self.conditions(node.directives).map(inherited.and) else { continue }
                let typeCondition = node.typeCondition?.name.value ?? scope
                let possible = possibleTypes(typeCondition)
                if Set(set.possibleTypes).isSubset(of: possible) {
                    compile(node.selectionSet.selections, into: &set, inherited: conditions, on: typeCondition)
                    continue
                }
                let narrowed = set.possibleTypes.filter(Set(possible).contains)
                guard !narrowed.isEmpty else { continue }
                let index: Int
                if let existing = set.typeCases.firstIndex(where: { $0.typeCondition == typeCondition }) {
                    index = existing
                } else {
                    set.typeCases.append(IRTypeCase(typeCondition: typeCondition,
                                                    selectionSet: IRSelectionSet(parentType: typeCondition, possibleTypes: narrowed)))
                    index = set.typeCases.count - 1
                }
                compile(node.selectionSet.selections, into: &set.typeCases[index].selectionSet, inherited: conditions)
            case .fragmentSpread(let node):
                guard let conditions = Self.conditions(node.directives).map(inherited.and),
                      let fragment = fragmentDefinitions[node.name.value] else { continue }
                let typeCondition = fragment.typeCondition.name.value
                if let index = set.fragmentSpreads.firstIndex(where: { $0.name == node.name.value }) {
                    set.fragmentSpreads[index].conditions = set.fragmentSpreads[index].conditions.or(conditions)
                    continue
                }
                let possible = Set(possibleTypes(typeCondition))
                let narrowed = Set(set.possibleTypes).isSubset(of: possible) ? nil : set.possibleTypes.filter(possible.contains)
                set.fragmentSpreads.append(IRFragmentSpread(name: node.name.value, typeCondition: typeCondition,
                                                            possibleTypes: narrowed, conditions: conditions))
            }
        }
    }

    private mutating func compileField(_ node: Field, into set: inout IRSelectionSet, conditions: IRConditions, scope: String) {
        let responseKey = node.responseKey
        let index: Int
        if let existing = set.fields.firstIndex(where: { $0.responseKey == responseKey }) {
            index = existing
            set.fields[index].conditions = set.fields[index].conditions.or(conditions)
            set.fields[index].isExplicit = true
        } else {
            guard let parent = schema.type(named: scope),
                  let definition = schema.field(node.name.value, on: parent) else { return }
            var subSelection: IRSelectionSet?
            let namedType = definition.type.namedType
            if node.selectionSet != nil, schema.type(named: namedType)?.isComposite == true {
                var created = IRSelectionSet(parentType: namedType, possibleTypes: possibleTypes(namedType))
                addTypename(to: &created)
                subSelection = created
            }
            set.fields.append(IRField(responseKey: responseKey, name: node.name.value, arguments: node.arguments,
                                      type: definition.type, definition: definition, conditions: conditions,
                                      selectionSet: subSelection, catchTo: CatchTo.of(node.directives)))
            index = set.fields.count - 1
        }
        if let selections = node.selectionSet?.selections, set.fields[index].selectionSet != nil {
            compile(selections, into: &set.fields[index].selectionSet!, inherited: conditions)
        }
    }

    /// Every non-root selection set starts with `__typename` (it is added to the sent source too).
    private func addTypename(to set: inout IRSelectionSet) {
        set.fields.append(IRField(responseKey: "__typename", name: "__typename", arguments: [],
                                  type: Introspection.typenameField.type, definition: Introspection.typenameField,
                                  conditions: .always, selectionSet: nil, isExplicit: false))
    }

    /// Rewrites absolute conditions as conditions relative to the enclosing field's presence.
    private func relativize(_ set: inout IRSelectionSet, presence: IRConditions) {
        for index in set.fields.indices {
            let absolute = set.fields[index].conditions
            set.fields[index].conditions = absolute.relative(to: presence)
            if set.fields[index].selectionSet != nil { relativize(&set.fields[index].selectionSet!, presence: absolute) }
        }
        for index in set.typeCases.indices { relativize(&set.typeCases[index].selectionSet, presence: presence) }
        for index in set.fragmentSpreads.indices {
            set.fragmentSpreads[index].conditions = set.fragmentSpreads[index].conditions.relative(to: presence)
        }
    }

    /// The conditions of `@include`/`@skip`/`@defer` directives: nil when a constant excludes the
    /// selection.
    static func conditions(_ directives: [Directive]) -> IRConditions? {
        var conjunction: [IRCondition] = []
        for directive in directives {
            let name = directive.name.value
            guard name == "include" || name == "skip" || name == "defer" else { continue }
            let condition = directive.arguments.first { $0.name.value == "if" }?.value
            switch (name, condition) {
            case ("include", .variable(let variable)?): conjunction.append(.include(variable.name.value))
            case ("skip", .variable(let variable)?): conjunction.append(.skip(variable.name.value))
            case ("include", .boolean(false, _)?), ("skip", .boolean(true, _)?): return nil
            case ("defer", .boolean(false, _)?): break
            case ("defer", _):
                var label = ""
                if case .string(let value)? = directive.arguments.first(where: { $0.name.value == "label" })?.value {
                    label = value.value
                }
                conjunction.append(.deferred(label))
            default: break
            }
        }
        return IRConditions([conjunction])
    }

    // MARK: Helpers

    private mutating func possibleTypes(_ name: String) -> [String] {
        if let cached = possibleTypesCache[name] { return cached }
        let result = schema.type(named: name).map { schema.possibleTypes(of: $0).sorted() } ?? []
        possibleTypesCache[name] = result
        return result
    }

    /// The fragments spread in `selectionSet`, directly or through other fragments, sorted.
    private func referencedFragments(_ selectionSet: GraftLanguage.SelectionSet) -> [String] {
        var found: Set<String> = []
        var pending = [selectionSet]
        while let next = pending.popLast() {
            for selection in next.selections {
                switch selection {
                case .field(let field): if let child = field.selectionSet { pending.append(child) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    if found.insert(spread.name.value).inserted, let definition = fragmentDefinitions[spread.name.value] {
                        pending.append(definition.selectionSet)
                    }
                }
            }
        }
        return found.sorted()
    }
}
