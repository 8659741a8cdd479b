// graft-upload-helper GRAPHQL_URL SESSION FILE [urlSession|curl]
//
// Used by IntegrationTests' large-upload test (not a product): a process of its own, so that no
// other test's allocations count, that uploads FILE with the generated UploadFileMutation through
// a `GraphQLClient` (over URLSession, or libcurl with `curl`) and measures its own resident memory meanwhile. It warms up with a small upload
// (URLSession, libcurl and the connection set up), resets the kernel's high-water mark
// (`/proc/self/clear_refs`, when permitted), notes the resident size, then uploads FILE while a
// thread samples `VmRSS` every 2 ms. It prints one JSON line: the server's `size` and `sha256`,
// `baselineKB`, `peakKB` (the larger of the sampled peak and `VmHWM` when it could be reset) and
// `hwmReset`.
import CourseCatalogAPI
import Foundation
import Graft

/// A field of /proc/self/status in kB (`VmRSS`, `VmHWM`).
func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
    }
    return 0
}

/// The largest `VmRSS` seen by a sampling thread until stopped.
final class Sampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = true

    func start() {
        Thread {
            while self.lock.withLock({ self.running }) {
                let rss = status("VmRSS")
                self.lock.withLock { self.peak = max(self.peak, rss) }
                usleep(2_000)
            }
        }.start()
    }

    func stop() -> Int {
        lock.withLock {
            running = false
            return peak
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let url = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: graft-upload-helper GRAPHQL_URL SESSION FILE [urlSession|curl]\n".utf8))
    exit(2)
}
var base: any HTTPClient = URLSessionHTTPClient()
#if os(Linux)
if arguments.count == 5, arguments[4] == "curl" { base = CurlHTTPClient() }
#endif
let http = InterceptingHTTPClient(base: base, interceptors: [HeaderInjectionInterceptor(["X-Test-Session": arguments[2]])])
let client = GraphQLClient(transport: HTTPTransport(url: url, client: http))
let options = RequestOptions(timeout: .seconds(900), throwsOnGraphQLErrors: true)
do {
    _ = try await client.perform(UploadFileMutation(file: GraphQLFile(data: Data(repeating: 7, count: 1 << 16), filename: "warm-up.bin")),
                                 options: options)
    let hwmReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    let baseline = status("VmRSS")
    let sampler = Sampler()
    sampler.start()
    let result = try await client.perform(UploadFileMutation(file: GraphQLFile(fileURL: URL(fileURLWithPath: arguments[3]))),
                                          options: options)
    var peak = sampler.stop()
    if hwmReset { peak = max(peak, status("VmHWM")) }
    guard let uploaded = result.data?.uploadFile else { throw GraftError(.decoding, message: "no data") }
    print(#"{"size":\#(uploaded.size),"sha256":"\#(uploaded.sha256)","baselineKB":\#(baseline),"peakKB":\#(peak),"hwmReset":\#(hwmReset)}"#)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
