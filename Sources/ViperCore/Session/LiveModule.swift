/// A module as the session drives it, without knowing its scene's types.
protocol LiveModule: Sendable {
    /// Hands the module the event: typed already when it was decoded as the line was read,
    /// else decoded from its data.
    func deliver(_ event: ViewEventRequest) async throws(ProtocolError)
    func sceneDidAppear() async
    func clockDidChange() async
    func sceneDidDisappear() async
    func sceneDidReappear() async
}
