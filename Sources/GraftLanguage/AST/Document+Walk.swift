extension Document {
    /// Walks the document depth-first in source order, calling the visitor's `enter` and `leave`.
    public func walk<V: ASTVisitor>(_ visitor: inout V) {
        var walker = ASTWalker(visitor: visitor)
        walker.walk(self)
        visitor = walker.visitor
    }
}

/// Depth-first traversal in the order graphql-js visits node fields.
struct ASTWalker<V: ASTVisitor> {
    var visitor: V

    mutating func walk(_ node: Document) {
        if visitor.enter(node) == .visitChildren {
            for definition in node.definitions { walk(definition) }
        }
        visitor.leave(node)
    }

    mutating func walk(_ definition: Definition) {
        switch definition {
        case .operation(let node): walk(node)
        case .fragment(let node): walk(node)
        case .schema(let node): walkSchema(node, isExtension: false)
        case .schemaExtension(let node): walkSchema(node, isExtension: true)
        case .type(let node): walkType(node, isExtension: false)
        case .typeExtension(let node): walkType(node, isExtension: true)
        case .directive(let node): walk(node)
        }
    }

    mutating func walk(_ node: OperationDefinition) {
        if visitor.enter(node) == .visitChildren {
            for child in node.variableDefinitions { walk(child) }
            walk(node.directives)
            walk(node.selectionSet)
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: VariableDefinition) {
        if visitor.enter(node) == .visitChildren {
            walk(Value.variable(node.variable))
            walk(node.type)
            if let value = node.defaultValue { walk(value) }
            walk(node.directives)
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: SelectionSet) {
        if visitor.enter(node) == .visitChildren {
            for selection in node.selections {
                switch selection {
                case .field(let field): walk(field)
                case .fragmentSpread(let spread): walk(spread)
                case .inlineFragment(let fragment): walk(fragment)
                }
            }
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: Field) {
        if visitor.enter(node) == .visitChildren {
            for argument in node.arguments { walk(argument) }
            walk(node.directives)
            if let selectionSet = node.selectionSet { walk(selectionSet) }
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: Argument) {
        if visitor.enter(node) == .visitChildren { walk(node.value) }
        visitor.leave(node)
    }

    mutating func walk(_ node: FragmentSpread) {
        if visitor.enter(node) == .visitChildren { walk(node.directives) }
        visitor.leave(node)
    }

    mutating func walk(_ node: InlineFragment) {
        if visitor.enter(node) == .visitChildren {
            if let typeCondition = node.typeCondition { walk(typeCondition) }
            walk(node.directives)
            walk(node.selectionSet)
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: FragmentDefinition) {
        if visitor.enter(node) == .visitChildren {
            for child in node.variableDefinitions ?? [] { walk(child) }
            walk(node.typeCondition)
            walk(node.directives)
            walk(node.selectionSet)
        }
        visitor.leave(node)
    }

    mutating func walk(_ directives: [Directive]) {
        for node in directives {
            if visitor.enter(node) == .visitChildren {
                for argument in node.arguments { walk(argument) }
            }
            visitor.leave(node)
        }
    }

    mutating func walk(_ node: Value) {
        if visitor.enter(node) == .visitChildren {
            switch node {
            case .list(let values, _):
                for value in values { walk(value) }
            case .object(let fields, _):
                for field in fields {
                    if visitor.enter(field) == .visitChildren { walk(field.value) }
                    visitor.leave(field)
                }
            default:
                break
            }
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: TypeReference) {
        walk(node.namedType)
    }

    mutating func walk(_ node: NamedType) {
        _ = visitor.enter(node)
        visitor.leave(node)
    }

    mutating func walkSchema(_ node: SchemaDefinition, isExtension: Bool) {
        if visitor.enterSchema(node, isExtension: isExtension) == .visitChildren {
            walk(node.directives)
            for operationType in node.operationTypes {
                if visitor.enter(operationType) == .visitChildren { walk(operationType.type) }
                visitor.leave(operationType)
            }
        }
        visitor.leaveSchema(node, isExtension: isExtension)
    }

    mutating func walkType(_ node: TypeDefinition, isExtension: Bool) {
        if visitor.enterType(node, isExtension: isExtension) == .visitChildren {
            switch node {
            case .scalar(let scalar):
                walk(scalar.directives)
            case .object(let object), .interface(let object):
                for interface in object.interfaces { walk(interface) }
                walk(object.directives)
                for field in object.fields { walk(field) }
            case .union(let union):
                walk(union.directives)
                for member in union.types { walk(member) }
            case .enum(let enumType):
                walk(enumType.directives)
                for value in enumType.values {
                    if visitor.enter(value) == .visitChildren { walk(value.directives) }
                    visitor.leave(value)
                }
            case .inputObject(let input):
                walk(input.directives)
                for field in input.fields { walk(field) }
            }
        }
        visitor.leaveType(node, isExtension: isExtension)
    }

    mutating func walk(_ node: FieldDefinition) {
        if visitor.enter(node) == .visitChildren {
            for argument in node.arguments { walk(argument) }
            walk(node.type)
            walk(node.directives)
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: InputValueDefinition) {
        if visitor.enter(node) == .visitChildren {
            walk(node.type)
            if let value = node.defaultValue { walk(value) }
            walk(node.directives)
        }
        visitor.leave(node)
    }

    mutating func walk(_ node: DirectiveDefinition) {
        if visitor.enter(node) == .visitChildren {
            for argument in node.arguments { walk(argument) }
        }
        visitor.leave(node)
    }
}
