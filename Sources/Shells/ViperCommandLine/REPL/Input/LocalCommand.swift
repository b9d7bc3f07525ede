/// A command the REPL carries out itself: it sends no request of its own making (`cancel` asks
/// the session to cancel one already sent).
enum LocalCommand: Equatable, Sendable {
    /// `clock`: show the session clock.
    case showClock
    /// `show [SCENE]`: draw a scene's last view model again.
    case show(scene: String?)
    /// `record FILE`: start writing the session as a transcript.
    case record(path: String)
    /// `record stop`: finish the transcript.
    case stopRecording
    /// `help [TOPIC]`.
    case help(String?)
    /// `wait [DURATION]`: show what arrives by itself (a live feed's message) within DURATION.
    case wait(Duration)
    /// `cancel [ID]`: $/cancelRequest for a request running in the background (all of them
    /// when no id is given).
    case cancel(id: Int?)
    /// `clear`: clear the terminal, as Ctrl-L does.
    case clear
    /// `map`: explore the running app in sessions of its own and print its map.
    case map
}
