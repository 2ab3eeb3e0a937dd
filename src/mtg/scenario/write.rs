//! A path through an MTG game written as a scenario file: the table, the steps as sentences,
//! and as its `[expect]` what the spec (the second reading of 800.4) shows at the end. The MTG
//! check's counterexamples and `conform --ruleset mtg`'s findings are written so; each replays
//! as a regression test, failing on an engine that makes the mistake.

use std::fmt::Write as _;

use crate::engine::Engine;
use crate::mtg::{
    Action, Card, MtgSetup, MtgView, ObjId, Pick, Player, Refusal, StackItem, Target, Zone,
};
use crate::scenario::Outcome;
use mtg_spec::MtgSpec;

/// The name of every object of `setup`: its card's name, numbered when the card repeats.
pub fn names(setup: &MtgSetup) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in setup.cards.iter().enumerate() {
        let same = setup.cards[..i].iter().filter(|d| d.card == c.card).count();
        let more = setup.cards.iter().filter(|d| d.card == c.card).count() > 1;
        if c.token {
            let k = setup.cards[..i].iter().filter(|d| d.token).count() + 1;
            out.push(format!("Myr token {k}"));
        } else if more {
            out.push(format!("{} {}", c.card.name(), same + 1));
        } else {
            out.push(c.card.name().to_owned());
        }
    }
    out
}

fn object(names: &[String], setup: &MtgSetup, id: ObjId) -> String {
    names.get(usize::from(id.0)).cloned().unwrap_or_else(|| {
        let tokens_before = setup.cards.iter().filter(|c| c.token).count();
        format!(
            "Myr token {}",
            usize::from(id.0) - setup.cards.len() + tokens_before + 1
        )
    })
}

/// One action as a scenario sentence.
pub fn sentence(names: &[String], setup: &MtgSetup, a: Action) -> String {
    let obj = |id| object(names, setup, id);
    match a {
        Action::Pass { player } => format!("{player} passes"),
        Action::Concede { player } => format!("{player} concedes"),
        Action::Cast {
            player,
            card,
            target,
        } => match target {
            None => format!("{player} casts {}", obj(card)),
            Some(Target::Object(o)) => format!("{player} casts {} targeting {}", obj(card), obj(o)),
            Some(Target::Player(q)) => format!("{player} casts {} targeting {q}", obj(card)),
        },
        Action::Cycle { player, card } => format!("{player} cycles {}", obj(card)),
        Action::Attack {
            player,
            creature,
            defender,
        } => format!("{player} attacks {defender} with {}", obj(creature)),
        Action::Choose { player, pick } => match pick {
            Pick::Object(o) => format!("{player} chooses {}", obj(o)),
            Pick::Player(q) => format!("{player} chooses {q}"),
            Pick::Number(n) => format!("{player} chooses {n}"),
            Pick::Decline => format!("{player} declines"),
        },
    }
}

fn who(p: Option<Player>) -> String {
    p.map_or("none".to_owned(), |p| p.to_string())
}

