/// Something with a name, stored in a `NamedList`.
public protocol Named {
    /// The name, unique within its list.
    var name: String { get }
}

/// An ordered collection of named elements with O(1) lookup by name (fields, arguments,
/// enum values, types). Keeps definition order, which printing and validation messages follow.
///
/// Short lists (most fields' arguments, most types' fields) are searched linearly; a name index
/// is built once a list grows past `indexThreshold` elements.
public struct NamedList<Element: Named>: Sendable, RandomAccessCollection where Element: Sendable {
    /// The elements in definition order.
    public private(set) var elements: [Element]
    /// Positions by name; empty (no allocation) until the list is longer than `indexThreshold`.
    private var indexByName: NameIndex
    private static var indexThreshold: Int { 8 }

    /// Creates an empty list without allocating (the list below costs a call per element list
    /// built, about 130 instructions, for every field's empty argument list).
    public init() {
        elements = []
        indexByName = NameIndex()
    }

    /// Creates a list; a later element with an existing name keeps the earlier one's lookup
    /// entry but both stay in `elements` (validation reports the duplicate).
    public init(_ elements: [Element]) {
        self.elements = []
        self.elements.reserveCapacity(elements.count)
        self.indexByName = NameIndex()
        for element in elements { append(element) }
    }

    /// Reserves room for `count` elements.
    public mutating func reserveCapacity(_ count: Int) {
        elements.reserveCapacity(count)
    }

    /// Appends an element.
    public mutating func append(_ element: Element) {
        if elements.count > Self.indexThreshold {
            // One hash: the position is stored only when the name is new.
            _ = indexByName.insertIfAbsent(element.name, position: elements.count)
        } else if elements.count == Self.indexThreshold {
            var index = NameIndex()
            index.reserveCapacity(Swift.max(elements.capacity, elements.count * 2))
            elements.withUnsafeBufferPointer { buffer in
                for position in buffer.indices { _ = index.insertIfAbsent(buffer[position].name, position: position) }
            }
            _ = index.insertIfAbsent(element.name, position: elements.count)
            indexByName = index
        }
        elements.append(element)
    }

    /// The position of the first element called `name`, or nil.
    public func index(of name: String) -> Int? {
        if elements.count > Self.indexThreshold { return indexByName.position(of: name) }
        // Borrowing the elements in place: reading through the array would copy each element.
        return elements.withUnsafeBufferPointer { buffer in
            for position in buffer.indices where buffer[position].name == name { return position }
            return nil
        }
    }

    /// The element with `name`, or nil.
    public subscript(name: String) -> Element? {
        guard let index = index(of: name) else { return nil }
        return elements[index]
    }

    /// Replaces the element with the same name, or appends it.
    public mutating func update(_ element: Element) {
        if elements.count > Self.indexThreshold {
            // One hash for both the lookup and the insertion of a new name.
            let count = elements.count
            let position = indexByName.insertIfAbsent(element.name, position: count)
            if position == count { elements.append(element) } else { elements[position] = element }
            return
        }
        if let index = index(of: element.name) { elements[index] = element } else { append(element) }
    }

    /// Calls `body` with each element in order, reading them in place instead of copying each
    /// one out (cheaper for large elements such as fields and types).
    public func forEachInPlace(_ body: (Element) throws -> Void) rethrows {
        try elements.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { try body(buffer[index]) }
        }
    }

    /// Whether an element has this name.
    public func contains(name: String) -> Bool { index(of: name) != nil }

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
