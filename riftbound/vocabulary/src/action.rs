//! What a player can do, and its text form, the sentences scenario steps are written in.
//!
//! | action | text |
//! | --- | --- |
//! | pass Priority (339) | `B passes` |
//! | pass Focus (347.4) | `B passes Focus` |
//! | play a card (349-359) | `A plays Firebolt`, `B plays Denial on Firebolt`, `A plays Poro at Left` |
//! | activate an ability (399-406) | `A activates Rune`, `C activates Totem on Firebolt` |
//! | Standard Move (144) | `A moves Poro to Left`, `A moves Poro and Yeti to Base` |
//! | end the turn (316, 317) | `A ends the turn` |
//! | concede (650) | `B concedes` |
//! | place a waiting trigger (383.3.d) | `A places Sentry's trigger` |
//! | choose the staged fight that goes first (456.1, 323.8-323.9) | `A chooses Left` |
//! | invite a teammate to act (316.2.b.1, 484.8.a) | `A invites C` |
//! | assign combat damage to an enemy unit next (460) | `A assigns damage to Guard` |
//!
//! Card and battlefield names are the catalog's; `Base` is the acting player's own Base. Names may
//! not contain the words that join the parts of a sentence (` on `, ` at `, ` to `, ` and `, `, `).

use std::fmt;

use crate::card::{BattlefieldId, CardId, CardSet, Catalog};
use crate::seat::Seat;
use crate::zone::Location;

/// A player's action: a discretionary action, a choice, or a concession.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Pass Priority during a chain (338-339).
    Pass {
        /// Who passes.
        seat: Seat,
    },
    /// Pass Focus in a Showdown Open state (347.4).
    PassFocus {
        /// Who passes.
        seat: Seat,
    },
    /// Play a card from hand (349-359).
    Play {
        /// Who plays it.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Its target: an item on the Chain (named by its source card) or a unit.
        target: Option<CardId>,
        /// Where a unit is played (355.2.a); the player's Base when omitted.
        at: Option<Location>,
    },
    /// Activate an ability of a permanent or rune (399-406), Add abilities included (429).
    Activate {
        /// Who activates it.
        seat: Seat,
        /// The card whose ability it is.
        card: CardId,
        /// Its target, as for [`Action::Play`].
        target: Option<CardId>,
    },
    /// A Standard Move of one or more units to one destination (144).
    Move {
        /// Who moves them.
        seat: Seat,
        /// The units.
        units: CardSet,
        /// Where to.
        to: Location,
    },
    /// The Turn Player ends their turn (316, 317).
    EndTurn {
        /// The Turn Player.
        seat: Seat,
    },
    /// Concede the game (650-652).
    Concede {
        /// Who concedes.
        seat: Seat,
    },
    /// Place one of your waiting simultaneous triggers on the Chain next (383.3.d).
    Place {
        /// Who places it.
        seat: Seat,
        /// The card whose triggered ability it is.
        card: CardId,
    },
    /// The Turn Player chooses which staged Showdown or combat goes first (456.1, 323.8-323.9).
    Choose {
        /// The Turn Player.
        seat: Seat,
        /// The battlefield.
        at: BattlefieldId,
    },
    /// The Turn Player invites a teammate to act with the Turn Player's Priority (316.2.b.1,
    /// 484.8.a).
    Invite {
        /// The Turn Player.
        seat: Seat,
        /// The teammate.
        teammate: Seat,
    },
    /// In a combat's damage step, give the next share of your side's damage to this enemy unit
    /// (460): all it needs to die if there is that much left, otherwise all that is left. Lethal
    /// damage is assigned in full before the next unit gets any; the Attacker assigns first.
    Assign {
        /// Who assigns.
        seat: Seat,
        /// The enemy unit.
        unit: CardId,
    },
    /// Hide a card with Hidden from hand facedown at a battlefield (421, 811): a discretionary
    /// action of the Turn Player (410.1), at a battlefield they control whose facedown zone is
    /// free (107.3; 484.8.c: not a teammate's).
    Hide {
        /// Who hides it.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where.
        at: crate::card::BattlefieldId,
    },
}

