//! Expectations: reading `[[check]]` and `[expect]` tables, and what each finds in a game.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use toml::Spanned;

use super::context::Ctx;
use super::file::{Expectation, MtgScenario, ObjRef, Want};
use crate::scenario::ScenarioError;
use mtg_vocabulary::types::{ObjId, Player, StackItem, Step, Zone};
use mtg_vocabulary::view::MtgView;

type Table<T> = BTreeMap<Spanned<String>, Spanned<T>>;
type List = Spanned<Vec<Spanned<String>>>;
type Span = std::ops::Range<usize>;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawExpect {
    #[serde(default)]
    pub after: Option<Spanned<i64>>,
    #[serde(default)]
    priority: Option<Spanned<String>>,
    #[serde(default)]
    active: Option<Spanned<String>>,
    #[serde(default)]
    turn: Option<Spanned<String>>,
    #[serde(default)]
    step: Option<Spanned<String>>,
    #[serde(default)]
    in_game: Option<List>,
    #[serde(default)]
    life: Table<i64>,
    #[serde(default)]
    zones: Table<String>,
    #[serde(default)]
    controllers: Table<String>,
    #[serde(default)]
    stack: Option<List>,
    #[serde(default)]
    tokens: Table<i64>,
    #[serde(default)]
    power: Table<i64>,
    #[serde(default)]
    pending: Option<Spanned<String>>,
    #[serde(default)]
    planar_controller: Option<Spanned<String>>,
    #[serde(default)]
    protections: Option<List>,
    #[serde(default)]
    delayed: Option<Spanned<i64>>,
    #[serde(default)]
    over: Option<Spanned<bool>>,
    #[serde(default)]
    winner: Option<Spanned<String>>,
    #[serde(default)]
    cited: Option<List>,
}

fn object(ctx: &Ctx<'_>, k: &Spanned<String>) -> Result<ObjRef, ScenarioError> {
    ctx.names
        .object(k.get_ref())
        .ok_or_else(|| ctx.err(k.span(), format!("no object is named `{}`", k.get_ref())))
}

fn players(ctx: &Ctx<'_>, list: &List) -> Result<Vec<Player>, ScenarioError> {
    let mut out = list
        .get_ref()
        .iter()
        .map(|p| ctx.player(p))
        .collect::<Result<Vec<_>, _>>()?;
    out.sort();
    out.dedup();
    Ok(out)
}

fn small(ctx: &Ctx<'_>, v: &Spanned<i64>, what: &str) -> Result<i16, ScenarioError> {
    i16::try_from(*v.get_ref())
        .map_err(|_| ctx.err(v.span(), format!("{what}: {} is out of range", v.get_ref())))
}

/// The expectations of one table, in a fixed order.
pub(super) fn read_expectations(
    ctx: &Ctx<'_>,
    e: &RawExpect,
) -> Result<Vec<Expectation>, ScenarioError> {
    let mut out = Vec::new();
    let mut push = |key: String, span: Span, want: Want| {
        out.push(Expectation {
            key,
            line: ctx.line(span),
            want,
        });
    };
    let who = [
        ("priority", &e.priority),
        ("active", &e.active),
        ("pending", &e.pending),
        ("planar-controller", &e.planar_controller),
        ("winner", &e.winner),
    ];
    for (key, v) in who {
        if let Some(v) = v {
            let p = ctx.player_or_none(v)?;
            let want = match key {
                "priority" => Want::Priority(p),
                "active" => Want::Active(p),
                "pending" => Want::Pending(p),
                "planar-controller" => Want::Planar(p),
                _ => Want::Winner(p),
            };
            push(key.to_string(), v.span(), want);
        }
    }
    if let Some(t) = &e.turn {
        push("turn".into(), t.span(), Want::Turn(ctx.player(t)?));
    }
    if let Some(s) = &e.step {
        let step = Step::from_key(s.get_ref()).ok_or_else(|| {
            ctx.err(
                s.span(),
                format!("step is `main`, `combat` or `end`, not `{}`", s.get_ref()),
            )
        })?;
        push("step".into(), s.span(), Want::Step(step));
    }
    if let Some(l) = &e.in_game {
        push("in-game".into(), l.span(), Want::InGame(players(ctx, l)?));
    }
    if let Some(l) = &e.protections {
        push(
            "protections".into(),
            l.span(),
            Want::Protections(players(ctx, l)?),
        );
    }
    read_tables(ctx, e, &mut push)?;
    Ok(out)
}

