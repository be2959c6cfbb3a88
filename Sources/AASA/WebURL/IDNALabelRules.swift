/// UTS #46's validity criteria for one label (nontransitional, CheckHyphens off, CheckJoiners on) and the bidi rule
/// of RFC 5893 for a whole domain (CheckBidi on). Canonical_Combining_Class and General_Category come from the
/// standard library, whose Unicode version is the generated table's (a test checks that).
/// - SeeAlso: https://www.unicode.org/reports/tr46/#Validity_Criteria
enum IDNALabelRules {
    private static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let virama = Unicode.CanonicalCombiningClass(rawValue: 9)

    /// Criteria 6-8. The caller checks criteria 1 (NFC) and 4 (no `xn--`) on the labels it decoded from Punycode:
    /// the others hold them by construction. Criterion 5 (no full stop) always holds: labels are split at full stops
    /// and Punycode inserts only non-ASCII code points. Criteria 2-3 belong to CheckHyphens, which is off.
    static func validate(_ label: [Unicode.Scalar]) throws(WebURL.Failure) {
        guard let first = label.first else { return }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            throw WebURL.Failure(reason: "a label of the domain starts with a combining mark: \(name(first))")
        default: break
        }
        for scalar in label where IDNA.Table.mapping(of: scalar) != .valid {
            throw WebURL.Failure(reason: "the domain contains a character IDNA disallows: \(name(scalar))")
        }
        try checkJoiners(label)
    }

    /// RFC 5892 Appendix A.1 and A.2: a zero width joiner only right after a virama; a zero width non-joiner after
    /// a virama or between letters that join (`(L|D) T* ZWNJ T* (R|D)` in Joining_Type).
    /// - SeeAlso: https://www.rfc-editor.org/rfc/rfc5892#appendix-A.1
    static func checkJoiners(_ label: [Unicode.Scalar]) throws(WebURL.Failure) {
        for (index, scalar) in label.enumerated() where scalar == zeroWidthNonJoiner || scalar == zeroWidthJoiner {
            if index > 0, label[index - 1].properties.canonicalCombiningClass == virama { continue }
            if scalar == zeroWidthNonJoiner, joinsBefore(label, index), joinsAfter(label, index) { continue }
            throw WebURL.Failure(
                reason: "the domain has a \(scalar == zeroWidthJoiner ? "zero width joiner" : "zero width non-joiner") "
                    + "(\(name(scalar))) where no script joins letters")
        }
    }

    private static func joinsBefore(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
        for scalar in label[..<index].reversed() {
            switch IDNA.Table.joiningType(of: scalar) {
            case .t: continue
            case .l, .d: return true
            default: return false
            }
        }
        return false
    }

    private static func joinsAfter(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
        for scalar in label[(index + 1)...] {
            switch IDNA.Table.joiningType(of: scalar) {
            case .t: continue
            case .r, .d: return true
            default: return false
            }
        }
        return false
    }

    /// RFC 5893 section 2, for every label of a domain that has a right-to-left character (Bidi_Class R, AL or AN)
    /// anywhere; empty labels (a trailing dot) have nothing to check.
    /// - SeeAlso: https://www.rfc-editor.org/rfc/rfc5893#section-2
    static func checkBidi(_ labels: [[Unicode.Scalar]]) throws(WebURL.Failure) {
        let isBidiDomain = labels.contains { label in
            label.contains { scalar in
                !scalar.isASCII && [.r, .al, .an].contains(IDNA.Table.bidiClass(of: scalar))
            }
        }
        guard isBidiDomain else { return }
        for label in labels where !label.isEmpty {
            try checkBidiLabel(label)
        }
    }

    private static func checkBidiLabel(_ label: [Unicode.Scalar]) throws(WebURL.Failure) {
        let classes = label.map(IDNA.Table.bidiClass(of:))
        func broken(_ why: String) -> WebURL.Failure {
            WebURL.Failure(reason: "a label of the domain breaks the bidi rule: \(why)")
        }
        let rightToLeft: Bool
        switch classes[0] {
        case .l: rightToLeft = false
        case .r, .al: rightToLeft = true
        default:
            throw broken(
                "in a domain with right-to-left text each label must start with a letter, not \(name(label[0]))")
        }
        // Rules 2 and 5: the classes each direction allows.
        let allowed: Set<IDNA.Table.BidiClass> =
            rightToLeft
            ? [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm] : [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
        if let bad = classes.firstIndex(where: { !allowed.contains($0) }) {
            throw broken(
                "a \(rightToLeft ? "right-to-left" : "left-to-right") label cannot contain \(name(label[bad]))")
        }
        // Rules 3 and 6: the last character that is not a non-spacing mark.
        let last = classes.lastIndex { $0 != .nsm } ?? 0
        let endsWell: Set<IDNA.Table.BidiClass> = rightToLeft ? [.r, .al, .en, .an] : [.l, .en]
        guard endsWell.contains(classes[last]) else {
            throw broken(
                "a \(rightToLeft ? "right-to-left" : "left-to-right") label cannot end with \(name(label[last]))")
        }
        // Rule 4: European and Arabic-Indic digits do not mix in a right-to-left label.
        if rightToLeft, classes.contains(.en), classes.contains(.an) {
            throw broken("a right-to-left label cannot mix European and Arabic-Indic digits")
        }
    }

    /// `U+05D0`: how a reason names a character, since the character itself may not print.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
