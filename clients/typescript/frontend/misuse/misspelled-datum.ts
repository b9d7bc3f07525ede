// Expect TS2345 naming "titel": a member of an event's data, misspelled.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<void> {
  const form = session.find("todo.add");
  if (form) await session.send(form).titleChanged({ titel: "Water the plants" });
}