/// Every kind of action, as [`Action::kind`] names them (the protocol's `kind` and `hello`'s
/// `actions`).
pub const ACTION_KINDS: [&str; 12] = [
    "pass",
    "pass focus",
    "play",
    "activate",
    "move",
    "end turn",
    "concede",
    "place",
    "choose",
    "invite",
    "hide",
    "assign",
];

/// The rules that govern each kind of action, as its variant's documentation cites them: what
/// an engine that does not take a kind leaves unchecked.
pub const ACTION_RULES: [(&str, &str); 12] = [
    ("pass", "338-339"),
    ("pass focus", "347.4"),
    ("play", "349-359"),
    ("activate", "399-406, 429"),
    ("move", "144"),
    ("end turn", "316, 317"),
    ("concede", "650-652"),
    ("place", "383.3.d"),
    ("choose", "456.1, 323.8, 323.9"),
    ("invite", "316.2.b.1, 484.8.a"),
    ("hide", "421, 811"),
    ("assign", "460"),
];

impl Action {
    /// Its kind, one of [`ACTION_KINDS`].
    pub fn kind(self) -> &'static str {
        match self {
            Action::Pass { .. } => "pass",
            Action::PassFocus { .. } => "pass focus",
            Action::Play { .. } => "play",
            Action::Activate { .. } => "activate",
            Action::Move { .. } => "move",
            Action::EndTurn { .. } => "end turn",
            Action::Concede { .. } => "concede",
            Action::Place { .. } => "place",
            Action::Choose { .. } => "choose",
            Action::Invite { .. } => "invite",
            Action::Hide { .. } => "hide",
            Action::Assign { .. } => "assign",
        }
    }

    /// The seat taking the action.
    pub fn seat(self) -> Seat {
        match self {
            Action::Pass { seat }
            | Action::PassFocus { seat }
            | Action::Play { seat, .. }
            | Action::Activate { seat, .. }
            | Action::Move { seat, .. }
            | Action::EndTurn { seat }
            | Action::Concede { seat }
            | Action::Place { seat, .. }
            | Action::Choose { seat, .. }
            | Action::Invite { seat, .. }
            | Action::Assign { seat, .. }
            | Action::Hide { seat, .. } => seat,
        }
    }

    /// Whether it is a choice made before anyone has Priority (placing a trigger, choosing a
    /// staged fight, assigning combat damage), not a discretionary action or a concession.
    pub fn is_choice(self) -> bool {
        matches!(
            self,
            Action::Place { .. } | Action::Choose { .. } | Action::Assign { .. }
        )
    }

    /// The action's sentence, with names from `catalog`.
    pub fn display<'a>(&'a self, catalog: &'a Catalog) -> ActionDisplay<'a> {
        ActionDisplay {
            action: self,
            catalog,
        }
    }

    /// Parses a step sentence against the names of `catalog`.
    pub fn parse(text: &str, catalog: &Catalog) -> Result<Action, ParseActionError> {
        Parser { text, catalog }.action()
    }
}

/// An action shown as its sentence.
pub struct ActionDisplay<'a> {
    action: &'a Action,
    catalog: &'a Catalog,
}

fn location_text(catalog: &Catalog, loc: Location) -> &str {
    match loc {
        Location::Base => "Base",
        Location::Field(b) => catalog.bf_name(b),
    }
}

