import Foundation
import GraftTestSupport
import Testing

/// The libraries and tools build on Apple platforms too, which cannot be compiled here: every
/// import of a platform-only module in `Sources/` sits inside an `#if canImport(<that module>)`
/// (or `#if os(...)`) block, so a Linux-only import cannot slip in unnoticed.
@Suite struct PortabilityTests {
    /// Modules that exist on some platforms only.
    static let platformModules: Set<String> = ["FoundationNetworking", "FoundationXML", "Glibc", "Musl", "Android", "WinSDK",
                                               "Darwin", "Network", "Security", "CryptoKit", "UIKit", "AppKit"]

    /// `file:line: import X` for each platform-only import not guarded by a condition naming it.
    static func unguardedImports(in text: String, file: String) -> [String] {
        var conditions: [String] = []
        var found: [String] = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                conditions.append(String(line.dropFirst(4)))
            } else if line.hasPrefix("#elseif ") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = String(line.dropFirst(8)) }
            } else if line.hasPrefix("#else") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = "!(" + conditions[conditions.count - 1] + ")" }
            } else if line.hasPrefix("#endif") {
                _ = conditions.popLast()
            } else if let module = importedModule(line), platformModules.contains(module) {
                let guarded = conditions.contains { condition in
                    !condition.hasPrefix("!") && (condition.contains("canImport(\(module))") || condition.contains("os("))
                }
                if !guarded { found.append("\(file):\(number + 1): \(line)") }
            }
        }
        return found
    }

    /// The module of an `import` line (`@preconcurrency import X`, `import struct X.Y` included).
    static func importedModule(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let path = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1])
            ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }

    @Test func everyPlatformOnlyImportInSourcesIsGuarded() throws {
        let sources = Repository.url("Sources")
        var swiftFiles = 0
        var unguarded: [String] = []
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            swiftFiles += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            unguarded += Self.unguardedImports(in: text, file: String(url.path.dropFirst(Repository.root.path.count + 1)))
        }
        #expect(swiftFiles > 200)
        #expect(unguarded == [])
    }

    @Test func theCheckFindsWhatItLooksFor() {
        #expect(Self.unguardedImports(in: "import Foundation\nimport FoundationNetworking\n", file: "A.swift")
                == ["A.swift:2: import FoundationNetworking"])
        #expect(Self.unguardedImports(in: "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n", file: "B.swift") == [])
        #expect(Self.unguardedImports(in: "#if canImport(Glibc)\nimport Glibc\n#else\nimport Darwin\n#endif\n", file: "C.swift")
                == ["C.swift:4: import Darwin"])
        #expect(Self.unguardedImports(in: "#if canImport(Darwin)\nimport Darwin\n#elseif canImport(Glibc)\n@preconcurrency import Glibc\n#endif",
                                      file: "D.swift") == [])
        #expect(Self.unguardedImports(in: "#if DEBUG\nimport Glibc\n#endif\n", file: "E.swift") == ["E.swift:2: import Glibc"])
    }
}
