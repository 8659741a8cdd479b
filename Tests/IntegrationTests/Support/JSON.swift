import Foundation

/// A decoded JSON value with subscripts that never trap, for terse assertions in tests:
/// `json["data"]["course"]["title"].string`.
struct JSON: @unchecked Sendable, CustomStringConvertible {
    /// What JSONSerialization produced (NSNull for null, nil for a missing member).
    let value: Any?

    /// Wraps an already decoded value.
    init(_ value: Any?) {
        self.value = value
    }

    /// Decodes `data`; throws when it is not JSON.
    init(data: Data) throws {
        value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// An object member, or a missing value.
    subscript(key: String) -> JSON {
        JSON((value as? [String: Any])?[key])
    }

    /// An array element, or a missing value.
    subscript(index: Int) -> JSON {
        guard let array = value as? [Any], array.indices.contains(index) else { return JSON(nil) }
        return JSON(array[index])
    }

    /// The string, if this is one.
    var string: String? { value as? String }
    /// The number as an Int, if this is a whole number.
    var int: Int? { (value as? NSNumber).flatMap { Int(exactly: $0.doubleValue) } }
    /// The number as a Double, if this is a number.
    var double: Double? { (value as? NSNumber)?.doubleValue }
    /// The Boolean, if this is one.
    var bool: Bool? { (value as? NSNumber).map(\.boolValue) }
    /// The elements, if this is an array.
    var array: [JSON]? { (value as? [Any]).map { $0.map(JSON.init) } }
    /// The members, if this is an object.
    var object: [String: JSON]? { (value as? [String: Any]).map { $0.mapValues(JSON.init) } }
    /// Whether this is JSON null.
    var isNull: Bool { value is NSNull }
    /// Whether the member or element was absent.
    var isMissing: Bool { value == nil }

    var description: String {
        guard let value, JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
            return String(describing: value)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
