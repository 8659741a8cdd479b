#if canImport(CCurl)
internal import CCurl
import Foundation

/// The thread that runs a ``CurlHTTPClient``'s transfers: one libcurl multi handle, driven by
/// `curl_multi_perform` and asleep in `curl_multi_poll` (woken by `curl_multi_wakeup` when a
/// transfer is added or cancelled), so no blocking libcurl call ever runs on Swift's cooperative
/// pool. The multi handle's connection cache keeps connections alive between transfers
/// (HTTP/1.1 keep-alive, HTTP/2 multiplexing). Every libcurl call on the multi handle and its easy
/// handles, and every callback, happens on this thread.
final class CurlTransferLoop: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var toStart: [CurlTransfer] = []
    private var toStop: [(CurlTransfer, any Error)] = []
    private var stopping = false
    private var cleanedUp = false
    /// Transfers in the multi handle, by easy handle (loop thread only).
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// Starts the thread; nil when libcurl cannot be initialised.
    init?() {
        guard curlGlobalInitialized, let multi = curl_multi_init() else { return nil }
        self.multi = multi
        let thread = Thread { [self] in run() }
        thread.name = "Graft libcurl"
        thread.start()
    }

    /// Hands `transfer` to the thread; after ``shutdown()`` it fails as cancelled.
    func start(_ transfer: CurlTransfer) {
        let accepted = lock.withLock {
            guard !stopping else { return false }
            toStart.append(transfer)
            curl_multi_wakeup(multi)
            return true
        }
        if !accepted { transfer.fail(GraftError.cancelled()) }
    }

    /// Removes `transfer` from the multi handle (closing its connection if the exchange was under
    /// way) and fails it with `error`. Does nothing for a transfer that already finished.
    func stop(_ transfer: CurlTransfer, with error: any Error) {
        lock.withLock {
            guard !cleanedUp else { return }
            toStop.append((transfer, error))
            curl_multi_wakeup(multi)
        }
    }

    /// Refuses new transfers and ends the thread once those under way are done (as URLSession's
    /// `finishTasksAndInvalidate`: a body still streaming when its client goes keeps streaming).
    func shutdown() {
        lock.withLock {
            guard !cleanedUp else { return }
            stopping = true
            curl_multi_wakeup(multi)
        }
    }

    private func run() {
        while true {
            let (starts, stops, isStopping) = lock.withLock {
                defer {
                    toStart = []
                    toStop = []
                }
                return (toStart, toStop, stopping)
            }
            for transfer in starts where !transfer.isFinished {
                if curl_multi_add_handle(multi, transfer.handle) == CURLM_OK {
                    running[transfer.handle] = transfer
                } else {
                    transfer.fail(GraftError(.transport, message: "libcurl refused the transfer"))
                }
            }
            for (transfer, error) in stops {
                if running.removeValue(forKey: transfer.handle) != nil { curl_multi_remove_handle(multi, transfer.handle) }
                transfer.fail(error)
            }
            if isStopping && running.isEmpty { break }
            var active: Int32 = 0
            _ = curl_multi_perform(multi, &active)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = running.removeValue(forKey: easy) else { continue }
                let result = graft_curl_message_result(message)
                curl_multi_remove_handle(multi, easy)
                transfer.complete(result)
            }
            _ = curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        let leftovers = lock.withLock {
            cleanedUp = true
            curl_multi_cleanup(multi)
            defer { toStart = [] }
            return toStart
        }
        for transfer in leftovers { transfer.fail(GraftError.cancelled()) }
    }
}
#endif
