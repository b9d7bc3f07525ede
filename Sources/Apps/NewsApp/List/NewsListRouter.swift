import ViperCore

/// Pushes an article's detail, handing it the article: the detail never fetches it again.
struct NewsListRouter: NewsListRouting {
    let navigator: Navigator

    func showDetail(of article: Article) async {
        await navigator.push(NewsDetailBuilder(), with: article)
    }
}
