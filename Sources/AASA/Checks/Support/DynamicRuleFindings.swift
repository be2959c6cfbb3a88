extension FindingSink {
    /// A finding of `check` for each diagnostic of `kind` the dynamic rules' reader recorded, in the reader's words;
    /// `why` defaults to what each verifier does about it.
    mutating func add(
        _ check: CheckDescription, _ kind: DynamicRuleDiagnostic.Kind, in evidence: RelationExtensions,
        why: String? = nil, fix: String
    ) {
        for diagnostic in evidence.rules.diagnostics where diagnostic.kind == kind {
            add(
                check, at: diagnostic.position, pointer: diagnostic.pointer, diagnostic.message,
                why: why ?? diagnostic.verifiers, fix: fix)
        }
    }
}
