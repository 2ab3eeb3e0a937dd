//! The rule each event of a step cites, as the scenario format and the rulebook prose give it:
//! the event's own rule, made precise by what the step was.

use crate::action::Action;
use crate::card::Catalog;
use crate::event::Event;
use crate::observation::Value;

/// Whether the first cleanup, run on the table a setup describes, can cause `e` (323): a unit
/// with lethal damage is killed (and a token ceases to exist, its equipment comes off), a card
/// is Recalled or a hidden card lost, a battlefield becomes uncontrolled, a staged fight loses a
/// side, a player wins on points.
fn from_cleanup(e: &Event) -> bool {
    matches!(
        e,
        Event::Killed { .. }
            | Event::CeasedToExist { .. }
            | Event::Detached { .. }
            | Event::Recalled { .. }
            | Event::HiddenLost { .. }
            | Event::BattlefieldUncontrolled { .. }
            | Event::Unstaged { .. }
            | Event::Won { .. }
    )
}

/// The rule each of a step's events cites, in order: the event's own rule ([`Event::rule`]),
/// made precise by what the step was.
///
/// - After setup (`action` is `None`), what the first cleanup does to the table as it was
///   written (a kill, a Recall, a hidden card lost, control or a staged fight ended) cites the
///   cleanup, 323; the consequences with rules of their own (a token ceasing to exist, 183.1,
///   equipment coming off, 435.4.b) and a win on points (467) keep theirs.
/// - In a concession, what the removal hands on cites 652.5: the Turn (652.5.a.1), Focus
///   (652.5.b.1), the end of a Showdown (652.5.b.2) and the resolution of the newest item once
///   every remaining player has passed (652.5.c.2); from that resolution on, or once a new fight
///   begins, the events are play's own. A unit's Might changing before the leaver's battlefield
///   is replaced is the banished equipment's doing (652.1), not the battlefield's (652.2.c).
pub fn citations(action: Option<&Action>, events: &[Event]) -> Vec<&'static str> {
    let mut cleaning = action.is_none();
    let mut conceding = matches!(action, Some(Action::Concede { .. }));
    let mut replaced = false;
    let mut out = Vec::with_capacity(events.len());
    for e in events {
        cleaning &= from_cleanup(e);
        if matches!(e, Event::ShowdownBegan { .. }) {
            conceding = false;
        }
        replaced |= matches!(e, Event::BattlefieldReplaced { .. });
        let rule = match e {
            Event::Killed { .. }
            | Event::Recalled { .. }
            | Event::HiddenLost { .. }
            | Event::BattlefieldUncontrolled { .. }
            | Event::Unstaged { .. }
                if cleaning =>
            {
                "323"
            }
            Event::MightChanged { .. } if conceding && !replaced => "652.1",
            Event::TurnTo { .. } if conceding => "652.5.a.1",
            Event::FocusTo { .. } if conceding => "652.5.b.1",
            Event::ShowdownEnded { .. } if conceding => "652.5.b.2",
            Event::Resolved { .. } if conceding => {
                conceding = false;
                "652.5.c.2"
            }
            _ => e.rule(),
        };
        out.push(rule);
    }
    out
}

/// What proceeded after setup, as the scenario format's `events` writes it: each sentence with
/// its rule as [`citations`] gives it (what the first cleanup did cites 323). After a step the
/// format writes each event's own rule ([`Event::rule`]).
pub(crate) fn setup_events_value(cat: &Catalog, events: &[Event]) -> Value {
    Value::List(
        events
            .iter()
            .zip(citations(None, events))
            .map(|(e, rule)| Value::text(format!("{} ({rule})", e.display(cat))))
            .collect(),
    )
}
