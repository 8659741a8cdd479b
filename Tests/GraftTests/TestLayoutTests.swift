import Foundation
import GraftTestSupport
import Testing

/// The runtime's tests mirror its sources: a test of `Sources/Graft/HTTP/Interceptors/X.swift` sits
/// in `Tests/GraftTests/HTTP/Interceptors/`, so the tests of a source file are found by its folder.
/// Tests of the `GraftTesting` and `GraftAPI` libraries sit under `GraftTesting/` and `GraftAPI/`,
/// mirroring `Sources/GraftTesting` and `Sources/GraftAPI`. And the tests use the golden generated
/// modules (`CourseCatalogAPI`, `StarWarsAPI`), never hand-written look-alikes of generated models,
/// which drift from what the generator writes.
@Suite struct TestLayoutTests {
    /// Files at the root of the test target, which test no one folder: shared helpers and the
    /// checks that read the whole repository.
    static let rootFiles: Set<String> = [
        "TestSupport.swift",        // helpers every suite uses
        "PortabilityTests.swift",   // reads every module's sources
        "TestLayoutTests.swift",    // this check
        "LayeringTests.swift",      // reads every runtime module's sources and the golden modules
        "SourceGraph.swift",        // the folder graph LayeringTests checks
    ]

    /// Where each folder of the test target may mirror a source folder: the prefix of the test
    /// path, and the source folder it mirrors.
    static let mirrors: [(testPrefix: String, sources: String)] = [
        ("GraftTesting/", "Sources/GraftTesting"),
        ("GraftAPI/", "Sources/GraftAPI"),
        ("", "Sources/Graft"),
    ]

    /// The paths (relative to `Tests/GraftTests`) of the Swift files that sit neither in a folder
    /// mirroring a source folder nor among `rootFiles`.
    static func misplacedFiles(_ paths: [String], sourceFolderExists: (String) -> Bool) -> [String] {
        paths.filter { path in
            let components = path.split(separator: "/").map(String.init)
            if components.count == 1 { return !rootFiles.contains(path) }
            let folder = components.dropLast().joined(separator: "/")
            guard let mirror = mirrors.first(where: { (folder + "/").hasPrefix($0.testPrefix) }) else { return true }
            let mirrored = String(folder.dropFirst(mirror.testPrefix.count))
            return !sourceFolderExists(mirror.sources + (mirrored.isEmpty ? "" : "/" + mirrored))
        }.sorted()
    }

    /// Whether `relativePath` (from the repository root) is a folder.
    static func isFolder(_ relativePath: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: Repository.url(relativePath).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    @Test func everyTestFileSitsInAFolderMirroringTheSources() throws {
        let tests = Repository.url("Tests/GraftTests")
        let enumerator = try #require(FileManager.default.enumerator(atPath: tests.path))
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(paths.count > 40, "the test target's files were not found at \(tests.path)")
        #expect(Self.misplacedFiles(paths, sourceFolderExists: Self.isFolder) == [])
    }

    @Test func theCheckFindsFilesOutsideTheMirror() {
        let existing: Set<String> = ["Sources/Graft", "Sources/Graft/HTTP", "Sources/Graft/HTTP/Interceptors", "Sources/GraftTesting"]
        let paths = ["RetryInterceptorTests.swift", "TestSupport.swift", "HTTP/Interceptors/RetryInterceptorTests.swift",
                     "Interceptors/RetryInterceptorTests.swift", "GraftTesting/MockHTTPClientTests.swift",
                     "GraftTesting/HTTP/MockTests.swift", "Cache/CacheTests.swift"]
        #expect(Self.misplacedFiles(paths, sourceFolderExists: existing.contains)
                == ["Cache/CacheTests.swift", "GraftTesting/HTTP/MockTests.swift", "Interceptors/RetryInterceptorTests.swift",
                    "RetryInterceptorTests.swift"])
    }

    /// What generated code conforms its types to: operations, selection sets, fragments, input
    /// objects, enums, the `SchemaOperation` each generated module declares, generated test
    /// mocks' `MockObject`, and the base classes of models in the class shape. A type in the tests
    /// conforming to one (or inheriting one) is a look-alike of a generated model.
    static let generatedModelProtocols: Set<String> = [
        "GraphQLOperation", "GraphQLQuery", "GraphQLMutation", "GraphQLSubscription", "SchemaOperation",
        "SelectionSet", "Fragment", "FragmentSet", "InputObject", "EnumType", "MockObject",
        "SelectionSetObject", "FragmentObject",
    ]

