/// What reading a line gave.
public enum EditorInput: Equatable {
    /// A line, without its end.
    case line(String)
    /// Ctrl-C: the line being typed was dropped.
    case interrupted
    /// Ctrl-D, or the end of the script.
    case endOfInput
}
