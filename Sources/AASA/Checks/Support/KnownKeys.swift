/// Keys Apple documents (or swcd reads) at each level of the file; anything else is ignored by devices.
enum KnownKeys {
    /// Service names in swcd's table that Apple does not document for third parties.
    static let otherServices = ["messagefilter", "classificationreport", "authsrv"]
    static let applinks = ["apps", "details", "defaults", "substitutionVariables"]
    static let details = ["appID", "appIDs", "components", "paths", "defaults"]
    /// Read by swcd but undocumented; not worth a warning.
    static let detailsUndocumented = ["relativeOrder"]
    static let component = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let componentUndocumented = ["requiredEntitlement"]
    static let appsService = ["apps"]
}
