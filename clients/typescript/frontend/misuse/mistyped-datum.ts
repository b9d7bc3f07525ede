// Expect TS2322 naming "'string' is not assignable to type 'number'": a datum of the wrong type.
import type { ViperSession } from "viper-apps";

export async function misuse(session: ViperSession): Promise<void> {
  const search = await session.start("flights");
  await session.send(search).passengersChanged({ count: "2" });
}
