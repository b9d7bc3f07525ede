// Expect TS2554 naming "Expected 1 arguments": an event sent without the data it needs.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<void> {
  const form = session.find("todo.add");
  if (form) await session.send(form).titleChanged();
}
