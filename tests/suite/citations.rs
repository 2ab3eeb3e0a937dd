//! Every event and every refusal cites a rule it may cite (issue 15, part 6).
//!
//! [`allowed`] is the table of the rules each kind of event may cite, [`REFUSALS`] the same for
//! refusals. Each event is read twice: its own rule ([`Event::rule`]) and the rule it cites in its
//! step, as the rulebook prose and the scenario format give it ([`citations`]). The games read
//! are every scenario under `tests/scenarios/` and random walks from generated tables, each on
//! the reference engine and on the spec. Beyond the table, each step is read against what an
//! observer saw before and after it, so that a citation is not only one of the kind's but the
//! one for the situation: Priority given once the Chain is empty outside a Showdown cites
//! 312.2.a, never 340.4; damage cites the combat damage step (460) only in a combat; a counter
//! cites the removal (652.4) only in a concession; a finished game refuses citing how it was won;
//! every seat that leaves is reported removed. The five fixes of the issue have a test each.

use crate::corpus::toml_files;
use riftcheck::Riftbound;
use std::path::Path;

use riftcheck::engine::Engine;
use riftcheck::event::{Event, PriorityWhy};
use riftcheck::harness::generate::{self, Pick};
use riftcheck::oracle::Spec;
use riftcheck::scenario::citations;
use riftcheck::{Action, Game, Observation, RuleError, Scenario};

/// The rules an event of this kind may cite: its own rule, and what its step may make of it.
/// Exhaustive, so that a new kind of event must be given its row.
fn allowed(e: &Event) -> &'static [&'static str] {
    match e {
        Event::Conceded { .. } => &["650"],
        // The last player or team standing (651.1), or points (467).
        Event::Won { .. } => &["651.1", "467"],
        Event::PlayerRemoved { .. } => &["651.3"],
        Event::Banished { .. } => &["652.1"],
        Event::BattlefieldReplaced { .. } => &["652.2.a"],
        // The leaver's battlefield's effects cease (652.2.c), or their equipment is banished
        // from another player's unit (652.1).
        Event::MightChanged { .. } => &["652.2.c", "652.1"],
        Event::RemovedFromGame { .. } => &["652.3"],
        // A Counter effect (425), or the removal of the item's controller (652.4).
        Event::Countered { .. } => &["425", "652.4"],
        Event::LeftChain { .. } => &["652.3"],
        // Control lost in a cleanup (187.4.c; the first one, after setup: 323).
        Event::BattlefieldUncontrolled { .. } => &["187.4.c", "323"],
        Event::TurnTo { .. } => &["317.3", "652.5.a.1"],
        Event::TurnBegan { .. } => &["315"],
        Event::TurnEnded { .. } => &["317"],
        Event::FocusTo { .. } => &["313.2", "652.5.b.1"],
        Event::PriorityTo { .. } => &[
            "333.1",
            "337.1.c.3",
            "312.2.d",
            "340.4",
            "312.2.a",
            "346.1",
            "316.2.b.1",
            "652.5.c.1",
        ],
        Event::Passed { .. } => &["339"],
        Event::PassedFocus { .. } => &["347.4"],
        Event::Played { .. } => &["349"],
        Event::Activated { .. } => &["399"],
        Event::EnergyAdded { .. } => &["429.2"],
        Event::ItemAdded { .. } => &["329"],
        Event::Finalized { .. } => &["337"],
        Event::TriggersWaiting { .. } => &["383.3.d"],
        Event::Resolved { .. } => &["340", "652.5.c.2"],
        Event::Hid { .. } => &["421"],
        Event::HiddenLost { .. } => &["107.3.d", "323"],
        Event::Trashed { .. } => &["340"],
        Event::EnteredBoard { .. } => &["337.1.c"],
        Event::ControlGained { .. } => &["188"],
        Event::Moved { .. } => &["440"],
        Event::Recalled { .. } => &["449", "323"],
        // The combat damage step only.
        Event::Assigned { .. } | Event::Damaged { .. } => &["460"],
        // Damage an effect deals: never the combat damage step.
        Event::Dealt { .. } => &["417"],
        Event::Attached { .. } => &["818"],
        Event::Detached { .. } => &["435.4.b"],
        Event::FinalPointWithheld { .. } => &["466.1.b"],
        Event::Empowered { .. } => &["472.3"],
        Event::Expired { .. } => &["317", "652.5.a.1", "315", "651.3"],
        Event::Killed { .. } => &["428", "323"],
        Event::CeasedToExist { .. } => &["183.1"],
        Event::Contested { .. } => &["445"],
        Event::Unstaged { .. } => &["456.2", "323"],
        Event::ShowdownBegan { .. } => &["344"],
        Event::CombatBegan { .. } => &["459"],
        Event::ShowdownEnded { .. } => &["347.3.a", "652.5.b.2"],
        Event::CombatEnded { .. } => &["461"],
        Event::ControlEstablished { .. } => &["187.4"],
        Event::Scored { .. } => &["462"],
        Event::Invited { .. } => &["316.2.b.1"],
    }
}

