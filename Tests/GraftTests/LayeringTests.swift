import Foundation
import GraftTestSupport
import Testing

/// The runtime's layers point one way. Between modules: GraftAPI (what generated code needs)
/// imports no other module of the package, and generated modules import it alone, never the
/// runtime. Inside a module: its folders' dependencies (``SourceGraph``) form no cycle, so each
/// folder can be read knowing only the folders below it.
@Suite struct LayeringTests {
    /// The modules whose folders must form a DAG.
    static let layeredModules = ["Sources/GraftAPI", "Sources/Graft"]
    /// The golden generated modules, compiled by Package.swift.
    static let goldens = "Tests/GraftCodegenTests/Golden"

    /// The package modules imported by the Swift files under `relativePath`.
    static func imports(under relativePath: String) throws -> Set<String> {
        let root = Repository.url(relativePath)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        var modules: Set<String> = []
        for path in paths {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
                guard words.first == "import", words.count > 1 else { continue }
                modules.insert(String(words[words.startIndex + 1]))
            }
        }
        return modules
    }

    @Test(arguments: layeredModules)
    func foldersFormADAG(_ module: String) throws {
        let graph = try SourceGraph.module(at: module)
        #expect(graph.folders.count >= 3, "no folders found under \(module)")
        let cycles = graph.cycles()
        #expect(cycles.isEmpty, "folders of \(module) that depend on each other:\n\(cycles.joined(separator: "\n"))")
    }

    @Test func generatedCodeSupportImportsNoOtherModule() throws {
        let packageModules = Set(try FileManager.default.contentsOfDirectory(atPath: Repository.url("Sources").path))
        #expect(try Self.imports(under: "Sources/GraftAPI").intersection(packageModules) == [])
    }

    @Test func generatedModulesImportOnlyGraftAPI() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Repository.url(Self.goldens).path)
            .filter { !$0.contains(".") && !$0.hasSuffix("Mocks") }.sorted()
        #expect(modules.count >= 5, "the golden modules were not found")
        for module in modules {
            // Besides GraftAPI: the schema and upstream modules of a modular app, and Foundation.
            let runtime = try Self.imports(under: "\(Self.goldens)/\(module)").subtracting(Set(modules)).subtracting(["Foundation"])
            #expect(runtime == ["GraftAPI"], "\(module) imports \(runtime.sorted())")
        }
    }

    @Test func theCheckFindsACycleAndNamesItsEdges() {
        let graph = SourceGraph(files: [
            ("Client/Client.swift", "/// Uses Transport.\nstruct Client { let transport: Transport; let text = \"Summary\" }"),
            ("Transport/Transport.swift", "public final class Transport {\n    struct Nested {}\n    func send() -> Summary { Summary() }\n}"),
            ("Errors/Summary.swift", "struct Summary { var client: Client? }"),
            ("Support/Locked.swift", "final class Locked {}\nextension Summary {}"),
        ])
        #expect(graph.dependencies(of: "Client") == ["Transport"])
        #expect(graph.dependencies(of: "Support") == ["Errors"])
        #expect(graph.cycles() == [
            "cycle of Client, Errors, Transport:\n  Client -> Transport: Transport (Client.swift)\n"
                + "  Errors -> Client: Client (Summary.swift)\n  Transport -> Errors: Summary (Transport.swift)",
        ])
    }
}
