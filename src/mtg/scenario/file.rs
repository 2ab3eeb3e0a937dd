//! The MTG scenario file as read: the setup, the steps as sentences, the expectations.

use mtg_vocabulary::setup::MtgSetup;
use mtg_vocabulary::types::{ObjId, Player, Step, Zone};

/// An object a scenario names: a card of the setup, or the k-th token of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ObjRef {
    /// A card (or token) of the setup, by its object number.
    Setup(ObjId),
    /// The k-th token of the game (1-based), in object order.
    Token(usize),
}

/// What a step's `chooses` picks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Chosen {
    /// An object.
    Object(ObjRef),
    /// A player.
    Player(Player),
    /// A number.
    Number(u8),
}

/// A target of a cast: an object or a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Aim {
    /// An object.
    Object(ObjRef),
    /// A player.
    Player(Player),
}

/// One step of a scenario: a sentence naming players by letter and objects by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sentence {
    /// "A passes".
    Pass(Player),
    /// "A concedes".
    Concede(Player),
    /// "A casts Mind Control targeting Assault Griffin" (or "targeting B", or no target).
    Cast(Player, ObjRef, Option<Aim>),
    /// "B cycles Secluded Steppe".
    Cycle(Player, ObjRef),
    /// "A attacks B with Runeclaw Bears".
    Attack(Player, Player, ObjRef),
    /// "B chooses Hypnotic Specter", "B chooses C", "B chooses 2".
    Choose(Player, Chosen),
    /// "B declines".
    Decline(Player),
}

/// What one expectation asks of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Want {
    /// Who holds priority.
    Priority(Option<Player>),
    /// The active player.
    Active(Option<Player>),
    /// Whose turn it is.
    Turn(Player),
    /// The step.
    Step(Step),
    /// Who is in the game.
    InGame(Vec<Player>),
    /// A player's life total.
    Life(Player, i16),
    /// Where an object is (`None`: it was never created).
    Zone(ObjRef, Option<Zone>),
    /// Who controls an object.
    Controller(ObjRef, Option<Player>),
    /// The stack, bottom first, by name.
    Stack(Vec<String>),
    /// How many Myr tokens a player owns on the battlefield.
    Tokens(Player, usize),
    /// A creature's power.
    Power(ObjRef, i16),
    /// Who must make a choice.
    Pending(Option<Player>),
    /// The planar controller.
    Planar(Option<Player>),
    /// Whose "until your next turn" effects are in force.
    Protections(Vec<Player>),
    /// How many delayed triggers wait.
    Delayed(usize),
    /// Whether the game is over.
    Over(bool),
    /// Who won.
    Winner(Option<Player>),
    /// A rule some event so far cited.
    Cited(String),
}

/// One expectation: what it asks, under which key, written on which line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Expectation {
    /// The key as written (`priority`, `life.B`, `zones."Mind Control"`).
    pub key: String,
    /// The line it is written on.
    pub line: usize,
    /// What it asks.
    pub want: Want,
}

/// A `[[check]]` (or the `[expect]`, after the last step): expectations holding after `after`
/// steps.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Check {
    /// How many steps have been taken when it holds (0: at the start).
    pub after: usize,
    /// The line of its table.
    pub line: usize,
    /// What it expects.
    pub items: Vec<Expectation>,
}

/// An MTG scenario: a table, steps, and what holds along the way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MtgScenario {
    /// The file it was read from.
    pub file: Option<String>,
    /// Its title.
    pub title: String,
    /// The rules it illustrates.
    pub rules: Vec<String>,
    /// The rulebook-style description.
    pub description: Option<String>,
    /// The table.
    pub setup: MtgSetup,
    /// The name of each setup card, by object number.
    pub names: Vec<String>,
    /// The steps.
    pub steps: Vec<Sentence>,
    /// Each step's sentence as written (without what follows `->`).
    pub step_text: Vec<String>,
    /// The line of each step.
    pub step_lines: Vec<usize>,
    /// What each step is expected to do: be accepted, or be refused (`A chooses A -> refused`,
    /// or with the refusal's name, `-> refused (BadPick)`), the game then going on unchanged.
    pub step_outcome: Vec<crate::scenario::Outcome>,
    /// The `[[check]]`s, in file order.
    pub checks: Vec<Check>,
    /// The `[expect]`, holding after the last step.
    pub expect: Option<Check>,
}
