/// Swift spelling of GraphQL names: keyword escaping, casing, singular type names, string literals.
enum SwiftNames {
    /// Words that must be written in backticks to be used as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// The identifier, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// `heroDetails` → `HeroDetails`.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `HeroDetails` → `heroDetails`; a leading acronym is lowered up to the next word (`URLInfo` → `urlInfo`).
    static func lowerFirst(_ name: String) -> String {
        let characters = Array(name)
        var count = 0
        while count < characters.count, characters[count].isUppercase { count += 1 }
        if count > 1 && count < characters.count && characters[count].isLowercase { count -= 1 }
        if count == 0 { return name }
        return String(characters[..<count]).lowercased() + String(characters[count...])
    }

    /// An enum case name from a GraphQL enum value: `NEW_HOPE` → `newHope`, `jedi` → `jedi`.
    static func enumCase(_ value: String) -> String {
        let parts = value.split(separator: "_", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { return value }
        let isAllCaps = !value.contains { $0.isLowercase }
        var result = ""
        for (index, part) in parts.enumerated() {
            let word = isAllCaps ? part.lowercased() : String(part)
            result += index == 0 ? lowerFirst(word) : upperFirst(word)
        }
        if value.hasPrefix("_") { result = "_" + result }
        return result
    }

    /// The singular of a plural field name for its element type: `friends` → `Friend`,
    /// `categories` → `Category`, `addresses` → `Address`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies") && name.count > 3 { return name.dropLast(3) + "y" }
        if name.hasSuffix("sses") || name.hasSuffix("shes") || name.hasSuffix("ches") || name.hasSuffix("xes") {
            return String(name.dropLast(2))
        }
        if name.hasSuffix("s") && !name.hasSuffix("ss") && !name.hasSuffix("us") && name.count > 1 { return String(name.dropLast()) }
        return name
    }

    /// One line of a multi-line string literal's content: backslashes, the quotes of `"""` and
    /// control characters but tabs escaped.
    static func multilineContent(_ line: String) -> String {
        if let content = line.utf8.withContiguousStorageIfAvailable(asciiMultilineContent) ?? nil { return content }
        var result = ""
        var quotes = 0
        for scalar in line.unicodeScalars {
            quotes = scalar == "\"" ? quotes + 1 : 0
            switch scalar {
            case "\"" where quotes == 3:
                result += "\\\""
                quotes = 0
            case "\\": result += "\\\\"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `stringLiteral(_:)` byte by byte: the bytes of a scalar from U+0080 up are copied as they
    /// are, as the scalar would be.
    private static func utf8StringLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var result: [UInt8] = [0x22]
        result.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            switch byte {
            case 0x22: result += [0x5C, 0x22]
            case 0x5C: result += [0x5C, 0x5C]
            case 0x0A: result += [0x5C, 0x6E]
            case 0x0D: result += [0x5C, 0x72]
            case 0x09: result += [0x5C, 0x74]
            case 0..<0x20, 0x7F: result += Array("\\u{\(String(byte, radix: 16))}".utf8)
            default: result.append(byte)
            }
        }
        result.append(0x22)
        return String(decoding: result, as: UTF8.self)
    }

    /// `multilineContent(_:)` of ASCII text, byte by byte; nil for any other text.
    private static func asciiMultilineContent(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        guard appendMultilineContent(bytes[...], to: &result) else { return nil }
        return String(decoding: result, as: UTF8.self)
    }

    /// `multilineContent(_:)` of each line of ASCII text without `\r` (each byte a Character),
    /// each line followed by a newline: the body of a multi-line string literal; nil for any other text.
    static func asciiMultilineBody(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            guard appendMultilineContent(bytes[start..<end], to: &result) else { return nil }
            result.append(0x0A)
            start = end + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends `multilineContent(_:)` of ASCII bytes without `\r`; false for any other bytes.
    private static func appendMultilineContent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to result: inout [UInt8]) -> Bool {
        var quotes = 0
        for byte in bytes {
            guard byte < 0x80 && byte != 0x0D else { return false }
            quotes = byte == 0x22 ? quotes + 1 : 0
            switch byte {
            case 0x22 where quotes == 3:
                result += [0x5C, 0x22]
                quotes = 0
            case 0x5C: result += [0x5C, 0x5C]
            case 0x09: result.append(byte)
            case 0..<0x20, 0x7F: result += Array("\\u{\(String(byte, radix: 16))}".utf8)
            default: result.append(byte)
            }
        }
        return true
    }

    /// `["Droid", "Human"]`: an array literal of string literals.
    static func setLiteral(_ names: [String]) -> String {
        "[" + names.map(stringLiteral).joined(separator: ", ") + "]"
    }

    /// A Swift string literal with the text escaped.
    static func stringLiteral(_ text: String) -> String {
        if let literal = text.utf8.withContiguousStorageIfAvailable(utf8StringLiteral) { return literal }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
