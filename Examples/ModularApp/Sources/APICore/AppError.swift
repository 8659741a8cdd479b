/// The one error type features and the app see: every failure of a GraphQL operation or REST
/// call, whatever layer it came from, in the app's own terms (no networking library's types).
public enum AppError: Error, Sendable, Hashable {
    /// No connection, or the connection failed on the way.
    case offline
    /// The server took longer than the call may wait.
    case timedOut
    /// The credentials were refused and refreshing them did not help: sign in again.
    case signedOut
    /// The server refused the request, with messages meant for people (GraphQL errors, or a
    /// mutation's input errors).
    case rejected([String])
    /// The server answered with an HTTP status the call does not accept.
    case server(status: Int)
    /// The answer could not be read, or lacked the data asked for.
    case invalidResponse
    /// The calling task was cancelled.
    case cancelled
    /// Anything else (a refused connection policy, a local cache failure): try again later.
    case unavailable
}
