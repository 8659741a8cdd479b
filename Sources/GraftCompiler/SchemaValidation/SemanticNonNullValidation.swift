import GraftLanguage

extension SchemaValidationContext {
    /// `@semanticNonNull(levels:)` on object and interface fields: each level names a position of
    /// the field's type (0 the field, 1 the items of its list, ...) that is nullable; a non-null
    /// one needs no promise (the nullability working group's rules, as Apollo Kotlin checks them).
    mutating func validateSemanticNonNull() {
        for type in schema.types where type.kind == .object || type.kind == .interface {
            for field in type.fields {
                for directive in field.directives where directive.name == "semanticNonNull" {
                    validate(directive, on: field, of: type)
                }
            }
        }
    }

    private mutating func validate(_ directive: AppliedDirective, on field: FieldDef, of type: NamedTypeDef) {
        let coordinate = "\(type.name).\(field.name)"
        guard let levels = SemanticNonNull.levels(directive) else {
            report("@semanticNonNull on \(coordinate): levels must be a list of integers.", [directive.span])
            return
        }
        let depth = field.type.listDepth
        var seen: Set<Int> = []
        for level in levels {
            guard seen.insert(level).inserted else {
                report("@semanticNonNull on \(coordinate): level \(level) is given twice.", [directive.span])
                continue
            }
            guard level >= 0, level <= depth else {
                let range = depth == 0 ? "the only level is 0" : "its levels are 0 to \(depth)"
                report("@semanticNonNull on \(coordinate): level \(level) is out of range (\(field.type) has \(depth) list "
                       + "level\(depth == 1 ? "" : "s"): \(range)).", [directive.span])
                continue
            }
            if field.type.isNonNull(atLevel: level) == true {
                report("@semanticNonNull on \(coordinate): level \(level) of \(field.type) is non-null already.", [directive.span])
            }
        }
    }
}
