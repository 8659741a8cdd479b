import Foundation
import Graft

extension HTTPRequest {
    /// The body's bytes as a client sends them: the data in memory, or a streamed body read from its
    /// start to its end (up to 64 MB; a test's uploads are small). Throws what the body's reader throws.
    public func sentBody() throws -> Data? {
        switch content {
        case nil: return nil
        case .data(let data)?: return data
        case .stream(let source)?: return try source.collect()
        }
    }
}
