#if canImport(CCurl)
internal import CCurl
import Foundation

/// One request on a libcurl easy handle: the options made from an ``HTTPRequest``, the callbacks
/// (C functions that find the transfer through an unretained pointer; the loop's table keeps it
/// alive while libcurl may call them), and who waits for the outcome. The response state is only
/// touched on the loop thread; the consumer is handed over under a lock, and resumed once.
final class CurlTransfer: @unchecked Sendable {
    /// The response head: what a streamed response is made of before its body.
    struct Head: Sendable {
        var statusCode: Int
        var headers: HTTPHeaders
    }

    /// Who waits.
    private enum Consumer {
        /// The whole response, at the end.
        case whole(CheckedContinuation<(Head, Data), any Error>)
        /// The head as soon as it is complete (nil once resumed), then each chunk.
        case streaming(head: CheckedContinuation<Head, any Error>?, body: AsyncThrowingStream<Data, any Error>.Continuation)
    }

    let handle: UnsafeMutableRawPointer
    private let url: URL
    private let tls: TLSOptions
    private var pinSet: PinSet?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let requestBody: CurlRequestBody?
    /// The most bytes of body collected for a whole response (nil: no limit).
    private let bodyLimit: Int?

    // Loop thread only.
    private var status = 0
    private var headers = HTTPHeaders()
    private var headComplete = false
    private var received = 0
    private var collected = Data()
    /// Set when the body passed ``bodyLimit`` and the transfer was stopped.
    private var bodyLimitFailure: GraftError?

    private let consumer = Locked<(consumer: Consumer?, finished: Bool)>((nil, false))

