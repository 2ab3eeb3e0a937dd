//! Reading scenario files: TOML checked against the schema (`schema.rs`), read into spanned raw
//! tables, then into a validated [`Scenario`], every error located by line and column.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use serde::de::IgnoredAny;
use toml::Spanned;
use toml::de::DeTable;

use super::document::{ErrorKind, Outcome, StepPlaces};
use super::expectations::read_expectations;
use super::reader::Reader;
use super::schema;
use super::source::without_bom;
use super::text::{ZoneText, parse_ability, parse_effect};
use super::{Scenario, ScenarioError, SourceMap, Step};
use crate::action::Action;
use crate::card::{CardKind, Catalog, Timing};
use crate::item::{ItemKind, Opener};
use crate::mode::Mode;
use crate::readings::{POINTS, ReadingError};
use crate::seat::Seat;
use crate::setup::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, ItemSetup, Setup, ShowdownSetup,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    title: Spanned<String>,
    #[serde(default)]
    rules: Vec<Spanned<String>>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    steps: Vec<Spanned<String>>,
    setup: Spanned<RawSetup>,
    // Read again below from the spanned document, through the observation's declaration.
    #[serde(default, rename = "expect")]
    _expect: Option<IgnoredAny>,
    #[serde(default, rename = "check")]
    _check: Option<IgnoredAny>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    mode: Spanned<Mode>,
    #[serde(default)]
    turn: Option<Spanned<Seat>>,
    #[serde(default)]
    removed: Option<Spanned<Vec<Seat>>>,
    #[serde(default)]
    victory_score: Option<Spanned<u8>>,
    #[serde(default)]
    points: Option<Spanned<BTreeMap<Seat, u8>>>,
    #[serde(default)]
    energy: Option<Spanned<BTreeMap<Seat, u8>>>,
    #[serde(default)]
    priority: Option<Spanned<Seat>>,
    #[serde(default)]
    passed: Option<Spanned<Vec<Seat>>>,
    #[serde(default)]
    opened_by: Option<Spanned<Opener>>,
    #[serde(default)]
    invited: Option<Spanned<Seat>>,
    #[serde(default)]
    readings: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    battlefields: Vec<Spanned<RawBattlefield>>,
    #[serde(default)]
    cards: Vec<Spanned<RawCard>>,
    #[serde(default)]
    chain: Vec<Spanned<RawItem>>,
    #[serde(default)]
    showdown: Option<Spanned<RawShowdown>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattlefield {
    name: Spanned<String>,
    contributor: Spanned<Seat>,
    #[serde(default)]
    might: Option<Spanned<i8>>,
    #[serde(default)]
    controller: Option<Spanned<Seat>>,
    #[serde(default)]
    contested_by: Option<Spanned<Seat>>,
    #[serde(default)]
    token: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: Spanned<String>,
    kind: Spanned<CardKind>,
    owner: Spanned<Seat>,
    #[serde(default)]
    controller: Option<Spanned<Seat>>,
    at: Spanned<String>,
    #[serde(default)]
    might: Option<Spanned<i8>>,
    #[serde(default)]
    timing: Option<Spanned<Timing>>,
    #[serde(default)]
    cost: Option<Spanned<u8>>,
    #[serde(default)]
    effect: Option<Spanned<String>>,
    #[serde(default)]
    ability: Option<Spanned<String>>,
    #[serde(default)]
    exhausted: Option<Spanned<bool>>,
    #[serde(default)]
    damage: Option<Spanned<u8>>,
    #[serde(default)]
    token: Option<Spanned<bool>>,
    #[serde(default)]
    hidden: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawItem {
    source: Spanned<String>,
    #[serde(default)]
    kind: Option<Spanned<String>>,
    controller: Spanned<Seat>,
    #[serde(default)]
    target: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShowdown {
    at: Spanned<String>,
    focus: Spanned<Seat>,
    #[serde(default)]
    passed: Option<Spanned<Vec<Seat>>>,
    #[serde(default)]
    attacker: Option<Spanned<Seat>>,
    #[serde(default)]
    defender: Option<Spanned<Seat>>,
}

/// The TOML document of a scenario file of either ruleset, read from `r`'s text (with its
/// byte-order mark, if any, dropped: [`without_bom`]), or where and why it is not TOML.
pub(crate) fn document<'t>(r: &Reader<'t>) -> Result<Spanned<DeTable<'t>>, ScenarioError> {
    DeTable::parse(r.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let message = match e.message().trim() {
            "duplicate key" => format!(
                "`{}` is written twice (TOML: duplicate key)",
                r.text.get(span.clone()).unwrap_or("a key").trim()
            ),
            other => format!("not TOML: {other}"),
        };
        r.error_of(ErrorKind::Syntax, span, message)
    })
}

