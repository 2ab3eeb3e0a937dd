//! A scenario as a rulebook paragraph: "Example - TITLE", the table, one sentence per step and
//! per consequence, each with its rule.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::Scenario;
use super::cite::citations;
use crate::action::Action;
use crate::card::Catalog;
use crate::engine::Engine as _;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::observation::Observation;

/// Sentences for a run of events, grouping cards removed from the game into one.
pub(crate) fn consequences(
    cat: &Catalog,
    action: Option<&Action>,
    events: &[Event],
) -> Vec<String> {
    let rules = citations(action, events);
    let mut out = Vec::new();
    let mut removed: Vec<&str> = Vec::new();
    let flush = |removed: &mut Vec<&str>, out: &mut Vec<String>| {
        if !removed.is_empty() {
            let list = join_and(removed);
            let verb = if removed.len() == 1 { "is" } else { "are" };
            out.push(format!("{list} {verb} removed from the game (652.3)."));
            removed.clear();
        }
    };
    for (e, rule) in events.iter().zip(rules) {
        // The step's own sentence already says these.
        let echo = match (e, action) {
            (Event::Passed { seat }, Some(Action::Pass { seat: s })) => seat == s,
            (Event::PassedFocus { seat }, Some(Action::PassFocus { seat: s })) => seat == s,
            (Event::Conceded { seat }, Some(Action::Concede { seat: s })) => seat == s,
            (Event::Played { card, .. }, Some(Action::Play { card: c, .. })) => card == c,
            (Event::Activated { card, .. }, Some(Action::Activate { card: c, .. })) => card == c,
            _ => false,
        };
        if echo {
            continue;
        }
        if let Event::RemovedFromGame { card } = e {
            removed.push(cat.name(*card));
            continue;
        }
        flush(&mut removed, &mut out);
        let mut sentence = e.display(cat).to_string();
        if let Some(first) = sentence.get(..1) {
            let upper = first.to_uppercase();
            sentence.replace_range(..1, &upper);
        }
        out.push(format!("{sentence} ({rule})."));
    }
    flush(&mut removed, &mut out);
    out
}

fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A description of the table at the start, from what an observer sees: order, Turn Player,
/// points, battlefields (only what sets one apart: control, contest, a token, a bonus, a score
/// this turn), every card and where it is (its controller, Might, exhaustion, damage), the
/// lasting effects, a Showdown and the Chain.
pub(crate) fn describe_table(cat: &Catalog, v: &Observation) -> Vec<String> {
    let mut out = Vec::new();
    let order: Vec<String> = v.remaining.iter().map(|s| s.to_string()).collect();
    let mut first = format!("{}. The order is {}", cat.mode, order.join(" → "));
    if !v.removed.is_empty() {
        let _ = write!(first, " ({} has left)", v.removed);
    }
    if let Some(t) = v.turn {
        let _ = write!(first, "; {t} is the Turn Player");
    }
    first.push('.');
    out.push(first);
    let points: Vec<String> = v
        .remaining
        .iter()
        .filter(|s| v.points[s.index()] > 0)
        .map(|s| format!("{s} {}", v.points[s.index()]))
        .collect();
    if !points.is_empty() {
        out.push(format!("Points: {}.", points.join(", ")));
    }
    let mut plain: Vec<String> = Vec::new();
    for (def, f) in cat.battlefields.iter().zip(&v.battlefields) {
        let mut notes: Vec<String> = Vec::new();
        let mut gives = None;
        if f.token {
            notes.push("now a token battlefield with no abilities".into());
        } else if def.might_bonus != 0 {
            gives = Some(format!("gives units here {:+} Might", def.might_bonus));
        }
        if let Some(c) = f.controller {
            notes.push(format!("controlled by {c}"));
        }
        if let Some(c) = f.contested_by {
            notes.push(format!("contested by {c}"));
        }
        if !f.scored.is_empty() {
            notes.push(format!("scored this turn by {}", f.scored));
        }
        let default_name = def.name == format!("{}'s Battlefield", def.contributor);
        if notes.is_empty() && gives.is_none() {
            plain.push(if default_name {
                format!("{}'s", def.contributor)
            } else {
                format!("{} ({}'s)", def.name, def.contributor)
            });
            continue;
        }
        let name = if default_name {
            def.name.clone()
        } else {
            format!("{}, {}'s battlefield,", def.name, def.contributor)
        };
        out.push(match (gives, notes.is_empty()) {
            (Some(g), true) => format!("{name} {g}."),
            (Some(g), false) => format!("{name} {g} and is {}.", join_and_owned(&notes)),
            (None, _) => format!("{name} is {}.", join_and_owned(&notes)),
        });
    }
    if !plain.is_empty() {
        let refs: Vec<&str> = plain.iter().map(String::as_str).collect();
        out.push(format!(
            "Battlefields in use, uncontrolled: {}.",
            join_and(&refs)
        ));
    }
    for (def, c) in cat.cards.iter().zip(&v.cards) {
        if let Some(s) = describe_card(cat, def, c) {
            out.push(s);
        }
    }
    for l in &v.lasting {
        out.push(format!(
            "{} has {:+} Might {} from {}'s effect.",
            cat.name(l.card),
            l.might,
            l.until.text(),
            l.by
        ));
    }
    if let Some(bf) = v.showdown {
        let mut s = format!("A Showdown is under way at {}", cat.bf_name(bf));
        if let Some((a, d)) = v.combat {
            let _ = write!(s, ", a combat: {a} attacks, {d} defends");
        }
        if let Some(f) = v.focus {
            let _ = write!(s, "; {f} has Focus");
        }
        if !v.focus_passed.is_empty() {
            let _ = write!(s, "; {} passed Focus already", v.focus_passed);
        }
        s.push('.');
        out.push(s);
    }
    if !v.chain.is_empty() {
        let items: Vec<String> = v
            .chain
            .iter()
            .map(|i| format!("{} ({}'s)", i.item.text(cat), i.controller))
            .collect();
        let mut s = format!("The Chain holds, bottom first: {}", items.join(", "));
        if let Some(p) = v.priority {
            let _ = write!(s, "; {p} has Priority");
        }
        if !v.passed.is_empty() {
            let _ = write!(s, "; {} passed already", v.passed);
        }
        s.push('.');
        out.push(s);
    }
    out
}

fn join_and_owned(items: &[String]) -> String {
    let refs: Vec<&str> = items.iter().map(String::as_str).collect();
    join_and(&refs)
}

/// One card of the table: where it is and in what state. Cards nowhere (not yet created) are
/// left out.
fn describe_card(
    cat: &Catalog,
    def: &crate::card::CardDef,
    c: &crate::observation::CardObs,
) -> Option<String> {
    use crate::observation::Place;
    let kind = if def.token {
        format!("{} token", def.kind.key())
    } else {
        def.kind.key().to_string()
    };
    let facedown = matches!(c.at, Place::Facedown(_));
    let shown = if facedown {
        format!("facedown card {}", def.name)
    } else {
        format!("{kind} {}", def.name)
    };
    let mut s = match c.at {
        Place::Nowhere => return None,
        Place::Hand(p) => format!("{p} holds {} in hand", def.name),
        at if at.on_board() => {
            let text = at.text(cat);
            let verb = if text.starts_with("attached") || facedown {
                "is"
            } else {
                "is at"
            };
            format!("{}'s {shown} {verb} {text}", def.owner)
        }
        Place::Chain => format!("{}'s {shown} is on the Chain", def.owner),
        Place::Removed => format!("{}'s {shown} has been removed from the game", def.owner),
        at => format!("{}'s {shown} is in {}", def.owner, at.text(cat)),
    };
    if c.at.on_board() {
        if c.controller != def.owner {
            let _ = write!(s, ", controlled by {}", c.controller);
        }
        if let Some(m) = c.might {
            let _ = write!(s, ", with {m} Might");
            if c.mighty {
                s.push_str(" (Mighty)");
            }
        }
        if c.exhausted {
            s.push_str(", exhausted");
        }
        if c.damage > 0 {
            let _ = write!(s, ", with {} damage", c.damage);
        }
    }
    s.push('.');
    Some(s)
}

