// Expect TS2339 naming "saveEnabled": a render's view model read before its kind is tested.
import type { ViperSession } from "viper-apps";

export function misuse(session: ViperSession): void {
  session.onRender((render) => console.log(render.viewModel.saveEnabled));
}
