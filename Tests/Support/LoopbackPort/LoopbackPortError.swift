/// No port could be had.
public struct LoopbackPortError: Error, CustomStringConvertible {
    public var description: String { "cannot find a free port on 127.0.0.1" }
}
