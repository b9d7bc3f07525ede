public import ViperCore

/// A view that keeps every view model it was asked to render, and notes "render" in `log`.
public final class RecordingView<ViewModel: Sendable>: SceneView {
    private let rendered: CallRecorder<ViewModel>

    public init(log: EventLog? = nil) {
        rendered = CallRecorder(log: log)
    }

    public var renders: [ViewModel] { rendered.all }

    public func render(_ viewModel: ViewModel) async {
        rendered.record(viewModel, noting: "render")
    }

    /// Forgets what was rendered, so a test sees only what follows.
    public func clear() {
        rendered.clear()
    }
}
