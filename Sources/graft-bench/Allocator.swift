import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Memory figures of the process, for `graft-bench cache --memory` (Linux with glibc; elsewhere
/// the figures are 0).
enum Allocator {
    /// A glibc function by name (the Glibc module doesn't export malloc.h).
    static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        return dlsym(dlopen(nil, RTLD_NOW), name)
        #else
        return nil
        #endif
    }

    /// `mallopt(M_ARENA_MAX, 1)`: every thread allocates from the main arena.
    static func useOneArena() {
        guard let mallopt = symbol("mallopt") else { return }
        _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(-8, 1)
    }

    /// Starts the peak of resident memory (`VmHWM`) again from the current figure (Linux:
    /// `/proc/self/clear_refs`).
    static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The most resident memory the process had since it started or ``resetPeakResident()``.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// Resident memory, after `malloc_trim` returned free pages to the system.
    static func residentBytes() -> Int {
        if let trim = symbol("malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