/// The rules each kind of refusal may cite, by its name.
const REFUSALS: &[(&str, &[&str])] = &[
    // Over on points (467), or by concessions (651.1).
    ("GameOver", &["467", "651.1"]),
    ("NoSuchCard", &["121"]),
    ("NoSuchBattlefield", &["168"]),
    ("NotSeated", &["478"]),
    ("Removed", &["651.3"]),
    ("AwaitingChoice", &["335.1"]),
    ("NoPriority", &["312.1"]),
    ("NoFocus", &["313.1"]),
    ("NotInShowdown", &["313.5"]),
    ("FocusPassInClosedState", &["313.3"]),
    ("NoChainToPass", &["338"]),
    ("NotInHand", &["349"]),
    ("ClosedNeedsReaction", &["309.1.a"]),
    ("ShowdownNeedsAction", &["308.1.a"]),
    ("NoTarget", &["355.6"]),
    ("TargetNotNeeded", &["355.6"]),
    ("TargetNotOnChain", &["355.6"]),
    ("TargetNotAUnit", &["355.6"]),
    ("AlreadyControlled", &["188"]),
    ("InvalidLocation", &["355.2.a"]),
    ("LocationNotNeeded", &["355.2.a"]),
    ("CannotAfford", &["356"]),
    ("NotController", &["399"]),
    ("NotOnBoard", &["399"]),
    ("NoAbility", &["399"]),
    ("Exhausted", &["420"]),
    ("NotTurnPlayer", &["316"]),
    ("NotNeutralOpen", &["144.1"]),
    ("NoSuchTrigger", &["383.3.d"]),
    ("NoStagedFight", &["456.1"]),
    ("NothingToMove", &["144.3"]),
    ("NotAUnit", &["144"]),
    ("NotAStandardMove", &["144.4"]),
    ("AlreadyThere", &["440"]),
    ("NotHidden", &["811"]),
    ("NotYourBattlefield", &["421"]),
    ("FacedownTaken", &["107.3"]),
    ("NotYourUnit", &["818"]),
    ("AlreadyAttached", &["718.2"]),
    ("NotAssigning", &["460"]),
    ("NotAssignable", &["460"]),
    ("ThirdPlayer", &["444.2"]),
    ("ThirdCombatant", &["442.2.a"]),
    ("TeammateThere", &["442.2.b"]),
    ("NotATeammate", &["484.8.a"]),
];

/// The events after which a step's last `PriorityTo` is no longer its last word on who acts: a
/// new item, a new fight, Focus handed on, a new turn, the end of the game.
fn moves_on(e: &Event) -> bool {
    matches!(
        e,
        Event::ItemAdded { .. }
            | Event::TriggersWaiting { .. }
            | Event::ShowdownBegan { .. }
            | Event::FocusTo { .. }
            | Event::TurnBegan { .. }
            | Event::Won { .. }
    )
}

/// A game being read: where it comes from, and how it was won once it is over.
struct Reader {
    origin: String,
    won_by_score: Option<bool>,
    problems: Vec<String>,
    /// How many events and refusals were read.
    read: usize,
}

impl Reader {
    fn new(origin: String) -> Reader {
        Reader {
            origin,
            won_by_score: None,
            problems: Vec::new(),
            read: 0,
        }
    }

    fn problem(&mut self, at: &str, what: String) {
        self.problems.push(format!("{} {at}: {what}", self.origin));
    }

    fn note_win(&mut self, events: &[Event]) {
        for e in events {
            if let Event::Won { by_score, .. } = e {
                self.won_by_score = Some(*by_score);
            }
        }
    }

    /// Each event's own rule, and the rule it cites in its step, is in its row of the table.
    fn read_rules(&mut self, at: &str, action: Option<&Action>, events: &[Event]) {
        self.read += events.len();
        for (e, cited) in events.iter().zip(citations(action, events)) {
            let row = allowed(e);
            if !row.contains(&e.rule()) {
                self.problem(at, format!("{e:?} cites {} (may cite {row:?})", e.rule()));
            }
            if !row.contains(&cited) {
                self.problem(at, format!("{e:?} is cited as {cited} (may cite {row:?})"));
            }
        }
    }

