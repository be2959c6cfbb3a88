import AASA
import Foundation

/// The page's inline style sheet and its one small script, and the Content-Security-Policy that lets that script,
/// and nothing else, run: should site text ever escape its escaping, the browser would still refuse it.
extension HTMLReport {
    static let css = """
        :root{--fail:#b3261e;--warn:#8a5a00;--pass:#1b6e3a;--info:#2457a6;--line:#d8dbe0;--soft:#f5f6f8;--muted:#5b616b}
        *{box-sizing:border-box}[hidden]{display:none!important}
        body{font:15px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:0;color:#1d1f23;background:#fff;overflow-wrap:break-word}
        header,main,footer{max-width:1280px;margin:0 auto;padding:0 24px}header h1{margin:20px 0 4px;font-size:26px}
        .meta,footer,.note{color:var(--muted)}.meta,footer{font-size:13px}footer{padding:24px}.note{font-size:12px}
        h2{margin:36px 0 8px;font-size:21px;border-bottom:1px solid var(--line);padding-bottom:6px}
        h2 .unicode{font-weight:400;color:var(--muted);font-size:15px}h3{margin:22px 0 6px;font-size:16px}
        .scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:13px}
        th,td{border:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
        th{background:var(--soft);white-space:nowrap}td.n{text-align:right;white-space:nowrap}
        .overview td:first-child,.overview td:nth-child(n+6){white-space:nowrap}.overview td:nth-child(3){min-width:16em}
        .urls td:first-child{min-width:14em}.nw{white-space:nowrap}
        .cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
        .card{border:1px solid var(--line);border-radius:8px;padding:8px 12px;flex:1 1 96px;max-width:200px}.card b{display:block;font-size:22px}
        .badge{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;color:#fff;white-space:nowrap}
        .fail,.error{background:var(--fail)}.warn,.warning{background:var(--warn)}.pass{background:var(--pass)}.info{background:var(--info)}
        .finding{border-left:4px solid var(--line);padding:6px 10px;margin:8px 0;background:var(--soft)}
        .finding.error{border-color:var(--fail);background:#fcf1f0}.finding.warning{border-color:var(--warn);background:#fdf7ec}
        .finding.info{border-color:var(--info);background:#f0f4fb}.finding p{margin:3px 0}
        code,pre{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}pre{background:var(--soft);padding:8px;overflow-x:auto;margin:4px 0}
        .ln{color:#8a9099;user-select:none;display:inline-block;min-width:3.5em;text-align:right;margin-right:10px}
        .hl{background:#ffe9a8;display:block}details{margin:6px 0}details>summary{cursor:pointer;font-weight:600}
        .filter{display:block;width:100%;max-width:24em;margin:6px 0;padding:4px 8px;font:inherit;font-size:13px}
        .bars{display:grid;grid-template-columns:minmax(0,2fr) minmax(6em,3fr) auto;gap:3px 10px;align-items:center;font-size:13px;margin:6px 0 12px}
        .track{background:var(--soft);height:14px}.track span{display:block;height:100%;background:var(--info)}
        .bars b{font-weight:600;font-variant-numeric:tabular-nums;text-align:right}
        ol.notes{font-size:12px;color:var(--muted);padding-left:2em}sup a{text-decoration:none}
        @media (max-width:640px){
        header,main,footer{padding:0 12px}footer{padding:24px 12px}
        .t thead{display:none}.t,.t tbody,.t tr,.t td{display:block;width:auto;min-width:0!important}
        .t tr{border:1px solid var(--line);border-radius:6px;margin:0 0 8px;padding:4px 8px}
        .t td{border:0;padding:1px 0}.t td,.t .nw{white-space:normal!important}
        .t td:empty{display:none}.t td.n{text-align:left}.t td::before{color:var(--muted)}
        .overview td:nth-child(-n+2),.overview td:nth-child(n+4){display:inline-block;margin-right:12px}
        .overview td:nth-child(4)::before{content:"errors "}.overview td:nth-child(5)::before{content:"warnings "}
        .overview td:nth-child(6)::before{content:"file "}.overview td:nth-child(7)::before{content:"certificate "}
        .overview td:nth-child(8)::before{content:"crawl "}
        .fetches td:nth-child(n+3):nth-child(-n+6){display:inline-block;margin-right:12px}
        .fetches td:nth-child(2)::before{content:"agent "}.fetches td:nth-child(3)::before{content:"status "}
        .fetches td:nth-child(4)::before{content:"type "}.fetches td:nth-child(5)::before{content:"bytes (wire) "}
        .fetches td:nth-child(6)::before{content:"redirect "}.fetches td:nth-child(7)::before{content:"TLS "}
        .fetches td:nth-child(8)::before{content:"error "}
        .urls td:nth-child(2),.urls td:nth-child(4){display:inline-block;margin-right:12px}
        .urls td:nth-child(3)::before{content:"rule "}.urls td:nth-child(4)::before{content:"status "}
        .urls td:nth-child(5)::before{content:"found on "}
        .bars{grid-template-columns:minmax(0,1fr) auto}.bars code{grid-column:1/-1}
        }
        @media print{.filter{display:none}}
        """

    /// Adds a filter box to each long list (`details` marked `data-filter`): rows whose text lacks the typed text
    /// are hidden. Without it every row stays visible behind its count.
    static let script = """
        document.querySelectorAll("details[data-filter]").forEach(function(d){\
        var rows=d.querySelectorAll("tbody tr,.finding"),box=document.createElement("input");\
        box.type="search";box.className="filter";box.placeholder="Filter "+rows.length+" rows";\
        box.setAttribute("aria-label","Filter rows");\
        box.addEventListener("input",function(){var q=box.value.toLowerCase();\
        rows.forEach(function(r){r.hidden=q!==""&&r.textContent.toLowerCase().indexOf(q)<0;});});\
        d.querySelector("summary").after(box);});
        """

    /// No requests at all, the inline style sheet, and `script` only (by its SHA-256).
    static let contentSecurityPolicy: String = {
        let hex = Array(SHA256.hex(Array(script.utf8)).utf8)
        func nibble(_ c: UInt8) -> UInt8 { c <= UInt8(ascii: "9") ? c - UInt8(ascii: "0") : (c | 0x20) - 87 }
        let digest = stride(from: 0, to: hex.count, by: 2).map { nibble(hex[$0]) << 4 | nibble(hex[$0 + 1]) }
        return
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(Data(digest).base64EncodedString())'"
    }()
}
