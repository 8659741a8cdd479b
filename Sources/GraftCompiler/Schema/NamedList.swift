/// Something with a name, stored in a `NamedList`.
public protocol Named {
    /// The name, unique within its list.
    var name: String { get }
}

/// An ordered collection of named elements with O(1) lookup by name (fields, arguments,
/// enum values, types). Keeps definition order, which printing and validation messages follow.
public struct NamedList<Element: Named>: Sendable, RandomAccessCollection where Element: Sendable {
    /// The elements in definition order.
    public private(set) var elements: [Element]
    private var indexByName: [String: Int]

    /// Creates a list; a later element with an existing name replaces the earlier one's lookup
    /// entry but both stay in `elements` (validation reports the duplicate).
    public init(_ elements: [Element] = []) {
        self.elements = []
        self.indexByName = [:]
        for element in elements { append(element) }
    }

    /// Appends an element.
    public mutating func append(_ element: Element) {
        if indexByName[element.name] == nil { indexByName[element.name] = elements.count }
        elements.append(element)
    }

    /// The element with `name`, or nil.
    public subscript(name: String) -> Element? {
        guard let index = indexByName[name] else { return nil }
        return elements[index]
    }

    /// Replaces the element with the same name, or appends it.
    public mutating func update(_ element: Element) {
        if let index = indexByName[element.name] { elements[index] = element } else { append(element) }
    }

    /// Whether an element has this name.
    public func contains(name: String) -> Bool { indexByName[name] != nil }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

extension NamedList: Equatable where Element: Equatable {
    public static func == (lhs: NamedList, rhs: NamedList) -> Bool { lhs.elements == rhs.elements }
}

extension NamedList: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}
