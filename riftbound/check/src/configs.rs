//! The built-in starting positions: every mode of play, each in families that exercise one area
//! of the rules. Each is a scenario setup; `riftcheck check --print NAME` prints it as a
//! scenario file to copy and change.

use std::fmt;

use riftcheck::card::{CardKind, Timing, TriggerEvent, Until};
use riftcheck::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, Mode, Seat, Setup, ZoneSetup,
};

use crate::model::Bounds;

/// An area of the rules a family of starting positions exercises.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// Chain and Priority: every player holds Reactions, one of them a Counter.
    Chain,
    /// Showdowns and Focus: a move starts a Showdown whose start triggers, with Action plays and
    /// an Add ability.
    Showdown,
    /// Ownership, control and contributed battlefields: borrowed units, a "+1 Might"
    /// battlefield, hidden cards, runes and gear, and a spell that takes control.
    Removal,
    /// Combat: a Standard Move into a held battlefield, attack, defend and "a unit attacks"
    /// triggers of every player, damage, and concessions mid-combat.
    Combat,
    /// Staged fights: two fights staged at once (the Turn Player chooses), one that goes
    /// obsolete, an instructed move into a fight (a Recall) and a forced play there (the Base).
    Staged,
    /// Magma Chamber teams: teammates' battlefields closed to moves, an instructed move that
    /// becomes a Recall, an invitation to act.
    Team,
    /// Kills and moves: a kill of a borrowed unit, a kill that leaves a staged fight without a
    /// side, a Recall that is not a move, a move ability.
    Kills,
    /// Lasting effects: "this turn" and "until your next turn" Might, on one's own units and
    /// others', ending with the turn, with the next turn, or with a removed player (policy
    /// `leaver-durations`).
    Durations,
    /// Equipment across controllers: an equipment to attach, one already on another player's
    /// unit, a spell that takes a unit with its equipment, a kill that leaves equipment behind,
    /// and removals of either controller.
    Equipment,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 9] = [
        Family::Chain,
        Family::Showdown,
        Family::Removal,
        Family::Combat,
        Family::Staged,
        Family::Team,
        Family::Kills,
        Family::Durations,
        Family::Equipment,
    ];

    /// Whether the family applies to a mode (teams only to Magma Chamber).
    pub fn applies_to(self, mode: Mode) -> bool {
        self != Family::Team || mode.has_teams()
    }

    /// Its name on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Family::Chain => "chain",
            Family::Showdown => "showdown",
            Family::Removal => "removal",
            Family::Combat => "combat",
            Family::Staged => "staged",
            Family::Team => "team",
            Family::Kills => "kills",
            Family::Durations => "durations",
            Family::Equipment => "equipment",
        }
    }

    /// What it exercises.
    pub fn about(self) -> &'static str {
        match self {
            Family::Chain => "Chain and Priority: Reactions, a Counter, passes and concessions",
            Family::Showdown => {
                "Showdown and Focus: a Showdown begun by a move, its triggers, Action plays, an Add ability"
            }
            Family::Removal => {
                "ownership, control and contributed battlefields: borrowed units, a +1 Might battlefield, hidden cards"
            }
            Family::Combat => {
                "combat: an attack into a held battlefield, attack/defend/unit-attacks triggers of every player, damage, concessions mid-combat"
            }
            Family::Staged => {
                "staged fights: two at once (the Turn Player chooses), one going obsolete, a move and a play into a fight"
            }
            Family::Team => {
                "Magma Chamber teams: a teammate's battlefield closed to moves, a forced move that becomes a Recall, an invitation"
            }
            Family::Kills => {
                "kills and moves: a borrowed unit killed, a staged fight left without a side, a Recall that is not a move, a move ability"
            }
            Family::Durations => {
                "lasting effects: \"this turn\" and \"until your next turn\" Might ending with the turn, the next turn or a removed player"
            }
            Family::Equipment => {
                "equipment across controllers: equip, a unit taken with its equipment, a kill that leaves it behind, a removal of either controller"
            }
        }
    }

    /// Parses a family's name.
    pub fn from_key(key: &str) -> Option<Family> {
        Family::ALL.into_iter().find(|f| f.key() == key)
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A built-in configuration: a mode, a family, the setup and the bounds.
#[derive(Clone, Debug)]
pub struct Config {
    /// The mode.
    pub mode: Mode,
    /// The family.
    pub family: Family,
    /// The starting position.
    pub setup: Setup,
    /// The bounds of the default check.
    pub bounds: Bounds,
    /// Smaller bounds, for quick checks (`check --quick`), the conformance exploration and the
    /// tests: the default bounds of earlier releases.
    pub quick: Bounds,
}

impl Config {
    /// `war/chain`.
    pub fn name(&self) -> String {
        format!("{}/{}", self.mode.key(), self.family.key())
    }
}

const NAMES: [&str; 4] = ["Ridge", "Marsh", "Crag", "Dunes"];

fn battlefields(mode: Mode) -> Vec<BattlefieldSetup> {
    mode.contributors()
        .iter()
        .map(|s| BattlefieldSetup {
            name: NAMES[s.index()].to_string(),
            contributor: s,
            might_bonus: 0,
            controller: None,
            token: false,
            contested_by: None,
        })
        .collect()
}

fn spell(name: &str, owner: Seat, timing: Timing, effect: EffectSetup) -> CardSetup {
    let mut c = CardSetup::new(name, CardKind::Spell, owner, ZoneSetup::Hand);
    c.timing = timing;
    c.effect = effect;
    c
}

/// Puts a spell in `owner`'s hand.
fn hand_spell(s: &mut Setup, name: &str, owner: Seat, timing: Timing, effect: EffectSetup) {
    s.cards.push(spell(name, owner, timing, effect));
}

fn unit(name: &str, owner: Seat, zone: ZoneSetup, might: i8) -> CardSetup {
    let mut c = CardSetup::new(name, CardKind::Unit, owner, zone);
    c.might = might;
    c
}

fn seated(mode: Mode, seat: Seat) -> bool {
    mode.seats().contains(seat)
}

/// The setup of `family` at a `mode` table.
pub fn setup(family: Family, mode: Mode) -> Setup {
    let mut s = Setup::new(mode);
    s.battlefields = battlefields(mode);
    let cards = match family {
        Family::Chain => chain,
        Family::Showdown => showdown,
        Family::Removal => removal,
        Family::Combat => combat,
        Family::Staged => staged,
        Family::Team => team,
        Family::Kills => kills,
        Family::Durations => durations,
        Family::Equipment => equipment,
    };
    cards(&mut s, mode);
    s
}

/// Chain: a reaction spell in each seat's hand, B's and D's counters.
fn chain(s: &mut Setup, mode: Mode) {
    hand_spell(
        s,
        "Firebolt",
        Seat::A,
        Timing::Reaction,
        EffectSetup::Nothing,
    );
    hand_spell(s, "Denial", Seat::B, Timing::Reaction, EffectSetup::Counter);
    if seated(mode, Seat::C) {
        hand_spell(s, "Echo", Seat::C, Timing::Reaction, EffectSetup::Nothing);
    }
    if seated(mode, Seat::D) {
        hand_spell(s, "Rebuke", Seat::D, Timing::Reaction, EffectSetup::Counter);
    }
}

/// Showdown: A's Scout moves into an uncontrolled battlefield and begins a Showdown, with a
/// trigger, an action spell that deals damage (lethal to the Scout: a kill in a Showdown), an
/// action unit and a rune to pay for it.
fn showdown(s: &mut Setup, mode: Mode) {
    // A's Scout moves into an uncontrolled battlefield and begins a Showdown there.
    s.cards
        .push(unit("Scout", Seat::A, ZoneSetup::Base(Seat::A), 2));
    let mut bell = CardSetup::new("Bell", CardKind::Gear, Seat::B, ZoneSetup::Base(Seat::B));
    bell.ability = Some(AbilitySetup::Triggered {
        when: TriggerEvent::ShowdownBegins,
        effect: EffectSetup::Nothing,
    });
    s.cards.push(bell);
    hand_spell(s, "Surge", Seat::A, Timing::Action, EffectSetup::Deal(2));
    let mut ambusher = unit("Ambusher", Seat::B, ZoneSetup::Hand, 1);
    ambusher.timing = Timing::Action;
    // Paid for by the Rune's Add: played before it, it is refused (356).
    ambusher.cost = 1;
    s.cards.push(ambusher);
    let mut rune = CardSetup::new("Rune", CardKind::Rune, Seat::B, ZoneSetup::Base(Seat::B));
    rune.ability = Some(AbilitySetup::Add);
    s.cards.push(rune);
    let last = mode.seats().iter().last().unwrap_or(Seat::B);
    if last != Seat::B {
        hand_spell(s, "Echo", last, Timing::Reaction, EffectSetup::Nothing);
    }
}

/// Removal: borrowed units both ways, a battlefield with a continuous effect and a unit on it,
/// and spells to leave on the Chain (651-652).
fn removal(s: &mut Setup, mode: Mode) {
    // B's battlefield gives +1 Might; a unit of the next player stands there at 5.
    let plaza = s
        .battlefields
        .iter_mut()
        .find(|b| b.contributor == Seat::B)
        .expect("B contributes a battlefield in every mode");
    plaza.name = "Sunlit Plaza".to_string();
    plaza.might_bonus = 1;
    let holder = if seated(mode, Seat::C) && !mode.has_teams() {
        Seat::C
    } else {
        Seat::A
    };
    plaza.controller = Some(holder);
    s.cards.push(unit(
        "Stonewall",
        holder,
        ZoneSetup::Field("Sunlit Plaza".into()),
        4,
    ));
    // B borrows A's unit; the last seat (or A) borrows B's.
    let mut scout = unit("Scout", Seat::A, ZoneSetup::Base(Seat::B), 2);
    scout.controller = Some(Seat::B);
    // B may use the borrowed unit's ability: an item B controls whose card A owns.
    scout.ability = Some(AbilitySetup::Activated {
        timing: Timing::Reaction,
        effect: EffectSetup::Nothing,
    });
    s.cards.push(scout);
    let borrower = mode
        .seats()
        .iter()
        .last()
        .filter(|&x| x != Seat::B)
        .unwrap_or(Seat::A);
    let mut brute = unit("Brute", Seat::B, ZoneSetup::Base(borrower), 3);
    brute.controller = Some(borrower);
    s.cards.push(brute);
    let mut rune = CardSetup::new("Rune", CardKind::Rune, Seat::B, ZoneSetup::Base(Seat::B));
    rune.ability = Some(AbilitySetup::Add);
    s.cards.push(rune);
    hand_spell(s, "Snare", Seat::B, Timing::Reaction, EffectSetup::Nothing);
    hand_spell(
        s,
        "Borrow",
        Seat::A,
        Timing::Reaction,
        EffectSetup::GainControl,
    );
    hand_spell(s, "Denial", holder, Timing::Reaction, EffectSetup::Counter);
}

/// Combat: A attacks B's battlefield; everyone's combat-start triggers (459.2.d.1).
fn combat(s: &mut Setup, mode: Mode) {
    // B holds the last battlefield with a defender; A attacks it with a Standard Move.
    let field = s.battlefields[s.battlefields.len() - 1].name.clone();
    if let Some(b) = s.battlefields.last_mut() {
        b.controller = Some(Seat::B);
    }
    let mut raider = unit("Raider", Seat::A, ZoneSetup::Base(Seat::A), 3);
    raider.ability = Some(trigger(TriggerEvent::Attack));
    s.cards.push(raider);
    let mut warden = unit("Warden", Seat::B, ZoneSetup::Field(field), 2);
    warden.ability = Some(trigger(TriggerEvent::Defend));
    s.cards.push(warden);
    for (seat, name) in [(Seat::C, "Horn"), (Seat::D, "Drum")] {
        if seated(mode, seat) {
            let mut g = CardSetup::new(name, CardKind::Gear, seat, ZoneSetup::Base(seat));
            g.ability = Some(trigger(TriggerEvent::UnitAttacks));
            s.cards.push(g);
        }
    }
    hand_spell(s, "Rally", Seat::B, Timing::Action, EffectSetup::Nothing);
    let last = mode.seats().iter().last().unwrap_or(Seat::B);
    if last != Seat::B {
        hand_spell(s, "Denial", last, Timing::Reaction, EffectSetup::Counter);
    }
}

/// Two fights staged at once, as the staged and kills families begin: A contests the
/// battlefield of an opponent at each of the last two battlefields, `x` the first foe's (A's
/// Vanguard there), `y` the second's; and the seat of a bystander to both (in a Duel, the second
/// foe).
struct TwoFights {
    first: Seat,
    second: Seat,
    x: String,
    y: String,
    bystander: Seat,
}

fn two_fights(s: &mut Setup, mode: Mode) -> TwoFights {
    let foes: Vec<Seat> = mode
        .seats()
        .iter()
        .filter(|&x| x != Seat::A && !mode.teammates(Seat::A, x))
        .collect();
    let (first, second) = (foes[0], foes[foes.len() - 1]);
    let n = s.battlefields.len();
    let x = s.battlefields[n - 2].name.clone();
    let y = s.battlefields[n - 1].name.clone();
    s.battlefields[n - 2].controller = Some(first);
    s.battlefields[n - 2].contested_by = Some(Seat::A);
    s.battlefields[n - 1].controller = Some(second);
    s.battlefields[n - 1].contested_by = Some(Seat::A);
    s.cards
        .push(unit("Vanguard", Seat::A, ZoneSetup::Field(x.clone()), 2));
    let bystander = mode
        .seats()
        .iter()
        .find(|&b| b != Seat::A && b != first && b != second)
        .unwrap_or(second);
    TwoFights {
        first,
        second,
        x,
        y,
        bystander,
    }
}

/// Staged: two fights staged at once, and a bystander's move and play into the first (seed 003).
fn staged(s: &mut Setup, mode: Mode) {
    let TwoFights {
        first,
        second,
        x,
        y,
        bystander,
    } = two_fights(s, mode);
    s.cards
        .push(unit("Outrider", Seat::A, ZoneSetup::Field(y.clone()), 2));
    s.cards
        .push(unit("Sentry", first, ZoneSetup::Field(x.clone()), 2));
    // Swept into the first fight with every unit at its battlefield, the Picket is Recalled
    // instead (its player is not in that fight), and that triggers: a Recall is not a Move
    // (451).
    let mut picket = unit("Picket", second, ZoneSetup::Field(y), 1);
    picket.ability = Some(trigger(TriggerEvent::Recalled));
    s.cards.push(picket);
    // A bystander's move of every unit at a battlefield into the first fight (seed 003: those
    // of a player not in it are Recalled) and a play there (the Base).
    hand_spell(
        s,
        "Sweep",
        bystander,
        Timing::Reaction,
        EffectSetup::MoveAllTo(x.clone()),
    );
    let token = format!("Whelp {bystander}");
    let mut whelp = CardSetup::new(&token, CardKind::Unit, bystander, ZoneSetup::Nowhere);
    whelp.token = true;
    whelp.might = 1;
    s.cards.push(whelp);
    hand_spell(
        s,
        "Summons",
        bystander,
        Timing::Action,
        EffectSetup::PlayToken { at: Some(x), token },
    );
}

/// Kills: two fights staged at once as in the staged family, the second fought by a unit A
/// borrowed; a bystander's kill (a borrowed unit to its owner's Trash, 428, 056; a staged
/// fight left without a side, 456.2) and a shove into the first fight (a Recall, which
/// triggers no move ability, 451); a defender whose ability triggers when it moves (440). A
/// is one point from the Victory Score (in Magma Chamber, with C's points: 484.6), so a Conquer
/// wins the game on points (467).
fn kills(s: &mut Setup, mode: Mode) {
    s.points = if mode.has_teams() {
        vec![(Seat::A, mode.victory_score() - 2), (Seat::C, 1)]
    } else {
        vec![(Seat::A, mode.victory_score() - 1)]
    };
    let TwoFights {
        first,
        second,
        x,
        y,
        bystander,
    } = two_fights(s, mode);
    s.cards
        .push(unit("Sentry", first, ZoneSetup::Field(x.clone()), 2));
    // A fights the second battle with a unit it borrowed from the first foe.
    let mut hireling = unit("Hireling", first, ZoneSetup::Field(y.clone()), 2);
    hireling.controller = Some(Seat::A);
    s.cards.push(hireling);
    let mut courier = unit("Courier", second, ZoneSetup::Field(y), 1);
    courier.ability = Some(trigger(TriggerEvent::Moved));
    s.cards.push(courier);
    hand_spell(s, "Cull", bystander, Timing::Reaction, EffectSetup::Kill);
    hand_spell(
        s,
        "Shove",
        bystander,
        Timing::Reaction,
        EffectSetup::MoveTo(x),
    );
    // A move to a battlefield of the player's choice: a staged or ongoing combat of others is
    // not a choice (442.2.a).
    hand_spell(s, "Nudge", first, Timing::Action, EffectSetup::MoveToChosen);
}

/// Durations: a unit for each of the first three seats; A's "+2 might this turn" and B's "-1
/// might until your next turn", each for any unit, so that a player may leave with an effect on
/// another's unit (policy `leaver-durations`, 651.3), and a damaged unit whose Might is taken away
/// dies of it (143.2.a).
fn durations(s: &mut Setup, mode: Mode) {
    s.cards
        .push(unit("Ember", Seat::A, ZoneSetup::Base(Seat::A), 2));
    let mut brute = unit("Brute", Seat::B, ZoneSetup::Base(Seat::B), 3);
    brute.damage = 1;
    s.cards.push(brute);
    if seated(mode, Seat::C) {
        s.cards
            .push(unit("Warden", Seat::C, ZoneSetup::Base(Seat::C), 2));
    }
    hand_spell(
        s,
        "Rally",
        Seat::A,
        Timing::Reaction,
        EffectSetup::Might {
            amount: 2,
            until: Until::ThisTurn,
        },
    );
    hand_spell(
        s,
        "Hex",
        Seat::B,
        Timing::Reaction,
        EffectSetup::Might {
            amount: -2,
            until: Until::YourNextTurn,
        },
    );
}

/// Equipment: A's Blade to equip on A's Ember; a Lance A controls (it is the third player's)
/// already on B's Brute (718.8: A equipped it while A had Brute); a Reaction that takes a unit,
/// equipment and all (718.8.a), and one that kills one, leaving its equipment behind (435.4.b,
/// 452.1); a removal of A banishes Lance from Brute into its owner's Banishment (652.1), one of B
/// sends Lance home (323.7).
fn equipment(s: &mut Setup, mode: Mode) {
    let third = if seated(mode, Seat::C) {
        Seat::C
    } else {
        Seat::B
    };
    s.cards
        .push(unit("Ember", Seat::A, ZoneSetup::Base(Seat::A), 2));
    s.cards
        .push(equip("Blade", Seat::A, ZoneSetup::Base(Seat::A), 2));
    s.cards
        .push(unit("Brute", Seat::B, ZoneSetup::Base(Seat::B), 3));
    let mut lance = equip("Lance", third, ZoneSetup::Attached("Brute".into()), 1);
    lance.controller = Some(Seat::A);
    s.cards.push(lance);
    hand_spell(
        s,
        "Borrow",
        third,
        Timing::Reaction,
        EffectSetup::GainControl,
    );
    hand_spell(s, "Cull", Seat::B, Timing::Reaction, EffectSetup::Kill);
}

fn equip(name: &str, owner: Seat, zone: ZoneSetup, might: i8) -> CardSetup {
    let mut c = CardSetup::new(name, CardKind::Gear, owner, zone);
    c.ability = Some(AbilitySetup::Activated {
        timing: Timing::Normal,
        effect: EffectSetup::Equip,
    });
    c.might = might;
    c
}

/// Team: A and C against B and D; A's units may not go where C holds (442.2.b), nor may A hide
/// a card there (484.8.c). A and C are one point from the Victory Score together: A's Conquer
/// of the Crater wins it for the team (484.6), not waiting for the two battlefields where C has
/// units as the turn begins (484.8.f); once B's Cull kills C's Keeper, A may go to the Vent but
/// scores nothing there this turn (464.1.a, 484.8.b).
fn team(s: &mut Setup, mode: Mode) {
    // A and C against B and D. C holds the Vent; A's units may not go there.
    s.points = vec![(Seat::A, mode.victory_score() - 2), (Seat::C, 1)];
    let post = s.battlefields[0].name.clone();
    let vent = s.battlefields[1].name.clone();
    let crater = s.battlefields[2].name.clone();
    s.battlefields[0].controller = Some(Seat::C);
    s.battlefields[1].controller = Some(Seat::C);
    s.battlefields[2].controller = Some(Seat::B);
    s.cards
        .push(unit("Ember", Seat::A, ZoneSetup::Base(Seat::A), 3));
    s.cards
        .push(unit("Lookout", Seat::C, ZoneSetup::Field(post), 1));
    hand_spell(s, "Cull", Seat::B, Timing::Reaction, EffectSetup::Kill);
    s.cards
        .push(unit("Keeper", Seat::C, ZoneSetup::Field(vent.clone()), 3));
    s.cards
        .push(unit("Brute", Seat::B, ZoneSetup::Field(crater), 2));
    hand_spell(
        s,
        "Shove",
        Seat::A,
        Timing::Normal,
        EffectSetup::MoveTo(vent),
    );
    hand_spell(s, "Aid", Seat::C, Timing::Normal, EffectSetup::Nothing);
    hand_spell(s, "Denial", Seat::D, Timing::Reaction, EffectSetup::Counter);
    // Cards with Hidden: C may hide Secret at the Vent, which C controls; A may not hide Veil
    // there, since control is not shared with a teammate (484.8.c). C's Keeper going home
    // leaves the Vent uncontrolled, and a card hidden there goes to the Trash (107.3.d).
    for (name, seat) in [("Veil", Seat::A), ("Secret", Seat::C)] {
        let mut c = spell(name, seat, Timing::Normal, EffectSetup::Nothing);
        c.hidden = true;
        s.cards.push(c);
    }
}

fn trigger(when: TriggerEvent) -> AbilitySetup {
    AbilitySetup::Triggered {
        when,
        effect: EffectSetup::Nothing,
    }
}

/// The default bounds of a family at a table: five turns end (every player takes one or more;
/// eight in the families whose games per turn are few, the Chain, Showdowns and combat; three in
/// the kills family, whose fights are at the start), and
/// every player but one may concede, one at a time, as far as the game goes on (a Duel and
/// Magma Chamber end with the first concession, 651.1 and 651.4).
pub fn bounds(family: Family, mode: Mode) -> Bounds {
    let concessions = match mode {
        Mode::Duel | Mode::MagmaChamber => 1,
        Mode::Skirmish => 2,
        Mode::War => 3,
    };
    let turns = match family {
        Family::Chain | Family::Showdown | Family::Combat => 8,
        // The kills family's fights are at the start of the game, and it has the most to
        // play in them.
        Family::Kills | Family::Durations | Family::Equipment => 3,
        _ => 5,
    };
    Bounds {
        turns,
        concessions,
        invites: Some(1),
        turns_begun: false,
    }
}

/// The quick bounds of a family at a table ([`Config::quick`]): two turns end, one concession
/// (two in War).
pub fn quick_bounds(_family: Family, mode: Mode) -> Bounds {
    let concessions = match mode {
        Mode::War => 2,
        _ => 1,
    };
    Bounds {
        turns: 2,
        concessions,
        invites: Some(1),
        turns_begun: false,
    }
}

/// Every built-in configuration, in the order `riftcheck check` runs them.
pub fn all() -> Vec<Config> {
    let mut out = Vec::new();
    for mode in Mode::ALL {
        for family in Family::ALL.into_iter().filter(|f| f.applies_to(mode)) {
            out.push(Config {
                mode,
                family,
                setup: setup(family, mode),
                bounds: bounds(family, mode),
                quick: quick_bounds(family, mode),
            });
        }
    }
    out
}

/// The built-in configurations of the named modes, families and table sizes (an empty list
/// allows any), in the order `riftcheck check` runs them.
///
/// # Errors
///
/// A name is not a mode or a family, a size is not 2, 3 or 4, or nothing matches.
pub fn select(
    modes: &[String],
    families: &[String],
    players: &[usize],
) -> Result<Vec<Config>, String> {
    let mut ms = Vec::new();
    for m in modes {
        ms.push(m.parse::<Mode>().map_err(|e| e.to_string())?);
    }
    let mut fs = Vec::new();
    for f in families {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.key()).collect();
        fs.push(
            Family::from_key(f)
                .ok_or_else(|| format!("`{f}` is not a family: expected {}", names.join(", ")))?,
        );
    }
    for &p in players {
        if !(2..=4).contains(&p) {
            return Err(format!("--players {p}: tables have 2, 3 or 4 players"));
        }
    }
    let out: Vec<Config> = all()
        .into_iter()
        .filter(|c| {
            (ms.is_empty() || ms.contains(&c.mode))
                && (fs.is_empty() || fs.contains(&c.family))
                && (players.is_empty() || players.contains(&c.mode.players()))
        })
        .collect();
    if out.is_empty() {
        return Err("no configuration matches those filters".to_string());
    }
    Ok(out)
}
