import Graft
import StarWarsAPI
import StarWarsClassAPI

/// `graft-bench decode [N ...]`: decodes a parsed HeroAndFriends response of N (10, 100, 1,000)
/// friends into the generated models of both shapes: the golden StarWarsAPI (`"modelShape":
/// "struct"`) and StarWarsClassAPI (`"class"`: one heap object per model) modules'
/// `HeroAndFriendsNamesWithIDsQuery`, the same selections as ``HeroAndFriendsQuery``. The models
/// are released inside the timed part (the class shape's deallocations are part of its cost);
/// the two shapes' samples alternate, so their ratio comes from the same stretch of time.
enum DecodeBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.allSatisfy({ (Int($0) ?? 0) > 0 }) else { throw BenchmarkError("usage: graft-bench decode [N ...]") }
        let given = arguments.compactMap { Int($0) }
        let sizes = given.isEmpty ? [10, 100, 1000] : given
        try CacheBenchmarks.blocking {
            for friends in sizes { try await bench(friends: friends) }
        }
    }

    static func bench(friends: Int) async throws {
        guard case .object(let response) = try JSONParser.parse(HeroAndFriendsQuery.response(friends: friends)),
              let data = response["data"] else {
            throw BenchmarkError("bad fixture")
        }
        // Small responses are decoded several times a sample, so that a sample is not a few clock ticks.
        let repeats = max(1, 1000 / max(friends, 1))
        var counts = [-1, -1]
        let medians = try await CacheBenchmarks.medians([
            (setup: {}, body: {
                for _ in 0..<repeats { counts[0] = try StarWarsAPI.HeroAndFriendsNamesWithIDsQuery.Data.decode(data: data).hero?.friends?.count ?? -1 }
            }),
            (setup: {}, body: {
                for _ in 0..<repeats { counts[1] = try StarWarsClassAPI.HeroAndFriendsNamesWithIDsQuery.Data.decode(data: data).hero?.friends?.count ?? -1 }
            }),
        ])
        guard counts == [friends, friends] else { throw BenchmarkError("decoded \(counts) friends, expected \(friends)") }
        let objects = (friends + 2) * repeats // Data, Hero and the friends
        for (shape, milliseconds) in zip(["struct", "class"], medians) {
            print("decode \(shape)-\(friends): \(friends + 2) objects x \(repeats), median \(Measurement.format(milliseconds)) ms, "
                  + "\(Measurement.format(milliseconds * 1e6 / Double(objects), digits: 0)) ns/object")
        }
        print("decode class/struct-\(friends): \(Measurement.format(medians[1] / medians[0], digits: 2))x (samples interleaved)")
    }
}
