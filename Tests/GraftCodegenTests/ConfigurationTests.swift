import Foundation
import GraftCodegen
import GraftCompiler
import Testing

/// graft.json: comments, every key, and errors with the file, line, column and key.
@Suite struct ConfigurationTests {
    @Test func readsEveryKeyWithComments() throws {
        let configuration = try GraftConfiguration.parse("""
        // a comment
        {
          "schema": "api.graphqls", // trailing comment
          "operations": ["Ops", "More"],
          "output": "Out",
          "namespace": "API",
          "accessLevel": "internal",
          "customScalars": {"DateTime": "MyDate"},
          "keyFields": {"User": ["id"], "Course": "slug owner"},
          "pagination": {"Query.courses": "relay", "Course.reviews": "offset"},
          "operationDocument": "both",
          "persistedQueryManifest": "manifest.json"
        }
        """, path: "graft.json")
        var expected = GraftConfiguration(
            schemaPaths: ["api.graphqls"], operationPaths: ["Ops", "More"], output: "Out", namespace: "API",
            accessLevel: .internal, customScalars: ["DateTime": "MyDate"], keyFields: ["User": ["id"], "Course": ["slug", "owner"]],
            operationDocument: .both, persistedQueryManifest: "manifest.json")
        expected.pagination = ["Query.courses": .relay, "Course.reviews": .offset]
        #expect(configuration == expected)
        #expect(configuration.resolvingPaths(against: "/p").output == "/p/Out")
    }