    /// Makes the easy handle for `request`; throws when libcurl refuses an option. A whole
    /// response's body stops at `bodyLimit` bytes.
    init(_ request: HTTPRequest, tls: TLSOptions, bodyLimit: Int? = nil) throws {
        self.bodyLimit = bodyLimit
        guard curlGlobalInitialized, let handle = curl_easy_init() else {
            throw GraftError(.transport, message: "libcurl could not be initialised")
        }
        self.handle = handle
        url = request.url
        self.tls = tls
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        switch request.content {
        case .data(let data)?: requestBody = CurlDataBody(data)
        case .stream(let source)?: requestBody = CurlSourceBody(source)
        case nil: requestBody = nil
        }
        guard configure(request) else {
            throw GraftError(.transport, message: "libcurl refused an option for \(request.method.rawValue) requests (pinning needs an OpenSSL libcurl)")
        }
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(_ request: HTTPRequest) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var ok = graft_curl_setopt_string(handle, CURLOPT_URL, request.url.absoluteString) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        // Redirects are followed by the client, one transfer per hop, so that each host gets its own pins.
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0) == CURLE_OK
        ok = ok && graft_curl_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK
        ok = ok && graft_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context) == CURLE_OK
        ok = ok && graft_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context) == CURLE_OK
        if !request.headers.contains("Accept-Encoding") {
            // Every encoding this libcurl decodes, decoded as URLSession does.
            ok = ok && graft_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") == CURLE_OK
        }
        if request.url.scheme?.lowercased() == "https" {
            let (tlsOK, pinSet) = CurlTLS.configure(handle, tls: tls, host: request.url.host ?? "")
            ok = ok && tlsOK
            self.pinSet = pinSet
        }
        ok = ok && configureMethod(request, context: context)
        var lines = request.headers.map { field in field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)" }
        // No `Expect: 100-continue` round trip, and no form content type libcurl would add to a body.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        if requestBody != nil, !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        for line in lines where !line.contains("\r") && !line.contains("\n") {
            headerList = curl_slist_append(headerList, line)
        }
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList) == CURLE_OK
        return ok
    }

    private func configureMethod(_ request: HTTPRequest, context: UnsafeMutableRawPointer) -> Bool {
        let method = request.method.rawValue
        if method == "HEAD" { return graft_curl_setopt_long(handle, CURLOPT_NOBODY, 1) == CURLE_OK }
        guard let requestBody else {
            if method == "GET" { return graft_curl_setopt_long(handle, CURLOPT_HTTPGET, 1) == CURLE_OK }
            if method == "POST" {
                return graft_curl_setopt_long(handle, CURLOPT_POST, 1) == CURLE_OK
                    && graft_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, 0) == CURLE_OK
            }
            return graft_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) == CURLE_OK
        }
        // A body with any method: libcurl's POST machinery reads it, the method name is ours.
        var ok = graft_curl_setopt_long(handle, CURLOPT_POST, 1) == CURLE_OK
        ok = ok && graft_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(requestBody.length ?? -1)) == CURLE_OK
        ok = ok && graft_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION, curlReadCallback) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_READDATA, context) == CURLE_OK
        ok = ok && graft_curl_setopt_seek_callback(handle, curlSeekCallback) == CURLE_OK
        ok = ok && graft_curl_setopt_pointer(handle, CURLOPT_SEEKDATA, context) == CURLE_OK
        if method != "POST" { ok = ok && graft_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) == CURLE_OK }
        return ok
    }

    // MARK: Waiting (any thread)

    /// Whether the outcome was delivered.
    var isFinished: Bool { consumer.withLock { $0.finished } }

    /// Runs the transfer on `loop` and returns the whole response. Cancelling the calling task
    /// stops the transfer.
    func perform(on loop: CurlTransferLoop) async throws -> (Head, Data) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard wait(.whole(continuation)) else { return continuation.resume(throwing: GraftError.cancelled()) }
                loop.start(self)
            }
        } onCancel: {
            loop.stop(self, with: GraftError.cancelled())
        }
    }

    /// Runs the transfer on `loop` and returns at the response head, the body streaming.
    /// Cancelling the calling task before then, or the body afterwards, stops the transfer.
    func stream(on loop: CurlTransferLoop) async throws -> (Head, HTTPBodyStream) {
        let (chunks, body) = AsyncThrowingStream<Data, any Error>.makeStream()
        body.onTermination = { [self] termination in
            if case .cancelled = termination { loop.stop(self, with: GraftError.cancelled()) }
        }
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard wait(.streaming(head: continuation, body: body)) else {
                    body.finish(throwing: GraftError.cancelled())
                    return continuation.resume(throwing: GraftError.cancelled())
                }
                loop.start(self)
            }
        } onCancel: {
            loop.stop(self, with: GraftError.cancelled())
        }
        return (head, HTTPBodyStream(chunks) { [self] in loop.stop(self, with: GraftError.cancelled()) })
    }

    /// Registers who waits; false when the transfer was already stopped (the task was cancelled
    /// before it started).
    private func wait(_ waiting: Consumer) -> Bool {
        consumer.withLock { state in
            guard !state.finished else { return false }
            state.consumer = waiting
            return true
        }
    }

    /// Delivers `error` to whoever waits (once; later outcomes are dropped).
    func fail(_ error: any Error) {
        guard let waiting = takeConsumer() else { return }
        switch waiting {
        case .whole(let continuation):
            continuation.resume(throwing: error)
        case .streaming(let head, let body):
            head?.resume(throwing: error)
            body.finish(throwing: error)
        }
    }

    private func takeConsumer() -> Consumer? {
        consumer.withLock { state in
            defer {
                state.consumer = nil
                state.finished = true
            }
            return state.finished ? nil : state.consumer
        }
    }

    // MARK: Callbacks (loop thread)

    fileprivate func receivedHeader(_ line: UnsafeRawBufferPointer) {
        guard !headComplete else { return }   // trailers
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let parts = text.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers = HTTPHeaders()
        } else if text.isEmpty {
            // The end of a head; an informational (1xx) one is followed by another.
            if status >= 200 { completeHead() }
        } else if let colon = text.firstIndex(of: ":") {
            headers.add(name: text[..<colon].trimmingCharacters(in: .whitespaces),
                        value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// Takes a piece of the body; false stops the transfer (a whole body past ``bodyLimit``).
    fileprivate func receivedBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !headComplete { completeHead() }
        received += bytes.count
        let body: AsyncThrowingStream<Data, any Error>.Continuation? = consumer.withLock { state in
            if case .streaming(_, let body)? = state.consumer { return body }
            return nil
        }
        if let body {
            body.yield(Data(bytes))
        } else if let bodyLimit, received > bodyLimit || (headers["Content-Length"].flatMap { Int($0) } ?? 0) > bodyLimit {
            bodyLimitFailure = .bodyTooLarge(limit: bodyLimit, statusCode: status,
                                             remedy: "raise CurlHTTPClient's responseBodyLimit, or read it with stream(_:context:)")
            return false
        } else {
            collected.append(contentsOf: bytes)
        }
        return true
    }

    fileprivate func readBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        switch requestBody?.read(into: buffer) ?? .bytes(0) {
        case .bytes(let count): return count
        case .pause: return Int(CURL_READFUNC_PAUSE)
        case .abort: return Int(CURL_READFUNC_ABORT)
        }
    }

    fileprivate func rewindBody() -> Bool {
        requestBody?.rewind() ?? true
    }

    private func completeHead() {
        headComplete = true
        let head = Head(statusCode: status, headers: headers)
        let waiting: CheckedContinuation<Head, any Error>? = consumer.withLock { state in
            guard case .streaming(let continuation?, let body)? = state.consumer else { return nil }
            state.consumer = .streaming(head: nil, body: body)
            return continuation
        }
        waiting?.resume(returning: head)
    }

    /// libcurl finished the transfer with `code` (loop thread, after removing the handle).
    func complete(_ code: CURLcode) {
        guard code == CURLE_OK else { return fail(bodyLimitFailure ?? requestBody?.failure ?? failure(code)) }
        guard headComplete || status >= 200 else {
            return fail(GraftError(.transport, message: "the server sent no HTTP response", underlying: URLError(.badServerResponse)))
        }
        if !headComplete { completeHead() }
        guard let waiting = takeConsumer() else { return }
        switch waiting {
        case .whole(let continuation):
            continuation.resume(returning: (Head(statusCode: status, headers: headers), collected))
        case .streaming(_, let body):
            body.finish()
        }
    }

    /// The error for a failed transfer: a pin mismatch, a body cut short, or libcurl's failure as
    /// the `URLError` URLSession would have given (so retry policies treat both clients alike).
    private func failure(_ code: CURLcode) -> GraftError {
        let detail = CurlTLS.message(code.rawValue, errorBuffer: errorBuffer)
        let host = url.host ?? ""
        if code == CURLE_SSL_PINNEDPUBKEYNOTMATCH, let pinSet, let pinning = tls.pinning {
            return pinning.failure(host: host, port: url.port ?? 443, pinSet: pinSet, detail: detail)
        }
        let urlError = URLError(Self.urlErrorCode(code), userInfo: [NSURLErrorFailingURLErrorKey: url])
        if headComplete, code != CURLE_OPERATION_TIMEDOUT {
            let expected = headers["Content-Length"].flatMap { Int($0) }
            return .bodyCutShort(received: received, expected: expected, statusCode: status, underlying: urlError.redactingURL(.default))
        }
        var error = GraftError(urlError: urlError)
        if error.code == .transport {
            let place = "\(host):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
            error.message += CurlTLS.isTrustFailure(code.rawValue) ? ": the certificate of \(place) is not trusted (\(detail))" : ": \(detail)"
        }
        return error
    }

    private static func urlErrorCode(_ code: CURLcode) -> URLError.Code {
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedURL
        case CURLE_URL_MALFORMAT: return .badURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost
        case CURLE_COULDNT_CONNECT: return .cannotConnectToHost
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .networkConnectionLost
        case CURLE_SSL_CONNECT_ERROR: return .secureConnectionFailed
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: return .serverCertificateUntrusted
        case CURLE_WEIRD_SERVER_REPLY: return .badServerResponse
        default: return .unknown
        }
    }
}

private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
}

private let curlHeaderCallback: graft_curl_data_callback = { buffer, size, count, context in
    transfer(context).receivedHeader(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}

private let curlWriteCallback: graft_curl_data_callback = { buffer, size, count, context in
    // Returning fewer bytes than given stops the transfer (CURLE_WRITE_ERROR).
    transfer(context).receivedBody(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
}

private let curlReadCallback: graft_curl_data_callback = { buffer, size, count, context in
    transfer(context).readBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

private let curlSeekCallback: graft_curl_seek_callback = { context, offset, origin in
    guard offset == 0, origin == SEEK_SET, transfer(context).rewindBody() else { return CURL_SEEKFUNC_CANTSEEK }
    return CURL_SEEKFUNC_OK
}
#endif