    /// What proceeded after setup: what the first cleanup did cites it (323), never the kill
    /// (428) or the loss of control (187.4.c) of a step.
    fn read_setup(&mut self, events: &[Event]) {
        self.read_rules("after setup", None, events);
        let cited = citations(None, events);
        let first_fight = events
            .iter()
            .position(|e| matches!(e, Event::ShowdownBegan { .. }))
            .unwrap_or(events.len());
        for (e, rule) in events.iter().zip(&cited).take(first_fight) {
            if matches!(
                e,
                Event::Killed { .. } | Event::BattlefieldUncontrolled { .. }
            ) && *rule != "323"
            {
                self.problem("after setup", format!("{e:?} cites {rule}, not 323"));
            }
        }
        self.note_win(events);
    }

    /// One step, with what an observer saw before and after it.
    fn read_step(
        &mut self,
        at: &str,
        action: Action,
        outcome: &Result<Vec<Event>, RuleError>,
        before: &Observation,
        after: &Observation,
    ) {
        match outcome {
            Err(e) => self.read_refusal(at, e, before),
            Ok(events) => {
                self.read_rules(at, Some(&action), events);
                self.read_situation(at, action, events, before, after);
                self.note_win(events);
            }
        }
    }

    fn read_refusal(&mut self, at: &str, e: &RuleError, before: &Observation) {
        self.read += 1;
        match REFUSALS.iter().find(|(name, _)| *name == e.name()) {
            Some((_, rules)) if rules.contains(&e.rule()) => {}
            _ => self.problem(at, format!("{} cites {}", e.name(), e.rule())),
        }
        if let RuleError::GameOver { by_score, .. } = e {
            // A finished game refuses citing how it was won.
            if before.winners.is_none() || self.won_by_score.is_some_and(|s| s != *by_score) {
                self.problem(
                    at,
                    format!(
                        "GameOver cites {}, the game was won by score: {:?}",
                        e.rule(),
                        self.won_by_score
                    ),
                );
            }
        }
    }

    /// The citations the situation decides.
    fn read_situation(
        &mut self,
        at: &str,
        action: Action,
        events: &[Event],
        before: &Observation,
        after: &Observation,
    ) {
        let conceding = matches!(action, Action::Concede { .. });
        for (i, e) in events.iter().enumerate() {
            match e {
                // 460 is the combat damage step: only in a combat.
                Event::Damaged { .. } | Event::Assigned { .. } if before.combat.is_none() => {
                    self.problem(at, format!("{e:?} outside a combat"));
                }
                // 652.4 is the removal of the item's controller: only in a concession.
                Event::Countered {
                    by_removal: true, ..
                } if !conceding => self.problem(at, format!("{e:?} without a concession")),
                // 425 is a Counter effect: only as an item resolves.
                Event::Countered {
                    by_removal: false, ..
                } if !events[..i]
                    .iter()
                    .any(|r| matches!(r, Event::Resolved { .. })) =>
                {
                    self.problem(at, format!("{e:?} with nothing resolving"));
                }
                _ => {}
            }
        }
        self.read_last_priority(at, events, after);
        // Every seat that leaves is reported removed, and only those.
        let left = after.removed.difference(before.removed);
        let reported: riftcheck::SeatSet = events
            .iter()
            .filter_map(|e| match e {
                Event::PlayerRemoved { seat } => Some(*seat),
                _ => None,
            })
            .collect();
        if reported != left {
            self.problem(at, format!("{left} left, {reported} reported removed"));
        }
    }

    /// The step's last word on Priority says why, truly: as the controller of the newest item
    /// left (340.4) only with an item left; as the Turn Player in a Neutral Open state (312.2.a)
    /// only with no Chain and no Showdown.
    fn read_last_priority(&mut self, at: &str, events: &[Event], after: &Observation) {
        let Some(last) = events
            .iter()
            .rposition(|e| matches!(e, Event::PriorityTo { .. }))
        else {
            return;
        };
        if events[last..].iter().any(moves_on) {
            return;
        }
        let Event::PriorityTo { seat, why } = events[last] else {
            return;
        };
        if after.priority != Some(seat) {
            self.problem(
                at,
                format!("{seat} received Priority, {:?} has it", after.priority),
            );
        }
        let wrong = match why {
            PriorityWhy::Resolved => after.chain.is_empty(),
            PriorityWhy::NeutralOpen => !after.chain.is_empty() || after.showdown.is_some(),
            PriorityWhy::FocusStays => !after.chain.is_empty() || after.focus != Some(seat),
            _ => false,
        };
        if wrong {
            self.problem(
                at,
                format!(
                    "{seat} received Priority citing {} with the Chain {:?} and a Showdown at {:?}",
                    events[last].rule(),
                    after.chain.iter().map(|i| i.item).collect::<Vec<_>>(),
                    after.showdown
                ),
            );
        }
    }
}

