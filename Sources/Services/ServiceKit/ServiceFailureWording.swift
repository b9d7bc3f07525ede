/// An app's failure that has a case for each way a Service call fails, named as
/// `ServiceFailure` names them: its cases witness these requirements, so
/// `ServiceFailure.worded(as:)` turns one into the other without a switch in every Service.
public protocol ServiceFailureWording: Error {
    static func unreachable(_ reason: String) -> Self
    static func status(_ status: Int) -> Self
    static func malformed(_ reason: String) -> Self
    static var cancelled: Self { get }
}

extension ServiceFailure {
    /// This failure as the app's own.
    public func worded<Failure: ServiceFailureWording>(as failure: Failure.Type) -> Failure {
        switch self {
        case .unreachable(let reason): .unreachable(reason)
        case .status(let status, _, _): .status(status)
        case .malformed(let reason): .malformed(reason)
        case .cancelled: .cancelled
        }
    }
}
