extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The fields as `Name: value` lines joined by `, `, with secret values redacted.
    public var description: String {
        Redactor.default.redact(headers: self).fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }

    /// Same as ``description``: secrets are redacted.
    public var debugDescription: String { "HTTPHeaders(\(description))" }

    /// A mirror of the redacted fields, so `dump` never shows secrets.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Redactor.default.redact(headers: self).fields.map { "\($0.name): \($0.value)" },
               displayStyle: .collection)
    }
}
