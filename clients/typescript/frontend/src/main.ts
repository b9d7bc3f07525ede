import { ViperSession } from "viper-apps";
import { startEngine } from "./engine.js";
import { bookAFlight } from "./flights.js";
import { readTheNews } from "./news.js";
import { addAToDo } from "./todo.js";

/** Each story in an engine of its own, as a front end would start one per window. */
for (const story of [addAToDo, bookAFlight, readTheNews]) {
  const engine = startEngine();
  const session = new ViperSession(engine);
  console.log(`✔ ${await story(session)}`);
  await session.shutdown();
  await engine.close();
}
