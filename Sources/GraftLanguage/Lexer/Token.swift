/// The kind of a lexical token (the GraphQL specification's Punctuator, Name, IntValue,
/// FloatValue and StringValue, plus start and end of file and comments).
public enum TokenKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    case startOfFile, endOfFile
    case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
    case bracketLeft, bracketRight, braceLeft, pipe, braceRight
    case name, int, float, string, blockString, comment

    /// The name graphql-js uses for the kind (`<EOF>`, `Name`, `{`, ...).
    public var description: String {
        switch self {
        case .startOfFile: return "<SOF>"
        case .endOfFile: return "<EOF>"
        case .bang: return "!"
        case .dollar: return "$"
        case .ampersand: return "&"
        case .parenLeft: return "("
        case .parenRight: return ")"
        case .spread: return "..."
        case .colon: return ":"
        case .equals: return "="
        case .at: return "@"
        case .bracketLeft: return "["
        case .bracketRight: return "]"
        case .braceLeft: return "{"
        case .pipe: return "|"
        case .braceRight: return "}"
        case .name: return "Name"
        case .int: return "Int"
        case .float: return "Float"
        case .string: return "String"
        case .blockString: return "BlockString"
        case .comment: return "Comment"
        }
    }

    /// Whether the kind is a punctuator (quoted in error messages).
    public var isPunctuator: Bool {
        switch self {
        case .bang, .dollar, .ampersand, .parenLeft, .parenRight, .spread, .colon, .equals, .at,
             .bracketLeft, .bracketRight, .braceLeft, .pipe, .braceRight:
            return true
        default:
            return false
        }
    }

    /// The kind as it appears in `Expected <kind>` messages: punctuators quoted.
    var quotedDescription: String { isPunctuator ? "\"\(description)\"" : description }
}

/// A token: its kind and its byte range in the source. Values are read from the source on demand.
/// Frozen (a layout promise under library evolution), as its initializer is inlinable.
@frozen
public struct Token: Sendable, Hashable {
    /// The kind of token.
    public var kind: TokenKind
    /// The byte offset of the first byte.
    public var start: Int
    /// The byte offset just past the token.
    public var end: Int

    /// Creates a token.
    @inlinable
    public init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = start
        self.end = end
    }
}