pub(super) fn parse(text: &str, file: Option<String>) -> Result<Scenario, ScenarioError> {
    let text = without_bom(text);
    let r = Reader::new(text, file);
    let doc = document(&r)?;
    schema::check(&doc, text).map_err(|p| r.error(p.span, p.message))?;
    // The schema says what every key holds, so this reads what it accepted; a message from here
    // would be a reading the schema does not know of.
    let raw: RawScenario = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        r.error(span, e.message().trim().to_string())
    })?;
    let mut source = SourceMap {
        file: r.file.clone(),
        setup_table: r.at(raw.setup.span()),
        ..SourceMap::default()
    };
    let setup = read_setup(&r, raw.setup.get_ref(), &mut source)?;
    let mut steps = Vec::new();
    let mut places = Vec::new();
    for (i, s) in raw.steps.iter().enumerate() {
        let (step, at) = Step::parse_at(s.get_ref()).map_err(|(offset, m)| {
            r.error_in_string(
                s.span(),
                s.get_ref(),
                offset,
                format!("step {}: {m}", i + 1),
            )
        })?;
        source.steps.push(r.at(s.span()));
        steps.push(step);
        places.push(at);
    }
    let mut scenario = Scenario {
        title: raw.title.get_ref().clone(),
        rules: raw.rules.iter().map(|s| s.get_ref().clone()).collect(),
        description: raw.description.clone(),
        setup,
        steps,
        checks: Vec::new(),
        expect: None,
        source,
    };
    let catalog = scenario
        .setup
        .validate()
        .map_err(|errors| scenario.setup_error(&errors))?
        .catalog;
    check_steps(&r, &raw.steps, &places, &scenario, &catalog)?;
    read_expectations(&r, doc.get_ref(), &catalog, &mut scenario)?;
    Ok(scenario)
}

