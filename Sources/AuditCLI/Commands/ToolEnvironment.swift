/// What the tool reads from its environment and which files and folders it writes by default: the man page's
/// ENVIRONMENT and FILES. Only variables the binary itself reads are named (`Terminal.standard` for NO_COLOR,
/// `LineWrap` for COLUMNS).
enum ToolEnvironment {
    static let variables = [
        ToolSpec.Entry(
            "NO_COLOR",
            "When set to a non-empty value, nothing is coloured. Without it, colour is used only when standard "
                + "output is a terminal; progress goes to standard error only when that is a terminal."),
        ToolSpec.Entry(
            "COLUMNS",
            "The terminal's width for wrapping long message, why and fix lines (else the window's size); lines "
                + "are never wrapped when standard output is not a terminal."),
    ]

    static let files = [
        ToolSpec.Entry(
            ".aasa-audit.json",
            "In the working folder: the ignore entries audit and check read unless --config FILE names another "
                + "file or --no-config is given (Schemas/config.schema.json describes it)."),
        ToolSpec.Entry(
            "Reports/",
            "Under the working folder: without --out, each audit run writes its reports into a new folder "
                + "Reports/YYYYMMDDTHHMMSSZ/ (UTC, mode 0700) and compares itself with the previous run there; "
                + "links writes into a new folder there too. --keep N prunes older runs."),
        ToolSpec.Entry("Reports/latest", "A link to the newest audit run's folder, replaced atomically."),
        ToolSpec.Entry(
            "report.json, report.html, urls.csv, findings.csv, inlinks.csv, report.junit.xml, summary.md",
            "The reports of an audit or merge run, as --format picks them (default json,html,csv; inlinks.csv "
                + "after a crawl); links writes links.json, links.html and links.csv."),
        ToolSpec.Entry(
            "run.json, domains.jsonl",
            "In an audit run folder: the run's options and domains, and one line per finished domain; audit "
                + "--resume DIR continues the run from them."),
        ToolSpec.Entry(
            "DIR/previous/",
            "A run into a folder that holds an earlier run first moves the earlier run's files here."),
    ]
}
