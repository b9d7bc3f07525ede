public import ViperCore

/// The bus event `probe.ping`, which `probe.feed` scenes subscribe to.
public struct ProbePing: BusEvent, Equatable {
    public static let name = "probe.ping"

    public let text: String

    public init(text: String) {
        self.text = text
    }
}
