/// What the tool reads from its environment and which files and folders it writes by default: the man page's
/// ENVIRONMENT and FILES. Only variables the binary itself reads are named (`Terminal.standard` for NO_COLOR,
/// `LineWrap` for COLUMNS).
enum ToolEnvironment {
    static let variables = [
        ToolSpec.Entry(
            name: "NO_COLOR",
            meaning:
                "When set to a non-empty value, nothing is coloured. Without it, colour is used only when standard "
                + "output is a terminal; progress goes to standard error only when that is a terminal."),
        ToolSpec.Entry(
            name: "COLUMNS",
            meaning:
                "The terminal's width for wrapping long message, why and fix lines (else the window's size); lines "
                + "are never wrapped when standard output is not a terminal."),
    ]

    static let files = [
        ToolSpec.Entry(
            name: ".aasa-audit.json",
            meaning:
                "In the working folder: the ignore entries audit and check read unless --config FILE names another "
                + "file or --no-config is given (Schemas/config.schema.json describes it)."),
        ToolSpec.Entry(
            name: "Reports/",
            meaning: "Under the working folder: without --out, each audit run writes its reports into a new folder "
                + "Reports/YYYYMMDDTHHMMSSZ/ (UTC, mode 0700) and compares itself with the previous run there; "
                + "links writes into a new folder there too. --keep N prunes older runs."),
        ToolSpec.Entry(
            name: "Reports/latest", meaning: "A link to the newest audit run's folder, replaced atomically."),
        ToolSpec.Entry(
            name: "report.json, report.html, urls.csv, findings.csv, inlinks.csv, report.junit.xml, summary.md",
            meaning: "The reports of an audit or merge run, as --format picks them (default json,html,csv; inlinks.csv "
                + "after a crawl); links writes links.json, links.html and links.csv."),
        ToolSpec.Entry(
            name: "run.json, domains.jsonl",
            meaning: "In an audit run folder: the run's options and domains, and one line per finished domain; audit "
                + "--resume DIR continues the run from them."),
        ToolSpec.Entry(
            name: "DIR/previous/",
            meaning: "A run into a folder that holds an earlier run first moves the earlier run's files here."),
    ]
}
