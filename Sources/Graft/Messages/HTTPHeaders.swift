/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Printing headers (`description`, `debugDescription`, `dump`) redacts secret fields such as
/// `Authorization` and `Cookie`, so a header list can't leak credentials into logs or test output.
public struct HTTPHeaders: Sendable, Hashable {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as given (compared case-insensitively).
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from name/value pairs, keeping their order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (case-insensitive); setting replaces every field of that name,
    /// and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            guard let newValue else {
                remove(name: name)
                return
            }
            if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                fields[index].value = newValue
                fields = fields.indices.compactMap { position in
                    position > index && fields[position].name.caseInsensitiveEquals(name) ? nil : fields[position]
                }
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value for `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a field named `name` exists (case-insensitive).
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates a header list from a literal such as `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}
