import Foundation
import GraftTestSupport
import Testing

/// A user's package depending on `Graft` and `GraftSQLite`, built on a Linux machine without
/// libcurl's and SQLite's development packages: SwiftPM must say which packages to install (the
/// system-library targets' `pkgConfig` and `providers`), not only stop at a missing header.
///
/// The machine without the packages is made with a private mount namespace (`unshare --mount`,
/// which needs root): an empty folder over libcurl's header folder, an empty file over
/// `sqlite3.h`, and empty folders over the pkg-config folders holding `libcurl.pc` and
/// `sqlite3.pc`. Nothing outside the nested build sees the change.
@Suite(.loadsTheMachine, .enabled(if: HiddenPackages.canHide))
struct SystemPackageHintTests {
    @Test func aBuildWithoutTheDevelopmentPackagesNamesThem() async throws {
        let scratch = try ExamplePackage.temporaryFolder()
        let package = ExamplePackage(scratch: scratch, root: scratch.appendingPathComponent("Consumer"))
        defer { package.delete() }
        try package.write("""
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(name: "Graft", path: "\(ExamplePackage.repositoryRoot.path)")],
                targets: [
                    .target(name: "Consumer", dependencies: [
                        .product(name: "Graft", package: "Graft"),
                        .product(name: "GraftSQLite", package: "Graft"),
                    ]),
                ]
            )
            """, to: "Package.swift")
        try package.write("import Graft\nimport GraftSQLite\n", to: "Sources/Consumer/Consumer.swift")
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let emptyFile = scratch.appendingPathComponent("empty.h")
        try Data().write(to: emptyFile)

        var script = "set -e\n"
        script += "mount --bind '\(empty.path)' '\(try #require(HiddenPackages.curlHeaderFolder))'\n"
        script += "mount --bind '\(emptyFile.path)' '\(try #require(HiddenPackages.sqliteHeader))'\n"
        for folder in HiddenPackages.pkgConfigFolders { script += "mount --bind '\(empty.path)' '\(folder)'\n" }
        script += "exec swift build --target Consumer 2>&1\n"
        let run = try await package.run(URL(fileURLWithPath: "/usr/bin/unshare"), ["--mount", "sh", "-c", script])

        #expect(run.status != 0, "the build succeeded without the headers:\n\(run.output)")
        #expect(run.output.contains("'curl/curl.h' file not found"), "\(run.output)")
        #expect(run.output.contains("you may be able to install libcurl using your system-packager"), "\(run.output)")
        #expect(run.output.contains("apt-get install libcurl4-openssl-dev"), "\(run.output)")
        #expect(run.output.contains("you may be able to install sqlite3 using your system-packager"), "\(run.output)")
        #expect(run.output.contains("apt-get install libsqlite3-dev"), "\(run.output)")
    }
}

/// The development packages the test hides, and whether it can.
enum HiddenPackages {
    /// Whether this process may make a mount namespace and the packages are there to hide.
    static let canHide: Bool = {
        #if os(Linux)
        guard curlHeaderFolder != nil, sqliteHeader != nil, !pkgConfigFolders.isEmpty else { return false }
        return (try? runBlocking("/usr/bin/unshare", ["--mount", "true"])) == 0
        #else
        return false
        #endif
    }()

    /// The folder named `curl` holding `curl.h` (Debian puts it under the multiarch include folder).
    static let curlHeaderFolder: String? = ["/usr/include/x86_64-linux-gnu/curl", "/usr/include/aarch64-linux-gnu/curl", "/usr/include/curl"]
        .first { FileManager.default.fileExists(atPath: $0 + "/curl.h") }

    /// SQLite's header.
    static let sqliteHeader: String? = ["/usr/include/sqlite3.h", "/usr/include/x86_64-linux-gnu/sqlite3.h", "/usr/include/aarch64-linux-gnu/sqlite3.h"]
        .first { FileManager.default.fileExists(atPath: $0) }

    /// The folders holding `libcurl.pc` or `sqlite3.pc`.
    static let pkgConfigFolders: [String] = {
        let candidates = ["/usr/lib/x86_64-linux-gnu/pkgconfig", "/usr/lib/aarch64-linux-gnu/pkgconfig", "/usr/lib/pkgconfig",
                          "/usr/share/pkgconfig", "/usr/local/lib/pkgconfig"]
        return candidates.filter { folder in
            ["libcurl.pc", "sqlite3.pc"].contains { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        }
    }()

    /// Runs a command and returns its exit status (for the suite's condition, before any test runs).
    private static func runBlocking(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
