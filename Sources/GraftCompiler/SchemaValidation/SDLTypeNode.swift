import GraftLanguage

/// A type definition or extension of the SDL documents, with the parts the SDL rules read taken
/// out of its `TypeDefinition` once.
///
/// Matching a case of a definition held in an array and keeping anything of its node (a name, a
/// list) copied the whole node, a retain and a release per reference in it, in each of the six
/// walks the rules make over the documents. The rules read these nodes in place instead.
struct SDLTypeNode {
    /// The index of the document.
    var document: Int
    /// Whether the node is an extension (`extend type ...`).
    var isExtension: Bool
    var kind: TypeKind
    var name: Name
    var range: SourceRange
    var directives: [Directive]
    /// The interfaces of an object or interface.
    var interfaces: [NamedType] = []
    /// The fields of an object or interface.
    var fields: [FieldDefinition] = []
    /// The fields of an input object.
    var inputFields: [InputValueDefinition] = []
    /// The values of an enum.
    var values: [EnumValueDefinition] = []
    /// The member types of a union.
    var members: [NamedType] = []

    /// The node of a definition or extension. Made by the memberwise initializer: one assigning
    /// the properties one by one left a copy and a destroy of the whole node behind.
    static func make(_ node: TypeDefinition, document: Int, isExtension: Bool) -> SDLTypeNode {
        // One case per pattern: a case binding the same name across patterns copies the node.
        switch node {
        case .scalar(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .scalar, name: node.name,
                               range: node.range, directives: node.directives)
        case .object(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .object, name: node.name,
                               range: node.range, directives: node.directives, interfaces: node.interfaces, fields: node.fields)
        case .interface(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .interface, name: node.name,
                               range: node.range, directives: node.directives, interfaces: node.interfaces, fields: node.fields)
        case .union(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .union, name: node.name,
                               range: node.range, directives: node.directives, members: node.types)
        case .enum(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .enum, name: node.name,
                               range: node.range, directives: node.directives, values: node.values)
        case .inputObject(let node):
            return SDLTypeNode(document: document, isExtension: isExtension, kind: .inputObject, name: node.name,
                               range: node.range, directives: node.directives, inputFields: node.fields)
        }
    }

    /// The type nodes of `documents`, in document order.
    static func collect(_ documents: [Located<Document>]) -> [SDLTypeNode] {
        var nodes: [SDLTypeNode] = []
        nodes.reserveCapacity(documents.reduce(0) { $0 + $1.node.definitions.count })
        for (index, document) in documents.enumerated() {
            document.node.definitions.forEachInPlace { definition in
                switch definition.pointee {
                case .type(let node): nodes.append(make(node, document: index, isExtension: false))
                case .typeExtension(let node): nodes.append(make(node, document: index, isExtension: true))
                default: break
                }
            }
        }
        return nodes
    }
}
