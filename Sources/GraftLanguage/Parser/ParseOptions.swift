/// Options and limits for parsing. The defaults accept the largest real schemas (GitHub's,
/// about 1.2 MB) while turning hostile input into syntax errors instead of crashes.
public struct ParseOptions: Sendable, Hashable {
    /// The most tokens a document may hold (graphql-js's `maxTokens`); nil for no limit.
    public var maxTokens: Int?
    /// The deepest nesting of selection sets, values and types. Guards the recursive parser's stack.
    public var maxDepth: Int
    /// Accept graphql-js's legacy `fragment Name($var: Type) on T` syntax.
    public var allowLegacyFragmentVariables: Bool

    /// Creates options.
    public init(maxTokens: Int? = 2_000_000, maxDepth: Int = 256, allowLegacyFragmentVariables: Bool = false) {
        self.maxTokens = maxTokens
        self.maxDepth = maxDepth
        self.allowLegacyFragmentVariables = allowLegacyFragmentVariables
    }

    /// The default limits.
    public static let `default` = ParseOptions()
}

/// A limit of ``ParseOptions`` that a document exceeded (``SyntaxError/exceededLimit``).
public enum ParseLimit: Sendable, Hashable {
    /// The document holds more than this many tokens (``ParseOptions/maxTokens``).
    case maxTokens(Int)
    /// The document nests deeper than this many levels (``ParseOptions/maxDepth``).
    case maxDepth(Int)
}

/// Parses a GraphQL document (Section 2.2, Document).
public func parse(_ source: Source, options: ParseOptions = .default) throws(SyntaxError) -> Document {
    try Parser.withParser(source, options) { (parser: inout Parser) throws(SyntaxError) in try parser.parseDocument() }
}

/// Parses GraphQL text as a document.
public func parse(_ text: String, options: ParseOptions = .default) throws(SyntaxError) -> Document {
    try parse(Source(text), options: options)
}

/// Parses a single value literal that may contain variables (graphql-js `parseValue`).
public func parseValue(_ source: Source, options: ParseOptions = .default) throws(SyntaxError) -> Value {
    try Parser.withParser(source, options) { (parser: inout Parser) throws(SyntaxError) in
        let value = try parser.parseValueLiteral(isConst: false)
        try parser.expect(.endOfFile)
        return value
    }
}

/// Parses a single constant value literal (graphql-js `parseConstValue`).
public func parseConstValue(_ source: Source, options: ParseOptions = .default) throws(SyntaxError) -> Value {
    try Parser.withParser(source, options) { (parser: inout Parser) throws(SyntaxError) in
        let value = try parser.parseValueLiteral(isConst: true)
        try parser.expect(.endOfFile)
        return value
    }
}

/// Parses a type reference such as `[String!]!` (graphql-js `parseType`).
public func parseType(_ source: Source, options: ParseOptions = .default) throws(SyntaxError) -> TypeReference {
    try Parser.withParser(source, options) { (parser: inout Parser) throws(SyntaxError) in
        let type = try parser.parseTypeReference()
        try parser.expect(.endOfFile)
        return type
    }
}
