@_spi(Generated) import Graft

/// A test double for one object of the schema: generated per object type (`DroidMock`) when
/// `graft.json` asks for `testMocks`, with a settable optional property per field. A mock becomes
/// any selection set on its type with `init(mock:)`, which takes the fields the selection set
/// selects (following its type cases and fragments) and fails naming a required field that was
/// not set. Mocks are classes, as in Apollo iOS's ApolloTestSupport, so objects can refer to each
/// other (a hero whose friend's friend is the hero).
open class MockObject {
    /// The schema type the mock stands for (its `__typename`).
    open class var __typename: String { "" }

    /// The values set so far, by schema field name (nested objects are mocks).
    public private(set) var __fields: [String: Any] = [:]

    /// An empty mock: no field is set.
    public init() {}

    /// The value of a field (generated properties read and write through it); nil removes it.
    public subscript<T>(field name: String) -> T? {
        get { __fields[name].flatMap { MockConversion.unwrapped($0) } as? T }
        set { __fields[name] = newValue.flatMap { MockConversion.unwrapped($0) } }
    }
}

/// Why a mock could not become a selection set.
public struct MockError: Error, CustomStringConvertible, Sendable {
    /// What is missing or wrong, with the field and where the selection set selects it.
    public let description: String
}

extension SelectionSet {
    /// The selection set `mock` stands for: every field it selects (type cases and fragments that
    /// apply to the mock's type included) read from the mock, `__typename` from its type.
    /// - Throws: `MockError` naming the first required field the mock lacks (and its path in
    ///   the selection set), or a value of the wrong type.
    public init(mock: MockObject) throws(MockError) {
        let object = try MockConversion.object(Self.self, from: mock, path: "")
        do {
            try self.init(ObjectData(object))
        } catch {
            throw MockError(description: "\(type(of: mock)) does not make a \(Self.self): \(error)")
        }
    }
}

/// Builds response objects from mocks.
enum MockConversion {
    /// The value inside any number of optionals, or nil.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let child = mirror.children.first else { return nil }
        return unwrapped(child.value)
    }

    static func object(_ type: any SelectionSet.Type, from mock: MockObject, path: String) throws(MockError) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        try fill(&object, type.__selections, from: mock, path: path)
        return object
    }

    private static func fill(_ object: inout [String: JSONValue], _ selections: [Selection], from mock: MockObject,
                             path: String) throws(MockError) {
        let typename = Swift.type(of: mock).__typename
        for selection in selections {
            switch selection {
            case .field(let field):
                let fieldPath = path.isEmpty ? field.responseKey : path + "." + field.responseKey
                if field.name == "__typename" {
                    object[field.responseKey] = .string(typename)
                    continue
                }
                let value = mock.__fields[field.name]
                if value == nil && !field.conditions.isEmpty { continue }
                object[field.responseKey] = try json(value, field.type, field: "\(Swift.type(of: mock)).\(field.name)", path: fieldPath)
            case .inlineFragment(let fragment):
                guard fragment.possibleTypes?.contains(typename) ?? true else { continue }
                try fill(&object, fragment.type.__selections, from: mock, path: path)
            case .fragmentSpread(let spread):
                guard spread.possibleTypes?.contains(typename) ?? true else { continue }
                try fill(&object, spread.fragment.__selections, from: mock, path: path)
            }
        }
    }

    private static func json(_ value: Any?, _ type: OutputType, field: String, path: String) throws(MockError) -> JSONValue {
        let value = value.flatMap(unwrapped)
        switch type {
        case .nonNull(let inner):
            guard let value else { throw MockError(description: "\(field) is not set, and the selection set requires it (at \(path))") }
            return try json(value, inner, field: field, path: path)
        case .leaf:
            guard let value else { return .null }
            guard let leaf = value as? any OutputValue else {
                throw MockError(description: "\(field) holds a \(Swift.type(of: value)), not a scalar or enum (at \(path))")
            }
            return leaf.__jsonValue
        case .object(let selectionSet):
            guard let value else { return .null }
            guard let mock = value as? MockObject else {
                throw MockError(description: "\(field) holds a \(Swift.type(of: value)), not a mock (at \(path))")
            }
            return .object(try object(selectionSet, from: mock, path: path))
        case .list(let element):
            guard let value else { return .null }
            guard let items = value as? [Any] else {
                throw MockError(description: "\(field) holds a \(Swift.type(of: value)), not a list (at \(path))")
            }
            var result: [JSONValue] = []
            for (index, item) in items.enumerated() {
                result.append(try json(item, element, field: field, path: "\(path)[\(index)]"))
            }
            return .array(result)
        }
    }
}