fn all_scenarios() -> Vec<Scenario> {
    toml_files("tests/scenarios")
        .iter()
        .map(|p| Scenario::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// Plays a scenario's steps on `E`, reading every event and refusal; how many it read.
fn read_scenario<E: Engine<Riftbound>>(s: &Scenario, problems: &mut Vec<String>) -> usize {
    let mut reader = Reader::new(format!("{} ({}):", s.title, E::NAME));
    let (mut engine, setup_events) = E::start(&s.setup).expect("a scenario's setup is valid");
    reader.read_setup(&setup_events);
    let catalog = Game::from_setup(&s.setup).expect("valid").catalog().clone();
    for (i, step) in s.steps.iter().enumerate() {
        let action = Action::parse(&step.text, &catalog).expect("a scenario's step parses");
        let before = engine.observe();
        let outcome = engine.apply(action);
        let after = engine.observe();
        let at = format!("step {} ({})", i + 1, step.text);
        reader.read_step(&at, action, &outcome, &before, &after);
    }
    problems.extend(reader.problems);
    reader.read
}

/// A random walk from a table the generator draws: legal actions mostly, and now and then any
/// well-formed one, so that refusals are read too. How many events and refusals it read.
fn read_walk<E: Engine<Riftbound>>(
    seed: u64,
    described: bool,
    steps: usize,
    problems: &mut Vec<String>,
) -> usize {
    let bytes = generate::seeded_bytes(seed, 2048);
    let mut u = arbitrary::Unstructured::new(&bytes);
    let setup = if described {
        generate::described_state(&mut u)
    } else {
        generate::setup(&mut u)
    };
    let Ok(setup) = setup else {
        return 0;
    };
    // A described state may be an impossible table: refused, nothing to read.
    let Ok((mut engine, setup_events)) = E::start(&setup) else {
        return 0;
    };
    let mut reader = Reader::new(format!("seed {seed} ({}):", E::NAME));
    reader.read_setup(&setup_events);
    for i in 0..steps {
        let Ok(Some(action)) = generate::action(&engine, &mut u, Pick::Mixed) else {
            break;
        };
        let before = engine.observe();
        let outcome = engine.apply(action);
        let after = engine.observe();
        reader.read_step(
            &format!("step {} ({action:?})", i + 1),
            action,
            &outcome,
            &before,
            &after,
        );
    }
    problems.extend(reader.problems);
    reader.read
}

fn assert_none(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} citations out of place:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_refusal_kind_has_its_row() {
    for name in riftcheck::error::RULE_ERROR_NAMES {
        assert!(
            REFUSALS.iter().any(|(n, _)| n == name),
            "{name} has no row in REFUSALS"
        );
    }
    assert_eq!(REFUSALS.len(), riftcheck::error::RULE_ERROR_NAMES.len());
}

#[test]
fn every_scenario_cites_what_each_event_may_cite() {
    let mut problems = Vec::new();
    let mut read = 0;
    for s in all_scenarios() {
        read += read_scenario::<Game>(&s, &mut problems);
        read += read_scenario::<Spec>(&s, &mut problems);
    }
    assert_none(&problems);
    assert!(read > 2_000, "only {read} events and refusals read");
}

#[test]
fn random_walks_cite_what_each_event_may_cite() {
    let mut problems = Vec::new();
    let mut read = 0;
    for seed in 0..300 {
        for described in [false, true] {
            read += read_walk::<Game>(seed, described, 40, &mut problems);
            read += read_walk::<Spec>(seed, described, 40, &mut problems);
        }
    }
    assert_none(&problems);
    eprintln!("{read} events and refusals read");
    assert!(read > 20_000, "only {read} events and refusals read");
}

/// A scenario by its path under `tests/scenarios/`, replayed on `E`.
fn replayed<E: Engine<Riftbound>>(path: &str) -> riftcheck::scenario::Replay {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(path);
    let s = Scenario::load(&file).unwrap_or_else(|e| panic!("{e}"));
    let r = s.replay_on::<E>().expect("binds");
    assert!(r.passed(), "{path} on {}: {:?}", E::NAME, r.failures);
    r
}

fn step_events(r: &riftcheck::scenario::Replay, step: usize) -> Vec<Event> {
    r.results[step - 1].outcome.clone().expect("accepted")
}

fn on_both(check: impl Fn(&riftcheck::scenario::Replay)) -> impl Fn(&str) {
    move |path| {
        check(&replayed::<Game>(path));
        check(&replayed::<Spec>(path));
    }
}

/// Fix 1: damage a spell deals cites Deal (417), not the combat damage step (460).
#[test]
fn spell_damage_does_not_cite_combat_damage() {
    on_both(|r| {
        let events = step_events(r, 3);
        let dealt: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::Dealt { .. }))
            .collect();
        assert_eq!(dealt.len(), 1, "{events:?}");
        assert_eq!(dealt[0].rule(), "417");
        assert!(
            citations(Some(&r.results[2].action), &events)
                .iter()
                .all(|&c| c != "460")
        );
        assert!(!events.iter().any(|e| matches!(e, Event::Damaged { .. })));
    })("effects/deal_lethal_damage_kills.toml");
}

