public import ViperCore

/// Builds the prompt. It has no business rules of its own, so no Interactor: its Presenter
/// shows a title and its Router opens the forms.
public struct AccountsPromptBuilder: ModuleBuilder {
    let dataManager: any AccountsDataManaging

    public func build(with input: Void, context: ModuleContext<AccountsPromptScene>) -> any EventHandler<AccountsPromptScene> {
        AccountsPromptPresenter(router: AccountsPromptRouter(navigator: context.navigator, dataManager: dataManager), view: context.view)
    }
}
