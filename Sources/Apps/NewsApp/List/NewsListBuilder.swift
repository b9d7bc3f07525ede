public import ViperCore

/// Builds the list, the News app's root.
public struct NewsListBuilder: ModuleBuilder {
    let dataManager: any NewsDataManaging

    public func build(with input: Void, context: ModuleContext<NewsListScene>) -> any EventHandler<NewsListScene> {
        NewsListPresenter(
            interactor: NewsListInteractor(dataManager: dataManager),
            router: NewsListRouter(navigator: context.navigator),
            view: context.view, clock: context.clock, age: ArticleAge(locale: context.calendar.locale, timeZone: context.calendar.timeZone))
    }
}
