// Expect TS2339 naming "titleChanged": an event of todo.add sent to the list.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<void> {
  const list = await session.start("todo");
  await session.send(list).titleChanged({ title: "Water the plants" });
}