impl fmt::Display for ActionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.catalog;
        let name = |id: CardId| c.cards.get(id.index()).map_or("?", |d| d.name.as_str());
        match *self.action {
            Action::Pass { seat } => write!(f, "{seat} passes"),
            Action::PassFocus { seat } => write!(f, "{seat} passes Focus"),
            Action::Play {
                seat,
                card,
                target,
                at,
            } => {
                write!(f, "{seat} plays {}", name(card))?;
                if let Some(t) = target {
                    write!(f, " on {}", name(t))?;
                }
                if let Some(loc) = at {
                    write!(f, " at {}", location_text(c, loc))?;
                }
                Ok(())
            }
            Action::Activate { seat, card, target } => {
                write!(f, "{seat} activates {}", name(card))?;
                if let Some(t) = target {
                    write!(f, " on {}", name(t))?;
                }
                Ok(())
            }
            Action::Move { seat, units, to } => {
                write!(f, "{seat} moves ")?;
                let names: Vec<&str> = units.iter().map(name).collect();
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == names.len() { " and " } else { ", " })?;
                    }
                    f.write_str(n)?;
                }
                write!(f, " to {}", location_text(c, to))
            }
            Action::EndTurn { seat } => write!(f, "{seat} ends the turn"),
            Action::Concede { seat } => write!(f, "{seat} concedes"),
            Action::Place { seat, card } => write!(f, "{seat} places {}'s trigger", name(card)),
            Action::Choose { seat, at } => write!(f, "{seat} chooses {}", c.bf_name(at)),
            Action::Invite { seat, teammate } => write!(f, "{seat} invites {teammate}"),
            Action::Assign { seat, unit } => write!(f, "{seat} assigns damage to {}", name(unit)),
            Action::Hide { seat, card, at } => {
                write!(f, "{seat} hides {} at {}", name(card), c.bf_name(at))
            }
        }
    }
}

/// A step sentence that is not an action of this game, with the column (1-based, in characters)
/// where the problem starts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ParseActionError {
    /// 1-based column within the sentence.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

struct Parser<'a> {
    text: &'a str,
    catalog: &'a Catalog,
}

