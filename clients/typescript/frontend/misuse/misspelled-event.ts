// Expect TS2551 naming "saveTaped": an event name, misspelled.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<void> {
  const form = session.find("todo.add");
  if (form) await session.send(form).saveTaped();
}
