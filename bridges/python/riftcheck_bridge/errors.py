"""What an adapter raises; the kit turns each into its answer."""

from __future__ import annotations

from .messages import Refusal


class Refused(Exception):
    """The rules forbid this action; the game stays as it was.

    `rule` is the rule the engine cites (`"312.1"`), if it cites one (the protocol allows a
    refusal without one); riftcheck compares it with the rules' reasons for refusing. `error` is riftcheck's error name (`"NoPriority"`, compared by name)
    or the engine's own code (`"E_NOT_YOUR_PRIORITY"`, then the rule decides); `message` is for
    people. Answered `{"refused": {"error": ..., "rule": ..., "message": ...}}`.
    """

    def __init__(
        self, rule: str | None = None, error: str | None = None, message: str | None = None
    ) -> None:
        super().__init__(message or error or rule or "refused")
        self.rule = rule
        self.error = error
        self.message = message

    def refusal(self) -> Refusal:
        said: Refusal = {}
        if self.error is not None:
            said["error"] = self.error
        if self.rule is not None:
            said["rule"] = self.rule
        if self.message is not None:
            said["message"] = self.message
        return said


class Unsupported(Exception):
    """The engine cannot express this setup or this step: answered `{"unsupported": why}`.
    riftcheck reports it as unsupported, never as a failure."""


class Invalid(Exception):
    """The setup breaks the rules (a card in two places, a seat not at the table): answered
    `{"invalid": why}`. riftcheck only sends setups the rules accept, so to riftcheck this is
    a finding."""


class BadRequest(Exception):
    """A request the engine cannot read (an action naming a card that is not in the game):
    answered `{"error": why}`. riftcheck never sends one on purpose."""
