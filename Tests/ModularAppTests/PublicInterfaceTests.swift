import Foundation
import GraftTestSupport
import Testing

/// The feature kits' compiled public interface names no Graft type and no generated type: read
/// from the symbol graphs `swift symbolgraph-extract` makes of the built modules (public symbols
/// only), not from the sources. The networking core is held to the same rule; the shared-fragment
/// module, whose generated fragment is public on purpose, shows the check finds what it looks for.
@Suite struct PublicInterfaceTests {
    /// Modules whose types the features' public API must never name.
    static let forbiddenModules: Set<String> = ["Graft", "GraftAPI", "AppSchema"]
    static let example = Repository.url("Examples/ModularApp/Sources")

    /// The top-level names the example's generated code declares, by module.
    static let generatedNames: [String: Set<String>] = Dictionary(uniqueKeysWithValues:
        ["AppSchema", "CatalogShared", "CatalogKit", "ReviewsKit"].map { module in
            (module, Set(GeneratedDeclarations.count(inFolder: example.appendingPathComponent(module + "/Generated")).keys))
        })

    @Test(arguments: ["CatalogKit", "ReviewsKit", "APICore"])
    func thePublicInterfaceNamesNoGraftOrGeneratedType(_ module: String) throws {
        let graph = try SymbolGraph.extract(module)
        #expect(graph.extendedModules.filter(Self.forbiddenModules.contains) == [], "\(module) extends another module's types")
        #expect(graph.symbols.count >= 5, "\(module)'s public symbols were not found")
        #expect(violations(in: graph) == [])
    }

    @Test func theCheckFindsTheGeneratedFragmentTheSharedModuleMakesPublic() throws {
        let found = violations(in: try SymbolGraph.extract("CatalogShared"))
        #expect(found.contains { $0.hasPrefix("CourseSummary") && $0.contains("GraftAPI.ObjectData") })
        #expect(found.contains { $0.hasPrefix("CourseOverview.Level") } == false)
    }

    /// Each public symbol that names a forbidden module's type or a generated type: `symbol: reason`.
    func violations(in graph: SymbolGraph) -> [String] {
        var found: [String] = []
        for symbol in graph.symbols {
            let text = symbol.declaration.map(\.spelling).joined()
            if text.contains("Graft") { found.append("\(symbol.path): \(text)") }
            for fragment in symbol.declaration where fragment.kind == "typeIdentifier" {
                if Self.generatedNames.values.contains(where: { $0.contains(fragment.spelling) }) {
                    found.append("\(symbol.path): generated \(fragment.spelling) in \(text)")
                }
                guard let usr = fragment.preciseIdentifier, let (module, name) = SymbolGraph.topLevelType(usr) else { continue }
                if Self.forbiddenModules.contains(module) || Self.generatedNames[module]?.contains(name) == true {
                    found.append("\(symbol.path): \(module).\(name) in \(text)")
                }
            }
        }
        for target in graph.relationshipTargets {
            if let (module, name) = SymbolGraph.topLevelType(target),
               Self.forbiddenModules.contains(module) || Self.generatedNames[module]?.contains(name) == true {
                found.append("relationship to \(module).\(name)")
            }
        }
        return found
    }
}

/// The public symbols of a built module, as `swift symbolgraph-extract` writes them.
struct SymbolGraph {
    struct Fragment: Decodable {
        let kind: String
        let spelling: String
        let preciseIdentifier: String?
    }
    struct Symbol {
        let path: String
        let declaration: [Fragment]
    }
    var symbols: [Symbol]
    /// The USRs of the types the module's symbols conform to, inherit from or are members of.
    var relationshipTargets: [String]
    /// Modules whose types the module extends publicly (its `Module@Other.symbols.json` files).
    var extendedModules: [String]

    /// The folder holding the built modules: beside the test executable (`.build/<triple>/debug`).
    static func modulesFolder() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("CatalogKit.swiftmodule").path) { return candidate }
            folder.deleteLastPathComponent()
        }
        let fallback = Repository.url(".build/debug/Modules")
        guard FileManager.default.fileExists(atPath: fallback.path) else { throw ExtractionError(description: "no built modules found") }
        return fallback
    }

    /// Runs `swift symbolgraph-extract` on `module` (public symbols only) and reads its output.
    static func extract(_ module: String) throws -> SymbolGraph {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("graft-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["swift", "symbolgraph-extract", "-module-name", module, "-I", try modulesFolder().path,
                         "-target", try targetTriple(), "-minimum-access-level", "public", "-skip-synthesized-members",
                         "-output-dir", output.path]
        // The system-library targets' module maps (Graft imports CCurl on Linux).
        for library in ["CCurl", "CSQLite"] {
            arguments += ["-Xcc", "-fmodule-map-file=" + Repository.url("Sources/\(library)/module.modulemap").path]
        }
        let (status, messages) = try run(arguments)
        guard status == 0 else { throw ExtractionError(description: "symbolgraph-extract \(module) failed:\n\(messages)") }

        var graph = SymbolGraph(symbols: [], relationshipTargets: [], extendedModules: [])
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let name = file.dropLast(".symbols.json".count)
            if let at = name.firstIndex(of: "@") { graph.extendedModules.append(String(name[name.index(after: at)...])) }
            let json = try JSONDecoder().decode(File.self, from: Data(contentsOf: output.appendingPathComponent(file)))
            graph.symbols += json.symbols.map { Symbol(path: $0.pathComponents.joined(separator: "."), declaration: $0.declarationFragments ?? []) }
            graph.relationshipTargets += json.relationships.map(\.target)
        }
        return graph
    }

    /// The module and top-level type a Swift USR names (`s:13CatalogShared14CourseOverviewV5LevelO`
    /// → `CatalogShared`, `CourseOverview`), or nil for other USRs.
    static func topLevelType(_ usr: String) -> (module: String, name: String)? {
        guard usr.hasPrefix("s:") else { return nil }
        var rest = Substring(usr.dropFirst(2))
        func identifier() -> String? {
            let digits = rest.prefix(while: \.isNumber)
            guard let length = Int(digits), rest.count >= digits.count + length else { return nil }
            rest = rest.dropFirst(digits.count)
            defer { rest = rest.dropFirst(length) }
            return String(rest.prefix(length))
        }
        guard let module = identifier(), let name = identifier() else { return nil }
        return (module, name)
    }

    /// The triple the toolchain builds for (`swift -print-target-info`).
    static func targetTriple() throws -> String {
        let (status, output) = try run(["swift", "-print-target-info"])
        struct Info: Decodable { struct Target: Decodable { let triple: String }; let target: Target }
        guard status == 0 else { throw ExtractionError(description: "swift -print-target-info failed: \(output)") }
        return try JSONDecoder().decode(Info.self, from: Data(output.utf8)).target.triple
    }

    static func run(_ arguments: [String]) throws -> (Int32, String) {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
    }

    struct ExtractionError: Error, CustomStringConvertible { let description: String }

    private struct File: Decodable {
        struct RawSymbol: Decodable {
            let pathComponents: [String]
            let declarationFragments: [Fragment]?
        }
        struct Relationship: Decodable { let target: String }
        let symbols: [RawSymbol]
        let relationships: [Relationship]
    }
}
