/// Why shard reports cannot be merged: a shard missing or given twice, shards of different runs, options or
/// tool versions. One sentence naming the shards and their folders; `merge` exits 2 with it.
public struct MergeRefusal: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
