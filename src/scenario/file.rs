//! Reading scenario files: TOML into spanned raw tables (unknown fields refused), then into a
//! validated [`Scenario`], every error located by line and column.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use std::sync::Arc;

use toml::de::{DeTable, DeValue};

use super::text::{ZoneText, parse_ability, parse_effect};
use super::{Expect, Scenario, ScenarioError, SourceMap, Step};
use crate::action::Action;
use crate::card::{CardKind, Catalog, Timing};
use crate::item::{ItemKind, Opener};
use crate::mode::Mode;
use crate::observation::{Observation, Value};
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
    _expect: Option<toml::Table>,
    #[serde(default, rename = "check")]
    _check: Vec<toml::Table>,
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

/// Byte offsets to 1-based line and column (columns in characters).
pub(crate) struct Lines<'a> {
    text: &'a str,
}

impl Lines<'_> {
    pub(crate) fn at(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[start..].chars().count() + 1)
    }

    fn span(&self, span: Range<usize>) -> (usize, usize) {
        self.at(span.start)
    }
}

struct Reader<'a> {
    lines: Lines<'a>,
    file: Option<String>,
}

impl Reader<'_> {
    fn error(&self, span: Range<usize>, message: impl Into<String>) -> ScenarioError {
        let (line, column) = self.lines.span(span);
        ScenarioError {
            file: self.file.clone(),
            line,
            column,
            message: message.into(),
        }
    }
}

pub(super) fn parse(text: &str, file: Option<String>) -> Result<Scenario, ScenarioError> {
    let r = Reader {
        lines: Lines { text },
        file,
    };
    let raw: RawScenario = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        r.error(span, e.message().trim().to_string())
    })?;
    let doc = DeTable::parse(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        r.error(span, e.message().trim().to_string())
    })?;
    let mut source = SourceMap {
        file: r.file.clone(),
        setup_table: r.lines.span(raw.setup.span()),
        ..SourceMap::default()
    };
    let setup = read_setup(&r, raw.setup.get_ref(), &mut source)?;
    let mut steps = Vec::new();
    for s in &raw.steps {
        let step = Step::parse(s.get_ref()).map_err(|m| r.error(s.span(), m))?;
        source.steps.push(r.lines.span(s.span()));
        steps.push(step);
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
    let catalog = validate(&scenario)?;
    read_expectations(&r, doc.get_ref(), &catalog, &mut scenario)?;
    Ok(scenario)
}

/// The `[[check]]` tables and the `[expect]` table.
fn read_expectations(
    r: &Reader<'_>,
    doc: &DeTable<'_>,
    catalog: &Catalog,
    s: &mut Scenario,
) -> Result<(), ScenarioError> {
    let steps = s.steps.len();
    if let Some(checks) = doc.get("check") {
        let Some(list) = checks.get_ref().as_array() else {
            return Err(r.error(checks.span(), "`check` is a list of [[check]] tables"));
        };
        for c in list.iter() {
            let Some(table) = c.get_ref().as_table() else {
                return Err(r.error(c.span(), "a [[check]] is a table"));
            };
            let Some(after) = table.get("after") else {
                return Err(r.error(
                    c.span(),
                    "a [[check]] says `after = N`: the number of steps done",
                ));
            };
            let n = after
                .get_ref()
                .as_integer()
                .and_then(|n| usize::from_str_radix(n.as_str(), n.radix()).ok())
                .ok_or_else(|| r.error(after.span(), "`after` is a number of steps"))?;
            if n > steps {
                return Err(r.error(
                    after.span(),
                    format!("`after = {n}` but there are {steps} steps"),
                ));
            }
            s.source.checks.push(r.lines.span(c.span()));
            s.checks.push(read_expect(r, table, catalog, n)?);
        }
    }
    if let Some(e) = doc.get("expect") {
        let Some(table) = e.get_ref().as_table() else {
            return Err(r.error(e.span(), "[expect] is a table"));
        };
        if let Some(after) = table.get("after") {
            return Err(r.error(
                after.span(),
                "`after` belongs in a [[check]]; [expect] is checked after the last step",
            ));
        }
        s.source.expect = r.lines.span(e.span());
        s.expect = Some(read_expect(r, table, catalog, steps)?);
    }
    Ok(())
}

