/// The entries a `links` run skipped, as links.json carries them: the first `RefusedInputs.kept` listed, the rest
/// only counted, as refused lines are.
public typealias SkippedLinks = CappedList<SkippedLink>
