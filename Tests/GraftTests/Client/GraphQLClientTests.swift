import Foundation
import Testing
@testable import Graft
import GraftTesting
import StarWarsAPI

/// `GraphQLClient` over a mock transport: typed data, errors beside partial data, the throwing
/// option, decoding errors with paths, variables.
@Suite struct GraphQLClientTests {
    @Test func fetchReturnsTypedDataAndServerErrorsBesideIt() async throws {
        let transport = MockTransport()
        transport.respond(to: "HeroName", with: [
            "data": ["hero": ["__typename": "Human", "name": "Luke"]],
            "errors": [["message": "friends failed", "path": ["hero", "friends"], "extensions": ["code": "INTERNAL"]]],
            "extensions": ["cost": 3],
        ])
        let client = GraphQLClient(transport: transport)
        let response = try await client.fetch(StarWarsAPI.HeroNameQuery(episode: .some(.value(.jedi))))
        #expect(response.data?.hero?.name == "Luke")
        #expect(response.errors.map(\.message) == ["friends failed"])
        #expect(response.errors.first?.path?.description == "hero.friends")
        #expect(response.errors.first?.code == "INTERNAL")
        #expect(response.extensions == ["cost": 3])
        #expect(response.source == .server)
        #expect(transport.requests.first?.variables == ["episode": "JEDI"])
        #expect(transport.requests.first?.operationKind == .query)
    }

    @Test func throwsOnGraphQLErrorsWhenAsked() async throws {
        let transport = MockTransport()
        transport.respond(to: "HeroName", with: ["data": nil, "errors": [["message": "boom"]]])
        let client = GraphQLClient(transport: transport)
        do {
            _ = try await client.fetch(StarWarsAPI.HeroNameQuery(episode: nil), options: RequestOptions(throwsOnGraphQLErrors: true))
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .graphQLErrors)
            #expect(error.operation == "HeroName")
            #expect(error.graphQLErrors.map(\.message) == ["boom"])
        }
    }

    @Test func decodingErrorsNameTheResponsePath() async throws {
        let transport = MockTransport()
        transport.respond(to: "HeroName", with: ["data": ["hero": ["__typename": "Human", "name": nil]]])
        let client = GraphQLClient(transport: transport)
        do {
            _ = try await client.fetch(StarWarsAPI.HeroNameQuery(episode: nil))
            Issue.record("expected an error")
        } catch let error as GraftError {
            #expect(error.code == .decoding)
            #expect(error.responsePath == "data.hero.name")
            #expect(error.message.contains("expected String, found null"))
        }
    }

    @Test func transportErrorsPropagate() async throws {
        let transport = MockTransport()
        transport.respond(to: "HeroName") { _ in throw GraftError(.timedOut, message: "the request timed out") }
        let client = GraphQLClient(transport: transport)
        await #expect(throws: GraftError.self) { try await client.fetch(StarWarsAPI.HeroNameQuery(episode: nil)) }
    }
}
