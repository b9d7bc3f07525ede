import ViperCore

/// Drives the Add screen (VIPER): passes edits to the Interactor and shows the form it reports;
/// on Save, leaves and tells the list, or shows why saving failed.
struct TodoAddPresenter: EventHandler {
    typealias Scene = TodoAddScene

    let interactor: any TodoAddInteracting
    let router: any TodoAddRouting
    let view: any SceneView<TodoAddScene.ViewModel>
    let delegate: any AddItemDelegate

    func sceneDidAppear() async {
        await show(await interactor.draft())
    }

    func handle(_ event: TodoAddScene.Event) async {
        switch event {
        case .titleChanged(let title):
            await show(await interactor.changeTitle(to: title))
        case .dueDateChanged(let dueDate):
            await show(await interactor.changeDueDay(to: dueDate.value))
        case .saveTapped:
            await save()
        case .cancelTapped:
            await router.close()
        }
    }

    /// Whether the due day is in the past depends on today.
    func clockDidChange() async {
        await show(await interactor.draft())
    }

    private func save() async {
        switch await interactor.save() {
        case .saved:
            await router.close()
            await delegate.addItemDidSave()
        case .notReady:
            break
        case .failed(let reason):
            await router.presentAlert(
                Alert(title: "Could Not Save", message: "The ToDo could not be saved: \(reason). Your entry is kept; try again."))
        }
    }

    private func show(_ draft: AddDraft) async {
        await view.render(.init(title: draft.title, dueDate: draft.dueDay, saveEnabled: draft.canSave, problems: draft.problems.map(Self.text)))
    }

    /// What the form says about a broken rule.
    private static func text(_ problem: DraftProblem) -> String {
        switch problem {
        case .missingTitle: "Enter a title"
        case .missingDueDay: "Pick a due date"
        case .dueDayInThePast: "The due date is in the past"
        }
    }
}
