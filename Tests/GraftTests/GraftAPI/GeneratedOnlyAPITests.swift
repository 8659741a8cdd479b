import Foundation
import GraftTestSupport
import Testing

/// API meant only for generated code stays out of apps' completions: every `public` declaration
/// of the runtime libraries whose name starts with `__` (and the selection builders, `Condition` and
/// `ArgumentValue`, which only generated `__selections` write) is `@_spi(Generated)`. Generated
/// files import GraftAPI with that SPI; an app's `import Graft` (which re-exports GraftAPI) does not
/// see it. The check reads the sources: a declaration counts as SPI when `@_spi(Generated)` is among
/// its attributes or those of the type or extension it is declared in, and a requirement of a public
/// protocol counts as public. The one exception is `userConformanceWitnesses`.
@Suite struct GeneratedOnlyAPITests {
    /// The runtime libraries apps import.
    static let modules = ["Sources/GraftAPI", "Sources/Graft", "Sources/GraftTesting", "Sources/GraftSQLite", "Sources/GraftWebSocket"]
    /// Names of declarations that only generated code uses although they do not start with `__`:
    /// the types, and the static builders of `Selection`.
    static let generatedOnlyNames: Set<String> = ["Condition", "ArgumentValue", "field", "typeCase", "deferred", "fragment", "typename"]
    /// Public `__` members that an app's own conformance needs: a `CustomScalar` the app writes, in a
    /// file importing Graft without the SPI, gets them from these extensions, which it could not see
    /// if they were SPI (the conformance would not compile). By the extension they are declared in.
    static let userConformanceWitnesses: [String: Set<String>] = [
        "extension CustomScalar": ["__decode", "__outputType", "__inputValue", "__jsonValue"],
        "extension InputValueConvertible": ["__collectFiles"],
    ]
    /// The files `generatedOnlyNames` applies to (other files may use these words for their own API).
    static let generatedOnlyFiles: Set<String> = ["Selection.swift"]

    /// `file:line: declaration` for each public declaration in `text` that should be SPI and is not.
    static func exposedDeclarations(in text: String, file: String, names: (_ name: String, _ line: String) -> Bool) -> [String] {
        let code = SourceGraph.code(of: text)
        // For each open brace: the line that opened it (with its attributes).
        var blocks: [String] = []
        var attributes = ""
        var found: [String] = []
        for (number, rawLine) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let header = attributes + " " + line
            let insideSPI = blocks.contains { $0.contains("@_spi(Generated)") }
            let inPublicProtocol = blocks.last?.contains("public protocol ") ?? false
            if let name = declaredName(line), names(name, line) {
                let isPublic = line.contains("public ") || (inPublicProtocol && !line.contains("private "))
                let enclosing = blocks.last?.trimmingCharacters(in: .whitespaces) ?? ""
                let isWitness = userConformanceWitnesses.contains { enclosing.hasPrefix($0.key + " ") && $0.value.contains(name) }
                if isPublic && !insideSPI && !isWitness && !header.contains("@_spi(Generated)") {
                    found.append("\(file):\(number + 1): \(line)")
                }
            }
            // A line of attributes alone applies to the next declaration.
            attributes = line.hasPrefix("@") && declaredName(line) == nil && !line.contains("{") ? header : ""
            for character in line {
                if character == "{" {
                    blocks.append(header)
                } else if character == "}" {
                    _ = blocks.popLast()
                }
            }
        }
        return found
    }

    /// The name a line declares (`func __decode(`, `static let __selections:`, `struct Condition`).
    static func declaredName(_ line: String) -> String? {
        let keywords: Set<String> = ["func", "var", "let", "struct", "enum", "class", "protocol", "typealias", "actor", "case"]
        let words = line.split(whereSeparator: { " (<:{=,".contains($0) }).map(String.init)
        guard let index = words.firstIndex(where: keywords.contains), index + 1 < words.count else { return nil }
        let name = words[index + 1]
        return name.first.map { $0.isLetter || $0 == "_" } == true ? name : nil
    }

    @Test func generatedOnlyDeclarationsAreSPI() throws {
        var exposed: [String] = []
        var scanned = 0
        for module in Self.modules {
            let root = Repository.url(module)
            let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
            for path in paths.sorted() {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                let isSelectionFile = Self.generatedOnlyFiles.contains((path as NSString).lastPathComponent) && module.hasSuffix("GraftAPI")
                exposed += Self.exposedDeclarations(in: text, file: "\(module)/\(path)") { name, line in
                    let isBuilderOrType = line.contains("static ") || line.contains("struct ") || line.contains("enum ")
                    return name.hasPrefix("__") || (isSelectionFile && isBuilderOrType && Self.generatedOnlyNames.contains(name))
                }
                scanned += 1
            }
        }
        #expect(scanned > 100, "the runtime's sources were not found under \(Repository.root.path)")
        #expect(exposed == [], "generated-only API outside @_spi(Generated):\n\(exposed.joined(separator: "\n"))")
    }

    @Test func theCheckFindsPublicGeneratedOnlyDeclarations() {
        let text = """
        public protocol OutputValue {
            /// Decodes.
            static func __decode(_ value: Int) -> Self
            @_spi(Generated) var __jsonValue: Int { get }
        }
        extension Int {
            @_spi(Generated)
            public static func __decode(_ value: Int) -> Int { value }
            public var __jsonValue: Int { self }
            var __internal: Int { self }
            public var description: String { "" } // public var __comment
        }
        @_spi(Generated) extension String {
            public var __jsonValue: Int { 0 }
        }
        extension CustomScalar {
            public var __jsonValue: Int { 0 }
            public var __other: Int { 0 }
        }
        """
        #expect(Self.exposedDeclarations(in: text, file: "F.swift") { name, _ in name.hasPrefix("__") }
                == ["F.swift:3: static func __decode(_ value: Int) -> Self", "F.swift:9: public var __jsonValue: Int { self }",
                    "F.swift:18: public var __other: Int { 0 }"])
    }
}
