//! The built-in MTG configurations: families of small tables, for 3 and 4 players, each of which
//! puts one part of 800.4 within reach of every interleaving of passes, concessions, casts and
//! choices.

use riftcheck::mtg::{Card, CardAt, MtgSetup, Player, Step, Zone};

/// One built-in configuration.
#[derive(Clone, Debug)]
pub struct MtgConfig {
    /// Its name, `mtg-P/FAMILY`.
    pub name: String,
    /// The family.
    pub family: &'static str,
    /// The table.
    pub setup: MtgSetup,
    /// How many concessions a path may hold.
    pub concessions: u8,
}

const A: Player = Player(0);
const B: Player = Player(1);
const C: Player = Player(2);
const D: Player = Player(3);

fn at(card: Card, owner: Player, zone: Zone) -> CardAt {
    CardAt::new(card, owner, zone)
}

/// The families, each a table for `players` players.
pub const FAMILIES: [&str; 7] = [
    "steal", "bribery", "slide", "combat", "choices", "planar", "mixed",
];

fn family(name: &str, players: u8) -> Option<(MtgSetup, u8)> {
    let mut s = MtgSetup {
        players,
        ..MtgSetup::default()
    };
    let fourth = players == 4;
    let concessions = if fourth { 3 } else { 2 };
    s.turns = 2;
    match name {
        // Mind Control and Act of Treason on creatures of B and C (800.4a, 800.4c).
        "steal" => {
            s.cards = vec![
                at(Card::MindControl, A, Zone::Hand),
                at(Card::ActOfTreason, A, Zone::Hand),
                at(Card::AssaultGriffin, B, Zone::Battlefield),
                at(Card::RuneclawBears, C, Zone::Battlefield),
            ];
            if fourth {
                s.cards.push(at(Card::SerraAngel, D, Zone::Battlefield));
            }
        }
        // Bribery and Genesis Chamber (800.4a, 800.4b); B's Act of Treason on a bribed
        // creature, ending after A left (800.4c).
        "bribery" => {
            s.cards = vec![
                at(Card::Bribery, A, Zone::Hand),
                at(Card::ActOfTreason, B, Zone::Hand),
                at(Card::SerraAngel, B, Zone::Library),
                at(Card::GenesisChamber, C, Zone::Battlefield),
                at(Card::RuneclawBears, C, Zone::Library),
            ];
            if fourth {
                s.cards.push(at(Card::HypnoticSpecter, D, Zone::Library));
            }
        }
        // Astral Slide's delayed trigger across a turn (800.4d, 800.4i, 800.4j).
        "slide" => {
            s.cards = vec![
                at(Card::HypnoticSpecter, A, Zone::Battlefield),
                at(Card::AstralSlide, B, Zone::Battlefield),
                at(Card::SecludedSteppe, C, Zone::Hand),
            ];
            if fourth {
                s.cards.push(at(Card::AstralSlide, D, Zone::Battlefield));
            }
        }
        // Attacks on players who may leave, Chronomantic Escape, players losing (800.4e, k).
        "combat" => {
            s.life = 3;
            // Until A's next turn, which would begin after every other player's (800.4k).
            s.turns = players;
            s.cards = vec![
                at(Card::ChronomanticEscape, A, Zone::Hand),
                at(Card::SerraAngel, A, Zone::Battlefield),
                at(Card::RuneclawBears, B, Zone::Battlefield),
            ];
            if fourth {
                s.cards.push(at(Card::AssaultGriffin, C, Zone::Battlefield));
            }
            return Some((s, 1));
        }
        // Choices: Opponent's Choice, Life Mirror, a rule's choice (800.4f, g, h).
        "choices" => {
            s.rule_choice = Some(B);
            s.cards = vec![
                at(Card::OpponentsChoice, A, Zone::Hand),
                at(Card::LifeMirror, A, Zone::Hand),
            ];
            if fourth {
                s.cards.push(at(Card::OpponentsChoice, D, Zone::Hand));
            }
        }
        // The planar controller, the ante zone, a turn without an active player (800.4i, m, n).
        "planar" => {
            s.planar_controller = Some(A);
            s.step = Step::Combat;
            s.cards = vec![
                at(Card::RuneclawBears, A, Zone::Battlefield),
                at(Card::AssaultGriffin, A, Zone::Ante),
                at(Card::SerraAngel, C, Zone::Ante),
            ];
            if fourth {
                s.cards.push(at(Card::HypnoticSpecter, D, Zone::Ante));
            }
        }
        // Several parts at once: a stolen creature exiled by Astral Slide, a token maker, a
        // second turn (800.4a, b, c, d, i, j).
        "mixed" => {
            s.cards = vec![
                at(Card::MindControl, A, Zone::Hand),
                at(Card::AssaultGriffin, B, Zone::Battlefield),
                at(Card::AstralSlide, C, Zone::Battlefield),
                at(Card::SecludedSteppe, B, Zone::Hand),
                at(Card::GenesisChamber, B, Zone::Battlefield),
            ];
            if fourth {
                s.cards.push(at(Card::SecludedSteppe, D, Zone::Hand));
            }
        }
        _ => return None,
    }
    Some((s, concessions))
}

/// Every built-in configuration, 3 players then 4, family by family.
pub fn all() -> Vec<MtgConfig> {
    let mut out = Vec::new();
    for players in [3u8, 4] {
        for name in FAMILIES {
            if let Some((setup, concessions)) = family(name, players) {
                out.push(MtgConfig {
                    name: format!("mtg-{players}/{name}"),
                    family: name,
                    setup,
                    concessions,
                });
            }
        }
    }
    out
}

/// The configuration named `name` (`mtg-3/steal`).
pub fn named(name: &str) -> Option<MtgConfig> {
    all().into_iter().find(|c| c.name == name)
}
