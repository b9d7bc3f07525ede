// Expect TS2551 naming "isEmtpy": a view model's field, misspelled.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<boolean | undefined> {
  const list = await session.start("todo");
  return session.viewModel(list)?.isEmtpy;
}
