import Graft
import Testing

/// JSON numbers compare by value: an integer equals a double that is exactly it, and they hash alike.
@Suite struct JSONValueEqualityTests {
    @Test("77 and 77.0 are one number; 77 and 77.5, 2^53 + 1 and 2^53 as a double, true and 1 are not")
    func numbers() {
        #expect(JSONValue.int(77) == .double(77.0))
        #expect(JSONValue.double(77.0) == .int(77))
        #expect(JSONValue.int(0) == .double(-0.0))
        #expect(JSONValue.int(77) != .double(77.5))
        #expect(JSONValue.int(9_007_199_254_740_993) != .double(9_007_199_254_740_992))
        #expect(JSONValue.double(1e300) != .int(Int.max))
        #expect(JSONValue.bool(true) != .int(1))
        #expect(JSONValue.string("77") != .int(77))
        #expect(JSONValue.double(.nan) != .double(.nan))
    }

    @Test("equal values hash alike, also inside arrays and objects")
    func hashing() {
        let integral: JSONValue = ["rating": 4, "scores": [1, 2.0]]
        let doubles: JSONValue = ["rating": 4.0, "scores": [1.0, 2]]
        #expect(integral == doubles)
        #expect(integral.hashValue == doubles.hashValue)
        #expect(Set<JSONValue>([.int(3), .double(3), .double(3.5), .int(-0), .double(-0.0)]).count == 3)
        #expect(integral != ["rating": 4.5, "scores": [1, 2]])
    }
}
