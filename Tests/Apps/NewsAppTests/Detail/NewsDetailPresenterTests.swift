import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import NewsApp

/// The detail Presenter for `story`, rendering into a recorded view, on `clock`, in `locale`.
private func detail(
    _ story: Article, clock: any WallClock = FixedClock(testNow), locale: String = "en_US"
) -> (NewsDetailPresenter, RecordingView<NewsDetailScene.ViewModel>) {
    let view = RecordingView<NewsDetailScene.ViewModel>()
    let presenter = NewsDetailPresenter(article: story, view: view, clock: clock, age: ArticleAge(locale: testCalendar(locale: locale).locale))
    return (presenter, view)
}

/// An article with every field, published three hours before `testNow`.
private let tides = article(
    "tides", title: "Harbour City switches on its tidal barrage", source: "Reuters", author: "Mara Quill",
    summary: "The array covers a fifth of winter demand.", content: "HARBOUR CITY, Nov 23 (Reuters) - The first turbines began feeding the grid.",
    publishedAt: "2026-11-23T06:00:00Z")

@Suite("The detail Presenter: the article it was handed, with its age by the session's clock")
struct NewsDetailPresenterTests {
    @Test("Appearing shows the title, source, author, publication instant, age, text and URL")
    func appearRenders() async {
        let (presenter, view) = detail(tides)
        await presenter.sceneDidAppear()
        expectNoDifference(
            view.renders,
            [
                NewsDetailScene.ViewModel(
                    title: "Harbour City switches on its tidal barrage", source: "Reuters", author: "Mara Quill",
                    publishedAt: Instant(instant("2026-11-23T06:00:00Z")), age: "3 hours ago",
                    body: "HARBOUR CITY, Nov 23 (Reuters) - The first turbines began feeding the grid.", url: "https://news.test/tides")
            ])
        #expect(view.renders.first?.publishedAt == Instant(tides.publishedAt))
    }

    @Test(
        "The text is the content, else the description, else empty",
        arguments: [
            ("The content.", "The description.", "The content."),
            (nil, "The description.", "The description."),
            (nil, nil, ""),
        ] as [(String?, String?, String)])
    func bodyFallsBack(content: String?, summary: String?, body: String) async {
        let (presenter, view) = detail(article("story", summary: summary, content: content))
        await presenter.sceneDidAppear()
        #expect(view.renders.map(\.body) == [body])
    }

    @Test("An article without an author shows none")
    func noAuthor() async {
        let (presenter, view) = detail(article("story", author: nil))
        await presenter.sceneDidAppear()
        #expect(view.renders.count == 1)
        #expect(view.renders.first?.author == nil)
    }

    @Test("The age is in the session's locale")
    func ageInLocale() async {
        let (presenter, view) = detail(tides, locale: "fr_FR")
        await presenter.sceneDidAppear()
        #expect(view.renders.map(\.age) == ["il y a 3 heures"])
    }

    @Test("A clock change shows the article again with its new age, the rest unchanged")
    func clockChangeRerenders() async {
        let clock = MutableClock(testNow)
        let (presenter, view) = detail(tides, clock: clock)
        await presenter.sceneDidAppear()
        // A whole day after publication: ages of a day or more are counted in whole days.
        clock.set("2026-11-24T06:00:00Z")
        await presenter.clockDidChange()
        let renders = view.renders
        #expect(renders.map(\.age) == ["3 hours ago", "1 day ago"])
        #expect(renders.map(\.title) == [tides.title, tides.title])
        #expect(renders.map(\.publishedAt) == [Instant(tides.publishedAt), Instant(tides.publishedAt)])
    }
}
