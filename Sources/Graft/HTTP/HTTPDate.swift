import Foundation

/// Parses HTTP dates (RFC 9110, section 5.6.7): the preferred IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`)
/// and asctime (`Sun Nov  6 08:49:37 1994`) forms. No `DateFormatter`, so it is safe anywhere.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` denotes, or `nil` if it isn't an HTTP date.
    static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if words.count == 6, words[5] == "GMT" {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT (the comma is a separator here).
            return make(day: Int(words[1]), month: month(words[2]), year: Int(words[3]), time: words[4])
        }
        if words.count == 4, words[3] == "GMT" {
            // RFC 850: Sunday 06-Nov-94 08:49:37 GMT
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, var year = Int(parts[2]) else { return nil }
            if parts[2].count == 2 { year += year < 70 ? 2000 : 1900 }
            return make(day: Int(parts[0]), month: month(parts[1]), year: year, time: words[2])
        }
        if words.count == 5 {
            // asctime: Sun Nov 6 08:49:37 1994
            return make(day: Int(words[2]), month: month(words[1]), year: Int(words[4]), time: words[3])
        }
        return nil
    }

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func make(day: Int?, month: Int?, year: Int?, time: String) -> Date? {
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard let day, let month, let year, (1...31).contains(day), clock.count == 3,
              (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
