/// The XDG base directories viper uses: `$XDG_DATA_HOME` for data, `$XDG_STATE_HOME` for
/// history, falling back to `~/.local/share` and `~/.local/state` as the XDG spec says.
enum XDGDirectory {
    case data, state

    private var variable: String { self == .data ? "XDG_DATA_HOME" : "XDG_STATE_HOME" }
    private var fallback: String { self == .data ? ".local/share" : ".local/state" }

    /// `relative` inside the directory; nil when neither the variable nor HOME is set. The spec
    /// ignores a variable holding a relative path.
    func path(of relative: String, environment: [String: String]) -> String? {
        if let base = environment[variable], base.hasPrefix("/") { return base + "/" + relative }
        if let home = environment["HOME"], !home.isEmpty { return home + "/" + fallback + "/" + relative }
        return nil
    }
}
