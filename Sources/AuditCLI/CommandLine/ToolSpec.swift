/// The whole tool as the renderers see it: its commands in the order they are listed.
struct ToolSpec: Sendable {
    let name: String
    let version: String
    /// One line: what the tool is for.
    let summary: String
    let commands: [CommandSpec]
    /// The exit statuses all commands share.
    let exitStatus: String
    /// The environment variables the tool reads, for the man page's ENVIRONMENT.
    let environment: [Entry]
    /// The files and folders the tool reads or writes by default, for the man page's FILES.
    let files: [Entry]

    /// A name (a variable, a path) and what it means to the tool.
    struct Entry: Sendable {
        let name: String
        let meaning: String
    }

    init(
        name: String, version: String, summary: String, commands: [CommandSpec], exitStatus: String,
        environment: [Entry] = [], files: [Entry] = []
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.commands = commands
        self.exitStatus = exitStatus
        self.environment = environment
        self.files = files
    }

    func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }
}
