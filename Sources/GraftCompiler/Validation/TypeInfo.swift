import GraftLanguage

/// Tracks the schema types at the current position of a document walk (graphql-js `TypeInfo`):
/// the output type of the current field, the composite parent type of the current selection set,
/// the expected input type of the current argument, list item or object field, and the current
/// field, directive, argument and enum value definitions.
///
/// The `Validator` calls `enter` before the rules see a node and `leave` after them, so rules read
/// the state for the node they are visiting. Unknown names leave `nil` entries rather than failing:
/// validation runs before the document is known to be valid.
public final class TypeInfo {
    /// The types of the schema, looked up once each.
    public let types: ValidationTypes
    private var typeStack: [TypeRef?] = []
    private var namedTypeStack: [ValidationType?] = []
    private var parentTypeStack: [ValidationType?] = []
    private var inputTypeStack: [TypeRef?] = []
    private var fieldStack: [ValidationField?] = []
    private var defaultValueStack: [Value?] = []

    /// The directive being visited, or nil.
    public private(set) var directive: DirectiveDef?
    /// The argument definition of the argument being visited, or nil.
    public private(set) var argument: InputValueDef?
    /// The enum value definition of the enum literal being visited, or nil.
    public private(set) var enumValue: EnumValueDef?

    /// Creates type information for a schema.
    public convenience init(schema: Schema) {
        self.init(types: ValidationTypes(schema: schema))
    }

    /// Creates type information sharing a run's type cache.
    public init(types: ValidationTypes) {
        self.types = types
    }

    /// The schema.
    public var schema: Schema { types.schema }
    /// The output type of the current field (or the operation's root type, or a fragment's type).
    public var type: TypeRef? { typeStack.last ?? nil }
    /// The named type of `type`.
    public var namedType: ValidationType? { namedTypeStack.last ?? nil }
    /// The composite type whose selection set is being visited.
    public var parentType: ValidationType? { parentTypeStack.last ?? nil }
    /// The input type expected at the current argument, list item, object field or variable definition.
    public var inputType: TypeRef? { inputTypeStack.last ?? nil }
    /// The input type enclosing the current input position.
    public var parentInputType: TypeRef? {
        inputTypeStack.count > 1 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The current field.
    public var field: ValidationField? { fieldStack.last ?? nil }
    /// The definition of the current field.
    public var fieldDef: FieldDef? { field?.definition }
    /// The default value of the current argument or input field position (nil if it has none).
    public var defaultValue: Value? { defaultValueStack.last ?? nil }

    // MARK: Entering and leaving nodes

    /// Enters a selection set: its parent type is the named type of the current type, if composite.
    public func enter(_ node: SelectionSet) {
        let named = namedType
        parentTypeStack.append(named?.isComposite == true ? named : nil)
    }

    /// Leaves a selection set.
    public func leave(_ node: SelectionSet) { parentTypeStack.removeLast() }

    /// Enters a field: looks up its definition on the parent type.
    public func enter(_ node: Field) {
        var field: ValidationField?
        if let parent = parentType { field = types.field(node.name.value, on: parent) }
        fieldStack.append(field)
        let named = field.flatMap { types.namedType(of: $0) }
        if let field, let named, named.isOutputType {
            typeStack.append(field.type)
            namedTypeStack.append(named)
        } else {
            typeStack.append(nil)
            namedTypeStack.append(nil)
        }
    }

    /// Leaves a field.
    public func leave(_ node: Field) {
        fieldStack.removeLast()
        typeStack.removeLast()
        namedTypeStack.removeLast()
    }

    /// Enters a directive.
    public func enter(_ node: Directive) { directive = schema.directives[node.name.value] }

    /// Leaves a directive.
    public func leave(_ node: Directive) { directive = nil }

    /// Enters an operation: the current type is its root type, if it is an object type.
    public func enter(_ node: OperationDefinition) {
        let rootName: String? = switch node.operation {
        case .query: schema.queryType
        case .mutation: schema.mutationType
        case .subscription: schema.subscriptionType
        }
        let root = rootName.flatMap { types[$0] }
        pushOutputType(root?.kind == .object ? root : nil)
    }

    /// Leaves an operation.
    public func leave(_ node: OperationDefinition) { popType() }

    /// Enters an inline fragment: the current type is its type condition, or stays the same.
    public func enter(_ node: InlineFragment) {
        if let condition = node.typeCondition {
            pushOutputType(types[condition.name.value])
        } else {
            pushOutputType(namedType)
        }
    }

    /// Leaves an inline fragment.
    public func leave(_ node: InlineFragment) { popType() }

    /// Enters a fragment definition: the current type is its type condition.
    public func enter(_ node: FragmentDefinition) {
        pushOutputType(types[node.typeCondition.name.value])
    }

    /// Leaves a fragment definition.
    public func leave(_ node: FragmentDefinition) { popType() }

    /// Enters a variable definition: the input type is its declared type, if an input type.
    public func enter(_ node: VariableDefinition) {
        let declared = schema.typeRef(node.type)
        inputTypeStack.append(declared.flatMap { isInputType($0) ? $0 : nil })
    }

    /// Leaves a variable definition.
    public func leave(_ node: VariableDefinition) { inputTypeStack.removeLast() }

    /// Enters an argument of the current directive or field.
    public func enter(_ node: Argument) {
        var definition: InputValueDef?
        if let directive {
            definition = directive.arguments[node.name.value]
        } else if let field {
            definition = field.definition.arguments[node.name.value]
        }
        argument = definition
        defaultValueStack.append(definition?.defaultValue)
        inputTypeStack.append(definition.flatMap { isInputType($0.type) ? $0.type : nil })
    }

    /// Leaves an argument.
    public func leave(_ node: Argument) {
        argument = nil
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    /// Enters a value: lists move to their item type, enum literals look up their definition.
    public func enter(_ node: Value) {
        switch node {
        case .list:
            var itemType = inputType?.nullable
            if case .list(let inner)? = itemType { itemType = inner }
            defaultValueStack.append(nil)
            inputTypeStack.append(itemType.flatMap { isInputType($0) ? $0 : nil })
        case .enumValue(let name, _):
            if let named = inputType.flatMap({ types[$0] }), named.kind == .enum {
                enumValue = named.definition.enumValues[name]
            } else {
                enumValue = nil
            }
        default:
            break
        }
    }

    /// Leaves a value.
    public func leave(_ node: Value) {
        switch node {
        case .list:
            defaultValueStack.removeLast()
            inputTypeStack.removeLast()
        case .enumValue:
            enumValue = nil
        default:
            break
        }
    }

    /// Enters an object field: the input type is the input object's field type.
    public func enter(_ node: ObjectField) {
        var field: InputValueDef?
        if let named = inputType.flatMap({ types[$0] }), named.kind == .inputObject {
            field = named.definition.inputFields[node.name.value]
        }
        defaultValueStack.append(field?.defaultValue)
        inputTypeStack.append(field.flatMap { isInputType($0.type) ? $0.type : nil })
    }

    /// Leaves an object field.
    public func leave(_ node: ObjectField) {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    // MARK: Helpers

    private func pushOutputType(_ type: ValidationType?) {
        if let type, type.isOutputType {
            typeStack.append(.named(type.name))
            namedTypeStack.append(type)
        } else {
            typeStack.append(nil)
            namedTypeStack.append(nil)
        }
    }

    private func popType() {
        typeStack.removeLast()
        namedTypeStack.removeLast()
    }

    private func isInputType(_ type: TypeRef) -> Bool {
        types[type]?.isInputType == true
    }
}
