import { scenes, type Navigation, type ViperSession } from "viper-apps";
import { check } from "./check.js";

/** The ToDo add story: open the form, type a title, pick a day, save, and find it in the list. */
export async function addAToDo(session: ViperSession): Promise<string> {
  const moves: string[] = [];
  session.onNavigate((navigation: Navigation) => {
    // Testing `kind` narrows the navigation: here `scene` is a SceneRef<"todo.add">.
    if (navigation.kind === "todo.add") moves.push(`${navigation.action} ${navigation.scene.id}`);
  });

  await session.initialize({ now: "2026-11-19T09:00:00Z", timeZone: "UTC" });
  const list = await session.start("todo");
  check(session.viewModel(list)?.isEmpty === true, "a new ToDo list is empty");

  await session.send(list).addTapped();
  const form = session.find("todo.add");
  check(form !== undefined && session.top === form, "addTapped presents the form on top");
  check(session.viewModel(form)?.saveEnabled === false, "an empty form cannot be saved");

  await session.send(form).titleChanged({ title: "Water the plants" });
  await session.send(form).dueDateChanged({ dueDate: "2026-11-20" });
  const filled = session.viewModel(form);
  check(filled !== undefined && filled.saveEnabled && filled.problems.length === 0, `a filled form can be saved: ${JSON.stringify(filled)}`);

  await session.send(form).saveTapped();
  check(session.top === list && session.find("todo.add") === undefined, "saving dismisses the form");
  const items = session.viewModel(list)?.sections.flatMap((section) => section.items) ?? [];
  const saved = items.find((item) => item.title === "Water the plants");
  check(saved !== undefined && saved.dueDate === "2026-11-20", `the list shows the saved ToDo: ${JSON.stringify(items)}`);
  check(moves.join(", ") === "present todo.add#1, dismiss todo.add#1", `the form came and went: ${moves.join(", ")}`);

  return `todo: saved "${saved.title}", due ${saved.dueDay}, with "${scenes["todo.add"].labels.saveTapped}"`;
}
