"""A render that arrives by itself (protocol.md sections 8 and 17.3): write to Ada, and her answer
comes a second later from the chat server's live feed, with no request, as renders of both
live scenes, the inbox first. Played with the engine performing HTTP and with the client
performing it (then the feed's long poll is an effect the client holds open)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from conftest import SessionFactory
from viper_client import Notification, Session, UrllibHttpPerformer

INBOX = "chat.inbox#1"
CONVERSATION = "chat.conversation#1"
TEXT = "Shall we start with B7?"


@pytest.mark.parametrize("performer", ["engine", "client"])
def test_ada_answers_by_herself(open_session: SessionFactory, performer: str) -> None:
    effects = {"http": UrllibHttpPerformer(timeout=60)} if performer == "client" else None
    session: Session = open_session(effects=effects)
    session.initialize(now="2026-11-23T09:41:00Z", time_zone="Europe/London", locale="en_GB")
    assert session.start("chat") == {"scene": INBOX}
    conversations = session.view_model(INBOX)["conversations"]
    assert [c["conversationId"] for c in conversations] == ["ada", "engines"]

    session.event(INBOX, "conversationTapped", {"conversationId": "ada"})
    assert [(s.id, s.action) for s in session.stack] == [(INBOX, "root"), (CONVERSATION, "present")]
    session.event(CONVERSATION, "inputTextChanged", {"inputText": TEXT})
    assert session.view_model(CONVERSATION)["sendButtonEnabled"] is True
    session.event(CONVERSATION, "sendButtonTapped")
    sent = session.view_model(CONVERSATION)
    assert (sent["inputText"], sent["sendButtonEnabled"]) == ("", False)
    assert [(m["messageText"], m["isMine"], m["messageHeader"]) for m in sent["messages"]] == [(TEXT, True, "You")]
    session.drain_notifications()

    # Nothing more is sent: iterate over what arrives until Ada's answer is drawn.
    arrived: List[Notification] = []
    answer: Optional[Dict[str, Any]] = None
    for note in session.notifications(timeout=20):
        arrived.append(note)
        if note.is_render and note.scene == CONVERSATION:
            others = [m for m in note.view_model["messages"] if not m["isMine"]]
            if others:
                answer = others[0]
                break
    assert answer is not None, f"no answer from Ada; what arrived: {arrived}"
    assert answer["messageHeader"] == "Ada" and answer["messageText"]

    # The inbox, lower on the stack, rendered her answer first, as its last message; her
    # conversation is open, so it is not counted unread.
    def ada_in(note: Notification) -> Dict[str, Any]:
        return next(c for c in note.view_model["conversations"] if c["conversationId"] == "ada")

    inbox_with_answer = [n for n in arrived[:-1] if n.is_render and n.scene == INBOX and ada_in(n)["lastMessage"] == answer["messageText"]]
    assert inbox_with_answer, f"the inbox did not render her answer before the conversation did: {arrived}"
    assert ada_in(inbox_with_answer[-1])["unreadCount"] == 0

    # The client's copy of the stack took the background renders too.
    shown = session.view_model(CONVERSATION)["messages"]
    assert answer in shown
    assert [m["messageText"] for m in shown if m["isMine"]] == [TEXT]
    assert session.unmatched_responses() == []
