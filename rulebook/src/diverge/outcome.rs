//! What one side of a situation came to: a short sentence read from the replay, and the kind of
//! outcome it is, the same vocabulary for both rulebooks so that two sides can be compared.

/// The kind of an outcome, normalized across the two rulebooks: two sides differ exactly when
/// their kinds do.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// A borrowed card goes back to its owner's control and stays on the battlefield.
    ReturnsToOwner,
    /// The card leaves the board for a zone it does not come back from, still in the game:
    /// its owner's Banishment (Riftbound 652.1) or exile (MTG 800.4a, 800.4c). The two zones do
    /// the same work here, so they are one kind.
    BanishedOrExiled,
    /// The card leaves the game (Riftbound 652.3, a token ceasing to exist; MTG 800.4a).
    LeavesTheGame,
    /// The card stays on the board under the player who controls it now.
    StaysWithController,
    /// The card stays in the zone it is in.
    StaysWhereItIs,
    /// The leaver's item is taken off the Chain or the stack and never resolves.
    NeverResolves,
    /// Priority goes to the next player in turn order, the passes already made still counting.
    PriorityToNextPlayer,
    /// The next player's turn begins (Riftbound 652.5.a.1).
    NextPlayersTurn,
    /// The leaver's turn goes on to its end without an active player (MTG 800.4i).
    TurnGoesOn,
    /// The leaver's turn never comes: the next player in turn order after them takes theirs.
    TurnNeverComes,
    /// A choice the leaver was to make is made by nobody.
    ChoiceSkipped,
    /// A choice the leaver was to make moves to another player.
    ChoiceMoves,
    /// An effect lasting until the leaver's next turn ends when they leave.
    EndsAtOnce,
    /// An effect lasting until the leaver's next turn lasts until that turn would have begun.
    LastsUntilTurnWouldBegin,
    /// The leaver's triggered abilities are never put on the Chain or the stack.
    TriggerNeverPut,
    /// The combat goes on without the leaver, and the side left wins it.
    CombatWonAnyway,
    /// Combat damage that would go to the leaver is not assigned; the attack comes to nothing.
    DamageNotAssigned,
    /// The leaver's battlefield stays where it is as a token battlefield with no abilities.
    ReplacedByToken,
    /// The only player left wins.
    LastPlayerWins,
}

impl Kind {
    /// The kind in a few words, for the table.
    pub fn label(self) -> &'static str {
        match self {
            Kind::ReturnsToOwner => "returns to its owner's control",
            Kind::BanishedOrExiled => "banished / exiled for good",
            Kind::LeavesTheGame => "leaves the game",
            Kind::StaysWithController => "stays with its controller",
            Kind::StaysWhereItIs => "stays where it is",
            Kind::NeverResolves => "never resolves",
            Kind::PriorityToNextPlayer => "Priority to the next player",
            Kind::NextPlayersTurn => "the next player's turn begins",
            Kind::TurnGoesOn => "the turn goes on, no active player",
            Kind::TurnNeverComes => "the leaver's turn never comes",
            Kind::ChoiceSkipped => "the choice is skipped",
            Kind::ChoiceMoves => "the choice moves to another player",
            Kind::EndsAtOnce => "ends at once",
            Kind::LastsUntilTurnWouldBegin => "lasts until that turn would begin",
            Kind::TriggerNeverPut => "never put on the Chain / stack",
            Kind::CombatWonAnyway => "combat goes on and is won",
            Kind::DamageNotAssigned => "damage to the leaver not assigned",
            Kind::ReplacedByToken => "replaced by a token with no abilities",
            Kind::LastPlayerWins => "the last player wins",
        }
    }
}

/// One side's outcome: a sentence in the rulebook's words, computed from the replay, and its
/// kind.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The normalized kind.
    pub kind: Kind,
    /// What happened, citing rules.
    pub sentence: String,
}

impl Outcome {
    /// An outcome of `kind` told by `sentence`.
    pub fn new(kind: Kind, sentence: impl Into<String>) -> Result<Outcome, String> {
        Ok(Outcome {
            kind,
            sentence: sentence.into(),
        })
    }
}
