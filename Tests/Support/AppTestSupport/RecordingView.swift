public import ViperCore
import Synchronization

/// A view that keeps every view model it was asked to render, and notes "render" in `log`.
public final class RecordingView<ViewModel: Sendable>: SceneView {
    private let rendered = Mutex<[ViewModel]>([])
    private let log: EventLog?

    public init(log: EventLog? = nil) {
        self.log = log
    }

    public var renders: [ViewModel] { rendered.withLock { $0 } }

    public func render(_ viewModel: ViewModel) async {
        rendered.withLock { $0.append(viewModel) }
        log?.record("render")
    }

    /// Forgets what was rendered, so a test sees only what follows.
    public func clear() {
        rendered.withLock { $0.removeAll() }
    }
}
