//! A scenario as a rulebook-style example: the title, the table, and each step with what it
//! caused, citing the rules.

use std::fmt::Write as _;

use super::expect::object_name;
use super::file::MtgScenario;
use crate::scenario::Outcome;
use mtg_vocabulary::types::{ChoiceKind, ObjId, Player, StackItem, Step, Zone};
use mtg_vocabulary::view::{MtgEvent, MtgView};

/// Names objects and stack items in a game's last view.
struct Namer<'a> {
    scenario: &'a MtgScenario,
    view: &'a MtgView,
}

impl Namer<'_> {
    fn obj(&self, id: ObjId) -> String {
        object_name(self.scenario, self.view, id)
    }
    fn item(&self, item: &StackItem) -> String {
        match *item {
            StackItem::Spell { card, .. } => self.obj(card),
            StackItem::Trigger { source, .. } => format!("{}'s trigger", self.obj(source)),
        }
    }
    fn owner(&self, id: ObjId) -> String {
        self.view
            .object(id)
            .map_or("its owner".to_string(), |o| o.owner.to_string())
    }

    /// One event as a clause, or `None` for what the step's sentence already says.
    fn event(&self, e: &MtgEvent, after: &MtgView) -> Option<String> {
        Some(match *e {
            MtgEvent::TurnBegan { player } => format!("{player}'s turn begins"),
            MtgEvent::TurnSkipped { player } => {
                format!("{player}'s turn does not begin, {player} having left (800.4j)")
            }
            MtgEvent::StepBegan { step } => format!("the {} step begins", Step::key(step)),
            MtgEvent::PriorityTo { player } => format!("{player} receives priority"),
            // The step's sentence says these; the cycled card's trip to the graveyard is told by
            // the `ToGraveyard` event that follows.
            MtgEvent::Passed { .. } | MtgEvent::Chose { .. } | MtgEvent::Cycled { .. } => {
                return None;
            }
            MtgEvent::Cast { card, .. } => format!("{} goes on the stack", self.obj(card)),
            MtgEvent::Triggered { ref item } => {
                format!("{} goes on the stack", self.item(item))
            }
            MtgEvent::Resolved { ref item } => format!("{} resolves", self.item(item)),
            MtgEvent::Fizzled { ref item } => format!(
                "{} does not resolve, its target being illegal (608.2b)",
                self.item(item)
            ),
            MtgEvent::Entered { object, controller } => format!(
                "{} enters the battlefield under {controller}'s control",
                self.obj(object)
            ),
            MtgEvent::TokenCreated { object, player } => {
                format!("{player} creates {}", self.obj(object))
            }
            MtgEvent::Attacked { creature, defender } => {
                format!("{} attacks {defender}", self.obj(creature))
            }
            MtgEvent::Damage {
                creature,
                player,
                amount,
            } => format!("{} deals {amount} damage to {player}", self.obj(creature)),
            MtgEvent::GainedLife { player, amount } => format!("{player} gains {amount} life"),
            MtgEvent::ToGraveyard { object } => format!(
                "{} is put into {}'s graveyard",
                self.obj(object),
                self.owner(object)
            ),
            MtgEvent::Exiled { object, rule } => {
                let why = if rule.starts_with(char::is_numeric) {
                    rule.to_string()
                } else {
                    "by Astral Slide's ability".to_string()
                };
                format!("{} is exiled ({why})", self.obj(object))
            }
            MtgEvent::Returned { object } => format!(
                "{} returns to the battlefield under its owner's control",
                self.obj(object)
            ),
            MtgEvent::ControlEnded { effect, rule } => {
                let name = self.obj(effect.object);
                let mut s = format!(
                    "the effect of {} giving {} control of {name} ends ({rule})",
                    effect.from.name(),
                    effect.controller
                );
                let o = after.object(effect.object);
                if let Some(c) = o.and_then(|o| o.controller) {
                    let _ = write!(s, "; {name} is now controlled by {c}");
                }
                s
            }
            MtgEvent::ProtectionEnded { protection, rule } => format!(
                "{}'s \"until your next turn\" effect ends ({rule})",
                protection.player
            ),
            MtgEvent::Left { player } => format!("{player} leaves the game"),
            MtgEvent::LeftGame { object } => format!(
                "{} leaves the game with its owner (800.4a)",
                self.obj(object)
            ),
            MtgEvent::CeasedToExist { ref item } => {
                format!("{} ceases to exist (800.4a)", self.item(item))
            }
            MtgEvent::TokenNotCreated { player } => {
                format!("no Myr token is created, {player} having left (800.4b)")
            }
            MtgEvent::TriggerNotPut { controller, source } => format!(
                "{controller}'s {}'s trigger is not put on the stack, {controller} having left \
                 (800.4d)",
                self.obj(source)
            ),
            MtgEvent::DamageNotAssigned { creature, player } => format!(
                "the combat damage {} would deal to {player} is not assigned, {player} having \
                 left (800.4e)",
                self.obj(creature)
            ),
            MtgEvent::RemovedFromCombat { creature } => format!(
                "{} is removed from combat, its controller having changed (506.4)",
                self.obj(creature)
            ),
            MtgEvent::StayedInAnte { object } => {
                format!("{} stays in the ante zone (800.4m)", self.obj(object))
            }
            MtgEvent::LastKnownKept { object, player } => format!(
                "{} goes on using {player}'s last known life total (800.4h)",
                self.obj(object)
            ),
            MtgEvent::TurnContinued { player } => {
                format!("{player}'s turn goes on without an active player (800.4i)")
            }
            MtgEvent::ChoiceTo { player, rule } => {
                format!("the choice goes to {player} ({rule})")
            }
            MtgEvent::PlanarController { player } => {
                format!("{player} becomes the planar controller (800.4n)")
            }
            MtgEvent::Stopped => "the model's bound on turns ends the game here".to_string(),
            MtgEvent::GameOver { winner } => match winner {
                Some(w) => format!("only {w} is left and wins the game (104.2a)"),
                None => "nobody is left; the game is over (104.2a)".to_string(),
            },
        })
    }
}

