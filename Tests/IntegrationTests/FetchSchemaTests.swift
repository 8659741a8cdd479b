import Foundation
import GraftTestSupport
import Testing

/// `graft fetch-schema` against the real Strawberry server: the written schema rebuilds to the
/// same printed SDL, in both output formats, and headers are sent but never printed.
@Suite(.timingSensitive) struct FetchSchemaTests {
    static func temporaryPath(_ name: String) throws -> String {
        let directory = try TestFolders.make("graft-fetch")
        return directory.appendingPathComponent(name).path
    }

    @Test func writesSDLThatRebuildsToTheSamePrintedSchema() async throws {
        let client = try await TestClient.make()
        let endpoint = try await TestServer.shared.graphQLURL().absoluteString
        let sdlPath = try Self.temporaryPath("schema.graphqls")
        let fetched = try await GraftExecutable.run(["fetch-schema", "--endpoint", endpoint, "--output", sdlPath,
                                               "--header", "X-Test-Session: \(client.session)",
                                               "--header", "Authorization: Bearer sekret-token-123"])
        #expect(fetched.status == 0, "\(fetched.standardError)")
        #expect(!fetched.standardOutput.contains("sekret") && !fetched.standardError.contains("sekret"))
        let written = try String(contentsOfFile: sdlPath, encoding: .utf8)
        let rebuilt = try await GraftExecutable.run(["print-schema", "--schema", sdlPath])
        #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
        #expect(rebuilt.standardOutput == written)

        // The JSON form rebuilds to the same SDL.
        let jsonPath = try Self.temporaryPath("schema.json")
        let fetchedJSON = try await GraftExecutable.run(["fetch-schema", "--endpoint", endpoint, "--output", jsonPath])
        #expect(fetchedJSON.status == 0, "\(fetchedJSON.standardError)")
        let fromJSON = try await GraftExecutable.run(["print-schema", "--schema", jsonPath])
        #expect(fromJSON.standardOutput == written)

        // It is the example API: every type and field of Schemas/ is there.
        let expected = try await GraftExecutable.run(["print-schema", "--schema", "Schemas"])
        #expect(expected.status == 0)
        for line in expected.standardOutput.split(separator: "\n") where line.hasPrefix("type ") || line.hasPrefix("input ")
            || line.hasPrefix("enum ") || line.hasPrefix("union ") || line.hasPrefix("interface ") || line.hasPrefix("scalar ") {
            let declaration = line.split(separator: " ").prefix(2).joined(separator: " ")
            #expect(written.contains("\n" + declaration + " ") || written.contains("\n" + declaration + "\n"), "missing \(declaration)")
        }

        // The server received the headers.
        let stats = try await client.stats()
        #expect(stats["lastRequest"]["headers"]["authorization"].string == "Bearer sekret-token-123"
                || stats["lastRequest"]["headers"]["Authorization"].string == "Bearer sekret-token-123")
    }

    @Test func unreachableEndpointIsAOneLineError() async throws {
        let result = try await GraftExecutable.run(["fetch-schema", "--endpoint", "http://127.0.0.1:9/graphql",
                                              "--output", try Self.temporaryPath("x.graphqls"), "--timeout", "5"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: could not fetch the schema from http://127.0.0.1:9/graphql"))
    }

    @Test func badOutputExtensionIsAUsageError() async throws {
        let result = try await GraftExecutable.run(["fetch-schema", "--endpoint", "http://127.0.0.1:9/graphql", "--output", "schema.txt"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: '--output' must end in .graphqls, .graphql or .json"))
    }
}
