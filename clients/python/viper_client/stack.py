"""The client's picture of the engine's scene stack, kept from what the engine writes.

A View never asks the engine what it shows: ``view.navigate`` says which scenes come and go,
``view.render`` what each shows. :class:`SceneStack` applies them in the order they come, so
that :attr:`Session.stack <viper_client.session.Session.stack>` is what a View would show, and
rebuilds itself from the lines a resumed engine writes again.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
from typing import Any, List, Mapping, Optional, Sequence

from .notifications import Notification

__all__ = ["Scene", "SceneStack"]


@dataclasses.dataclass
class Scene:
    """One live scene as the View knows it: what :attr:`Session.stack` holds, bottom first."""

    id: str
    kind: str
    #: The view model it last rendered; ``None`` before its first render.
    view_model: Any = None
    #: How it joined the stack: ``root``, ``push`` or ``present`` (``None`` when learnt from ``engine.state``).
    action: Optional[str] = None
    #: The scene whose Router opened it (``view.navigate``'s ``from``).
    opened_from: Optional[str] = None


class SceneStack:
    """The live scenes, bottom first, each with its last view model.

    Everything it hands out is a copy: the reader thread changes the scenes while callers look.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._scenes: List[Scene] = []
        # view.navigate lines since expect_replay(): none after a resume means the engine had
        # nothing on screen to replay, so the old picture is wrong.
        self._navigates = 0

    def apply(self, note: Notification) -> None:
        """What a ``view.navigate`` or ``view.render`` does to the stack; other notifications
        do nothing."""
        with self._lock:
            if note.method == "view.navigate":
                self._navigates += 1
                self._navigate(note.params)
            elif note.method == "view.render":
                for scene in self._scenes:
                    if scene.id == note.scene:
                        scene.view_model = note.view_model

    def _navigate(self, params: Mapping[str, Any]) -> None:
        action, scene_id, kind = params.get("action"), str(params.get("scene")), str(params.get("kind"))
        if action == "root":
            self._scenes = [Scene(scene_id, kind, action=action, opened_from=params.get("from"))]
        elif action in ("push", "present"):
            self._scenes.append(Scene(scene_id, kind, action=action, opened_from=params.get("from")))
        elif action in ("pop", "dismiss"):
            self._scenes = [scene for scene in self._scenes if scene.id != scene_id]

    def scenes(self) -> List[Scene]:
        with self._lock:
            return copy.deepcopy(self._scenes)

    def top(self) -> Optional[Scene]:
        with self._lock:
            return copy.deepcopy(self._scenes[-1]) if self._scenes else None

    def find(self, scene_id: str) -> Optional[Scene]:
        with self._lock:
            for scene in self._scenes:
                if scene.id == scene_id:
                    return copy.deepcopy(scene)
        return None

    def replace(self, engine_stack: Sequence[Mapping[str, Any]]) -> List[Scene]:
        """Takes the engine's own stack (``engine.state``'s ``stack``), keeping what only the
        notifications told (action, opener) for scenes still there."""
        with self._lock:
            known = {scene.id: scene for scene in self._scenes}
            self._scenes = [
                Scene(
                    id=entry["scene"],
                    kind=entry["kind"],
                    view_model=entry.get("viewModel"),
                    action=known[entry["scene"]].action if entry["scene"] in known else None,
                    opened_from=known[entry["scene"]].opened_from if entry["scene"] in known else None,
                )
                for entry in engine_stack
            ]
            return copy.deepcopy(self._scenes)

    def expect_replay(self) -> None:
        """A resume is asked for: the engine writes the stack it rebuilt before its answer."""
        with self._lock:
            self._navigates = 0

    def settle_replay(self, refused: bool) -> None:
        """The resume was answered. A refused one left a fresh session with nothing on screen;
        one without a single ``view.navigate`` had no app started: either way the stack is empty."""
        with self._lock:
            if refused or self._navigates == 0:
                self._scenes = []