/// The expectations of a table's per-player and per-object keys, its stack, counts and citations.
fn read_tables(
    ctx: &Ctx<'_>,
    e: &RawExpect,
    push: &mut impl FnMut(String, Span, Want),
) -> Result<(), ScenarioError> {
    for (k, v) in &e.life {
        let want = Want::Life(ctx.player(k)?, small(ctx, v, "life")?);
        push(format!("life.{}", k.get_ref()), k.span(), want);
    }
    for (k, v) in &e.tokens {
        let n = usize::try_from(*v.get_ref())
            .map_err(|_| ctx.err(v.span(), "tokens: a count is 0 or more"))?;
        push(
            format!("tokens.{}", k.get_ref()),
            k.span(),
            Want::Tokens(ctx.player(k)?, n),
        );
    }
    for (k, v) in &e.zones {
        let zone = match v.get_ref().as_str() {
            "none" => None,
            z => Some(Zone::from_key(z).ok_or_else(|| {
                ctx.err(
                    v.span(),
                    format!(
                        "`{z}` is not a zone (library, hand, battlefield, stack, graveyard, \
                         exile, ante, gone, or none for a token never created)"
                    ),
                )
            })?),
        };
        let want = Want::Zone(object(ctx, k)?, zone);
        push(format!("zones.\"{}\"", k.get_ref()), k.span(), want);
    }
    for (k, v) in &e.controllers {
        let want = Want::Controller(object(ctx, k)?, ctx.player_or_none(v)?);
        push(format!("controllers.\"{}\"", k.get_ref()), k.span(), want);
    }
    for (k, v) in &e.power {
        let want = Want::Power(object(ctx, k)?, small(ctx, v, "power")?);
        push(format!("power.\"{}\"", k.get_ref()), k.span(), want);
    }
    if let Some(l) = &e.stack {
        let mut names = Vec::new();
        for item in l.get_ref() {
            let s = item.get_ref();
            let name = s.strip_suffix("'s trigger").unwrap_or(s);
            if ctx.names.object(name).is_none() {
                return Err(ctx.err(
                    item.span(),
                    format!("stack: `{s}` is neither a named object nor `<name>'s trigger`"),
                ));
            }
            names.push(s.clone());
        }
        push("stack".into(), l.span(), Want::Stack(names));
    }
    if let Some(d) = &e.delayed {
        let n = usize::try_from(*d.get_ref())
            .map_err(|_| ctx.err(d.span(), "delayed: a count is 0 or more"))?;
        push("delayed".into(), d.span(), Want::Delayed(n));
    }
    if let Some(o) = &e.over {
        push("over".into(), o.span(), Want::Over(*o.get_ref()));
    }
    if let Some(l) = &e.cited {
        for r in l.get_ref() {
            let rule = r.get_ref();
            let ok = !rule.is_empty()
                && rule
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
            if !ok {
                return Err(ctx.err(
                    r.span(),
                    format!("cited: `{rule}` is not a rule number such as 800.4a"),
                ));
            }
            push(format!("cited.{rule}"), r.span(), Want::Cited(rule.clone()));
        }
    }
    Ok(())
}

/// A game as the expectations read it: its view, and the rules its events cited so far.
pub(super) struct Seen<'a> {
    pub scenario: &'a MtgScenario,
    pub view: &'a MtgView,
    pub cited: &'a BTreeSet<&'static str>,
}

fn who(p: Option<Player>) -> String {
    p.map_or("none".to_string(), |p| p.to_string())
}

fn list(ps: &[Player]) -> String {
    let v: Vec<String> = ps.iter().map(Player::to_string).collect();
    format!("[{}]", v.join(", "))
}

