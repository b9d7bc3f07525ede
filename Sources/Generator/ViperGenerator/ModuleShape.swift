/// How a module's scene comes on screen, and which roles take the View's events.
package struct ModuleShape: Equatable, Sendable {
    /// How the scene is opened.
    package enum Navigation: Equatable, Sendable {
        /// The app's first scene (a new package's home).
        case root
        /// Presented over the home, dismissed by Close.
        case presented
        /// Pushed onto the home, popped by Close.
        case pushed
    }

    package let navigation: Navigation
    /// A VIP module: its Interactor takes the events; else VIPER: its Presenter does.
    package let vip: Bool

    package init(navigation: Navigation, vip: Bool) {
        self.navigation = navigation
        self.vip = vip
    }
}
