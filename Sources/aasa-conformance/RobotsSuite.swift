import Foundation

/// The robots suite (filled in by the work on issue #24).
enum RobotsSuite {
    static func run(_ folder: URL) throws -> SuiteReport {
        throw ConformanceError("the robots suite is not wired yet")
    }
}
