import ViperCore

/// Drives the list (VIPER): asks the Interactor for upcoming ToDos and shows them in sections;
/// opens the Add screen, and shows the list again when the Add screen saved a ToDo.
struct TodoListPresenter: EventHandler, AddItemDelegate {
    typealias Scene = TodoListScene

    let interactor: any TodoListInteracting
    let router: any TodoListRouting
    let view: any SceneView<TodoListScene.ViewModel>
    /// Names weekdays in the session's locale.
    let calendar: DayCalendar

    func sceneDidAppear() async {
        await showUpcomingItems()
        // A ToDo saved in another session of the workspace shows here by itself; this session's
        // own saves show through `addItemDidSave`, once.
        await interactor.whenOthersChangeItems { await showUpcomingItems() }
    }

    func handle(_ event: TodoListScene.Event) async {
        switch event {
        case .addTapped:
            await router.presentAddItem(delegate: self)
        }
    }

    /// Today moved, so ToDos may change groups or leave the list.
    func clockDidChange() async {
        await showUpcomingItems()
    }

    func addItemDidSave() async {
        await showUpcomingItems()
    }

    private func showUpcomingItems() async {
        do {
            await view.render(viewModel(for: try await interactor.upcomingItems()))
        } catch {
            await view.render(viewModel(for: []))
            await router.presentAlert(Alert(title: "Could Not Load ToDos", message: "The ToDos could not be read: \(error)."))
        }
    }

    func viewModel(for upcoming: [UpcomingItem]) -> TodoListScene.ViewModel {
        let sections = DueRelation.allCases.compactMap { relation -> TodoListScene.ViewModel.Section? in
            let items = upcoming.filter { $0.relation == relation }
            guard !items.isEmpty else { return nil }
            return .init(kind: relation.rawValue, title: Self.title(of: relation), items: items.map(itemViewModel))
        }
        return .init(isEmpty: sections.isEmpty, sections: sections)
    }

    private func itemViewModel(_ upcoming: UpcomingItem) -> TodoListScene.ViewModel.Item {
        let item = upcoming.item
        return .init(
            id: String(item.id), title: item.title, dueDate: item.dueDay,
            dueDay: upcoming.relation == .today ? "" : calendar.weekdayName(of: item.dueDay))
    }

    private static func title(of relation: DueRelation) -> String {
        switch relation {
        case .today: "Today"
        case .tomorrow: "Tomorrow"
        case .laterThisWeek: "Later This Week"
        case .nextWeek: "Next Week"
        }
    }
}
