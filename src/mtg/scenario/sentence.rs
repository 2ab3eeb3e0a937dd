//! The sentences a scenario's steps are written in, and the names they use.

use std::collections::HashMap;

use super::file::{Aim, Chosen, ObjRef, Sentence};
use mtg_vocabulary::types::{ObjId, Player};

/// The names a scenario gives: the setup's, and the tokens' "Myr token k".
pub(super) struct Names {
    pub by_name: HashMap<String, ObjId>,
    pub players: u8,
}

/// A problem in a sentence: the byte of the sentence it is at, and what it is.
pub(super) type SentenceError = (usize, String);

/// `k` if `name` is "Myr token k" (k from 1).
pub(super) fn token_number(name: &str) -> Option<usize> {
    let k = name.strip_prefix("Myr token ")?;
    if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) || k.starts_with('0') || k.len() > 3 {
        return None;
    }
    k.parse().ok()
}

impl Names {
    /// The object `name` names.
    pub fn object(&self, name: &str) -> Option<ObjRef> {
        if let Some(&id) = self.by_name.get(name) {
            return Some(ObjRef::Setup(id));
        }
        token_number(name).map(ObjRef::Token)
    }

    /// The player a letter names, at this table.
    pub fn player(&self, word: &str) -> Option<Player> {
        let mut chars = word.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        Player::from_letter(c).filter(|p| c.is_ascii_uppercase() && p.0 < self.players)
    }

    /// What a player's letter means, or why it means nothing here.
    pub fn player_at(&self, word: &str, at: usize) -> Result<Player, SentenceError> {
        self.player(word).ok_or_else(|| {
            (
                at,
                format!(
                    "`{word}` is not a player of this table (players are {})",
                    letters(self.players)
                ),
            )
        })
    }

    fn object_at(&self, name: &str, at: usize) -> Result<ObjRef, SentenceError> {
        if name.is_empty() {
            return Err((at, "an object's name is missing".to_string()));
        }
        self.object(name).ok_or_else(|| {
            (
                at,
                format!(
                    "no object is named `{name}` (the setup names objects; tokens are `Myr token 1`, ...)"
                ),
            )
        })
    }

    /// Reads one step.
    pub fn sentence(&self, text: &str) -> Result<Sentence, SentenceError> {
        let body = text.trim_end();
        let body = body.strip_suffix('.').unwrap_or(body);
        let lead = body.len() - body.trim_start().len();
        let body = body.trim_start();
        let Some((who, rest)) = body.split_once(' ') else {
            return match body {
                "" => Err((lead, "a step is empty".to_string())),
                _ => Err((lead, format!("`{body}` is not a sentence: {FORMS}"))),
            };
        };
        let p = self.player_at(who, lead)?;
        let verb_at = lead + who.len() + 1;
        let (verb, arg) = rest.split_once(' ').unwrap_or((rest, ""));
        let arg_at = verb_at + verb.len() + 1;
        let no_arg = |s: Sentence| {
            if arg.is_empty() {
                Ok(s)
            } else {
                Err((
                    arg_at,
                    format!("`{verb}` takes nothing after it, not `{arg}`"),
                ))
            }
        };
        match verb {
            "passes" => no_arg(Sentence::Pass(p)),
            "concedes" => no_arg(Sentence::Concede(p)),
            "declines" => no_arg(Sentence::Decline(p)),
            "casts" => {
                let (card, target) = match arg.rsplit_once(" targeting ") {
                    Some((card, target)) => (card, Some(target)),
                    None => (arg, None),
                };
                let card = self.object_at(card, arg_at)?;
                let target = match target {
                    None => None,
                    Some(t) => {
                        let t_at = arg_at + arg.len() - t.len();
                        Some(match self.player(t) {
                            Some(q) => Aim::Player(q),
                            None => Aim::Object(self.object_at(t, t_at)?),
                        })
                    }
                };
                Ok(Sentence::Cast(p, card, target))
            }
            "cycles" => Ok(Sentence::Cycle(p, self.object_at(arg, arg_at)?)),
            "attacks" => {
                let Some((defender, creature)) = arg.split_once(" with ") else {
                    return Err((arg_at, "write `A attacks B with <creature>`".to_string()));
                };
                let d = self.player_at(defender, arg_at)?;
                let c_at = arg_at + defender.len() + " with ".len();
                Ok(Sentence::Attack(p, d, self.object_at(creature, c_at)?))
            }
            "chooses" => {
                if let Some(q) = self.player(arg) {
                    return Ok(Sentence::Choose(p, Chosen::Player(q)));
                }
                if !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) {
                    return match arg.parse::<u8>() {
                        Ok(n) => Ok(Sentence::Choose(p, Chosen::Number(n))),
                        Err(_) => Err((arg_at, format!("{arg} is too large a number"))),
                    };
                }
                Ok(Sentence::Choose(
                    p,
                    Chosen::Object(self.object_at(arg, arg_at)?),
                ))
            }
            _ => Err((
                verb_at,
                format!("`{verb}` is not a verb of this format: {FORMS}"),
            )),
        }
    }
}

/// The sentences the format knows, for error messages.
const FORMS: &str = "write `A passes`, `A concedes`, `A casts <card> [targeting <object or player>]`, \
`A cycles <card>`, `A attacks B with <creature>`, `A chooses <object, player or number>` or \
`A declines`";

/// "A, B and C" for a table of three.
pub(super) fn letters(players: u8) -> String {
    let all: Vec<String> = Player::all(usize::from(players))
        .map(|p| p.to_string())
        .collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