impl Seen<'_> {
    /// The object an [`ObjRef`] is in this game, if it exists (yet).
    pub fn resolve(&self, r: ObjRef) -> Option<ObjId> {
        resolve(self.view, r)
    }

    /// The name of object `id` in this game.
    pub fn name(&self, id: ObjId) -> String {
        object_name(self.scenario, self.view, id)
    }

    /// What `want` expects, and what this game has: equal when it holds.
    pub fn compare(&self, want: &Want) -> (String, String) {
        let v = self.view;
        let obj = |r: ObjRef| self.resolve(r).and_then(|id| v.object(id));
        match want {
            Want::Priority(p) => (who(*p), who(v.priority)),
            Want::Active(p) => (who(*p), who(v.active)),
            Want::Turn(p) => (p.to_string(), v.turn_of.to_string()),
            Want::Step(s) => (Step::key(*s).into(), Step::key(v.step).into()),
            Want::InGame(ps) => {
                let now: Vec<Player> = Player::all(v.players.len())
                    .filter(|&p| v.in_game(p))
                    .collect();
                (list(ps), list(&now))
            }
            Want::Life(p, n) => {
                let life = v.players.get(usize::from(p.0)).map(|x| x.life);
                (n.to_string(), life.map_or("none".into(), |l| l.to_string()))
            }
            Want::Zone(r, z) => (
                z.map_or("none", Zone::key).to_string(),
                obj(*r).map_or("none", |o| Zone::key(o.zone)).to_string(),
            ),
            Want::Controller(r, p) => (who(*p), who(obj(*r).and_then(|o| o.controller))),
            Want::Power(r, n) => (
                n.to_string(),
                obj(*r)
                    .and_then(|o| o.power)
                    .map_or("none".into(), |x| x.to_string()),
            ),
            Want::Stack(names) => {
                let now: Vec<String> = v.stack.iter().map(|i| self.item_name(i)).collect();
                (format!("{names:?}"), format!("{now:?}"))
            }
            Want::Tokens(p, n) => {
                let count = v
                    .objects
                    .iter()
                    .filter(|o| o.token && o.zone == Zone::Battlefield && o.owner == *p)
                    .count();
                (n.to_string(), count.to_string())
            }
            Want::Pending(p) => (who(*p), who(v.pending.map(|c| c.by))),
            Want::Planar(p) => (who(*p), who(v.planar_controller)),
            Want::Protections(ps) => {
                let mut now: Vec<Player> = v.protections.iter().map(|e| e.player).collect();
                now.sort();
                now.dedup();
                (list(ps), list(&now))
            }
            Want::Delayed(n) => (n.to_string(), v.delayed.len().to_string()),
            Want::Over(b) => (b.to_string(), v.over.to_string()),
            Want::Winner(p) => (who(*p), who(v.winner)),
            Want::Cited(rule) => {
                let found = self.cited.contains(rule.as_str());
                (
                    format!("{rule} cited"),
                    if found {
                        format!("{rule} cited")
                    } else {
                        format!("{rule} not cited by any event")
                    },
                )
            }
        }
    }

    /// A stack item's name: a spell by its card's, a trigger as "<source>'s trigger".
    pub fn item_name(&self, item: &StackItem) -> String {
        match *item {
            StackItem::Spell { card, .. } => self.name(card),
            StackItem::Trigger { source, .. } => format!("{}'s trigger", self.name(source)),
        }
    }
}

/// The object an [`ObjRef`] is in the game `view` shows, if it exists (yet).
pub(super) fn resolve(view: &MtgView, r: ObjRef) -> Option<ObjId> {
    match r {
        ObjRef::Setup(id) => view.object(id).map(|_| id),
        ObjRef::Token(k) => view
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.token)
            .nth(k.checked_sub(1)?)
            .and_then(|(i, _)| u8::try_from(i).ok().map(ObjId)),
    }
}

/// The name of object `id` in the game `view` shows.
pub(super) fn object_name(s: &MtgScenario, view: &MtgView, id: ObjId) -> String {
    let before = view
        .objects
        .iter()
        .take(usize::from(id.0))
        .filter(|o| o.token)
        .count();
    s.name_of(id, before)
}