    /// Conformances in generated code that apps write by hand too: an enum's raw type, the custom
    /// scalars mapped in graft.json, and the `Sendable` class-shaped models restate.
    static let handWrittenProtocols: Set<String> = ["String", "CustomScalar", "Sendable"]

    /// The protocols each type declared in `source` conforms to, with the 1-based line of its
    /// declaration; comment lines and the comments at the end of a line are left out first.
    static func conformances(in source: String) -> [(line: Int, protocols: [String])] {
        // A type declaration (or extension) and its inheritance clause, up to its body.
        let declaration = try! Regex(#"\b(?:struct|enum|class|actor|protocol|extension)\s+[A-Za-z_][\w.]*\s*(?:<[^>{]*>)?\s*:([^{]*)\{"#)
        let code = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            if line.drop(while: \.isWhitespace).hasPrefix("//") || line.drop(while: \.isWhitespace).hasPrefix("*") { return "" }
            return line.range(of: " //").map { line[..<$0.lowerBound] } ?? line
        }.joined(separator: "\n")
        return code.matches(of: declaration).compactMap { match in
            guard let clause = match.output[1].substring else { return nil }
            let inherited = clause.components(separatedBy: " where ")[0]
            let protocols = inherited.split(whereSeparator: { $0 == "," || $0 == "&" }).compactMap { entry -> String? in
                let name = entry.split(whereSeparator: \.isWhitespace).last { !$0.hasPrefix("@") }
                return name.map { String($0.split(separator: ".").last ?? $0) }
            }
            return (code[..<match.range.lowerBound].count(where: { $0 == "\n" }) + 1, protocols)
        }
    }

    /// `file:line: conforms to Protocol` for each look-alike of a generated model in `source`.
    static func lookAlikes(in source: String, file: String) -> [String] {
        conformances(in: source).flatMap { line, protocols in
            protocols.filter(generatedModelProtocols.contains).map { "\(file):\(line): conforms to \($0)" }
        }
    }

    @Test func noTestWritesALookAlikeOfAGeneratedModel() throws {
        let tests = Repository.url("Tests/GraftTests")
        let enumerator = try #require(FileManager.default.enumerator(atPath: tests.path))
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(paths.count > 40, "the test target's files were not found at \(tests.path)")
        let found = try paths.flatMap { path in
            Self.lookAlikes(in: try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8),
                            file: "Tests/GraftTests/" + path)
        }
        #expect(found == [], "use the golden modules' types instead")
    }

    /// The list of protocols keeps up with the generator: every protocol the golden modules
    /// conform to is either a generated model's or one apps write by hand too.
    @Test func theProtocolListCoversWhatGeneratedCodeConformsTo() throws {
        let golden = Repository.url("Tests/GraftCodegenTests/Golden")
        let enumerator = try #require(FileManager.default.enumerator(atPath: golden.path))
        var conformed: Set<String> = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let source = try String(contentsOf: golden.appendingPathComponent(path), encoding: .utf8)
            guard source.hasPrefix("// @generated") else { continue }
            conformed.formUnion(Self.conformances(in: source).flatMap(\.protocols))
        }
        #expect(conformed.contains("SelectionSet") && conformed.contains("GraphQLQuery"), "no generated code read at \(golden.path)")
        #expect(conformed.subtracting(Self.generatedModelProtocols).subtracting(Self.handWrittenProtocols) == [])
    }

    @Test func theCheckFindsLookAlikesAcrossLinesAndQualifiedNames() {
        // The declarations are written with `§` for the colon, so that this file has no look-alike.
        let source = """
            import Graft
            /// `struct InAComment§ GraphQLQuery {}` is documentation.
            struct Query§ GraphQLQuery { // a look-alike
                struct Data§ GraftAPI.SelectionSet, Hashable {}
            }
            struct Plain§ Hashable, Sendable {}
            extension Plain§ @unchecked Sendable {}
            enum Level<Value>§ String,
                               EnumType where Value: Sendable {
                case one
            }
            let text = "struct NotADeclaration"
            """.replacingOccurrences(of: "§", with: ":")
        #expect(Self.lookAlikes(in: source, file: "T.swift")
                == ["T.swift:3: conforms to GraphQLQuery", "T.swift:4: conforms to SelectionSet", "T.swift:8: conforms to EnumType"])
    }
}
