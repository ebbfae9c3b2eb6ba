"""The channel behaviour `graph.memory.ConversationMemory.apply` relies on to skip channels, checked
against the installed LangGraph (the stored checkpoints themselves are compared on every route
in tests/graph/test_conversation_direct.py)."""

from __future__ import annotations

import operator

import pytest
from langgraph.channels.base import BaseChannel
from langgraph.channels.binop import BinaryOperatorAggregate
from langgraph.channels.ephemeral_value import EphemeralValue
from langgraph.channels.last_value import LastValueAfterFinish
from langgraph.channels.topic import Topic
from langgraph.checkpoint.memory import InMemorySaver

from graph.build import PLAN, build_graph
from graph.memory import EMPTY_UPDATE_NOOP, MODELLED_CHANNELS, ConversationMemory


def holding_a_value(kind: type[BaseChannel]) -> BaseChannel:
    channel = (
        BinaryOperatorAggregate(int, operator.add) if kind is BinaryOperatorAggregate else kind(int)
    )
    channel.update([1])
    return channel


@pytest.mark.parametrize("kind", EMPTY_UPDATE_NOOP)
def test_an_empty_update_changes_nothing_on_these_channels(kind: type[BaseChannel]) -> None:
    channel = holding_a_value(kind)
    before = (channel.checkpoint(), channel.is_available())
    assert channel.update([]) is False
    assert (channel.checkpoint(), channel.is_available()) == before


def test_the_other_modelled_channels_are_emptied_by_an_empty_update() -> None:
    assert set(MODELLED_CHANNELS) - set(EMPTY_UPDATE_NOOP) == {EphemeralValue, Topic}
    for channel in (holding_a_value(EphemeralValue), Topic(int)):
        channel.update([1])
        assert channel.update([]) is True and not channel.is_available()


def test_only_after_finish_channels_change_when_finished() -> None:
    for kind in MODELLED_CHANNELS:
        overrides = kind.finish is not BaseChannel.finish
        assert overrides == (kind is LastValueAfterFinish), kind
        if not overrides:
            assert holding_a_value(kind).finish() is False


def test_the_memory_skips_only_channels_that_cannot_change() -> None:
    compiled = build_graph(PLAN).compile(checkpointer=InMemorySaver())
    memory = ConversationMemory(compiled)
    channels = dict(compiled.channels)
    emptied = {name for name, ch in channels.items() if type(ch) in (EphemeralValue, Topic)}
    assert set(memory.emptied) == emptied and emptied
    assert memory.finishing == tuple(
        name for name, ch in channels.items() if type(ch) is LastValueAfterFinish
    )
    assert memory.finishing
