//! Printing a scenario as TOML that reads back to an equal scenario.

use std::fmt::Write;

use super::text::{ZoneText, ability_text, effect_text};
use super::{Expect, Scenario};
use crate::card::{CardKind, Timing};
use crate::item::{ItemKind, Opener};
use crate::seat::Seat;
use crate::setup::EffectSetup;

/// A TOML basic string.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare when it can be, quoted otherwise.
fn key(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        s.to_string()
    } else {
        quote(s)
    }
}

fn seats(v: &[Seat]) -> String {
    let inner: Vec<String> = v.iter().map(|s| quote(&s.to_string())).collect();
    format!("[{}]", inner.join(", "))
}

fn strings(v: &[String]) -> String {
    let inner: Vec<String> = v.iter().map(|s| quote(s)).collect();
    format!("[{}]", inner.join(", "))
}

fn seat_or_none(s: Option<Seat>) -> String {
    quote(&s.map_or("none".to_string(), |s| s.to_string()))
}

fn seat_map(v: &[(Seat, u8)]) -> String {
    let inner: Vec<String> = v.iter().map(|(s, n)| format!("{s} = {n}")).collect();
    format!("{{ {} }}", inner.join(", "))
}

pub(crate) fn to_toml(s: &Scenario) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "title = {}", quote(&s.title));
    let _ = writeln!(o, "rules = {}", strings(&s.rules));
    if let Some(d) = &s.description {
        let _ = writeln!(o, "description = {}", quote(d));
    }
    if s.steps.is_empty() {
        let _ = writeln!(o, "steps = []");
    } else {
        let _ = writeln!(o, "steps = [");
        for step in &s.steps {
            let _ = writeln!(o, "  {},", quote(&step.to_string()));
        }
        let _ = writeln!(o, "]");
    }
    write_setup(&mut o, s);
    for c in &s.checks {
        let _ = writeln!(o, "\n[[check]]\nafter = {}", c.after);
        write_expect(&mut o, c, "check");
    }
    if let Some(e) = &s.expect {
        let _ = writeln!(o, "\n[expect]");
        write_expect(&mut o, e, "expect");
    }
    o
}

fn write_setup(o: &mut String, s: &Scenario) {
    let st = &s.setup;
    let _ = writeln!(o, "\n[setup]");
    let _ = writeln!(o, "mode = {}", quote(st.mode.key()));
    let _ = writeln!(o, "turn = {}", quote(&st.turn.to_string()));
    if !st.removed.is_empty() {
        let _ = writeln!(o, "removed = {}", seats(&st.removed));
    }
    if let Some(v) = st.victory_score {
        let _ = writeln!(o, "victory_score = {v}");
    }
    if !st.points.is_empty() {
        let _ = writeln!(o, "points = {}", seat_map(&st.points));
    }
    if !st.energy.is_empty() {
        let _ = writeln!(o, "energy = {}", seat_map(&st.energy));
    }
    if let Some(p) = st.priority {
        let _ = writeln!(o, "priority = {}", quote(&p.to_string()));
    }
    if !st.passed.is_empty() {
        let _ = writeln!(o, "passed = {}", seats(&st.passed));
    }
    if st.opened_by != Opener::Play {
        let _ = writeln!(o, "opened_by = \"trigger\"");
    }
    if let Some(i) = st.invited {
        let _ = writeln!(o, "invited = {}", quote(&i.to_string()));
    }
    let chosen = st.readings.without_faults().chosen();
    if !chosen.is_empty() {
        let pairs: Vec<String> = chosen
            .iter()
            .map(|(p, r)| format!("{} = {}", key(p), quote(r)))
            .collect();
        let _ = writeln!(o, "readings = {{ {} }}", pairs.join(", "));
    }
    for b in &st.battlefields {
        let _ = writeln!(o, "\n[[setup.battlefields]]");
        let _ = writeln!(o, "name = {}", quote(&b.name));
        let _ = writeln!(o, "contributor = {}", quote(&b.contributor.to_string()));
        if b.might_bonus != 0 {
            let _ = writeln!(o, "might = {}", b.might_bonus);
        }
        if let Some(c) = b.controller {
            let _ = writeln!(o, "controller = {}", quote(&c.to_string()));
        }
        if let Some(c) = b.contested_by {
            let _ = writeln!(o, "contested_by = {}", quote(&c.to_string()));
        }
        if b.token {
            let _ = writeln!(o, "token = true");
        }
    }
    for c in &st.cards {
        let _ = writeln!(o, "\n[[setup.cards]]");
        let _ = writeln!(o, "name = {}", quote(&c.name));
        let _ = writeln!(o, "kind = {}", quote(c.kind.key()));
        let _ = writeln!(o, "owner = {}", quote(&c.owner.to_string()));
        if let Some(ctl) = c.controller {
            let _ = writeln!(o, "controller = {}", quote(&ctl.to_string()));
        }
        let zone = ZoneText::from_setup(&c.zone, c.owner);
        let _ = writeln!(o, "at = {}", quote(&zone.to_string()));
        if c.kind == CardKind::Unit || c.might != 0 {
            let _ = writeln!(o, "might = {}", c.might);
        }
        if c.timing != Timing::Normal {
            let _ = writeln!(o, "timing = {}", quote(c.timing.key()));
        }
        if c.cost != 0 {
            let _ = writeln!(o, "cost = {}", c.cost);
        }
        if c.effect != EffectSetup::Nothing {
            let _ = writeln!(o, "effect = {}", quote(&effect_text(&c.effect)));
        }
        if let Some(a) = &c.ability {
            let _ = writeln!(o, "ability = {}", quote(&ability_text(a)));
        }
        if c.exhausted {
            let _ = writeln!(o, "exhausted = true");
        }
        if c.damage != 0 {
            let _ = writeln!(o, "damage = {}", c.damage);
        }
        if c.token {
            let _ = writeln!(o, "token = true");
        }
    }
    for it in &st.chain {
        let _ = writeln!(o, "\n[[setup.chain]]");
        let _ = writeln!(o, "source = {}", quote(&it.source));
        if it.kind != super::file::default_item_kind(st, &it.source) {
            let k = match it.kind {
                ItemKind::Spell => "spell",
                ItemKind::Activated => "ability",
                ItemKind::Triggered => "trigger",
            };
            let _ = writeln!(o, "kind = {}", quote(k));
        }
        let _ = writeln!(o, "controller = {}", quote(&it.controller.to_string()));
        if let Some(t) = &it.target {
            let _ = writeln!(o, "target = {}", quote(t));
        }
    }
    if let Some(sd) = &st.showdown {
        let _ = writeln!(o, "\n[setup.showdown]");
        let _ = writeln!(o, "at = {}", quote(&sd.at));
        let _ = writeln!(o, "focus = {}", quote(&sd.focus.to_string()));
        if !sd.passed.is_empty() {
            let _ = writeln!(o, "passed = {}", seats(&sd.passed));
        }
        if let Some((a, d)) = sd.combat {
            let _ = writeln!(o, "attacker = {}", quote(&a.to_string()));
            let _ = writeln!(o, "defender = {}", quote(&d.to_string()));
        }
    }
}