/// Fix 2: once a Hold has won the game on points, a concession is refused citing 467, not 651.1.
#[test]
fn a_game_won_on_points_refuses_a_concession_citing_467() {
    on_both(|r| {
        let concession = &r.results[2];
        assert_eq!(
            concession.action,
            Action::Concede {
                seat: riftcheck::Seat::A
            }
        );
        match &concession.outcome {
            Err(e @ RuleError::GameOver { by_score: true, .. }) => assert_eq!(e.rule(), "467"),
            other => panic!("{other:?}"),
        }
    })("scoring/hold_reaches_victory_score.toml");
}

/// Fix 3: Priority given in a Neutral Open state once the Chain is empty cites 312.2.a, and
/// 340.4 only while an item is left on the Chain.
#[test]
fn priority_in_neutral_open_after_the_chain_empties_is_not_340_4() {
    on_both(|r| {
        let with_item_left = step_events(r, 7);
        let emptied = step_events(r, 10);
        let priority = |events: &[Event]| -> Vec<&'static str> {
            events
                .iter()
                .filter(|e| matches!(e, Event::PriorityTo { .. }))
                .map(Event::rule)
                .collect()
        };
        assert_eq!(priority(&with_item_left), ["340.4"]);
        assert_eq!(priority(&emptied), ["312.2.a"]);
        // The rulebook prose cites it so too.
        let action = r.results[9].action;
        assert_eq!(citations(Some(&action), &emptied).last(), Some(&"312.2.a"));
    })("citations/priority_once_the_chain_is_empty.toml");
}

/// Fix 4: what the cleanup after setup does to the table as written cites the cleanup (323); the
/// same kill in play cites 428.
#[test]
fn setup_time_cleanups_cite_323() {
    on_both(|r| {
        let at_setup = citations(None, &r.setup_events);
        assert_eq!(at_setup, ["323", "323"], "{:?}", r.setup_events);
        assert!(matches!(r.setup_events[0], Event::Killed { .. }));
        let in_play = step_events(r, 3);
        let kill = in_play
            .iter()
            .position(|e| matches!(e, Event::Killed { .. }))
            .expect("Guard is killed");
        assert_eq!(citations(Some(&r.results[2].action), &in_play)[kill], "428");
    })("citations/lethal_damage_at_setup.toml");
}

/// Fix 5: a team concession in Magma Chamber reports the removal of every teammate, the conceder
/// included.
#[test]
fn a_team_concession_reports_every_removed_teammate() {
    use riftcheck::Seat;
    on_both(|r| {
        let removed: Vec<Seat> = step_events(r, 1)
            .iter()
            .filter_map(|e| match e {
                Event::PlayerRemoved { seat } => Some(*seat),
                _ => None,
            })
            .collect();
        assert_eq!(removed, [Seat::C, Seat::A]);
        assert_eq!(r.last.removed, [Seat::A, Seat::C].into_iter().collect());
    })("seed_001/team_concession.toml");
}

/// And a counter: an effect's cites Counter (425), a removal's 652.4.
#[test]
fn a_counter_cites_the_effect_or_the_removal() {
    let counters = |r: &riftcheck::scenario::Replay| -> Vec<&'static str> {
        r.results
            .iter()
            .filter_map(|s| s.outcome.as_ref().ok())
            .flatten()
            .filter(|e| matches!(e, Event::Countered { .. }))
            .map(Event::rule)
            .collect()
    };
    on_both(|r| assert_eq!(counters(r), ["425"]))(
        "citations/a_counter_spell_is_not_a_removal.toml",
    );
    on_both(|r| assert_eq!(counters(r), ["652.4"]))("seed_000/a_response_disappears.toml");
}
