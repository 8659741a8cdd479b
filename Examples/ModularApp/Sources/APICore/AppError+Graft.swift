import Graft

extension AppError {
    /// `error` in the app's terms: a ``GraftError`` by its code, cancellation as ``cancelled``, an
    /// `AppError` as itself, and anything else as ``unavailable``. The messages kept are the
    /// server's GraphQL error messages, never the request (so no header or token can leak).
    package init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as GraftError:
            switch error.code {
            case .transport, .offline: self = .offline
            case .timedOut: self = .timedOut
            case .cancelled: self = .cancelled
            case .unauthorized: self = .signedOut
            case .graphQLErrors: self = .rejected(error.graphQLErrors.map(\.message))
            case .httpStatus: self = error.statusCode.map { .server(status: $0) } ?? .unavailable
            case .decoding, .cacheMiss: self = .invalidResponse
            case .rateLimited, .cache, .insecureTransport, .pinningFailed: self = .unavailable
            }
        default:
            self = .unavailable
        }
    }
}
