import Foundation

/// Dispatches `graft-bench <benchmark> ...`.
enum BenchmarkCommand {
    static let usage = """
    USAGE: graft-bench <benchmark> ARGS...

    BENCHMARKS:
      lex FILE          Lex FILE repeatedly (no AST).
      parse FILE        Parse FILE into an AST repeatedly.
      cache [memory|sqlite] | --memory | cold [--records N]
                        The normalized cache: write and read HeroAndFriends with 10, 100 and
                        1,000 friends, in memory and in SQLite; --memory: resident memory of
                        100,000 records; cold: a 50-object screen read by new processes that
                        open an SQLite cache of N (100,000) records, against a warm read, and
                        the same records read with SQLite alone, the floor under it;
                        cold-fill PATH: that cache's file, kept (Scripts/bench/cold-read-profile.sh).
      observe           The cache as views see it: the synchronous read of a 50-object screen; 1,000
                        live FragmentModels, one object changed (time until its model is current,
                        models notified); a write no watcher read, with 0, 100 and 10,000 watchers.
      decode [N ...]    Decode HeroAndFriends with 10, 100 and 1,000 friends into the generated
                        models of both shapes ("modelShape": "struct" and "class").
      pagination        Append page 1 and page 50 of 50 (20 courses each) to a merged list.
      record [SIZE]     Reject a damaged cache record of SIZE (4 MB) bytes: 511 nested lists each
                        claiming every byte left (median time, peak resident memory).
      response FILE     Parse a CourseCatalog JSON response into the generated models.
      subscription [N]  A local WebSocket server pushes N LessonProgress events: the client
                        receives, decodes and caches them (events/s, MB/s of frames), beside a
                        raw-socket baseline and frame parsing alone.
      offline [N] [memory] [sqlite] [--no-replay] [--scopes S] [--concurrency C] [--curl]
                        The offline mutation queue: enqueue N (10,000) AddNote mutations with
                        optimistic responses, in memory and on SQLite (one transaction each),
                        then replay them against a local HTTP server; over S notebooks, each
                        its own scope (default 1: no scopes), up to C in flight;
                        --curl: through CurlHTTPClient rather than URLSessionHTTPClient.
      rest-cache [N]    N (1,000) REST GETs through URLSessionHTTPClient: round trips to a local
                        server, against HTTP response cache hits in memory and on SQLite, and
                        304 revalidations.
      multipart         Parse a 10 MB multipart/mixed stream of 1,000 parts in 16 KB chunks.
      schema FILE...    Build and validate a schema from SDL files.
      validate --schema PATH... --operations PATH...
                        Validate the operations (all specified rules) repeatedly.
      generate CONFIG   The code-generation pipeline for a graft.json, files to rendered Swift.

    Build in release mode: swift run -c release graft-bench parse FILE
    """

    static func run(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 1
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch name {
            case "lex": try LanguageBenchmarks.lex(rest)
            case "response": try ResponseBenchmarks.response(rest)
            case "parse": try LanguageBenchmarks.parse(rest)
            case "schema": try SchemaBenchmarks.schema(rest)
            case "validate": try ValidationBenchmarks.validate(rest)
            case "generate": try GenerateBenchmark.run(rest)
            case "cache": try CacheBenchmarks.run(rest)
            case "decode": try DecodeBenchmark.run(rest)
            case "pagination": try PaginationBenchmark.run(rest)
            case "observe": try ObserveBenchmark.run(rest)
            case "record": try RecordDecodeBenchmark.run(rest)
            case "subscription": try SubscriptionBenchmarks.run(rest)
            case "multipart": try MultipartBenchmark.run(rest)
            case "rest-cache":
                #if canImport(Glibc)
                try RESTCacheBenchmark.run(rest)
                #else
                throw BenchmarkError("graft-bench rest-cache runs on Linux")
                #endif
            case "offline":
                #if canImport(Glibc)
                try OfflineQueueBenchmark.run(rest)
                #else
                throw BenchmarkError("graft-bench offline runs on Linux")
                #endif
            case "--help", "-h", "help":
                print(usage)
            default:
                throw BenchmarkError("unknown benchmark '\(name)'\n\n" + usage)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
    }
}

/// A benchmark that cannot run (bad arguments, unreadable file, invalid input).
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
