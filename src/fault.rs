//! Named rule faults: realistic misreadings of the rules, each switchable at run time in one
//! marked place of the engine, so the checker, the fuzzers and the property tests can be shown to
//! catch them. Only builds with the `faults` feature contain them; without it every fault is
//! off and the branches compile away.

use std::fmt;
use std::str::FromStr;

macro_rules! faults {
    ($( $id:ident: $key:literal, $rule:literal, $what:literal; )*) => {
        /// A rule fault the engine can be built to make.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Fault { $( #[doc = $what] $id, )* }

        impl Fault {
            /// Every fault.
            pub const ALL: &'static [Fault] = &[ $( Fault::$id, )* ];

            /// Its name on the command line.
            pub fn key(self) -> &'static str {
                match self { $( Fault::$id => $key, )* }
            }

            /// The rule it breaks.
            pub fn rule(self) -> &'static str {
                match self { $( Fault::$id => $rule, )* }
            }

            /// What the faulty engine does.
            pub fn what(self) -> &'static str {
                match self { $( Fault::$id => $what, )* }
            }
        }
    };
}

faults! {
    CountPasses: "count-passes", "339, 652.5.c.2",
        "counts passes instead of recording who passed, so a departed player's pass still counts";
    PriorityStaysWithLeaver: "priority-stays-with-leaver", "652.5.c.1",
        "does not hand Priority on when its holder concedes";
    FocusStaysWithLeaver: "focus-stays-with-leaver", "652.5.b.1",
        "does not hand Focus on when its holder concedes";
    ShowdownNotEndedByRemoval: "showdown-not-ended-by-removal", "652.5.b.2",
        "does not end the Showdown when a removal completes the round of Focus passes";
    PassesDiscardedOnConcession: "passes-discarded-on-concession", "652.5, pass-record",
        "discards the remaining players' passes when someone concedes";
    LeaverItemsNotCountered: "leaver-items-not-countered", "652.4",
        "leaves the items the leaver controls on the Chain";
    CounterByOwnership: "counter-by-ownership", "652.4",
        "counters the items whose card the leaver owns, instead of those the leaver controls";
    CounteredItemResolves: "countered-item-resolves", "425",
        "reports a countered item as countered but leaves it on the Chain, where it later resolves";
    BorrowedUnitReturns: "borrowed-unit-returns", "652.1, 056",
        "returns a borrowed card to its owner's board instead of banishing it into its owner's Banishment";
    BattlefieldEffectKept: "battlefield-effect-kept", "652.2.a, 652.2.c",
        "keeps the removed battlefield's continuous effect on the token battlefield";
    GameEndsOnConcession: "game-ends-on-concession", "651.1, 651.2",
        "ends the whole game, choosing a winner, when one of three or four players concedes";
    TurnRestartsAtFirstSeat: "turn-restarts-at-first-seat", "652.5.a.1",
        "gives the turn of a Turn Player who concedes to the first remaining seat, not the next one";
    CombatTriggersInTurnOrder: "combat-triggers-in-turn-order", "459.2.d.1",
        "places combat-start triggers in plain turn order from the Turn Player";
    ThirdCombatantAdmitted: "third-combatant-admitted", "442.2.a, 442.2.c, 457",
        "lets a third player's unit into a staged or ongoing combat, by a move or an instructed move";
    LastSeatSkipped: "last-seat-skipped", "339, seed 003",
        "in War, treats A, B and C passing as a complete round, skipping D's response opportunity";
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The text named no fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a fault; `riftcheck faults` lists them")]
pub struct UnknownFault(pub String);

impl FromStr for Fault {
    type Err = UnknownFault;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Fault::ALL
            .iter()
            .copied()
            .find(|f| f.key() == s)
            .ok_or_else(|| UnknownFault(s.to_string()))
    }
}

/// Which fault a game is built to make: a fault, or none. Without the `faults` feature it holds
/// nothing and [`FaultSlot::is`] is always false.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FaultSlot(#[cfg(feature = "faults")] Option<Fault>);

impl FaultSlot {
    /// Whether the game makes `fault`.
    #[inline(always)]
    pub fn is(self, fault: Fault) -> bool {
        #[cfg(feature = "faults")]
        {
            self.0 == Some(fault)
        }
        #[cfg(not(feature = "faults"))]
        {
            let _ = fault;
            false
        }
    }

    /// The fault, if any.
    pub fn get(self) -> Option<Fault> {
        #[cfg(feature = "faults")]
        {
            self.0
        }
        #[cfg(not(feature = "faults"))]
        {
            None
        }
    }
}

impl crate::game::Game {
    /// Makes this game's engine commit `fault` from now on (only with the `faults` feature).
    #[cfg(feature = "faults")]
    pub fn inject(&mut self, fault: Option<Fault>) {
        std::sync::Arc::make_mut(&mut self.catalog).fault = FaultSlot(fault);
    }

    /// The fault this game's engine commits, if any.
    pub fn fault(&self) -> Option<Fault> {
        self.catalog.fault.get()
    }

    /// Whether this game's engine commits `fault`: the test in each fault's marked place.
    #[inline(always)]
    pub(crate) fn faulty(&self, fault: Fault) -> bool {
        self.catalog.fault.is(fault)
    }
}
