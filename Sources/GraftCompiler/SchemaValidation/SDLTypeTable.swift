import GraftLanguage

/// The type names of the documents, indexed once for every SDL rule that looks types up by name:
/// known type names, unique type names, possible type extensions and the fields merged across a
/// type's nodes. Each rule used to walk the definitions and hash every type name into a table of
/// its own (four walks, each copying every definition node).
struct SDLTypeTable {
    /// What the documents (and the schema being extended) say about one name.
    struct Entry {
        /// The first definition: its document and name node.
        var firstDefinition: (document: Int, name: Name)?
        /// The last definition: its kind, document and range.
        var lastDefinition: (kind: TypeKind, document: Int, range: SourceRange)?
        /// Definitions and extensions with this name.
        var nodeCount = 0
        /// Whether the schema being extended has a type with this name.
        var inSchema = false
        /// Whether it is a specified scalar or introspection type.
        var isStandard = false
    }

    /// A definition of a name that an earlier definition already has, in document order.
    struct RepeatedDefinition {
        var document: Int
        var nodeStart: Int
        var name: Name
        /// The entry of the name.
        var entry: Int
    }

    private var index = NameIndex()
    private(set) var entries: [Entry] = []
    /// Defined names in the order of their first definitions.
    private(set) var definedOrder: [String] = []
    /// Definitions of names defined before, in document order.
    private(set) var repeatedDefinitions: [RepeatedDefinition] = []
    /// The extensions, in document order.
    private(set) var extensions: [SDLTypeNode] = []
    /// Names with more than one definition or extension node.
    private(set) var multiNodeNames = NameIndex()

    init(typeNodes: [SDLTypeNode], schema: Schema?) {
        let capacity = typeNodes.count + (schema?.types.count ?? 0) + 16
        index.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
        definedOrder.reserveCapacity(capacity)
        typeNodes.forEachInPlace { node in
            let name = node.pointee.name.value
            let entry = entry(for: name)
            if node.pointee.isExtension {
                extensions.append(node.pointee)
            } else {
                if entries[entry].firstDefinition == nil {
                    entries[entry].firstDefinition = (node.pointee.document, node.pointee.name)
                    definedOrder.append(name)
                } else {
                    repeatedDefinitions.append(RepeatedDefinition(document: node.pointee.document, nodeStart: node.pointee.range.start,
                                                                  name: node.pointee.name, entry: entry))
                }
                entries[entry].lastDefinition = (node.pointee.kind, node.pointee.document, node.pointee.range)
            }
            addNode(name, entry)
        }
        if let schema {
            schema.types.forEachInPlace { type in entries[entry(for: type.name)].inSchema = true }
        }
        for name in BuiltIns.scalarNames + BuiltIns.introspectionTypeNames { entries[entry(for: name)].isStandard = true }
    }

    /// The entry of `name`, added if new.
    private mutating func entry(for name: String) -> Int {
        let position = index.insertIfAbsent(name, position: entries.count)
        if position == entries.count { entries.append(Entry()) }
        return position
    }

    private mutating func addNode(_ name: String, _ entry: Int) {
        entries[entry].nodeCount += 1
        if entries[entry].nodeCount == 2 { _ = multiNodeNames.insertIfAbsent(name, position: 0) }
    }

    /// The entry of `name`, or nil.
    func entry(named name: String) -> Entry? {
        index.position(of: name).map { entries[$0] }
    }

    /// Whether a type reference to `name` is known: defined in the documents or in the schema
    /// being extended, or (only in type-system definitions) a specified scalar or introspection type.
    func isKnown(_ name: String, inTypeSystem: Bool) -> Bool {
        guard let position = index.position(of: name) else { return false }
        return entries.withUnsafeBufferPointer { entries in
            let entry = entries.baseAddress! + position
            return entry.pointee.firstDefinition != nil || entry.pointee.inSchema || (inTypeSystem && entry.pointee.isStandard)
        }
    }
}
