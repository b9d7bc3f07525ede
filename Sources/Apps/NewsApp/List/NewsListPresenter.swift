import Foundation
import ViperCore

/// Drives the list: "loading" with what it has, then the headlines or the failure; opens an
/// article of the list, and refuses an id that is not in it.
struct NewsListPresenter: EventHandler {
    typealias Scene = NewsListScene

    let interactor: any NewsListInteracting
    let router: any NewsListRouting
    let view: any SceneView<NewsListScene.ViewModel>
    let clock: any WallClock
    let age: ArticleAge

    func sceneDidAppear() async {
        await load()
    }

    func refusal(of event: NewsListScene.Event) async -> EventRefusal? {
        guard case .articleTapped(let id) = event, await interactor.article(id: id) == nil else { return nil }
        return EventRefusal(field: "id", reason: "is not an article of the list: '\(id)'")
    }

    func handle(_ event: NewsListScene.Event) async {
        switch event {
        case .refreshTapped:
            await load()
        case .articleTapped(let id):
            guard let article = await interactor.article(id: id) else { return }
            await router.showDetail(of: article)
        }
    }

    /// Ages are counted from the session's clock.
    func clockDidChange() async {
        if let listing = await interactor.listing() { await show(listing) }
    }

    private func load() async {
        await show(await interactor.beginLoading())
        await show(await interactor.finishLoading())
    }

    private func show(_ listing: NewsListing) async {
        let now = clock.now
        let state: String
        let errorMessage: String?
        switch listing.phase {
        case .loading: (state, errorMessage) = ("loading", nil)
        case .loaded: (state, errorMessage) = ("loaded", nil)
        case .failed(let failure): (state, errorMessage) = ("failed", NewsMessages.text(failure))
        }
        await view.render(.init(
            state: state,
            articles: listing.articles.map { article in
                .init(id: article.id, title: article.title, source: article.sourceName, age: age.text(publishedAt: article.publishedAt, now: now), summary: article.summary)
            },
            isStale: listing.isStale, errorMessage: errorMessage))
    }
}
