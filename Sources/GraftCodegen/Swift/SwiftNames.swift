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

    /// `["Droid", "Human"]`: an array literal of string literals.
    static func setLiteral(_ names: [String]) -> String {
        "[" + names.map(stringLiteral).joined(separator: ", ") + "]"
    }

    /// A Swift string literal with the text escaped.
    static func stringLiteral(_ text: String) -> String {
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
