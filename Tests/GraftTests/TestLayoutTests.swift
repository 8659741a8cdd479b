import Foundation
import GraftTestSupport
import Testing

/// The runtime's tests mirror its sources: a test of `Sources/Graft/HTTP/Interceptors/X.swift` sits
/// in `Tests/GraftTests/HTTP/Interceptors/`, so the tests of a source file are found by its folder.
/// Tests of the `GraftTesting` and `GraftAPI` libraries sit under `GraftTesting/` and `GraftAPI/`,
/// mirroring `Sources/GraftTesting` and `Sources/GraftAPI`.
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
}
