/// The networking core, built once at app start and handed to every feature: one HTTP stack, one
/// GraphQL client, one normalized cache. Its public face names nothing of the networking library;
/// features reach the service through `package` API.
public struct APIEnvironment: Sendable {
    /// The service every feature's requests go through.
    package let network: any NetworkService

    /// The app's networking core for `configuration`.
    public init(configuration: APIConfiguration) {
        self.init(network: GraftNetworkService(configuration: configuration))
    }

    /// A core over another service (tests, previews).
    package init(network: any NetworkService) {
        self.network = network
    }
}
