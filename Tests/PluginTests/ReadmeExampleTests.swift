import Foundation
import GraftTestSupport
import Testing

/// README's "Use Graft in your package", followed word for word: its files are copied verbatim
/// into a new `MyApp` folder beside a folder `Graft` (a link to this checkout), and `swift run
/// my-app` builds the generator, generates the operation and prints its request body.
@Suite(.loadsTheMachine) struct ReadmeExampleTests {
    /// The README's files for the example: each code block right after a line `` `MyApp/<path>`: ``.
    static func exampleFiles() throws -> [(path: String, text: String)] {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## Use Graft in your package\n") else { throw ExamplePackageError("no section") }
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var files: [(String, String)] = []
        var lines = section[..<end].split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            guard line.hasPrefix("`MyApp/"), line.hasSuffix("`:") else { continue }
            let path = String(line.dropFirst("`MyApp/".count).dropLast(2))
            guard lines.next() == "", let fence = lines.next(), fence.hasPrefix("```") else {
                throw ExamplePackageError("no code block after \(line)")
            }
            var text = ""
            while let body = lines.next(), body != "```" { text += body + "\n" }
            files.append((path, text))
        }
        return files
    }

    @Test func theREADMEsPackageBuildsAndRuns() async throws {
        let files = try Self.exampleFiles()
        #expect(files.map(\.path) == ["Package.swift", "Sources/MyAPI/MyAPI.swift", "Sources/MyAPI/schema.graphqls",
                                      "Sources/MyAPI/Greeting.graphql", "Sources/my-app/main.swift"])
        let scratch = try ExamplePackage.temporaryFolder()
        let package = ExamplePackage(scratch: scratch, root: scratch.appendingPathComponent("MyApp"))
        defer { package.delete() }
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Graft"),
                                                   withDestinationURL: ExamplePackage.repositoryRoot)
        for file in files { try package.write(file.text, to: file.path) }

        let run = try await package.swift("run", "my-app")
        try #require(run.status == 0, "swift run my-app failed:\n\(run.output)")
        let body = try #require(run.lines.last { $0.hasPrefix("{") })
        #expect(body == #"{"operationName":"Greeting","query":"query Greeting($name: String!) { greeting(name: $name) }","variables":{"name":"Ada"}}"#)
    }
}