/// What the spec shows at the end, its refusal of each step it refuses, and the rules cited.
/// What the spec shows at the end of a path, the refusal of each step it refused (none for
/// those it took), and every rule its events cited, sorted and once each.
pub type SpecEnd = (MtgView, Vec<Option<Refusal>>, Vec<&'static str>);

/// What the spec shows after `path` from `setup`, the refusal of each step it refuses (a refused
/// step changes nothing), and every rule its events cited.
fn spec_end(setup: &MtgSetup, path: &[Action]) -> Option<SpecEnd> {
    let (mut spec, events) = MtgSpec::start(setup).ok()?;
    let mut cited: Vec<&'static str> = events.iter().filter_map(|e| e.rule()).collect();
    let mut refused = Vec::new();
    for &a in path {
        match spec.apply(a) {
            Ok(events) => {
                cited.extend(events.iter().filter_map(|e| e.rule()));
                refused.push(None);
            }
            Err(r) => refused.push(Some(r)),
        }
    }
    cited.sort_unstable();
    cited.dedup();
    Some((spec.observe(), refused, cited))
}

/// What a scenario file says of itself: its title, the rules it is about, and its description.
pub struct Heading {
    /// The title.
    pub title: String,
    /// The rules.
    pub rules: Vec<String>,
    /// The description.
    pub description: String,
}

/// The scenario file of `path` from `setup`: the steps as sentences (those the spec refuses
/// marked so), the table, and as its `[expect]` what the spec shows at the end.
pub fn written(heading: &Heading, setup: &MtgSetup, path: &[Action]) -> String {
    written_with(heading, setup, path, spec_end(setup, path))
}

/// [`written`], with what the spec showed at the end of `path` already known (`None`: the spec
/// could not set the table up, and the file has no `[expect]`).
pub fn written_with(
    heading: &Heading,
    setup: &MtgSetup,
    path: &[Action],
    end: Option<SpecEnd>,
) -> String {
    let names = names(setup);
    let mut out = String::new();
    let _ = writeln!(out, "ruleset = \"mtg\"");
    let _ = writeln!(out, "title = \"{}\"", heading.title.replace('"', "'"));
    let rules: Vec<String> = heading.rules.iter().map(|s| format!("\"{s}\"")).collect();
    let _ = writeln!(out, "rules = [{}]", rules.join(", "));
    let _ = writeln!(
        out,
        "description = \"\"\"{}\"\"\"",
        heading.description.replace('"', "'")
    );
    let _ = writeln!(out, "steps = [");
    for (i, &a) in path.iter().enumerate() {
        let step = crate::scenario::Step {
            text: sentence(&names, setup, a),
            outcome: match end.as_ref().and_then(|(_, r, _)| r[i]) {
                Some(r) => Outcome::Refused(Some(r.name().to_string())),
                None => Outcome::Accepted,
            },
        };
        let _ = writeln!(out, "  \"{step}\",");
    }
    let _ = writeln!(out, "]\n");
    setup_table(&mut out, &names, setup);
    if let Some((v, _, cited)) = end {
        expectations(&mut out, &names, setup, &v);
        let cited: Vec<String> = cited.iter().map(|r| format!("\"{r}\"")).collect();
        let _ = writeln!(out, "cited = [{}]", cited.join(", "));
    }
    out
}

fn expectations(out: &mut String, names: &[String], setup: &MtgSetup, v: &MtgView) {
    let _ = writeln!(
        out,
        "\n# What the spec shows after the last step.\n[expect]"
    );
    let _ = writeln!(out, "priority = \"{}\"", who(v.priority));
    let _ = writeln!(out, "active = \"{}\"", who(v.active));
    let in_game: Vec<String> = Player::all(v.players.len())
        .filter(|&p| v.in_game(p))
        .map(|p| format!("\"{p}\""))
        .collect();
    let _ = writeln!(out, "in-game = [{}]", in_game.join(", "));
    let pending = v.pending.map(|c| c.by);
    let _ = writeln!(out, "pending = \"{}\"", who(pending));
    let _ = writeln!(out, "over = {}", v.over);
    if setup.planar_controller.is_some() {
        let _ = writeln!(out, "planar-controller = \"{}\"", who(v.planar_controller));
    }
    let life: Vec<String> = v
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} = {}", Player(i as u8), p.life))
        .collect();
    let _ = writeln!(out, "life = {{ {} }}", life.join(", "));
    let mut zones = Vec::new();
    let mut controllers = Vec::new();
    for (i, o) in v.objects.iter().enumerate() {
        let name = object(names, setup, ObjId(i as u8));
        zones.push(format!("\"{name}\" = \"{}\"", Zone::key(o.zone)));
        if o.zone == Zone::Battlefield {
            controllers.push(format!("\"{name}\" = \"{}\"", who(o.controller)));
        }
    }
    let _ = writeln!(out, "zones = {{ {} }}", zones.join(", "));
    if !controllers.is_empty() {
        let _ = writeln!(out, "controllers = {{ {} }}", controllers.join(", "));
    }
    let power: Vec<String> = v
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.mirror_of.is_some())
        .filter_map(|(i, o)| {
            let p = o.power?;
            Some(format!(
                "\"{}\" = {p}",
                object(names, setup, ObjId(i as u8))
            ))
        })
        .collect();
    if !power.is_empty() {
        let _ = writeln!(out, "power = {{ {} }}", power.join(", "));
    }
    let tokens: Vec<String> = Player::all(v.players.len())
        .map(|p| {
            let n = v
                .objects
                .iter()
                .filter(|o| o.token && o.owner == p && o.zone == Zone::Battlefield)
                .count();
            format!("{p} = {n}")
        })
        .collect();
    let _ = writeln!(out, "tokens = {{ {} }}", tokens.join(", "));
    let stack: Vec<String> = v
        .stack
        .iter()
        .map(|item| match *item {
            StackItem::Spell { card, .. } => format!("\"{}\"", object(names, setup, card)),
            StackItem::Trigger { source, .. } => {
                format!("\"{}'s trigger\"", object(names, setup, source))
            }
        })
        .collect();
    let _ = writeln!(out, "stack = [{}]", stack.join(", "));
    let protections: Vec<String> = v
        .protections
        .iter()
        .map(|p| format!("\"{}\"", p.player))
        .collect();
    let _ = writeln!(out, "protections = [{}]", protections.join(", "));
    let _ = writeln!(out, "delayed = {}", v.delayed.len());
}

