/// A recursive-descent parser for the GraphQL grammar (specification Appendix C), with
/// graphql-js 16's error messages and positions. Method names follow the grammar's productions.
///
/// Use the `parse`, `parseValue`, `parseConstValue` and `parseType` functions.
public struct Parser {
    var lexer: Lexer
    let options: ParseOptions
    /// The current token.
    var token: Token
    /// A token read ahead of `token`, if any.
    var lookaheadToken: Token?
    /// The end of the previous token (the end of the node being built).
    var lastTokenEnd: Int
    var tokenCount = 0
    /// `options.maxTokens`, or `Int.max` for no limit.
    let tokenLimit: Int
    var depth = 0
    /// The names read so far, each made into a `String` once.
    var names: NameTable

    init(lexer: Lexer, options: ParseOptions) {
        self.lexer = lexer
        self.options = options
        self.tokenLimit = options.maxTokens ?? Int.max
        self.names = NameTable(byteCount: lexer.bytes.count)
        self.token = Token(kind: .startOfFile, start: 0, end: 0)
        self.lastTokenEnd = 0
    }

    static func withParser<R>(_ source: Source, _ options: ParseOptions,
                              _ body: (inout Parser) throws(SyntaxError) -> R) throws(SyntaxError) -> R {
        try checkAddressable(source)
        return try Lexer.withLexer(source) { (lexer: inout Lexer) throws(SyntaxError) -> R in
            var parser = Parser(lexer: lexer, options: options)
            try parser.advance()  // past <SOF>
            return try body(&parser)
        }
    }

    /// Rejects a source longer than a `SourceRange` can address (4 GiB), before any range is made.
    static func checkAddressable(_ source: Source, byteCount: Int? = nil) throws(SyntaxError) {
        let count = byteCount ?? source.bytes.count
        guard count > SourceRange.maxOffset else { return }
        throw SyntaxError("Document of \(count) bytes is longer than the \(SourceRange.maxOffset) bytes a source can have.",
                          source: source, byteOffset: 0)
    }

    // MARK: Tokens

    /// Moves to the next token, counting tokens against `maxTokens`.
    @inline(__always)
    mutating func advance() throws(SyntaxError) {
        lastTokenEnd = token.end
        if let next = lookaheadToken {
            token = next
            lookaheadToken = nil
        } else {
            token = try lexer.nextToken()
        }
        // End-of-file tokens are counted too, but only come last, when no limit can be exceeded.
        tokenCount &+= 1
        if tokenCount > tokenLimit && token.kind != .endOfFile { throw tooManyTokens() }
    }

    /// `maxTokens` exceeded at the current token.
    @inline(never)
    func tooManyTokens() -> SyntaxError {
        let maxTokens = tokenLimit
        return SyntaxError("Document contains more that \(maxTokens) tokens. Parsing aborted.",
                           source: lexer.source, byteOffset: token.start, exceededLimit: .maxTokens(maxTokens))
    }

    /// The token after the current one.
    mutating func lookahead() throws(SyntaxError) -> Token {
        if let next = lookaheadToken { return next }
        if token.kind == .endOfFile { return token }
        let next = try lexer.nextToken()
        lookaheadToken = next
        return next
    }

