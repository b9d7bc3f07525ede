// The scenes shown: a stack fed by `view.navigate` (protocol.md §5.1), bottom first, and the
// layers it is seen as: the pushed scenes of the root, then each presented scene with what was
// pushed over it. Pure: no DOM.

/** The live scenes, bottom first, each `{scene, kind, mode}` with mode `root`, `push` or
 *  `present`. `entries` stays the same array for the page's life (tests read it). */
export class SceneStack {
  entries = [];

  get top() {
    return this.entries.length ? this.entries[this.entries.length - 1] : null;
  }

  get isEmpty() {
    return this.entries.length === 0;
  }

  /** Applies a `view.navigate`: the entry that joined (null when none did) and the entries
   *  that left; null for an action this page does not know. */
  navigate({ action, scene, kind }) {
    if (action === 'root') {
      // The new root replaces every scene; none of them gets a navigate of its own.
      const left = this.entries.splice(0);
      const entry = { scene, kind, mode: 'root' };
      this.entries.push(entry);
      return { joined: entry, left };
    }
    if (action === 'push' || action === 'present') {
      const entry = { scene, kind, mode: action };
      this.entries.push(entry);
      return { joined: entry, left: [] };
    }
    if (action === 'pop' || action === 'dismiss') {
      const index = this.entries.findIndex((entry) => entry.scene === scene);
      // The engine sends one navigate per scene, top first; removing what lies above too
      // keeps the stack sound should one ever be missed.
      return { joined: null, left: index >= 0 ? this.entries.splice(index) : [] };
    }
    return null;
  }

  /** Forgets every scene: a new connection is a new engine session. */
  clear() {
    this.entries.length = 0;
  }

  /** The layers on screen: the first is the page, each other one a modal dialog above it,
   *  opened by a presented scene, its top the scene to show. */
  layers() {
    const layers = [];
    for (const entry of this.entries) {
      if (!layers.length || entry.mode === 'present') layers.push([]);
      layers[layers.length - 1].push(entry);
    }
    return layers;
  }
}
