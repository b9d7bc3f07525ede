import { ViperError, type HTTPRequest, type HTTPResponse, type ViperSession } from "viper-apps";
import { check } from "./check.js";

/** Performs an HTTP request the engine hands over, with the platform's own `fetch`. */
async function perform(request: HTTPRequest): Promise<HTTPResponse> {
  const init: RequestInit = { method: request.method, headers: { ...request.headers } };
  if (request.body !== null) init.body = request.body;
  const response = await fetch(request.url, init);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, headers, body: await response.text() };
}

/** The headlines, with the front end performing the app's HTTP itself, then an article, then
 * a refusal the engine explains. */
export async function readTheNews(session: ViperSession): Promise<string> {
  const performed: string[] = [];
  session.onHTTP((request) => {
    performed.push(`${request.method} ${new URL(request.url).pathname}`);
    return perform(request);
  });
  const terms = await session.initialize({ now: "2026-11-23T09:00:00Z", capabilities: { effects: ["http"] } });
  check(terms.capabilities.effects?.includes("http") === true, "the engine leaves HTTP to this front end");

  const list = await session.start("news");
  const articles = session.viewModel(list)?.articles ?? [];
  const first = articles[0];
  check(first !== undefined && performed.length > 0, `the headlines came through this front end: ${JSON.stringify(session.viewModel(list))}`);

  await session.send(list).articleTapped({ id: first.id });
  const detail = session.find("news.detail");
  check(detail !== undefined, "the article opens on a screen of its own");
  const article = session.viewModel(detail);
  check(article !== undefined && article.title === first.title, "it is the article tapped");

  try {
    await session.back(list);
    check(false, "going back from a covered scene is refused");
  } catch (error) {
    check(error instanceof ViperError && error.kind === "notTopScene" && error.data.scene === list.id, `the refusal says why: ${error}`);
  }
  await session.back(detail);
  check(session.top === list, "the back gesture leaves the article");

  // A refresh whose answer does not come, cancelled by the user: the engine gives up its HTTP too.
  let inFlight: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (inFlight = resolve));
  let gaveUp = false;
  session.onHTTP((_request, cancellation) =>
    new Promise<HTTPResponse>((_answer, fail) => {
      cancellation.onCancel(() => {
        gaveUp = true;
        fail(new Error("no longer needed"));
      });
      inFlight();
    }),
  );
  const refresh = session.send(list).refreshTapped();
  await asked;
  refresh.cancel();
  const outcome = await refresh.then(() => "answered", (error: unknown) => (error instanceof ViperError ? error.kind : String(error)));
  check(outcome === "cancelled" && gaveUp, `the refresh was cancelled (${outcome}), and its request given up (${gaveUp})`);
  return `news: "${article.title}" (${article.source}, ${article.publishedAt}), fetched with ${performed.join(", ")}; a refresh cancelled`;
}