impl Parser<'_> {
    fn err(&self, at: &str, message: impl Into<String>) -> ParseActionError {
        // `at` is a sub-slice of `self.text`; report its position in characters.
        let offset = (at.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        let offset = offset.min(self.text.len());
        ParseActionError {
            column: self.text[..offset].chars().count() + 1,
            message: message.into(),
        }
    }

    fn card(&self, s: &str) -> Result<CardId, ParseActionError> {
        self.catalog
            .card_named(s)
            .ok_or_else(|| self.err(s, format!("no card is called `{s}`")))
    }

    fn location(&self, s: &str) -> Result<Location, ParseActionError> {
        if s == "Base" {
            return Ok(Location::Base);
        }
        self.catalog
            .battlefield_named(s)
            .map(Location::Field)
            .ok_or_else(|| {
                self.err(
                    s,
                    format!("no battlefield is called `{s}` (or write `Base` for your own Base)"),
                )
            })
    }

    /// Splits `s` at the first occurrence of `word`, returning the parts around it.
    fn split<'s>(s: &'s str, word: &str) -> Option<(&'s str, &'s str)> {
        s.find(word).map(|i| (&s[..i], &s[i + word.len()..]))
    }

    fn action(&self) -> Result<Action, ParseActionError> {
        let text = self.text;
        let trimmed = text.trim_start();
        let Some((seat_text, rest)) = trimmed.split_once(' ') else {
            return Err(self.err(
                trimmed,
                "expected a sentence such as `A passes` or `B plays Firebolt`",
            ));
        };
        let seat: Seat = seat_text
            .parse()
            .map_err(|_| self.err(seat_text, format!("`{seat_text}` is not a seat (A to D)")))?;
        let rest = rest.trim_end();
        let (verb, args) = rest.split_once(' ').unwrap_or((rest, ""));
        let args_or_missing = |what: &str| {
            if args.is_empty() {
                Err(self.err(
                    &rest[verb.len()..],
                    format!("`{verb}` needs {what} after it"),
                ))
            } else {
                Ok(args)
            }
        };
        match verb {
            "passes" if args.is_empty() => Ok(Action::Pass { seat }),
            "passes" if args == "Focus" => Ok(Action::PassFocus { seat }),
            "passes" => Err(self.err(args, "after `passes` write nothing, or `Focus`")),
            "concedes" if args.is_empty() => Ok(Action::Concede { seat }),
            "ends" if args == "the turn" => Ok(Action::EndTurn { seat }),
            "plays" => {
                let args = args_or_missing("a card name")?;
                let (head, at) = match Self::split(args, " at ") {
                    Some((h, loc)) => (h, Some(self.location(loc)?)),
                    None => (args, None),
                };
                let (card, target) = match Self::split(head, " on ") {
                    Some((c, t)) => (self.card(c)?, Some(self.card(t)?)),
                    None => (self.card(head)?, None),
                };
                Ok(Action::Play {
                    seat,
                    card,
                    target,
                    at,
                })
            }
            "activates" => {
                let args = args_or_missing("a card name")?;
                let (card, target) = match Self::split(args, " on ") {
                    Some((c, t)) => (self.card(c)?, Some(self.card(t)?)),
                    None => (self.card(args)?, None),
                };
                Ok(Action::Activate { seat, card, target })
            }
            "moves" => {
                let args = args_or_missing("units and a destination")?;
                let Some((list, dest)) = args.rsplit_once(" to ") else {
                    return Err(self.err(args, "expected `<units> to <battlefield or Base>`"));
                };
                let to = self.location(dest)?;
                let mut units = CardSet::EMPTY;
                let (init, last) = match list.rsplit_once(" and ") {
                    Some((i, l)) => (Some(i), l),
                    None => (None, list),
                };
                for part in init.into_iter().flat_map(|i| i.split(", ")).chain([last]) {
                    let card = self.card(part)?;
                    if units.contains(card) {
                        return Err(self.err(part, format!("`{part}` is named twice")));
                    }
                    units.insert(card);
                }
                Ok(Action::Move { seat, units, to })
            }
            "places" => {
                let args = args_or_missing("a trigger")?;
                let Some(card) = args.strip_suffix("'s trigger") else {
                    return Err(self.err(args, "expected `<card>'s trigger`"));
                };
                Ok(Action::Place {
                    seat,
                    card: self.card(card)?,
                })
            }
            "chooses" => {
                let args = args_or_missing("a battlefield")?;
                match self.location(args)? {
                    Location::Field(at) => Ok(Action::Choose { seat, at }),
                    Location::Base => Err(self.err(args, "a staged fight is at a battlefield")),
                }
            }
            "hides" => {
                let args = args_or_missing("a card and a battlefield")?;
                let Some((card, place)) = args.rsplit_once(" at ") else {
                    return Err(self.err(args, "expected `<card> at <battlefield>`"));
                };
                let card = self.card(card)?;
                match self.location(place)? {
                    Location::Field(at) => Ok(Action::Hide { seat, card, at }),
                    Location::Base => Err(self.err(place, "a card is hidden at a battlefield")),
                }
            }
            "assigns" => {
                let args = args_or_missing("`damage to <unit>`")?;
                let Some(unit) = args.strip_prefix("damage to ") else {
                    return Err(self.err(args, "expected `damage to <unit>`"));
                };
                Ok(Action::Assign {
                    seat,
                    unit: self.card(unit)?,
                })
            }
            "invites" => {
                let args = args_or_missing("a teammate's seat")?;
                let teammate = args
                    .parse()
                    .map_err(|_| self.err(args, format!("`{args}` is not a seat (A to D)")))?;
                Ok(Action::Invite { seat, teammate })
            }
            _ => Err(self.err(
                verb,
                format!(
                    "`{verb}{}{args}` is not an action: expected passes, passes Focus, plays, \
                     activates, moves, ends the turn, concedes, places, chooses, assigns, invites or \
                     hides",
                    if args.is_empty() { "" } else { " " }
                ),
            )),
        }
    }
}
/// A choice a player must make before anyone has Priority.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "choice")]
pub enum Choice {
    /// Order your simultaneous triggers (383.3.d).
    PlaceTriggers {
        /// Who.
        seat: Seat,
    },
    /// As Turn Player, choose which staged fight goes first (456.1, 323.8-323.9).
    ChooseFight {
        /// Who.
        seat: Seat,
    },
    /// In a combat's damage step, choose which enemy unit gets your side's damage next (460).
    AssignDamage {
        /// Who.
        seat: Seat,
    },
}

impl Choice {
    /// Who must choose.
    pub fn seat(self) -> Seat {
        match self {
            Choice::PlaceTriggers { seat }
            | Choice::ChooseFight { seat }
            | Choice::AssignDamage { seat } => seat,
        }
    }
}
