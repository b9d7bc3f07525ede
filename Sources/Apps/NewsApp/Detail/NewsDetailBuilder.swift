import ViperCore

/// Builds an article's detail from the article itself. No Interactor and no Router: the
/// article comes with the input, and leaving is the platform's back gesture.
struct NewsDetailBuilder: ModuleBuilder {
    func build(with article: Article, context: ModuleContext<NewsDetailScene>) -> any EventHandler<NewsDetailScene> {
        NewsDetailPresenter(article: article, view: context.view, clock: context.clock, age: ArticleAge(locale: context.calendar.locale, timeZone: context.calendar.timeZone))
    }
}
