/// An input value literal (Section 2.9).
public indirect enum Value: Sendable, Hashable {
    /// `$name`.
    case variable(Variable)
    /// An IntValue, as written.
    case int(String, SourceRange)
    /// A FloatValue, as written.
    case float(String, SourceRange)
    /// A StringValue or block string.
    case string(StringValue)
    /// `true` or `false`.
    case boolean(Bool, SourceRange)
    /// `null`.
    case null(SourceRange)
    /// An enum value.
    case enumValue(String, SourceRange)
    /// `[ ... ]`.
    case list([Value], SourceRange)
    /// `{ name: value ... }`.
    case object([ObjectField], SourceRange)

    /// Where the value is.
    public var range: SourceRange {
        switch self {
        case .variable(let variable): return variable.range
        case .int(_, let range), .float(_, let range), .boolean(_, let range), .null(let range),
             .enumValue(_, let range), .list(_, let range), .object(_, let range):
            return range
        case .string(let string): return string.range
        }
    }
}

/// A variable reference `$name` (Section 2.10).
public struct Variable: Sendable, Hashable {
    /// The name, without `$`.
    public var name: Name
    /// Where it is, from `$`.
    public var range: SourceRange

    /// Creates a variable.
    public init(name: Name, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// A string literal: its decoded value and whether it was written as a block string.
public struct StringValue: Sendable, Hashable {
    /// The decoded value (block strings dedented).
    public var value: String
    /// Whether it was a `"""` block string.
    public var block: Bool
    /// Where it is, quotes included.
    public var range: SourceRange

    /// Creates a string value.
    public init(value: String, block: Bool, range: SourceRange) {
        self.value = value
        self.block = block
        self.range = range
    }
}

/// An object field `name: value` in an object value.
public struct ObjectField: Sendable, Hashable {
    /// The field's name.
    public var name: Name
    /// Its value.
    public var value: Value
    /// Where it is.
    public var range: SourceRange

    /// Creates an object field.
    public init(name: Name, value: Value, range: SourceRange) {
        self.name = name
        self.value = value
        self.range = range
    }
}
