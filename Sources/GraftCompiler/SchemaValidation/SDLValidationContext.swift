import GraftLanguage

/// The state shared by the SDL rules: the documents, the schema they extend (if any) and the
/// errors reported so far, each with the traversal position graphql-js would report it at.
struct SDLValidationContext {
    /// The documents, as if concatenated.
    let documents: [Located<Document>]
    /// The schema being extended, or nil.
    let schema: Schema?
    /// The type definitions and extensions, in document order, for the rules to read in place.
    let typeNodes: [SDLTypeNode]
    private var entries: [Entry] = []
    /// The rule currently running (orders errors reported at the same node).
    var ruleIndex = 0

    private struct Entry {
        var document: Int
        var offset: Int
        var phase: Int
        var rule: Int
        var sequence: Int
        var error: GraphQLError
    }

    /// The nodes that carry directives, collected once for the rules that read them.
    private(set) lazy var directiveSites: [DirectiveSite] = {
        var sites: [DirectiveSite] = []
        forEachDirectiveSite { sites.append($0) }
        return sites
    }()

    /// The type names of the documents, indexed once for the rules that look types up by name.
    private(set) lazy var typeTable = SDLTypeTable(typeNodes: typeNodes, schema: schema)

    /// The names of types with more than one definition or extension node, for the rules that
    /// merge names across a type's nodes.
    var multiNodeTypeNames: NameIndex {
        mutating get { typeTable.multiNodeNames }
    }

    /// The number of definitions in all documents (a capacity for per-definition tables).
    var definitionCount: Int { documents.reduce(0) { $0 + $1.node.definitions.count } }

    init(documents: [Located<Document>], schema: Schema?) {
        self.documents = documents
        self.schema = schema
        self.typeNodes = SDLTypeNode.collect(documents)
    }

    /// Reports an error found when the traversal enters the node starting at `offset` of
    /// document `document` (or leaves the node ending at `offset` when `onLeave` is true).
    mutating func report(_ error: GraphQLError, document: Int, offset: Int, onLeave: Bool = false) {
        entries.append(Entry(document: document, offset: offset, phase: onLeave ? 0 : 1, rule: ruleIndex,
                             sequence: entries.count, error: error))
    }

    /// The errors in graphql-js's order: traversal position, then rule.
    func sortedErrors() -> [GraphQLError] {
        entries.sorted { a, b in
            if a.document != b.document { return a.document < b.document }
            if a.offset != b.offset { return a.offset < b.offset }
            if a.phase != b.phase { return a.phase < b.phase }
            if a.rule != b.rule { return a.rule < b.rule }
            return a.sequence < b.sequence
        }.map(\.error)
    }
}
