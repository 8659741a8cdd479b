import Foundation
import GraftCodegen
import GraftTestSupport
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
                                      operationDocument: .both,
                                      testMocks: .init(output: output + "Mocks", module: "StarWarsAPI"))
        case "StarWarsClassAPI":
            // The same operations with models in the class shape (final classes on GraftAPI's base classes).
            var configuration = try configuration("StarWarsAPI")
            configuration.output = output
            configuration.testMocks = nil
            configuration.modelShape = .class
            return configuration
        case "AnimalKingdomAPI":
            let folder = apollo + "/AnimalKingdomAPI/animalkingdom-graphql"
            return GraftConfiguration(schemaPaths: [folder + "/AnimalSchema.graphqls"], operationPaths: [folder], output: output,
                                      namespace: "AnimalKingdom", keyFields: ["Crocodile": ["id", "species"]])
        case "AnimalKingdomBucketsAPI":
            // AnimalKingdomAPI's definitions spread over three files (`"fileBuckets": 3`).
            var configuration = try configuration("AnimalKingdomAPI")
            configuration.output = output
            configuration.fileBuckets = 3
            return configuration
        case "AnimalKingdomNoInitializersAPI":
            // AnimalKingdomAPI without memberwise initializers (`"memberwiseInitializers": false`).
            var configuration = try configuration("AnimalKingdomAPI")
            configuration.output = output
            configuration.memberwiseInitializers = false
            return configuration
        case "GitHubAPI":
            let folder = apollo + "/GitHubAPI/graphql"
            return GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder + "/Queries"],
                                      output: output, operationDocument: .operationId)
        case "ClashAPI":
            // Names that clash with Swift's and Foundation's (Fixtures/ClashAPI); `Instant` is
            // mapped to the hand-written type of the same name next to the generated code.
            let folder = TestPaths.packageRoot.appendingPathComponent("Tests/GraftCodegenTests/Fixtures/ClashAPI").path
            return GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder], output: output,
                                      customScalars: ["Instant": "Instant"], operationDocument: .both)
        case "SemanticNullabilityAPI":
            return try GraftConfiguration.load(path: TestPaths.packageRoot
                .appendingPathComponent("Tests/GraftCodegenTests/Fixtures/SemanticNullability/graft.json").path)
        case "ModularSchemaAPI", "ModularCoreAPI", "ModularFeatureAAPI", "ModularFeatureBAPI":
            // A schema module, a module of shared fragments and two feature modules, each with its
            // graft.json in Fixtures/Modular (the modular recipe).
            let module = api.dropFirst("Modular".count).dropLast("API".count)
            return try GraftConfiguration.load(path: TestPaths.packageRoot
                .appendingPathComponent("Tests/GraftCodegenTests/Fixtures/Modular/\(module)/graft.json").path)
        case "AppSchema", "CatalogShared", "CatalogKit", "ReviewsKit":
            // Examples/ModularApp commits the generated code of its modules, each with its graft.json.
            return try GraftConfiguration.load(path: TestPaths.packageRoot
                .appendingPathComponent("Examples/ModularApp/Sources/\(api)/graft.json").path)
        default:
            throw GoldenError(description: "unknown API \(api)")
        }
    }

    struct GoldenError: Error, CustomStringConvertible { let description: String }

    @Test func exampleAPIMatchesGolden() throws {
        try check("CourseCatalogAPI")
    }

    @Test func clashingNamesAPIMatchesGolden() throws {
        try check("ClashAPI")
    }

    @Test func semanticNullabilityAPIMatchesGolden() throws {
        try check("SemanticNullabilityAPI")
    }

    @Test(arguments: ["ModularSchemaAPI", "ModularCoreAPI", "ModularFeatureAAPI", "ModularFeatureBAPI"])
    func modularAPIMatchesGolden(_ api: String) throws {
        try check(api)
    }

    /// Regenerating the modular example's committed code leaves it unchanged.
    @Test(arguments: ["AppSchema", "CatalogShared", "CatalogKit", "ReviewsKit"])
    func modularExampleMatchesGenerated(_ module: String) throws {
        try check(module)
    }

    @Test(.requiresCorpora("the golden files of Apollo iOS's StarWars, AnimalKingdom and GitHub APIs (GoldenTests)"),
          arguments: ["StarWarsAPI", "StarWarsClassAPI", "AnimalKingdomAPI", "AnimalKingdomBucketsAPI", "AnimalKingdomNoInitializersAPI", "GitHubAPI"])
    func apolloAPIMatchesGolden(_ api: String) throws {
        try check(api)
    }

    /// Generates `api` and compares it with its golden folder (after updating the folder, when asked).
    func check(_ api: String) throws {
        let configuration = try Self.configuration(api)
        let result = CodeGenerator.run(configuration)
        #expect(result.errors.map(\.description) == [])
        #expect(!result.files.isEmpty)
        if GoldenUpdate.isRequested {
            let outcome = try GoldenUpdate.apply(result, to: configuration.output, manifestPath: configuration.persistedQueryManifest,
                                                 mockFolder: configuration.testMocks?.output)
            if case .refused(let reason) = outcome { Issue.record("\(api): \(reason)") }
        }
        var outputs = [(configuration.output, result.files)]
        if let mocks = configuration.testMocks { outputs.append((mocks.output, result.mockFiles)) }
        for (folder, files) in outputs {
            let golden = GoldenUpdate.generatedFiles(in: folder)
            #expect(Set(golden.keys) == Set(files.map(\.path)), "generated files differ from \(folder)")
            for file in files {
                #expect(golden[file.path] == file.contents, "\(folder)/\(file.path) differs from the golden file")
            }
        }
        if let manifest = result.manifest, let path = configuration.persistedQueryManifest {
            #expect(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } == manifest.json)
        }
    }

    /// Generation is deterministic: two runs give the same bytes.
    @Test func generationIsDeterministic() throws {
        let configuration = try Self.configuration("CourseCatalogAPI")
        #expect(CodeGenerator.run(configuration).files == CodeGenerator.run(configuration).files)
    }
}
