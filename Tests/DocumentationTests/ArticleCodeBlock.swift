import Foundation

/// A ```` ```swift ```` block of a documentation article, and the Swift file it is compiled as.
///
/// A block reads like a small program: imports, then declarations and statements at the top level,
/// as in a `main.swift`. So that every block of every article typechecks in one compiler run, each
/// becomes a file of its own: its imports stay at the top, its extensions stay at file scope, its
/// other type declarations go into a namespace of its own (`enum DocBlock_<article>_<n>`), and its
/// statements (local functions included) become the body of that namespace's
/// `@MainActor static func run() async throws`, as top-level code runs on the main actor. Two
/// blocks may then declare the same names. What a block cannot do there: a type that uses the
/// block's variables (they are locals of `run`), or `@main`. `#sourceLocation` lines make the
/// compiler's messages name the article and its line.
///
/// A block whose first line is `// docs: not compiled (<reason>)` is not compiled (for example a
/// SwiftUI view, which needs an Apple SDK); the reason is required. A package manifest (first line
/// `// swift-tools-version:`, which must stay first) is not compiled either: SwiftPM compiles it.
struct ArticleCodeBlock: Sendable, Hashable {
    /// The article's path, relative to the repository root.
    let article: String
    /// The article line of the block's first code line (1-based).
    let line: Int
    /// The code, without the fences and without the indentation common to its lines.
    let lines: [String]

    /// The marker that keeps a block out of the compiler run.
    static let skipMarker = "// docs: not compiled ("

    /// Why the block is not compiled, when its first line is the marker.
    var skipReason: String? {
        if lines.first?.hasPrefix("// swift-tools-version:") == true { return "a package manifest" }
        guard let first = lines.first?.trimmingCharacters(in: .whitespaces), first.hasPrefix(Self.skipMarker),
              first.hasSuffix(")") else { return nil }
        let reason = first.dropFirst(Self.skipMarker.count).dropLast().trimmingCharacters(in: .whitespaces)
        return reason.isEmpty ? nil : reason
    }

    /// Whether the first line starts like the marker but is not a valid one (no reason, no `)`).
    var hasMalformedMarker: Bool {
        guard let first = lines.first?.trimmingCharacters(in: .whitespaces) else { return false }
        return first.hasPrefix("// docs:") && skipReason == nil
    }

    /// Every ```` ```swift ```` block of `text` (an article at `article`), in order.
    static func blocks(in text: String, article: String) -> [ArticleCodeBlock] {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [ArticleCodeBlock] = []
        var index = 0
        while index < all.count {
            let fence = all[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard fence == "```swift" else {
                if fence.hasPrefix("```") && fence.count > 3 || fence == "```" { index = Self.closingFence(after: index, in: all) + 1 }
                continue
            }
            let end = Self.closingFence(after: index, in: all)
            let body = Array(all[index..<min(end, all.count)])
            blocks.append(ArticleCodeBlock(article: article, line: index + 1, lines: Self.dedented(body)))
            index = end + 1
        }
        return blocks
    }

    /// The index of the line closing a fenced block whose code starts at `start` (the count when none does).
    private static func closingFence(after start: Int, in lines: [String]) -> Int {
        lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" } ?? lines.count
    }

    /// `lines` without the leading whitespace they all share (blocks inside list items are indented).
    private static func dedented(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.count >= common ? String($0.dropFirst(common)) : $0 }
    }

    // MARK: The compiled file

    /// Where a top-level item of a block goes in its file.
    enum Place: Equatable {
        case imports, fileScope, namespace, body
    }

    /// The Swift file this block is compiled as; `name` is its namespace (a Swift identifier).
    func swiftFile(namespace name: String) -> String {
        var chunks: [Place: [String]] = [.imports: [], .fileScope: [], .namespace: [], .body: []]
        for item in Self.items(lines) {
            var chunk = ["#sourceLocation(file: \"\(article)\", line: \(line + item.start))"]
            chunk += lines[item.start..<item.end]
            chunk.append("#sourceLocation()")
            chunks[item.place]! += chunk
        }
        var file = chunks[.imports]!
        file.append("enum \(name) {")
        file += chunks[.namespace]!
        file.append("@MainActor static func run() async throws {")
        file += chunks[.body]!
        file.append("}")
        file.append("}")
        file += chunks[.fileScope]!
        return file.joined(separator: "\n") + "\n"
    }