/// The `[setup]` table of a scenario file: the table, then every card.
fn setup_table(out: &mut String, names: &[String], setup: &MtgSetup) {
    let _ = writeln!(out, "[setup]");
    let _ = writeln!(out, "players = {}", setup.players);
    let _ = writeln!(out, "life = {}", setup.life);
    let _ = writeln!(out, "active = \"{}\"", setup.active);
    let _ = writeln!(out, "step = \"{}\"", setup.step.key());
    let _ = writeln!(out, "turns = {}", setup.turns);
    if let Some(p) = setup.rule_choice {
        let _ = writeln!(out, "rule-choice = \"{p}\"");
    }
    if let Some(p) = setup.planar_controller {
        let _ = writeln!(out, "planar-controller = \"{p}\"");
    }
    for (i, c) in setup.cards.iter().enumerate() {
        let _ = writeln!(out, "\n[[setup.cards]]");
        let _ = writeln!(out, "card = \"{}\"", c.card.key());
        if names[i] != c.card.name() && c.card != Card::Myr {
            let _ = writeln!(out, "name = \"{}\"", names[i]);
        }
        let _ = writeln!(out, "owner = \"{}\"", c.owner);
        let _ = writeln!(out, "zone = \"{}\"", Zone::key(c.zone));
        if let Some(p) = c.entered_under {
            let _ = writeln!(out, "entered-under = \"{p}\"");
        }
        if let Some(a) = c.attached {
            let _ = writeln!(out, "attached = \"{}\"", object(names, setup, a));
        }
    }
}

/// A built-in configuration as a scenario file (`check --ruleset mtg --print NAME`): its table,
/// no steps, and as expectations what the spec shows at the start, so that it replays as it is
/// and is a starting point for a scenario of one's own.
pub fn setup_scenario(config: &str, setup: &MtgSetup) -> String {
    let names = names(setup);
    let mut out = String::new();
    let _ = writeln!(out, "ruleset = \"mtg\"");
    let _ = writeln!(out, "title = \"{config}\"");
    let _ = writeln!(out, "rules = []");
    let _ = writeln!(
        out,
        "description = \"\"\"The built-in configuration {config} of riftcheck check --ruleset mtg.\"\"\""
    );
    let _ = writeln!(out, "steps = []\n");
    setup_table(&mut out, &names, setup);
    if let Some((v, _, _)) = spec_end(setup, &[]) {
        expectations(&mut out, &names, setup, &v);
    }
    out
}
