/// The start of a self-contained page, through `<body>`: report.html and links.html both open this way, readable
/// on a phone and with a Content-Security-Policy that allows what the page carries inline and nothing else.
func htmlPageStart(title: String, policy: String, css: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <title>\(title)</title>
    <style>\(css)</style></head><body>

    """
}