pub(crate) fn render(s: &Scenario, fault: Option<crate::readings::Fault>) -> String {
    let (Ok(replay), Ok(start)) = (
        s.replay_with_fault(fault),
        Game::from_setup(&s.setup.with_fault(fault)),
    ) else {
        return format!(
            "Example - {}\n(the setup does not describe a possible table)\n",
            s.title
        );
    };
    let steps: Vec<(Action, Result<Vec<Event>, RuleError>)> = replay
        .results
        .iter()
        .map(|r| (r.action, r.outcome.clone()))
        .collect();
    render_example(
        &s.title,
        s.description.as_deref(),
        &s.rules,
        start.catalog(),
        &start.observe(),
        &replay.setup_events,
        &steps,
    )
}

/// The sentences of one step: the action, then each consequence with its rule (or, refused,
/// why it is not allowed).
pub fn step_sentences(
    cat: &Catalog,
    action: &Action,
    outcome: &Result<Vec<Event>, RuleError>,
) -> Vec<String> {
    let text = action.display(cat).to_string();
    match outcome {
        Ok(events) => {
            let mut out = vec![format!("{text}.")];
            out.extend(consequences(cat, Some(action), events));
            out
        }
        Err(e) => vec![format!("{text}? Not allowed: {e}.")],
    }
}

/// The table as an observer sees it, as sentences: the seats and turn order, the battlefields,
/// the cards, what is in progress.
pub fn table_sentences(cat: &Catalog, start: &Observation, setup_events: &[Event]) -> Vec<String> {
    let mut out = describe_table(cat, start);
    out.extend(consequences(cat, None, setup_events));
    out
}

/// A rulebook example of a game: "Example - TITLE", the table as an observer sees it at the
/// start, one sentence per step and per consequence (from each step's events, or its refusal),
/// the description, and the rules cited.
pub fn render_example(
    title: &str,
    description: Option<&str>,
    rules: &[String],
    cat: &Catalog,
    start: &Observation,
    setup_events: &[Event],
    steps: &[(Action, Result<Vec<Event>, RuleError>)],
) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "Example - {title}");
    let mut paragraph: Vec<String> = describe_table(cat, start);
    paragraph.extend(consequences(cat, None, setup_events));
    for (action, outcome) in steps {
        paragraph.extend(step_sentences(cat, action, outcome));
    }
    let _ = writeln!(o, "{}", wrap(&paragraph.join(" "), 100));
    if let Some(d) = description {
        let _ = writeln!(o, "\n{}", wrap(d, 100));
    }
    // A scenario that names no rule, and whose events cite none, has no Rules line.
    let cited = cited_rules(rules, setup_events, steps);
    if !cited.is_empty() {
        let _ = writeln!(o, "\nRules: {}.", cited.join(", "));
    }
    o
}

/// The rules an example cites: those it lists, and every rule what proceeded after setup and its
/// steps' events and refusals cite, in rule order.
pub(crate) fn cited_rules(
    rules: &[String],
    setup_events: &[Event],
    steps: &[(Action, Result<Vec<Event>, RuleError>)],
) -> Vec<String> {
    let mut cited: BTreeSet<String> = rules.iter().cloned().collect();
    cited.extend(
        citations(None, setup_events)
            .into_iter()
            .map(str::to_string),
    );
    for (action, outcome) in steps {
        match outcome {
            Ok(events) => {
                cited.extend(
                    citations(Some(action), events)
                        .into_iter()
                        .map(str::to_string),
                );
            }
            Err(e) => {
                cited.insert(e.rule().to_string());
            }
        }
    }
    let mut rules: Vec<String> = cited.into_iter().collect();
    rules.sort_by_key(|r| rule_key(r));
    rules
}

/// Sorts "652.5.c.1" after "652.4" and "56" before "651".
fn rule_key(rule: &str) -> Vec<(u32, String)> {
    rule.split('.')
        .map(|p| (p.parse::<u32>().unwrap_or(u32::MAX), p.to_string()))
        .collect()
}

/// Wraps text at `width` characters, breaking at spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += len;
    }
    out
}
