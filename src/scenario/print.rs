//! Printing a scenario as TOML that reads back to an equal scenario.

use std::fmt::Write;

use super::text::{ZoneText, ability_text, effect_text};
use super::{Expect, Scenario};
use crate::card::{CardKind, Timing};
use crate::item::{ItemKind, Opener};
use crate::observation::Expected;
pub(crate) use crate::observation::value::{key_text as key, quote};
use crate::seat::Seat;
use crate::setup::EffectSetup;

fn seats(v: &[Seat]) -> String {
    let inner: Vec<String> = v.iter().map(|s| quote(&s.to_string())).collect();
    format!("[{}]", inner.join(", "))
}

fn strings(v: &[String]) -> String {
    let inner: Vec<String> = v.iter().map(|s| quote(s)).collect();
    format!("[{}]", inner.join(", "))
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
        if c.hidden {
            let _ = writeln!(o, "hidden = true");
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

/// Whether an expectation is a table of tables (cards, battlefields), printed as sub-tables.
fn tables_of_tables(e: &Expected) -> Option<&[(String, Expected)]> {
    match e {
        Expected::Has(entries)
            if !entries.is_empty()
                && entries.iter().all(|(_, x)| matches!(x, Expected::Has(_))) =>
        {
            Some(entries)
        }
        _ => None,
    }
}

fn write_expect(o: &mut String, e: &Expect, table: &str) {
    let mut fields: Vec<&(String, Expected)> = e.fields.iter().collect();
    fields.sort_by_key(|(k, _)| super::document::field_rank(k));
    for (k, x) in &fields {
        if tables_of_tables(x).is_none() {
            let _ = writeln!(o, "{} = {}", key(k), x.toml());
        }
    }
    if let Some(v) = &e.resolved {
        let _ = writeln!(o, "resolved = {}", strings(v));
    }
    if let Some(v) = &e.countered {
        let _ = writeln!(o, "countered = {}", strings(v));
    }
    for (k, x) in &fields {
        if let Some(entries) = tables_of_tables(x) {
            for (name, inner) in entries {
                let _ = writeln!(o, "\n[{table}.{}.{}]", key(k), key(name));
                if let Expected::Has(leaves) = inner {
                    for (leaf, v) in leaves {
                        let _ = writeln!(o, "{} = {}", key(leaf), v.toml());
                    }
                }
            }
        }
    }
}
