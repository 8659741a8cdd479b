/// An input value literal (Section 2.9).
public enum Value: Sendable, Hashable {
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
///
/// The parser validates every string completely (escapes included) but decodes its value on first
/// access: most descriptions in a large schema are never read by most tools.
public struct StringValue: Sendable, Hashable {
    enum Storage: Sendable {
        case decoded(String)
        /// The source bytes; the token is at `range`.
        case source([UInt8])
    }

    var storage: Storage
    /// Whether it was a `"""` block string.
    public var block: Bool
    /// Where it is, quotes included.
    public var range: SourceRange

    /// Creates a string value.
    public init(value: String, block: Bool, range: SourceRange) {
        self.storage = .decoded(value)
        self.block = block
        self.range = range
    }

    /// A string token of `source` whose value is decoded when first read.
    init(sourceBytes: [UInt8], block: Bool, range: SourceRange) {
        self.storage = .source(sourceBytes)
        self.block = block
        self.range = range
    }

    /// The decoded value (block strings dedented).
    public var value: String {
        get {
            switch storage {
            case .decoded(let value):
                return value
            case .source(let bytes):
                let token = Token(kind: block ? .blockString : .string, start: range.start, end: range.end)
                return bytes.withUnsafeBufferPointer { buffer in
                    Lexer(bytes: buffer, source: Source(uncheckedBytes: bytes)).value(of: token) ?? ""
                }
            }
        }
        set {
            storage = .decoded(newValue)
        }
    }

    public static func == (lhs: StringValue, rhs: StringValue) -> Bool {
        lhs.block == rhs.block && lhs.range == rhs.range && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(block)
        hasher.combine(range)
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
