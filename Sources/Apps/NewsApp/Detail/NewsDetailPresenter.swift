import ViperCore

/// Shows the article it was given.
struct NewsDetailPresenter: EventHandler {
    typealias Scene = NewsDetailScene

    let article: Article
    let view: any SceneView<NewsDetailScene.ViewModel>
    let clock: any WallClock
    let age: ArticleAge

    func sceneDidAppear() async {
        await show()
    }

    func handle(_ event: NewsDetailScene.Event) async {}

    func clockDidChange() async {
        await show()
    }

    private func show() async {
        await view.render(.init(
            title: article.title, source: article.sourceName, author: article.author, publishedAt: Instant(article.publishedAt),
            age: age.text(publishedAt: article.publishedAt, now: clock.now),
            body: article.content ?? article.summary ?? "", url: article.url))
    }
}
