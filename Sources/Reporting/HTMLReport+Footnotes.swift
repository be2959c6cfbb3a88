import AASA
import Foundation

/// Notes that several URL rows share (such as TN3155's same-domain tap), written once under the tables and
/// referenced from each row by number; a note only one row has stays in that row. A row's notes (`URLNote`) are
/// each counted on their own, by their text.
struct Footnotes {
    let anchor: String
    private var uses: [String: Int] = [:]
    private var numbers: [String: Int] = [:]
    private var order: [String] = []

    init(anchor: String) { self.anchor = anchor }

    /// Counts the notes of each row in `rows`.
    mutating func count(_ rows: [[URLNote]]) {
        for notes in rows {
            for text in Self.texts(notes) { uses[text, default: 0] += 1 }
        }
    }

    /// A row's notes: each itself when only this row has it, else a link to its numbered entry; nil for none.
    mutating func references(_ notes: [URLNote]) -> String? {
        notes.isEmpty ? nil : Self.texts(notes).map { reference($0) }.joined(separator: "; ")
    }

    /// The row's notes' texts, each once.
    static func texts(_ notes: [URLNote]) -> [String] {
        var seen = Set<String>()
        return notes.map(\.description).filter { seen.insert($0).inserted }
    }

    private mutating func reference(_ note: String) -> String {
        guard uses[note, default: 0] > 1 else { return HTMLReport.prose(note) }
        let number: Int
        if let known = numbers[note] {
            number = known
        } else {
            order.append(note)
            number = order.count
            numbers[note] = number
        }
        return "<a href=\"#\(anchor)-n\(number)\">note \(number)</a>"
    }

    /// The numbered notes, each with how many rows refer to it.
    func list() -> String {
        guard !order.isEmpty else { return "" }
        return "<ol class=\"notes\">"
            + order.enumerated().map { i, note in
                "<li id=\"\(anchor)-n\(i + 1)\">\(HTMLReport.prose(note)) (\(uses[note, default: 0]) rows)</li>"
            }.joined() + "</ol>"
    }
}