fn write_expect(o: &mut String, e: &Expect, table: &str) {
    let line = |o: &mut String, k: &str, v: String| {
        let _ = writeln!(o, "{k} = {v}");
    };
    if let Some(v) = e.turn {
        line(o, "turn", seat_or_none(v));
    }
    if let Some(v) = e.priority {
        line(o, "priority", seat_or_none(v));
    }
    if let Some(v) = e.focus {
        line(o, "focus", seat_or_none(v));
    }
    if let Some(v) = &e.showdown {
        line(o, "showdown", quote(v.as_deref().unwrap_or("none")));
    }
    if let Some(v) = e.combat {
        let text = match v {
            Some((a, d)) => format!("{a} attacks {d}"),
            None => "none".to_string(),
        };
        line(o, "combat", quote(&text));
    }
    if let Some(v) = e.awaiting {
        line(o, "awaiting", seat_or_none(v));
    }
    if let Some(v) = &e.chain {
        line(o, "chain", strings(v));
    }
    if let Some(v) = &e.passed {
        line(o, "passed", seats(v));
    }
    if let Some(v) = &e.focus_passed {
        line(o, "focus_passed", seats(v));
    }
    if let Some(v) = &e.resolved {
        line(o, "resolved", strings(v));
    }
    if let Some(v) = &e.countered {
        line(o, "countered", strings(v));
    }
    if let Some(v) = &e.remaining {
        line(o, "remaining", seats(v));
    }
    if let Some(v) = &e.removed {
        line(o, "removed", seats(v));
    }
    if let Some(v) = &e.winners {
        line(o, "winners", seats(v));
    }
    if !e.points.is_empty() {
        let v: Vec<(Seat, u8)> = e.points.iter().map(|(s, p)| (*s, *p)).collect();
        line(o, "points", seat_map(&v));
    }
    if !e.energy.is_empty() {
        let v: Vec<(Seat, u8)> = e.energy.iter().map(|(s, p)| (*s, *p)).collect();
        line(o, "energy", seat_map(&v));
    }
    if let Some(v) = &e.staged {
        line(o, "staged", strings(v));
    }
    for (name, c) in &e.cards {
        let _ = writeln!(o, "\n[{table}.cards.{}]", key(name));
        if let Some(z) = &c.at {
            line(o, "at", quote(&z.to_string()));
        }
        if let Some(s) = c.controller {
            line(o, "controller", quote(&s.to_string()));
        }
        if let Some(m) = c.might {
            line(o, "might", m.to_string());
        }
        if let Some(m) = c.mighty {
            line(o, "mighty", m.to_string());
        }
        if let Some(x) = c.exhausted {
            line(o, "exhausted", x.to_string());
        }
        if let Some(d) = c.damage {
            line(o, "damage", d.to_string());
        }
    }
    for (name, f) in &e.battlefields {
        let _ = writeln!(o, "\n[{table}.battlefields.{}]", key(name));
        if let Some(c) = f.controller {
            line(o, "controller", seat_or_none(c));
        }
        if let Some(t) = f.token {
            line(o, "token", t.to_string());
        }
        if let Some(m) = f.might {
            line(o, "might", m.to_string());
        }
        if let Some(c) = f.contested_by {
            line(o, "contested_by", seat_or_none(c));
        }
    }
}