fn choice(n: &Namer<'_>, kind: ChoiceKind) -> String {
    match kind {
        ChoiceKind::SlideTarget { source } => {
            format!("a target for {}'s trigger, or decline", n.obj(source))
        }
        ChoiceKind::MirrorPlayer { mirror } => format!("a player for {}", n.obj(mirror)),
        ChoiceKind::LifeGain { spell, .. } => format!("1 or 2 for {}", n.obj(spell)),
        ChoiceKind::Appoint { spell, opponent } => format!(
            "another {} to make the choice of {} (800.4f)",
            if opponent { "opponent" } else { "player" },
            n.obj(spell)
        ),
        ChoiceKind::Rule => "1 or 2, a rule's choice".to_string(),
    }
}

fn players(ps: impl Iterator<Item = Player>) -> String {
    let v: Vec<String> = ps.map(|p| p.to_string()).collect();
    match v.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "nobody".to_string(),
    }
}

impl MtgScenario {
    /// The scenario as a rulebook-style example paragraph, replayed on the reference engine:
    /// the title, the table, then each step with what it caused.
    pub fn render(&self) -> String {
        self.render_replay(&self.replay())
    }

    /// The scenario as a rulebook-style example paragraph, as `replay` (of this scenario on
    /// some engine) played it, ending with every expectation it did not meet.
    pub fn render_replay(&self, replay: &super::MtgReplay) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        if !self.rules.is_empty() {
            let _ = writeln!(out, "Rules: {}.", self.rules.join(", "));
        }
        let Some(page) = self.page(replay) else {
            let _ = writeln!(out, "(the table cannot be played)");
            return out;
        };
        let _ = writeln!(out, "\n{}", page.table.concat());
        for (i, (text, clauses)) in page.steps.iter().enumerate() {
            let text = text.strip_suffix('.').unwrap_or(text);
            let _ = match clauses.as_slice() {
                [] => writeln!(out, "{}. {text}.", i + 1),
                _ => writeln!(out, "{}. {text}: {}.", i + 1, clauses.join("; ")),
            };
        }
        for f in &replay.failures {
            let _ = writeln!(out, "Not as expected: {f}.");
        }
        out
    }

    /// The scenario as a page of the book (`render --format markdown|html`), as `replay` played
    /// it: the table, and each step with what it caused (a step the engine did not reach is
    /// the last, "not taken"). `None` if the table could not be played.
    pub fn page(&self, replay: &super::MtgReplay) -> Option<crate::scenario::Page> {
        let last = replay.views.last()?;
        let namer = Namer {
            scenario: self,
            view: last,
        };
        let mut steps = Vec::new();
        for (i, text) in self.step_text.iter().enumerate() {
            let Some(events) = replay.events.get(i + 1) else {
                steps.push((format!("{text}."), vec!["not taken".to_string()]));
                break;
            };
            let after = replay.views.get(i + 1).unwrap_or(last);
            let refused = self
                .step_outcome
                .get(i)
                .is_some_and(|o| *o != Outcome::Accepted);
            let clauses = self.said(&namer, events, after, refused);
            steps.push((format!("{text}."), clauses));
        }
        Some(crate::scenario::Page {
            title: self.title.clone(),
            table: vec![self.table(&namer)],
            steps,
            description: self.description.clone(),
            rules: self.rules.clone(),
        })
    }

    /// What a step did, as clauses naming things as `namer` does: each of its `events` its
    /// sentence does not already say, that the game did not allow it if `refused`, then the
    /// choice the game waits for in `after`.
    fn said(
        &self,
        namer: &Namer<'_>,
        events: &[MtgEvent],
        after: &MtgView,
        refused: bool,
    ) -> Vec<String> {
        let mut clauses: Vec<String> = events
            .iter()
            .filter_map(|e| namer.event(e, after))
            .collect();
        if refused {
            clauses.push("the game does not allow it".to_string());
        }
        if let Some(p) = after.pending {
            clauses.push(format!("{} must choose {}", p.by, choice(namer, p.kind)));
        }
        clauses
    }

    /// What a step that the game took did, as clauses naming things as this scenario does
    /// in the game `after` it: its `events`, then the choice the game waits for (the
    /// Explorer's steps).
    pub fn clauses(&self, events: &[MtgEvent], after: &MtgView) -> Vec<String> {
        let namer = Namer {
            scenario: self,
            view: after,
        };
        self.said(&namer, events, after, false)
    }

    /// The table as set up, in one paragraph, naming things as this scenario does in `view`.
    pub fn table_text(&self, view: &MtgView) -> String {
        self.table(&Namer {
            scenario: self,
            view,
        })
    }

    /// The object `id` as this scenario names it in `view`.
    pub fn object_in(&self, view: &MtgView, id: ObjId) -> String {
        object_name(self, view, id)
    }

    /// A stack item as this scenario names it in `view` (a spell by its card, a trigger by its
    /// source).
    pub fn item_in(&self, view: &MtgView, item: &StackItem) -> String {
        Namer {
            scenario: self,
            view,
        }
        .item(item)
    }

    fn table(&self, namer: &Namer<'_>) -> String {
        let s = &self.setup;
        let mut out = format!(
            "Players {} in turn order, each at {} life; it is {}'s turn, {} step.",
            players(s.seats()),
            s.life,
            s.active,
            Step::key(s.step)
        );
        if let Some(p) = s.planar_controller {
            let _ = write!(out, " {p} is the planar controller.");
        }
        if let Some(p) = s.rule_choice {
            let _ = write!(out, " A rule's choice waits for {p}.");
        }
        for p in s.seats() {
            let owned: Vec<String> = s
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.owner == p)
                .map(|(i, c)| {
                    let id = ObjId(u8::try_from(i).unwrap_or(u8::MAX));
                    let mut d = format!("{} ({})", namer.obj(id), Zone::key(c.zone));
                    if let Some(q) = c.entered_under.filter(|q| *q != p) {
                        let _ = write!(d, ", entered under {q}'s control");
                    }
                    if let Some(t) = c.attached {
                        let _ = write!(d, ", enchanting {}", namer.obj(t));
                    }
                    d
                })
                .collect();
            if !owned.is_empty() {
                let _ = write!(out, " {p} owns {}.", owned.join(", "));
            }
        }
        out
    }
}