    @inline(__always)
    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of `kind` or fails with `Expected <kind>, found <token>.`.
    @inline(__always)
    mutating func expect(_ kind: TokenKind) throws(SyntaxError) {
        guard token.kind == kind else {
            throw error("Expected \(kind.quotedDescription), found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    /// Consumes a token of `kind` if it is the current one.
    @inline(__always)
    mutating func expectOptional(_ kind: TokenKind) throws(SyntaxError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the name `keyword` or fails with `Expected "keyword", found <token>.`.
    mutating func expectKeyword(_ keyword: StaticString) throws(SyntaxError) {
        guard token.kind == .name && lexer.tokenText(token, equals: keyword) else {
            throw error("Expected \"\(keyword)\", found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    /// Consumes the name `keyword` if it is the current token.
    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(SyntaxError) -> Bool {
        guard token.kind == .name && lexer.tokenText(token, equals: keyword) else { return false }
        try advance()
        return true
    }

    /// Whether the current token is the name `keyword`.
    @inline(__always)
    func peekKeyword(_ keyword: StaticString) -> Bool {
        token.kind == .name && lexer.tokenText(token, equals: keyword)
    }

    /// `Unexpected <token>.` at a token (the current one by default).
    func unexpected(_ at: Token? = nil) -> SyntaxError {
        let token = at ?? self.token
        return error("Unexpected \(describe(token)).", at: token.start)
    }

    /// graphql-js's `getTokenDesc`: the kind, then the value in quotes when the token has one.
    func describe(_ token: Token) -> String {
        if let value = lexer.value(of: token) { return "\(token.kind.quotedDescription) \"\(value)\"" }
        return token.kind.quotedDescription
    }

    func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(message, source: lexer.source, byteOffset: offset)
    }

    /// A range from `start` to the end of the last consumed token.
    @inline(__always)
    func range(from start: Int) -> SourceRange { SourceRange(checkedStart: start, end: lastTokenEnd) }

    /// Guards recursion: call on entering a nested production, pair with `leave()`.
    @inline(__always)
    mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > options.maxDepth {
            throw SyntaxError("Document is nested deeper than \(options.maxDepth) levels. Parsing aborted.",
                              source: lexer.source, byteOffset: token.start, exceededLimit: .maxDepth(options.maxDepth))
        }
    }

    @inline(__always)
    mutating func leave() { depth -= 1 }

    // MARK: Lists

    /// The first capacity of a list being parsed: eight items, or fewer when eight would take more
    /// than 1,000 bytes. glibc serves blocks up to 1,032 bytes from its per-thread cache; a larger
    /// first block (eight 192-byte argument definitions) takes its slow path on every list.
    @inline(__always)
    static func initialCapacity<T>(_: T.Type) -> Int {
        Swift.max(1, Swift.min(8, 1_000 / MemoryLayout<T>.stride))
    }

    /// `open item+ close` — one or more items.
    @inline(__always)
    mutating func many<T>(_ open: TokenKind, _ close: TokenKind,
                          _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        try expect(open)
        var items: [T] = []
        items.reserveCapacity(Self.initialCapacity(T.self))
        repeat { items.append(try item(&self)) } while try !expectOptional(close)
        return items
    }

    /// `(open item+ close)?` — empty when `open` is absent.
    @inline(__always)
    mutating func optionalMany<T>(_ open: TokenKind, _ close: TokenKind,
                                  _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        guard try expectOptional(open) else { return [] }
        var items: [T] = []
        items.reserveCapacity(Self.initialCapacity(T.self))
        repeat { items.append(try item(&self)) } while try !expectOptional(close)
        return items
    }

    /// `open item* close` — zero or more items.
    @inline(__always)
    mutating func any<T>(_ open: TokenKind, _ close: TokenKind,
                         _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        try expect(open)
        var items: [T] = []
        items.reserveCapacity(Self.initialCapacity(T.self))
        while try !expectOptional(close) { items.append(try item(&self)) }
        return items
    }

    /// `delimiter? item (delimiter item)*`.
    mutating func delimitedMany<T>(_ delimiter: TokenKind,
                                   _ item: (inout Parser) throws(SyntaxError) -> T) throws(SyntaxError) -> [T] {
        _ = try expectOptional(delimiter)
        var items: [T] = []
        items.reserveCapacity(Self.initialCapacity(T.self))
        repeat { items.append(try item(&self)) } while try expectOptional(delimiter)
        return items
    }

    // MARK: Common productions

    /// Name (Section 2.1.9).
    @inline(__always)
    mutating func parseName() throws(SyntaxError) -> Name {
        let token = self.token
        try expect(.name)
        let value = names.name(lexer.bytes, token.start, token.end)
        return Name(value, range: SourceRange(checkedStart: token.start, end: token.end))
    }

    /// NamedType : Name.
    mutating func parseNamedType() throws(SyntaxError) -> NamedType {
        NamedType(name: try parseName())
    }

    /// Type : NamedType | ListType | NonNullType (Section 2.11).
    ///
    /// Inlined for the common `Name` and `Name!`: a reference returned through memory was
    /// written eight bytes at a time and read back sixteen at a time, and the read waited for the
    /// writes (a failed store-to-load forward) once per field. List types go to `parseListType`.
    @inline(__always)
    mutating func parseTypeReference() throws(SyntaxError) -> TypeReference {
        if peek(.bracketLeft) { return try parseListType() }
        let start = token.start
        var type = TypeReference.named(try parseNamedType())
        guard try expectOptional(.bang) else { return type }
        type.wrap(isList: false, range(from: start))
        return type
    }

    /// ListType : [ Type ], optionally followed by `!`.
    mutating func parseListType() throws(SyntaxError) -> TypeReference {
        let start = token.start
        try expect(.bracketLeft)
        try enter()
        var type = try parseTypeReference()
        leave()
        try expect(.bracketRight)
        type.wrap(isList: true, range(from: start))
        guard try expectOptional(.bang) else { return type }
        type.wrap(isList: false, range(from: start))
        return type
    }

    /// Directives[Const] : Directive[?Const]+ (Section 2.12). Inlined for the common case of none
    /// (a call per field, argument and enum value); a list goes to `parseDirectiveList`.
    @inline(__always)
    mutating func parseDirectives(isConst: Bool) throws(SyntaxError) -> [Directive] {
        guard peek(.at) else { return [] }
        return try parseDirectiveList(isConst: isConst)
    }

    /// One or more directives, from the current `@`.
    mutating func parseDirectiveList(isConst: Bool) throws(SyntaxError) -> [Directive] {
        var directives: [Directive] = []
        repeat { directives.append(try parseDirective(isConst: isConst)) } while peek(.at)
        return directives
    }

    /// Directive[Const] : @ Name Arguments[?Const]?
    mutating func parseDirective(isConst: Bool) throws(SyntaxError) -> Directive {
        let start = token.start
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArguments(isConst: isConst)
        return Directive(name: name, arguments: arguments, range: range(from: start))
    }

    /// Arguments[Const] : ( Argument[?Const]+ ) (Section 2.6).
    mutating func parseArguments(isConst: Bool) throws(SyntaxError) -> [Argument] {
        try optionalMany(.parenLeft, .parenRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseArgument(isConst: isConst)
        }
    }

    /// Argument[Const] : Name : Value[?Const]
    mutating func parseArgument(isConst: Bool) throws(SyntaxError) -> Argument {
        let start = token.start
        let name = try parseName()
        try expect(.colon)
        let value = try parseValueLiteral(isConst: isConst)
        return Argument(name: name, value: value, range: range(from: start))
    }

    /// Description : StringValue — when the current token is a string. Inlined, as `parseTypeReference`.
    @inline(__always)
    mutating func parseDescription() throws(SyntaxError) -> StringValue? {
        guard peekDescription() else { return nil }
        return try parseStringLiteral()
    }

    @inline(__always)
    func peekDescription() -> Bool { token.kind == .string || token.kind == .blockString }
}
