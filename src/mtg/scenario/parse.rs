//! Reading an MTG scenario's TOML: the schema (serde, with spans), the setup and its names, the
//! steps' sentences, and the checks, every error at its line and column.

use std::collections::HashMap;

use serde::Deserialize;
use toml::Spanned;

use super::context::Ctx;
use super::expect::{RawExpect, read_expectations};
use super::file::{Check, MtgScenario};
use super::sentence::{Names, letters, token_number};
use crate::scenario::reader::Reader;
use crate::scenario::schema::{self, Key, Kind, key, needs};
use crate::scenario::{ErrorKind, Outcome, ScenarioError, document, without_bom};
use mtg_vocabulary::setup::{CardAt, MtgSetup};
use mtg_vocabulary::types::{Card, ObjId, Step, Zone};
use mtg_vocabulary::view::Refusal;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
    #[serde(rename = "ruleset")]
    _ruleset: String,
    title: String,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    steps: Vec<Spanned<String>>,
    setup: Spanned<RawSetup>,
    #[serde(default)]
    check: Vec<Spanned<RawExpect>>,
    #[serde(default)]
    expect: Option<Spanned<RawExpect>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawSetup {
    players: Spanned<i64>,
    #[serde(default)]
    life: Option<Spanned<i64>>,
    #[serde(default)]
    active: Option<Spanned<String>>,
    #[serde(default)]
    step: Option<Spanned<String>>,
    #[serde(default)]
    turns: Option<Spanned<i64>>,
    #[serde(default)]
    rule_choice: Option<Spanned<String>>,
    #[serde(default)]
    planar_controller: Option<Spanned<String>>,
    #[serde(default)]
    cards: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawCard {
    card: Spanned<String>,
    owner: Spanned<String>,
    zone: Spanned<String>,
    #[serde(default)]
    entered_under: Option<Spanned<String>>,
    #[serde(default)]
    attached: Option<Spanned<String>>,
    #[serde(default)]
    name: Option<Spanned<String>>,
}

/// What each key of an MTG scenario file holds, checked before anything is read, in the
/// words Riftbound's files are checked in (`crate::scenario::schema`).
pub(super) const SCENARIO: &[Key] = &[
    needs("ruleset", Kind::Word(&["mtg"])),
    needs("title", Kind::Named),
    key("rules", Kind::List(&Kind::Named)),
    key("description", Kind::Prose),
    key("steps", Kind::List(&Kind::Line)),
    needs("setup", Kind::Table("[setup]", Some(SETUP))),
    key("check", Kind::Tables("[[check]]", Some(EXPECT))),
    key("expect", Kind::Table("[expect]", Some(EXPECT))),
];

/// `[setup]`.
pub(super) const SETUP: &[Key] = &[
    needs("players", Kind::Number(2, 4)),
    key("life", Kind::Number(1, 999)),
    key("active", Kind::Line),
    key("step", Kind::Word(STEPS)),
    key("turns", Kind::Number(0, 255)),
    key("rule-choice", Kind::Line),
    key("planar-controller", Kind::Line),
    key("cards", Kind::Tables("[[setup.cards]]", Some(CARD))),
];

/// `[[setup.cards]]`.
pub(super) const CARD: &[Key] = &[
    needs("card", Kind::Named),
    needs("owner", Kind::Line),
    needs("zone", Kind::Line),
    key("entered-under", Kind::Line),
    key("attached", Kind::Named),
    key("name", Kind::Named),
];

/// `[[check]]` and `[expect]`.
pub(super) const EXPECT: &[Key] = &[
    key("after", Kind::Number(0, 9999)),
    key("priority", Kind::Line),
    key("active", Kind::Line),
    key("turn", Kind::Line),
    key("step", Kind::Word(STEPS)),
    key("in-game", Kind::List(&Kind::Line)),
    key("life", Kind::Counts),
    key("zones", Kind::Texts),
    key("controllers", Kind::Texts),
    key("stack", Kind::List(&Kind::Line)),
    key("tokens", Kind::Counts),
    key("power", Kind::Counts),
    key("pending", Kind::Line),
    key("planar-controller", Kind::Line),
    key("protections", Kind::List(&Kind::Line)),
    key("delayed", Kind::Number(0, 9999)),
    key("over", Kind::Bool),
    key("winner", Kind::Line),
    key("cited", Kind::List(&Kind::Line)),
];

/// The steps' names (`Step::from_key`).
const STEPS: &[&str] = &["main", "combat", "end"];

fn toml_error(src: &Reader<'_>, kind: ErrorKind, e: &toml::de::Error) -> ScenarioError {
    let message = e.message().trim().replace('\n', " ");
    src.error_of(kind, e.span().unwrap_or(0..0), message)
}

pub(super) fn parse(text: &str, file: Option<&str>) -> Result<MtgScenario, ScenarioError> {
    let text = without_bom(text);
    let src = Reader::new(text, file.map(str::to_string));
    let doc = document(&src)?;
    match doc.get_ref().get("ruleset") {
        None => {
            return Err(src.error(0..0, "an MTG scenario starts with `ruleset = \"mtg\"`"));
        }
        Some(r) => match r.get_ref().as_str() {
            Some(name) if name != "mtg" => {
                let m = format!("ruleset is `{name}`; this reader reads `mtg`");
                return Err(src.error(r.span(), m));
            }
            _ => {}
        },
    }
    schema::check_against(&doc, text, SCENARIO).map_err(|p| src.error(p.span, p.message))?;
    // The schema says what every key holds, so this reads what it accepted.
    let raw: RawScenario =
        toml::from_str(text).map_err(|e| toml_error(&src, ErrorKind::Invalid, &e))?;
    let mut ctx = Ctx {
        src,
        names: Names {
            by_name: HashMap::new(),
            players: 0,
        },
    };
    let (setup, names) = read_setup(&mut ctx, &raw.setup)?;
    let mut steps = Vec::new();
    let mut step_text = Vec::new();
    let mut step_lines = Vec::new();
    let mut step_outcome = Vec::new();
    for (i, s) in raw.steps.iter().enumerate() {
        // `-> refused` and `-> refused (Name)` as in a Riftbound file.
        let here = |offset: usize, m: String| {
            let at = ctx.src.in_string(s.span(), s.get_ref(), offset);
            ctx.err(at..at, format!("step {}: {m}", i + 1))
        };
        let (step, at) =
            crate::scenario::Step::parse_at(s.get_ref()).map_err(|(o, m)| here(o, m))?;
        if let Some(body) = step.text.strip_suffix("(refused)") {
            let m = "a step expected refused ends with `-> refused`, not `(refused)`".to_string();
            return Err(here(at.sentence + body.len(), m));
        }
        if let Outcome::Refused(Some(name)) = &step.outcome
            && !Refusal::NAMES.contains(&name.as_str())
        {
            let m = format!(
                "`{name}` is not one of MTG's refusals: {}",
                Refusal::NAMES.join(", ")
            );
            return Err(here(at.outcome, m));
        }
        let sentence = ctx
            .names
            .sentence(&step.text)
            .map_err(|(offset, m)| here(at.sentence + offset, m))?;
        steps.push(sentence);
        step_text.push(step.text);
        step_lines.push(ctx.line(s.span()));
        step_outcome.push(step.outcome);
    }
    let checks = read_checks(&ctx, &raw.check, steps.len())?;
    let expect = match &raw.expect {
        None => None,
        Some(e) => {
            if let Some(after) = &e.get_ref().after {
                return Err(ctx.err(
                    after.span(),
                    "[expect] holds after the last step; `after` is for [[check]]",
                ));
            }
            Some(Check {
                after: steps.len(),
                line: ctx.line(e.span()),
                items: read_expectations(&ctx, e.get_ref())?,
            })
        }
    };
    Ok(MtgScenario {
        file: file.map(str::to_string),
        title: raw.title,
        rules: raw.rules,
        description: raw.description,
        setup,
        names,
        steps,
        step_text,
        step_lines,
        step_outcome,
        checks,
        expect,
    })
}

/// The `[[check]]` tables of a scenario of `n_steps` steps.
fn read_checks(
    ctx: &Ctx<'_>,
    raw: &[Spanned<RawExpect>],
    n_steps: usize,
) -> Result<Vec<Check>, ScenarioError> {
    let mut checks = Vec::new();
    for c in raw {
        let Some(after) = &c.get_ref().after else {
            return Err(ctx.err(
                c.span(),
                "a [[check]] says when it holds: `after = N` (0 is the start)",
            ));
        };
        let n = usize::try_from(*after.get_ref())
            .ok()
            .filter(|&n| n <= n_steps)
            .ok_or_else(|| {
                ctx.err(
                    after.span(),
                    format!(
                        "`after = {}`, but there are {} steps (0 to {} are allowed)",
                        after.get_ref(),
                        n_steps,
                        n_steps
                    ),
                )
            })?;
        checks.push(Check {
            after: n,
            line: ctx.line(c.span()),
            items: read_expectations(ctx, c.get_ref())?,
        });
    }
    Ok(checks)
}

fn number<T: TryFrom<i64>>(
    ctx: &Ctx<'_>,
    v: &Spanned<i64>,
    what: &str,
    range: &str,
) -> Result<T, ScenarioError> {
    T::try_from(*v.get_ref()).map_err(|_| {
        ctx.err(
            v.span(),
            format!("{what} must be {range}, not {}", v.get_ref()),
        )
    })
}

fn read_setup(
    ctx: &mut Ctx<'_>,
    raw: &Spanned<RawSetup>,
) -> Result<(MtgSetup, Vec<String>), ScenarioError> {
    let r = raw.get_ref();
    // The schema has held it to 2, 3 or 4.
    let players: u8 = number(ctx, &r.players, "players", "2, 3 or 4")?;
    ctx.names.players = players;
    let mut setup = MtgSetup {
        players,
        ..MtgSetup::default()
    };
    if let Some(life) = &r.life {
        setup.life = number(ctx, life, "life", "1 to 999")?;
    }
    if let Some(a) = &r.active {
        setup.active = ctx.player(a)?;
    }
    if let Some(s) = &r.step {
        setup.step = Step::from_key(s.get_ref()).ok_or_else(|| {
            ctx.err(
                s.span(),
                format!("step is `main`, `combat` or `end`, not `{}`", s.get_ref()),
            )
        })?;
    }
    if let Some(t) = &r.turns {
        setup.turns = number(ctx, t, "turns", "0 to 255")?;
    }
    if let Some(p) = &r.rule_choice {
        setup.rule_choice = Some(ctx.player(p)?);
    }
    if let Some(p) = &r.planar_controller {
        setup.planar_controller = Some(ctx.player(p)?);
    }
    let names = read_cards(ctx, r, &mut setup)?;
    setup.validate().map_err(|errs| {
        let first = errs.0.first().cloned().unwrap_or_default();
        let span = first
            .strip_prefix("card ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| r.cards.get(i))
            .map_or(raw.span(), Spanned::span);
        ctx.err(span, errs.0.join("; "))
    })?;
    Ok((setup, names))
}

fn read_cards(
    ctx: &mut Ctx<'_>,
    r: &RawSetup,
    setup: &mut MtgSetup,
) -> Result<Vec<String>, ScenarioError> {
    let mut names = Vec::new();
    let mut tokens = 0;
    for c in &r.cards {
        let c = c.get_ref();
        let card = Card::from_key(c.card.get_ref()).ok_or_else(|| {
            let keys: Vec<&str> = Card::ALL.iter().map(|c| c.key()).collect();
            ctx.err(
                c.card.span(),
                format!(
                    "`{}` is not a card of the catalog ({})",
                    c.card.get_ref(),
                    keys.join(", ")
                ),
            )
        })?;
        let zone = Zone::from_key(c.zone.get_ref())
            .filter(|z| !matches!(z, Zone::Stack | Zone::Gone))
            .ok_or_else(|| {
                ctx.err(
                    c.zone.span(),
                    format!(
                        "zone is library, hand, battlefield, graveyard, exile or ante, not `{}`",
                        c.zone.get_ref()
                    ),
                )
            })?;
        if card == Card::Myr {
            tokens += 1;
        }
        let name = match &c.name {
            Some(n) => {
                check_name(ctx, n)?;
                n.get_ref().clone()
            }
            None if card == Card::Myr => format!("Myr token {tokens}"),
            None => card.name().to_string(),
        };
        let span = c.name.as_ref().map_or(c.card.span(), Spanned::span);
        let id = ObjId(u8::try_from(names.len()).unwrap_or(u8::MAX));
        if ctx.names.by_name.insert(name.clone(), id).is_some() {
            return Err(ctx.err(
                span,
                format!("two objects are named `{name}`: give each its own `name`"),
            ));
        }
        names.push(name);
        setup.cards.push(CardAt {
            card,
            owner: ctx.player(&c.owner)?,
            zone,
            entered_under: c
                .entered_under
                .as_ref()
                .map(|p| ctx.player(p))
                .transpose()?,
            attached: None,
            token: card == Card::Myr,
        });
    }
    for (i, c) in r.cards.iter().enumerate() {
        if let Some(a) = &c.get_ref().attached {
            let id = ctx.names.by_name.get(a.get_ref()).copied().ok_or_else(|| {
                ctx.err(
                    a.span(),
                    format!("attached: no card of the setup is named `{}`", a.get_ref()),
                )
            })?;
            if let Some(card) = setup.cards.get_mut(i) {
                card.attached = Some(id);
            }
        }
    }
    Ok(names)
}

/// A name a setup may give: not empty, not a player's letter or a number, not a token's.
fn check_name(ctx: &Ctx<'_>, n: &Spanned<String>) -> Result<(), ScenarioError> {
    let s = n.get_ref();
    let bad = if s.trim().is_empty() || s.trim() != s {
        Some("a name is not empty and has no spaces around it".to_string())
    } else if s.chars().count() == 1 && s.chars().all(|c| ('A'..='D').contains(&c)) {
        Some(format!(
            "`{s}` is a player's letter ({}); name the object otherwise",
            letters(4)
        ))
    } else if s.bytes().all(|b| b.is_ascii_digit()) {
        Some(format!("`{s}` is a number; name the object otherwise"))
    } else if token_number(s).is_some() {
        Some(format!(
            "`{s}` is how tokens are named; name the object otherwise"
        ))
    } else if s.contains(" targeting ") || s.contains(" with ") || s.ends_with("'s trigger") {
        Some(format!(
            "`{s}` would make steps ambiguous; name the object otherwise"
        ))
    } else {
        None
    };
    match bad {
        Some(m) => Err(ctx.err(n.span(), m)),
        None => Ok(()),
    }
}
