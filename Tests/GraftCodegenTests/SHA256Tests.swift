import GraftCodegen
import GraftHashing
import Testing

/// SHA-256 against the FIPS 180-4 / NIST test vectors.
@Suite struct SHA256Tests {
    @Test func emptyMessage() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abc() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func twoBlockMessage() {
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAs() {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages around the padding boundary (55, 56, 63, 64 bytes) hashed in pieces and whole agree.
    @Test func incrementalUpdatesMatch() {
        for length in [55, 56, 63, 64, 65, 119, 120] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            var hash = SHA256()
            hash.update(bytes.prefix(length / 3))
            hash.update(bytes.dropFirst(length / 3))
            let pieces = hash.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            #expect(pieces == SHA256.hex(bytes))
        }
    }
}
