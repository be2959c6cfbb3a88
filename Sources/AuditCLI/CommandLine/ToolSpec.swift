/// The whole tool as the renderers see it: its commands in the order they are listed.
struct ToolSpec: Sendable {
    let name: String
    let version: String
    /// One line: what the tool is for.
    let summary: String
    let commands: [CommandSpec]
    /// The exit statuses all commands share.
    let exitStatus: String

    func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }
}
