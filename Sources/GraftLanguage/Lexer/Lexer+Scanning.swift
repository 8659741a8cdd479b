extension Lexer {
    /// Eight copies of a byte in a word.
    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// A word with the high bit set in each byte lane of `word` that is zero (SWAR "has zero byte").
    @inline(__always)
    static func zeroLanes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The offset of the first byte at or after `position` that is not a NameContinue (letter,
    /// digit, `_`), or `bytes.count`. Sixteen bytes at a time while sixteen remain (most names
    /// end in the first block), then eight.
    @inline(__always)
    func skipNameContinue(from position: Int) -> Int {
        var position = position
        let count = bytes.count
        if let base = bytes.baseAddress {
            while position + 16 <= count {
                let names = Lexer.nameLanes(UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self))
                if ~names[0] != 0 { return position + (~names[0]).trailingZeroBitCount / 8 }
                if ~names[1] != 0 { return position + 8 + (~names[1]).trailingZeroBitCount / 8 }
                position += 16
            }
            while position + 8 <= count {
                let others = Lexer.nonNameLanes(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                if others != 0 { return position + others.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count, Lexer.isNameContinue(bytes[position]) { position += 1 }
        return position
    }

    /// A word with the high bit set in each byte lane of `word` that is not a NameContinue byte,
    /// exactly: the tests work on each lane's low seven bits, so no sum carries into the next lane,
    /// and bytes from 0x80 up are never name bytes.
    @inline(__always)
    static func nonNameLanes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let folded = low | broadcast(0x20)  // A-Z onto a-z; nothing else lands in a-z
        let letters = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
        let digits = atLeast(low, 0x30) & ~atLeast(low, 0x3A)
        let underscores = ~atLeast(low ^ broadcast(0x5F), 0x01) & high
        return (~(letters | digits | underscores) & high) | (word & high)
    }

    /// 0xFF in each lane of `block` that is a NameContinue byte, 0 in the others, as two words
    /// (the first lane lowest): three range checks of sixteen lanes at once. The types are spelled
    /// out so that the concrete `SIMD16<UInt8>` operators (one vector instruction each) are chosen,
    /// not the generic ones that loop over the lanes.
    @inline(__always)
    static func nameLanes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let folded: SIMD16<UInt8> = block | SIMD16<UInt8>(repeating: 0x20)  // A-Z onto a-z
        let letters: SIMDMask<SIMD16<Int8>> = folded &- SIMD16<UInt8>(repeating: 0x61) .< SIMD16<UInt8>(repeating: 26)
        let digits: SIMDMask<SIMD16<Int8>> = block &- SIMD16<UInt8>(repeating: 0x30) .< SIMD16<UInt8>(repeating: 10)
        let underscores: SIMDMask<SIMD16<Int8>> = block .== SIMD16<UInt8>(repeating: 0x5F)
        return unsafeBitCast(letters .| digits .| underscores, to: SIMD2<UInt64>.self)
    }

    /// The high bit of each lane of `lanes` (all below 0x80) that is at least `bound` (at least 1).
    @inline(__always)
    static func atLeast(_ lanes: UInt64, _ bound: UInt8) -> UInt64 {
        (lanes &+ broadcast(0x80 &- bound)) & 0x8080_8080_8080_8080
    }

    /// The offset of the first `a`, `b`, `c` or `d` at or after `position`, looking sixteen bytes at
    /// a time (one vector compare per needle and block: SSE2 on x86, NEON on ARM) while sixteen
    /// bytes remain before `end`; `found` is false when none was in those blocks, and `position`
    /// is then where fewer than sixteen bytes remain, for the caller to look at.
    @inline(__always)
    func skipBlocks(from position: Int, to end: Int, avoiding a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> (position: Int, found: Bool) {
        guard let base = bytes.baseAddress else { return (position, false) }
        let a = SIMD16<UInt8>(repeating: a), b = SIMD16<UInt8>(repeating: b)
        let c = SIMD16<UInt8>(repeating: c), d = SIMD16<UInt8>(repeating: d)
        var position = position
        while position + 16 <= end {
            let block = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
            let hits = (block .== a) .| (block .== b) .| (block .== c) .| (block .== d)
            if any(hits) {
                // 0xFF in each lane that matched; the first one is the lowest set byte.
                let lanes = unsafeBitCast(SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: hits), to: SIMD2<UInt64>.self)
                let offset = lanes[0] != 0 ? lanes[0].trailingZeroBitCount / 8 : 8 + lanes[1].trailingZeroBitCount / 8
                return (position + offset, true)
            }
            position += 16
        }
        return (position, false)
    }

    /// The offset of the first byte at or after `position` that is `"`, `\`, `\n` or `\r`
    /// (the bytes that end a run of plain string characters), or `bytes.count`.
    /// Checks sixteen, then eight bytes at a time.
    @inline(__always)
    func skipPlainStringBytes(from position: Int) -> Int {
        let count = bytes.count
        let (blockEnd, found) = skipBlocks(from: position, to: count, avoiding: 0x22, 0x5C, 0x0A, 0x0D)
        if found { return blockEnd }
        var position = blockEnd
        if let base = bytes.baseAddress {
            let quotes = Lexer.broadcast(0x22), backslashes = Lexer.broadcast(0x5C)
            let newlines = Lexer.broadcast(0x0A), returns = Lexer.broadcast(0x0D)
            while position + 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let hits = Lexer.zeroLanes(word ^ quotes) | Lexer.zeroLanes(word ^ backslashes)
                    | Lexer.zeroLanes(word ^ newlines) | Lexer.zeroLanes(word ^ returns)
                if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count {
            let code = bytes[position]
            if code == 0x22 || code == 0x5C || code == 0x0A || code == 0x0D { return position }
            position += 1
        }
        return count
    }

    /// The offset of the first `"` or `\` at or after `position` (the only bytes that matter
    /// inside a block string), or `bytes.count`. Sixteen, then eight bytes at a time.
    @inline(__always)
    func skipPlainBlockStringBytes(from position: Int) -> Int {
        let count = bytes.count
        let (blockEnd, found) = skipBlocks(from: position, to: count, avoiding: 0x22, 0x5C, 0x22, 0x5C)
        if found { return blockEnd }
        var position = blockEnd
        if let base = bytes.baseAddress {
            let quotes = Lexer.broadcast(0x22), backslashes = Lexer.broadcast(0x5C)
            while position + 8 <= count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let hits = Lexer.zeroLanes(word ^ quotes) | Lexer.zeroLanes(word ^ backslashes)
                if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < count && bytes[position] != 0x22 && bytes[position] != 0x5C { position += 1 }
        return position
    }

    /// Whether `byte` occurs in `start..<end`.
    func containsByte(_ byte: UInt8, from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        return UnsafeBufferPointer(rebasing: bytes[start..<end]).contains(byte)
    }

    /// The value of a block string whose raw content is `contentStart..<contentEnd`
    /// (BlockStringValue(): common indentation removed, blank first and last lines dropped,
    /// `\"""` unescaped), built without intermediate line arrays.
    func blockStringValue(contentStart: Int, contentEnd: Int) -> String {
        // Pass 1: common indentation and the first and last non-blank lines.
        var commonIndent = Int.max
        var firstNonBlank = -1
        var lastNonBlank = -1
        var lineIndex = 0
        forEachLine(contentStart, contentEnd) { start, end in
            var indent = 0
            while start + indent < end && (bytes[start + indent] == 0x20 || bytes[start + indent] == 0x09) { indent += 1 }
            if start + indent < end {
                if firstNonBlank < 0 { firstNonBlank = lineIndex }
                lastNonBlank = lineIndex
                if lineIndex != 0 && indent < commonIndent { commonIndent = indent }
            }
            lineIndex += 1
        }
        guard firstNonBlank >= 0 else { return "" }
        let hasEscapes = containsByte(0x5C, from: contentStart, to: contentEnd)
        // Pass 2: copy the kept lines, joined by \n.
        return String(unsafeUninitializedCapacity: max(1, contentEnd - contentStart)) { output in
            var written = 0
            var index = 0
            forEachLine(contentStart, contentEnd) { start, end in
                defer { index += 1 }
                guard index >= firstNonBlank && index <= lastNonBlank else { return }
                if index > firstNonBlank {
                    output[written] = 0x0A
                    written += 1
                }
                var position = index == 0 ? start : min(end, start + commonIndent)
                if !hasEscapes, let from = bytes.baseAddress, let to = output.baseAddress {
                    (to + written).update(from: from + position, count: end - position)
                    written += end - position
                    return
                }
                while position < end {
                    if bytes[position] == 0x5C && position + 3 < end
                        && bytes[position + 1] == 0x22 && bytes[position + 2] == 0x22 && bytes[position + 3] == 0x22 {
                        position += 1  // drop the backslash of \"""
                        for _ in 0..<3 {
                            output[written] = 0x22
                            written += 1
                        }
                        position += 3
                        continue
                    }
                    output[written] = bytes[position]
                    written += 1
                    position += 1
                }
            }
            return written
        }
    }

    /// Calls `body(start, end)` for each line of `start..<end`, split at `\n`, `\r\n` or `\r`.
    @inline(__always)
    func forEachLine(_ start: Int, _ end: Int, _ body: (Int, Int) -> Void) {
        var lineStart = start
        var position = start
        while true {
            position = nextLineBreak(from: position, to: end)
            guard position < end else { break }
            let code = bytes[position]
            body(lineStart, position)
            position += (code == 0x0D && position + 1 < end && bytes[position + 1] == 0x0A) ? 2 : 1
            lineStart = position
        }
        body(lineStart, end)
    }

    /// The offset of the first `\n` or `\r` in `position..<end`, or `end`. Sixteen, then eight
    /// bytes at a time.
    @inline(__always)
    func nextLineBreak(from position: Int, to end: Int) -> Int {
        let (blockEnd, found) = skipBlocks(from: position, to: end, avoiding: 0x0A, 0x0D, 0x0A, 0x0D)
        if found { return blockEnd }
        var position = blockEnd
        if let base = bytes.baseAddress {
            let newlines = Lexer.broadcast(0x0A), returns = Lexer.broadcast(0x0D)
            while position + 8 <= end {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let hits = Lexer.zeroLanes(word ^ newlines) | Lexer.zeroLanes(word ^ returns)
                if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
                position += 8
            }
        }
        while position < end && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
        return position
    }
}