    @Test func modelShapeIsStructOrClass() throws {
        #expect(GraftConfiguration().modelShape == .struct)
        #expect(try GraftConfiguration.parse(#"{"modelShape": "class"}"#, path: "graft.json").modelShape == .class)
        #expect(try GraftConfiguration.parse(#"{"modelShape": "struct"}"#, path: "graft.json").modelShape == .struct)
        #expect(Self.error("{\n  \"modelShape\": \"Class\"\n}") == """
            graft.json:2:17: error: 'modelShape' must be one of "struct", "class", found "Class"
              "modelShape": "Class"
                            ^
            """)
        #expect(Self.headline(#"{"modelShape": true}"#) == "graft.json:1:16: error: 'modelShape' must be a string, found a Boolean")
    }

    @Test func paginationNamesAFieldAndAKind() {
        #expect(Self.headline("{\"pagination\": {\"Query.courses\": \"pages\"}}")
                == "graft.json:1:34: error: 'pagination.Query.courses' must be one of \"relay\", \"offset\"")
        #expect(Self.headline("{\"pagination\": {\"courses\": \"relay\"}}")
                == "graft.json:1:28: error: 'pagination' keys name a field as \"Type.field\", found \"courses\"")
    }

    @Test func readsMaxAges() throws {
        let configuration = try GraftConfiguration.parse(#"{"maxAges": {"Course": 300, "Course.rating": 0}}"#, path: "graft.json")
        #expect(configuration.maxAges == ["Course": 300, "Course.rating": 0])
        #expect(Self.headline(#"{"maxAges": {"Course": "5m"}}"#)?.contains("'maxAges.Course' must be a whole number of seconds") == true)
        #expect(Self.headline(#"{"maxAges": {"Course": 1.5}}"#)?.contains("'maxAges.Course' must be a whole number of seconds") == true)
        #expect(Self.headline(#"{"maxAges": {"A.b.c": 5}}"#)?.contains("'maxAges' keys name a type") == true)
    }

    @Test func readsOnError() throws {
        #expect(try GraftConfiguration.parse(#"{"onError": "NULL"}"#, path: "graft.json").onError == "NULL")
        #expect(try GraftConfiguration.parse(#"{"onError": null}"#, path: "graft.json").onError == nil)
        #expect(try GraftConfiguration.parse("{}", path: "graft.json").onError == nil)
        #expect(Self.headline(#"{"onError": "NO_PROPAGATE"}"#)?.contains(#"'onError' must be "NULL", "PROPAGATE", "HALT" or null"#) == true)
    }

    @Test func readsMemberwiseInitializers() throws {
        #expect(try GraftConfiguration.parse("{}", path: "graft.json").memberwiseInitializers)
        #expect(try !GraftConfiguration.parse(#"{"memberwiseInitializers": false}"#, path: "graft.json").memberwiseInitializers)
        #expect(Self.headline(#"{"memberwiseInitializers": "no"}"#)
                == "graft.json:1:28: error: 'memberwiseInitializers' must be true or false, found a string")
    }

    @Test func readsTheModularKeys() throws {
        let configuration = try GraftConfiguration.parse("""
        {"schemaModule": "AppSchema", "upstream": {"CoreAPI": ["../Core", "../Shared/A.graphql"], "UIAPI": "../UI"},
         "schemaTypes": "all", "usedBy": ["../A", "../B"]}
        """, path: "graft.json")
        #expect(configuration.usedBy == ["../A", "../B"])
        #expect(configuration.resolvingPaths(against: "/p").usedBy == ["/A", "/B"])
        #expect(configuration.resolvingPaths(against: "Sources/AppSchema").usedBy == ["Sources/A", "Sources/B"])
        #expect(configuration.resolvingPaths(against: "../Kit/./Schema/").usedBy == ["../Kit/A", "../Kit/B"])
        #expect(configuration.schemaModule == "AppSchema")
        #expect(configuration.schemaTypes == .all)
        #expect(configuration.upstream == [UpstreamModule(name: "CoreAPI", operationPaths: ["../Core", "../Shared/A.graphql"]),
                                           UpstreamModule(name: "UIAPI", operationPaths: ["../UI"])])
        #expect(!configuration.isSchemaModule)
        #expect(configuration.resolvingPaths(against: "/p/Feature").upstream.map(\.operationPaths)
                == [["/p/Core", "/p/Shared/A.graphql"], ["/p/UI"]])
        #expect(try GraftConfiguration.parse("{\"operations\": []}", path: "graft.json").isSchemaModule)
        #expect(Self.headline("{\"upstream\": {\"Core API\": \"x\"}}")
                == "graft.json:1:27: error: 'upstream' keys are Swift module names, found \"Core API\"")
        #expect(Self.headline("{\"schemaModule\": \"App-Schema\"}")
                == "graft.json:1:18: error: 'schemaModule' must be a Swift module name, found \"App-Schema\"")
        #expect(Self.headline("{\"schemaTypes\": \"some\"}") == "graft.json:1:17: error: 'schemaTypes' must be one of \"used\", \"all\", found \"some\"")
    }

    @Test func theInitialFileParses() throws {
        #expect(try GraftConfiguration.parse(GraftConfiguration.initialFile, path: "graft.json") == GraftConfiguration())
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try GraftConfiguration.parse(text, path: "graft.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// The first line of the error for `text` (the position and message; the source line and caret follow).
    static func headline(_ text: String) -> String? {
        error(text).map { String($0.prefix { $0 != "\n" }) }
    }

    @Test func unknownKeysNameTheKeyAndPosition() {
        #expect(Self.error("{\n  \"output\": \"Out\",\n  \"ouptut\": \"x\"\n}") == """
            graft.json:3:3: error: unknown key 'ouptut'; Did you mean "output"?
              "ouptut": "x"
              ^
            """)
        #expect(Self.headline("{\"zzz\": 1}") == "graft.json:1:2: error: unknown key 'zzz' (known keys: schema, operations, output, "
                + "namespace, accessLevel, modelShape, memberwiseInitializers, customScalars, keyFields, pagination, maxAges, onError, operationDocument, persistedQueryManifest, testMocks, "
                + "schemaTypes, schemaModule, upstream, usedBy, fileBuckets)")
    }

    @Test func everyProblemOfTheFileIsReportedInOneRun() {
        #expect(Self.error("{\n  \"custom_scalars\": {},\n  \"accessLevel\": \"open\",\n  \"output\": \"Out\"\n}") == """
            graft.json:2:3: error: unknown key 'custom_scalars'; Did you mean "customScalars"?
              "custom_scalars": {},
              ^
            graft.json:3:18: error: 'accessLevel' must be one of "public", "internal", found "open"
              "accessLevel": "open",
                             ^
            """)
        // A file of thousands of mistakes gives the first hundred.
        let many = "{" + (0..<5_000).map { "\"k\($0)\": 1" }.joined(separator: ", ") + "}"
        #expect(Self.error(many)?.split(separator: "\n").filter { $0.contains(": error: ") }.count == 100)
    }

    @Test func fileBucketsIsAWholeNumberOfFilesWithABound() throws {
        for (text, expected) in [("1", 1), ("4", 4), ("1000", 1000), ("4.0", 4), ("null", nil)] as [(String, Int?)] {
            #expect(try GraftConfiguration.parse("{\"fileBuckets\": \(text)}", path: "graft.json").fileBuckets == expected)
        }
        #expect(try GraftConfiguration.parse("{}", path: "graft.json").fileBuckets == nil)
        let message = "error: 'fileBuckets' must be a whole number of files from 1 to 1000, found "
        for (text, found) in [("0", "0"), ("-3", "-3"), ("2.5", "2.5"), ("100000", "100000"), ("1e300", "1e+300"),
                              ("\"4\"", "a string"), ("true", "a Boolean"), ("[4]", "an array")] {
            #expect(Self.headline("{\n  \"output\": \"Out\",\n  \"fileBuckets\": \(text)\n}") == "graft.json:3:18: " + message + found)
        }
        #expect(Self.error("{\"fileBuckets\": 0}") == """
            graft.json:1:17: \(message)0
            {"fileBuckets": 0}
                            ^
            """)
    }

    @Test func testMocksAndCustomScalarTypes() throws {
        let parsed = try GraftConfiguration.parse(#"{"testMocks": {"output": "Mocks", "module": "API"}}"#, path: "graft.json")
        #expect(parsed.testMocks == .init(output: "Mocks", module: "API"))
        #expect(try GraftConfiguration.parse(#"{"testMocks": null}"#, path: "graft.json").testMocks == nil)
        #expect(Self.headline(#"{"testMocks": {"module": "API"}}"#) == "graft.json:1:15: error: 'testMocks' needs an 'output' folder")
        #expect(Self.headline(#"{"testMocks": {"output": "M", "module": "a b"}}"#)
            == "graft.json:1:41: error: 'testMocks.module' must be a module name or null, found a string")
        // Custom scalar types are printed into generated code: type names only.
        #expect(try GraftConfiguration.parse(#"{"customScalars": {"D": "Foundation.Date"}}"#, path: "graft.json").customScalars == ["D": "Foundation.Date"])
        #expect(Self.headline(#"{"customScalars": {"D": "Date; import Evil"}}"#)
            == #"graft.json:1:25: error: 'customScalars.D' must be a Swift type name, found "Date; import Evil""#)
    }

    @Test func errorsShowTheLineAndACaret() {
        #expect(Self.error("{\n\t\"output\": 3\r\n}") == "graft.json:2:12: error: 'output' must be a string, found a number\n\t\"output\": 3\n\t          ^")
        #expect(Self.error("") == "graft.json:1:1: error: unexpected end of file, expected a value\n\n^")
    }

    @Test func unreadableFilesSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func message(_ path: String) -> String? {
            do {
                _ = try GraftConfiguration.load(path: path)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message(folder.appendingPathComponent("missing.json").path)?.hasSuffix("cannot read the configuration file: no such file") == true)
        #expect(message(folder.path)?.hasSuffix("cannot read the configuration file: it is a folder") == true)
    }

    @Test func wrongTypesNameTheKeyAndPosition() {
        #expect(Self.headline("{\"output\": 3}") == "graft.json:1:12: error: 'output' must be a string, found a number")
        #expect(Self.headline("{\n \"schema\": [\"a\", true]}") == "graft.json:2:18: error: 'schema' must hold strings, found a Boolean")
        #expect(Self.headline("{\"accessLevel\": \"open\"}")
                == "graft.json:1:17: error: 'accessLevel' must be one of \"public\", \"internal\", found \"open\"")
        #expect(Self.headline("{\"customScalars\": {\"Date\": 1}}")
                == "graft.json:1:28: error: 'customScalars.Date' must be a string (a Swift type), found a number")
        #expect(Self.headline("{\"namespace\": \"my api\"}") == "graft.json:1:15: error: 'namespace' must be a Swift identifier, found \"my api\"")
        #expect(Self.headline("[]") == "graft.json:1:1: error: the configuration must be an object, found an array")
    }

    @Test func syntaxErrorsHavePositions() {
        #expect(Self.headline("{\n  \"output\": \"Out\"\n  \"schema\": []\n}") == "graft.json:3:3: error: expected ',' or '}'")
        #expect(Self.headline("{\"output\": \"Out\",}") == "graft.json:1:18: error: expected a quoted key")
        #expect(Self.headline("") == "graft.json:1:1: error: unexpected end of file, expected a value")
    }

    @Test func missingFileIsAnError() {
        #expect(throws: ConfigurationError.self) { try GraftConfiguration.load(path: "/nonexistent/graft.json") }
    }
}