/// A spanned TOML value as an observation value, recording where each key path is.
fn to_value(
    r: &Reader<'_>,
    v: &toml::Spanned<DeValue<'_>>,
    path: &str,
    spans: &mut BTreeMap<String, Range<usize>>,
) -> Result<Value, ScenarioError> {
    spans.insert(path.to_string(), v.span());
    Ok(match v.get_ref() {
        DeValue::String(t) => Value::Text(t.to_string()),
        DeValue::Integer(n) => Value::Int(
            i64::from_str_radix(n.as_str(), n.radix())
                .map_err(|_| r.error(v.span(), "this number is out of range"))?,
        ),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Float(_) => {
            return Err(r.error(v.span(), "expected a whole number, not a fraction"));
        }
        DeValue::Datetime(_) => return Err(r.error(v.span(), "a date is never expected here")),
        DeValue::Array(items) => Value::List(
            items
                .iter()
                .enumerate()
                .map(|(i, x)| to_value(r, x, &format!("{path}[{i}]"), spans))
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(t) => Value::Map(
            t.iter()
                .map(|(k, x)| {
                    let key = format!("{path}.{}", k.get_ref());
                    spans.insert(key.clone(), k.span());
                    Ok((k.get_ref().to_string(), to_value(r, x, &key, spans)?))
                })
                .collect::<Result<_, _>>()?,
        ),
    })
}

fn read_expect(
    r: &Reader<'_>,
    table: &DeTable<'_>,
    catalog: &Catalog,
    after: usize,
) -> Result<Expect, ScenarioError> {
    let mut e = Expect {
        after,
        ..Expect::default()
    };
    for (k, v) in table.iter() {
        let key = k.get_ref().as_ref();
        if key == "after" {
            continue;
        }
        e.positions.insert(key.to_string(), r.lines.span(k.span()));
        let mut spans = BTreeMap::new();
        let value = to_value(r, v, key, &mut spans)?;
        if key == "resolved" || key == "countered" {
            let names = crate::observation::expect::each(&value, |x| {
                crate::observation::card_name(x, catalog)
            })
            .map_err(|x| r.error(v.span(), x.message))?;
            if key == "resolved" {
                e.resolved = Some(names);
            } else {
                e.countered = Some(names);
            }
            continue;
        }
        match Observation::expect_field(key, &value, catalog) {
            None => {
                return Err(r.error(
                    k.span(),
                    format!(
                        "`{key}` is not something observed: expected one of {}, resolved, \
                         countered",
                        Observation::keys()
                    ),
                ));
            }
            Some(Err(x)) => {
                // Point at the deepest part of the path that the file has.
                let mut path = key.to_string();
                let mut at = k.span();
                for part in &x.path {
                    path = if part.starts_with('[') {
                        format!("{path}{part}")
                    } else {
                        format!("{path}.{part}")
                    };
                    match spans.get(&path) {
                        Some(span) => at = span.clone(),
                        None => break,
                    }
                }
                return Err(r.error(at, format!("{key}: {}", x.message)));
            }
            Some(Ok(expected)) => {
                for (path, span) in &spans {
                    e.positions.insert(path.clone(), r.lines.span(span.clone()));
                }
                e.set(key, expected);
            }
        }
    }
    Ok(e)
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
    read_readings(r, raw, &mut setup)?;
    read_battlefields(r, raw, &mut setup, source);
    read_cards(r, raw, &mut setup, source)?;
    read_chain(r, raw, &mut setup, source)?;
    read_showdown(r, raw, &mut setup, source)?;
    Ok(setup)
}

/// Records where in the file a setup field was written.
fn note(r: &Reader<'_>, source: &mut SourceMap, path: String, span: Range<usize>) {
    source.setup.insert(path, r.lines.span(span));
}

/// `[setup.readings]`: the reading of each point named (rule faults refused).
fn read_readings(r: &Reader<'_>, raw: &RawSetup, setup: &mut Setup) -> Result<(), ScenarioError> {
    for (point, reading) in &raw.readings {
        setup
            .readings
            .set(point.get_ref(), reading.get_ref())
            .map_err(|e| match e {
                crate::readings::ReadingError::UnknownPoint(_) => {
                    r.error(point.span(), e.to_string())
                }
                _ => r.error(reading.span(), e.to_string()),
            })?;
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
        let b = b.get_ref();
        let p = |f: &str| format!("setup.battlefields[{i}].{f}");
        note(r, source, p("name"), b.name.span());
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
        ] {
            if let Some(span) = span {
                note(r, source, p(field), span);
            }
        }
        let owner = *c.owner.get_ref();
        let controller = c.controller.as_ref().map(|v| *v.get_ref());
        let zone = ZoneText::parse(c.at.get_ref()).to_setup(controller.unwrap_or(owner));
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
        let it = it.get_ref();
        let p = |f: &str| format!("setup.chain[{i}].{f}");
        note(r, source, p("source"), it.source.span());
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

/// Checks that the setup describes a possible table (reporting every problem, the first at its
/// place) and that every step names things of it; returns the names of things.
fn validate(s: &Scenario) -> Result<Arc<Catalog>, ScenarioError> {
    let table = s.setup.validate().map_err(|errors| {
        let locate = |e: &crate::setup::SetupError| {
            let path = e.at.to_string();
            s.source
                .setup
                .get(&path)
                .copied()
                .or_else(|| {
                    // A field the file left to its default: point at its table.
                    let table = path.rsplit_once('.').map(|(t, _)| t).unwrap_or("");
                    s.source
                        .setup
                        .iter()
                        .find(|(k, _)| k.starts_with(table) && !table.is_empty())
                        .map(|(_, v)| *v)
                })
                .unwrap_or(s.source.setup_table)
        };
        let first = errors.first();
        let mut message = first.to_string();
        for e in &errors.all()[1..] {
            let (line, column) = locate(e);
            let file = s.source.file.as_deref().unwrap_or("<scenario>");
            message.push_str(&format!("\n{file}:{line}:{column}: {e}"));
        }
        s.error_at(locate(first), message)
    })?;
    let cat = table.catalog;
    for (i, step) in s.steps.iter().enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        Action::parse(&step.text, &cat).map_err(|e| {
            s.error_at(
                (at.0, at.1 + e.column),
                format!("step {}: {}", i + 1, e.message),
            )
        })?;
        if let super::document::Outcome::Refused(Some(name)) = &step.outcome
            && !crate::error::RULE_ERROR_NAMES.contains(&name.as_str())
        {
            return Err(s.error_at(
                at,
                format!(
                    "step {}: `{name}` is not an error name; expected one of {}",
                    i + 1,
                    crate::error::RULE_ERROR_NAMES.join(", ")
                ),
            ));
        }
    }
    Ok(cat)
}
