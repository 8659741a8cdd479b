import Foundation
import GraftCodegen
import Testing

/// Generated code for the example API and Apollo iOS's StarWars, AnimalKingdom and GitHub APIs
/// equals the checked-in golden files (which targets of the same names compile). Regenerate them
/// on purpose with `GRAFT_UPDATE_GOLDEN=1 swift test --filter Golden`.
@Suite struct GoldenTests {
    /// The configuration of each golden API.
    static func configuration(_ api: String) throws -> GraftConfiguration {
        let apollo = TestPaths.apollo.path
        let output = TestPaths.golden.appendingPathComponent(api).path
        switch api {
        case "CourseCatalogAPI":
            return try GraftConfiguration.load(path: TestPaths.packageRoot.appendingPathComponent("graft.json").path)
        case "StarWarsAPI":
            let folder = apollo + "/StarWarsAPI/starwars-graphql"
            return GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder], output: output,
                                      operationDocument: .both)
        case "AnimalKingdomAPI":
            let folder = apollo + "/AnimalKingdomAPI/animalkingdom-graphql"
            return GraftConfiguration(schemaPaths: [folder + "/AnimalSchema.graphqls"], operationPaths: [folder], output: output,
                                      namespace: "AnimalKingdom", keyFields: ["Crocodile": ["id", "species"]])
        case "GitHubAPI":
            let folder = apollo + "/GitHubAPI/graphql"
            return GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder + "/Queries"],
                                      output: output, operationDocument: .operationId)
        default:
            throw GoldenError(description: "unknown API \(api)")
        }
    }

    struct GoldenError: Error, CustomStringConvertible { let description: String }

    /// The generated files now in a golden folder (files with the generator's marker), by relative path.
    static func goldenFiles(in folder: String) -> [String: String] {
        var result: [String: String] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator()
        where relative.hasSuffix(".swift") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix(GeneratedFile.marker) { result[relative] = text }
        }
        return result
    }

    @Test(arguments: ["CourseCatalogAPI", "StarWarsAPI", "AnimalKingdomAPI", "GitHubAPI"])
    func generatedCodeMatchesGolden(_ api: String) throws {
        let configuration = try Self.configuration(api)
        let result = CodeGenerator.run(configuration)
        #expect(result.errors.map(\.description) == [])
        #expect(!result.files.isEmpty)
        if ProcessInfo.processInfo.environment["GRAFT_UPDATE_GOLDEN"] == "1" {
            _ = try OutputWriter.write(result.files, to: configuration.output)
            if let manifest = result.manifest, let path = configuration.persistedQueryManifest {
                _ = try OutputWriter.writeText(manifest.json, to: path)
            }
        }
        let golden = Self.goldenFiles(in: configuration.output)
        #expect(Set(golden.keys) == Set(result.files.map(\.path)), "generated files differ from \(configuration.output)")
        for file in result.files {
            #expect(golden[file.path] == file.contents, "\(api)/\(file.path) differs from the golden file")
        }
        if let manifest = result.manifest, let path = configuration.persistedQueryManifest {
            #expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } == manifest.json)
        }
    }

    /// Generation is deterministic: two runs give the same bytes.
    @Test func generationIsDeterministic() throws {
        let configuration = try Self.configuration("AnimalKingdomAPI")
        #expect(CodeGenerator.run(configuration).files == CodeGenerator.run(configuration).files)
    }
}