/// Every step names things of the game, and every error name is a [`crate::RuleError`]'s; a
/// problem is located inside the step's string, where the file wrote it.
fn check_steps(
    r: &Reader<'_>,
    raw: &[Spanned<String>],
    places: &[StepPlaces],
    s: &Scenario,
    cat: &Catalog,
) -> Result<(), ScenarioError> {
    for (i, ((step, written), at)) in s.steps.iter().zip(raw).zip(places).enumerate() {
        let here = |offset: usize, message: String| {
            r.error_in_string(written.span(), written.get_ref(), offset, message)
        };
        let action = Action::parse(&step.text, cat).map_err(|e| {
            // The column is in characters of the sentence, which starts at `at.sentence`.
            let byte = step
                .text
                .char_indices()
                .nth(e.column.saturating_sub(1))
                .map_or(step.text.len(), |(b, _)| b);
            here(at.sentence + byte, format!("step {}: {}", i + 1, e.message))
        })?;
        // 478: only the seats of the mode take actions; a step by another is always refused.
        let seat = action.seat();
        if step.outcome == Outcome::Accepted && !cat.mode.seats().contains(seat) {
            return Err(here(
                at.sentence,
                format!(
                    "step {}: {seat} is not at a {} table (478), so this step can only be \
                     expected refused: `-> refused (NotSeated)`",
                    i + 1,
                    cat.mode
                ),
            ));
        }
        if let Outcome::Refused(Some(name)) = &step.outcome
            && !crate::error::RULE_ERROR_NAMES.contains(&name.as_str())
        {
            return Err(here(
                at.outcome,
                format!(
                    "step {}: `{name}` is not an error name; expected one of {}",
                    i + 1,
                    crate::error::RULE_ERROR_NAMES.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

fn read_setup(
    r: &Reader<'_>,
    raw: &RawSetup,
    source: &mut SourceMap,
) -> Result<Setup, ScenarioError> {
    let mut setup = Setup::new(*raw.mode.get_ref());
    note(r, source, "setup.mode".into(), raw.mode.span());
    if let Some(t) = &raw.turn {
        setup.turn = *t.get_ref();
        note(r, source, "setup.turn".into(), t.span());
    }
    if let Some(v) = &raw.removed {
        setup.removed = v.get_ref().clone();
        note(r, source, "setup.removed".into(), v.span());
    }
    if let Some(v) = &raw.victory_score {
        setup.victory_score = Some(*v.get_ref());
        note(r, source, "setup.victory_score".into(), v.span());
    }
    if let Some(v) = &raw.points {
        setup.points = v.get_ref().iter().map(|(s, p)| (*s, *p)).collect();
        note(r, source, "setup.points".into(), v.span());
    }
    if let Some(v) = &raw.energy {
        setup.energy = v.get_ref().iter().map(|(s, p)| (*s, *p)).collect();
        note(r, source, "setup.energy".into(), v.span());
    }
    if let Some(v) = &raw.priority {
        setup.priority = Some(*v.get_ref());
        note(r, source, "setup.priority".into(), v.span());
    }
    if let Some(v) = &raw.passed {
        setup.passed = v.get_ref().clone();
        note(r, source, "setup.passed".into(), v.span());
    }
    if let Some(v) = &raw.opened_by {
        setup.opened_by = *v.get_ref();
        note(r, source, "setup.opened_by".into(), v.span());
    }
    if let Some(v) = &raw.invited {
        setup.invited = Some(*v.get_ref());
        note(r, source, "setup.invited".into(), v.span());
    }
    read_readings(r, raw, &mut setup, source)?;
    // A problem of a whole list is placed at its first entry.
    for (list, first) in [
        ("battlefields", raw.battlefields.first().map(Spanned::span)),
        ("cards", raw.cards.first().map(Spanned::span)),
        ("chain", raw.chain.first().map(Spanned::span)),
    ] {
        if let Some(span) = first {
            note(r, source, format!("setup.{list}"), span);
        }
    }
    read_battlefields(r, raw, &mut setup, source);
    read_cards(r, raw, &mut setup, source)?;
    read_chain(r, raw, &mut setup, source)?;
    read_showdown(r, raw, &mut setup, source)?;
    Ok(setup)
}

/// Records where in the file a setup field was written.
fn note(r: &Reader<'_>, source: &mut SourceMap, path: String, span: Range<usize>) {
    source.setup.insert(path, r.at(span));
}

/// `[setup.readings]`: the reading of each point named; a rule fault, and a point that cannot
/// apply in the mode (a policy about teammates outside Magma Chamber, 484), are refused.
fn read_readings(
    r: &Reader<'_>,
    raw: &RawSetup,
    setup: &mut Setup,
    source: &mut SourceMap,
) -> Result<(), ScenarioError> {
    for (point, reading) in &raw.readings {
        setup
            .readings
            .set(point.get_ref(), reading.get_ref())
            .map_err(|e| match e {
                ReadingError::UnknownPoint(_) => {
                    let spelt = point.get_ref().replace('_', "-");
                    let hint = if POINTS.iter().any(|p| p.key == spelt) {
                        format!(" (points are spelt with dashes: `{spelt}`)")
                    } else {
                        String::new()
                    };
                    r.error(point.span(), format!("{e}{hint}"))
                }
                _ => r.error(reading.span(), e.to_string()),
            })?;
        note(
            r,
            source,
            format!("setup.readings.{}", point.get_ref()),
            point.span(),
        );
        if let Some(p) = POINTS.iter().find(|p| p.key == point.get_ref())
            && !p.applies_in(setup.mode)
        {
            return Err(r.error(
                point.span(),
                format!(
                    "`{}` is a point of {}: it cannot apply in a {} game",
                    p.key, p.modes, setup.mode
                ),
            ));
        }
        if let Some(f) = setup.readings.faults().first() {
            return Err(r.error(
                reading.span(),
                format!(
                    "`{}` is the rule fault {f}, a reading known to be wrong; a scenario file \
                     describes the rules (replay it with `--fault {f}` to see the fault)",
                    reading.get_ref()
                ),
            ));
        }
    }
    Ok(())
}

/// `[[setup.battlefields]]`.
fn read_battlefields(r: &Reader<'_>, raw: &RawSetup, setup: &mut Setup, source: &mut SourceMap) {
    for (i, b) in raw.battlefields.iter().enumerate() {
        note(r, source, format!("setup.battlefields[{i}]"), b.span());
        let b = b.get_ref();
        let p = |f: &str| format!("setup.battlefields[{i}].{f}");
        note(r, source, p("name"), b.name.span());
        if let Some(v) = &b.might {
            note(r, source, p("might"), v.span());
        }
        note(r, source, p("contributor"), b.contributor.span());
        if let Some(v) = &b.controller {
            note(r, source, p("controller"), v.span());
        }
        if let Some(v) = &b.contested_by {
            note(r, source, p("contested_by"), v.span());
        }
        if let Some(v) = &b.token {
            note(r, source, p("token"), v.span());
        }
        setup.battlefields.push(BattlefieldSetup {
            name: b.name.get_ref().clone(),
            contributor: *b.contributor.get_ref(),
            might_bonus: b.might.as_ref().map_or(0, |m| *m.get_ref()),
            controller: b.controller.as_ref().map(|c| *c.get_ref()),
            token: b.token.as_ref().is_some_and(|t| *t.get_ref()),
            contested_by: b.contested_by.as_ref().map(|c| *c.get_ref()),
        });
    }
}

/// `[[setup.cards]]`: zones, effects and abilities read from their text.
fn read_cards(
    r: &Reader<'_>,
    raw: &RawSetup,
    setup: &mut Setup,
    source: &mut SourceMap,
) -> Result<(), ScenarioError> {
    for (i, c) in raw.cards.iter().enumerate() {
        note(r, source, format!("setup.cards[{i}]"), c.span());
        let c = c.get_ref();
        let p = |f: &str| format!("setup.cards[{i}].{f}");
        for (field, span) in [
            ("name", Some(c.name.span())),
            ("kind", Some(c.kind.span())),
            ("owner", Some(c.owner.span())),
            ("zone", Some(c.at.span())),
            ("controller", c.controller.as_ref().map(|v| v.span())),
            ("might", c.might.as_ref().map(|v| v.span())),
            ("effect", c.effect.as_ref().map(|v| v.span())),
            ("ability", c.ability.as_ref().map(|v| v.span())),
            ("damage", c.damage.as_ref().map(|v| v.span())),
            ("token", c.token.as_ref().map(|v| v.span())),
            ("hidden", c.hidden.as_ref().map(|v| v.span())),
            ("timing", c.timing.as_ref().map(|v| v.span())),
            ("cost", c.cost.as_ref().map(|v| v.span())),
            ("exhausted", c.exhausted.as_ref().map(|v| v.span())),
        ] {
            if let Some(span) = span {
                note(r, source, p(field), span);
            }
        }
        let owner = *c.owner.get_ref();
        let controller = c.controller.as_ref().map(|v| *v.get_ref());
        let text = ZoneText::parse(c.at.get_ref());
        // A hand, a Trash and a Banishment are their owner's (107, 056): a card there in another
        // seat's is a mistake of the file, not a card to move to its owner's quietly.
        if let ZoneText::Hand(Some(s)) | ZoneText::Trash(Some(s)) | ZoneText::Banishment(Some(s)) =
            &text
            && *s != owner
        {
            return Err(r.error(
                c.at.span(),
                format!(
                    "`{}`: a card owned by {owner} is in {owner}'s hand, Trash or Banishment, never \
                     in {s}'s",
                    c.at.get_ref()
                ),
            ));
        }
        let zone = text.to_setup(controller.unwrap_or(owner));
        let effect = match &c.effect {
            Some(e) => parse_effect(e.get_ref()).map_err(|m| r.error(e.span(), m))?,
            None => EffectSetup::Nothing,
        };
        let ability: Option<AbilitySetup> = match &c.ability {
            Some(a) => Some(parse_ability(a.get_ref()).map_err(|m| r.error(a.span(), m))?),
            None => None,
        };
        setup.cards.push(CardSetup {
            name: c.name.get_ref().clone(),
            kind: *c.kind.get_ref(),
            owner,
            controller,
            zone,
            might: c.might.as_ref().map_or(0, |m| *m.get_ref()),
            timing: c.timing.as_ref().map_or(Timing::Normal, |t| *t.get_ref()),
            cost: c.cost.as_ref().map_or(0, |t| *t.get_ref()),
            effect,
            ability,
            exhausted: c.exhausted.as_ref().is_some_and(|t| *t.get_ref()),
            damage: c.damage.as_ref().map_or(0, |t| *t.get_ref()),
            token: c.token.as_ref().is_some_and(|t| *t.get_ref()),
            hidden: c.hidden.as_ref().is_some_and(|t| *t.get_ref()),
        });
    }
    Ok(())
}

/// `[[setup.chain]]`: the items on the Chain, oldest first.
fn read_chain(
    r: &Reader<'_>,
    raw: &RawSetup,
    setup: &mut Setup,
    source: &mut SourceMap,
) -> Result<(), ScenarioError> {
    for (i, it) in raw.chain.iter().enumerate() {
        note(r, source, format!("setup.chain[{i}]"), it.span());
        let it = it.get_ref();
        let p = |f: &str| format!("setup.chain[{i}].{f}");
        note(r, source, p("source"), it.source.span());
        if let Some(k) = &it.kind {
            note(r, source, p("kind"), k.span());
        }
        note(r, source, p("controller"), it.controller.span());
        if let Some(t) = &it.target {
            note(r, source, p("target"), t.span());
        }
        let kind = match &it.kind {
            None => default_item_kind(setup, it.source.get_ref()),
            Some(k) => match k.get_ref().as_str() {
                "spell" => ItemKind::Spell,
                "ability" => ItemKind::Activated,
                "trigger" => ItemKind::Triggered,
                other => {
                    return Err(r.error(
                        k.span(),
                        format!(
                            "`{other}` is not an item kind: expected spell, ability or trigger"
                        ),
                    ));
                }
            },
        };
        setup.chain.push(ItemSetup {
            source: it.source.get_ref().clone(),
            kind,
            controller: *it.controller.get_ref(),
            target: it.target.as_ref().map(|t| t.get_ref().clone()),
        });
    }
    Ok(())
}

/// `[setup.showdown]`: a Showdown in progress, and its combat if it names both sides.
fn read_showdown(
    r: &Reader<'_>,
    raw: &RawSetup,
    setup: &mut Setup,
    source: &mut SourceMap,
) -> Result<(), ScenarioError> {
    if let Some(sd) = &raw.showdown {
        note(r, source, "setup.showdown".into(), sd.span());
        let sd = sd.get_ref();
        note(r, source, "setup.showdown.at".into(), sd.at.span());
        note(r, source, "setup.showdown.focus".into(), sd.focus.span());
        if let Some(v) = &sd.passed {
            note(r, source, "setup.showdown.passed".into(), v.span());
        }
        let combat = match (&sd.attacker, &sd.defender) {
            (None, None) => None,
            (Some(a), Some(d)) => {
                note(r, source, "setup.showdown.combat".into(), a.span());
                Some((*a.get_ref(), *d.get_ref()))
            }
            (Some(x), None) | (None, Some(x)) => {
                return Err(r.error(x.span(), "a combat names both `attacker` and `defender`"));
            }
        };
        setup.showdown = Some(ShowdownSetup {
            at: sd.at.get_ref().clone(),
            focus: *sd.focus.get_ref(),
            passed: sd
                .passed
                .as_ref()
                .map(|v| v.get_ref().clone())
                .unwrap_or_default(),
            combat,
        });
    }
    Ok(())
}

/// A chain item's kind when the file does not say: a spell card is a spell; otherwise the card's
/// ability decides.
pub(crate) fn default_item_kind(setup: &Setup, source: &str) -> ItemKind {
    match setup.cards.iter().find(|c| c.name == source) {
        Some(c) if c.kind != CardKind::Spell => match c.ability {
            Some(AbilitySetup::Triggered { .. }) => ItemKind::Triggered,
            _ => ItemKind::Activated,
        },
        _ => ItemKind::Spell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::schema;
    use crate::scenario::schema::agreement::{agree, reads};

    #[test]
    fn the_schema_and_the_raw_tables_agree() {
        agree(schema::SCENARIO, reads::<RawScenario>);
        agree(schema::SETUP, reads::<RawSetup>);
        agree(schema::BATTLEFIELD, reads::<RawBattlefield>);
        agree(schema::CARD, reads::<RawCard>);
        agree(schema::ITEM, reads::<RawItem>);
        agree(schema::SHOWDOWN, reads::<RawShowdown>);
    }
}