    /// The block's top-level items: line ranges, each with where it goes. Comments, blank lines and
    /// attribute lines go with the item after them; an item runs until its brackets close.
    static func items(_ lines: [String]) -> [(start: Int, end: Int, place: Place)] {
        var items: [(start: Int, end: Int, place: Place)] = []
        var scanner = BracketScanner()
        var start = 0
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            let isPrefix = trimmed.isEmpty || trimmed.hasPrefix("//") || Self.isAttributeLine(trimmed)
            scanner.scan(lines[index])
            index += 1
            if isPrefix && scanner.depth == 0 && !scanner.inString { continue }
            // The item started at `trimmed`'s line; take lines until its brackets and strings close.
            while (scanner.depth > 0 || scanner.inString) && index < lines.count {
                scanner.scan(lines[index])
                index += 1
            }
            items.append((start, index, Self.place(of: trimmed)))
            start = index
        }
        if start < lines.count { items.append((start, lines.count, .body)) }
        return items
    }

    /// Where an item starting with `line` (trimmed) goes, by its first keyword after attributes and modifiers.
    static func place(of line: String) -> Place {
        let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "package", "final", "open",
                                      "nonisolated", "indirect"]
        var words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })
            .map(String.init)[...]
        while let first = words.first, first.hasPrefix("@") || first.hasSuffix(")") || modifiers.contains(first) {
            words = words.dropFirst()
        }
        switch words.first {
        case "import": return .imports
        case "extension": return .fileScope
        case "struct", "enum", "class", "actor", "protocol", "typealias": return .namespace
        default: return .body
        }
    }

    /// A line holding attributes only (`@MainActor`, `@available(*, deprecated)`), which belong to the next item.
    static func isAttributeLine(_ trimmed: String) -> Bool {
        trimmed.wholeMatch(of: #/(@\w+(\([^()]*\))?\s*)+/#) != nil
    }
}

/// Follows the nesting of `{}`, `()` and `[]` across lines, outside string literals (single-line
/// ones with their interpolations, multi-line `"""` ones) and `//` comments.
struct BracketScanner {
    /// Open brackets not yet closed.
    private(set) var depth = 0
    /// Inside a multi-line string literal at the end of the last line.
    private(set) var inString = false

    mutating func scan(_ line: String) {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            if inString {
                if Self.has("\"\"\"", in: characters, at: index) { inString = false; index += 3 } else { index += 1 }
                continue
            }
            if Self.has("//", in: characters, at: index) { return }
            if Self.has("\"\"\"", in: characters, at: index) {
                inString = true
                index += 3
                continue
            }
            switch characters[index] {
            case "\"":
                index = Self.endOfString(characters, from: index)
                continue
            case "{", "(", "[": depth += 1
            case "}", ")", "]": depth = max(0, depth - 1)
            default: break
            }
            index += 1
        }
    }

    private static func has(_ text: String, in characters: [Character], at index: Int) -> Bool {
        let pattern = Array(text)
        return index + pattern.count <= characters.count && Array(characters[index..<index + pattern.count]) == pattern
    }

    /// The index after the single-line string literal opening at `start`, skipping escapes and the
    /// code of interpolations (strings in them included); the line's end when it does not close.
    private static func endOfString(_ characters: [Character], from start: Int) -> Int {
        var index = start + 1
        while index < characters.count {
            switch characters[index] {
            case "\\" where index + 1 < characters.count && characters[index + 1] == "(":
                var parentheses = 1
                index += 2
                while index < characters.count && parentheses > 0 {
                    switch characters[index] {
                    case "(": parentheses += 1; index += 1
                    case ")": parentheses -= 1; index += 1
                    case "\"": index = endOfString(characters, from: index)
                    default: index += 1
                    }
                }
            case "\\": index += 2
            case "\"": return index + 1
            default: index += 1
            }
        }
        return index
    }
}
