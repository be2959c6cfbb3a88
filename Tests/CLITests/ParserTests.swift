@testable import AuditCLI
import Testing

@Suite struct ParserTests {
    @Test func placeholder() {}
}
