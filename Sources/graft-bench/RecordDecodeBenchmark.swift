import Foundation
import Graft

/// `graft-bench record [SIZE]`: what a damaged or hostile record costs to reject. One field whose
/// value is 511 nested lists, each claiming as many items as bytes follow it, padded with nulls to
/// SIZE bytes (4 MB): the median time `RecordCodec.decode` takes to fail, and the resident memory
/// the process peaked at during one decode, above what it held before.
enum RecordDecodeBenchmark {
    static func run(_ arguments: [String]) throws {
        let size = try arguments.first.map { argument in
            guard let size = Int(argument), size >= 4096 else { throw BenchmarkError("SIZE must be a number of bytes, at least 4096") }
            return size
        } ?? 4 << 20
        let bytes = nestedLists(depth: 511, size: size)
        guard (try? RecordCodec.decode(bytes)) == nil else { throw BenchmarkError("the record decoded") }
        let before = Allocator.residentBytes()
        Allocator.resetPeakResident()
        _ = try? RecordCodec.decode(bytes)
        let peak = Allocator.peakResidentBytes() - before
        let milliseconds = Measurement.median(minimumRuns: 15, minimumSeconds: 0.5) { _ = try? RecordCodec.decode(bytes) }
        print("record nested-lists-\(size): \(bytes.count) bytes, fails in median \(Measurement.format(milliseconds)) ms, "
              + "peak resident +\(peak / 1024) KB")
    }

    static func nestedLists(depth: Int, size: Int) -> [UInt8] {
        var bytes: [UInt8] = [1, 1, UInt8(ascii: "f"), 0, 0, 0, 0]
        for _ in 0..<depth {
            bytes.append(7)
            var count = UInt64(size - bytes.count - 5)
            while count >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: count) | 0x80)
                count >>= 7
            }
            bytes.append(UInt8(count))
        }
        return bytes + Array(repeating: 0, count: max(0, size - bytes.count))
    }
}
