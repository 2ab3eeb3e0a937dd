//! A game as a picture: an SVG timeline with one lane per Seat and one row per step. Each row
//! shows who acted and what, who holds the Turn (T), Priority (P) and Focus (F) after the step,
//! and the Chain after the step as a stack, newest on top. A removed player's lane is greyed
//! from the step they leave (651.3); the failing step of a counterexample is drawn in red with
//! the rule it breaks. The file is self-contained: no script, no external font or style.

use std::fmt::Write;

use crate::action::Action;
use crate::card::Catalog;
use crate::error::RuleError;
use crate::event::Event;
use crate::observation::Observation;
use crate::seat::Seat;

/// One step of the timeline: the action, what it did, and what an observer sees after it.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The action taken.
    pub action: Action,
    /// Its events, or the refusal.
    pub outcome: Result<Vec<Event>, RuleError>,
    /// The game after it.
    pub after: Observation,
}

/// The step to highlight: its index among the frames and what it breaks.
#[derive(Clone, Debug)]
pub struct Failing {
    /// The step (0 is the first frame).
    pub step: usize,
    /// The rule or property broken, in words.
    pub what: String,
}

const LEFT: u32 = 64;
const LANE: u32 = 210;
const CHAIN: u32 = 250;
const LINE: u32 = 14;
const HEAD: u32 = 78;

pub use riftcheck_core::markup::escape_markup;

/// Breaks `text` into lines of at most `width` characters.
fn lines(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The seat that took `action`.
fn actor(action: &Action) -> Seat {
    action.seat()
}

/// The badges a seat wears after a step.
fn badges(view: &Observation, seat: Seat) -> Vec<(&'static str, &'static str)> {
    let mut b = Vec::new();
    if view.turn == Some(seat) {
        b.push(("T", "#555"));
    }
    if view.priority == Some(seat) {
        b.push(("P", "#1f6feb"));
    }
    if view.focus == Some(seat) {
        b.push(("F", "#b35900"));
    }
    b
}

/// The timeline of a game from `start` through `frames`, titled `title`, with `seats` the
/// Seats at the table.
pub fn timeline(
    title: &str,
    cat: &Catalog,
    seats: &[Seat],
    start: &Observation,
    frames: &[Frame],
    failing: Option<&Failing>,
) -> String {
    let lanes = seats.len() as u32;
    let width = LEFT + lanes * LANE + CHAIN;
    // Each row's text, and its height.
    let mut rows: Vec<(Vec<String>, Vec<String>, u32)> = Vec::new();
    let all = std::iter::once(None).chain(frames.iter().map(Some));
    for frame in all {
        let (text, view) = match frame {
            None => (vec!["The game as set up.".to_string()], start),
            Some(f) => {
                let mut t = lines(&f.action.display(cat).to_string(), 30);
                if let Err(e) = &f.outcome {
                    t.extend(lines(&format!("refused: {e}"), 30));
                }
                (t, &f.after)
            }
        };
        let chain: Vec<String> = view
            .chain
            .iter()
            .rev()
            .map(|i| {
                let pending = if i.pending { ", pending" } else { "" };
                format!("{} ({}{pending})", i.item.text(cat), i.controller)
            })
            .collect();
        let n = text.len().max(chain.len()).max(1) as u32;
        rows.push((text, chain, n * LINE + 18));
    }
    let extra = failing.map_or(0, |f| lines(&f.what, 110).len() as u32 * LINE + 16);
    let height = HEAD + rows.iter().map(|r| r.2).sum::<u32>() + extra + 12;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(o, "<title>{}</title>", escape_markup(title));
    let _ = writeln!(
        o,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    header(&mut o, title, seats);
    let mut y = HEAD;
    let views = std::iter::once(start).chain(frames.iter().map(|f| &f.after));
    for (row, ((text, chain, h), view)) in rows.iter().zip(views).enumerate() {
        let failed = failing.is_some_and(|f| f.step + 1 == row);
        let acting = row
            .checked_sub(1)
            .and_then(|r| frames.get(r))
            .map(|f| actor(&f.action));
        draw_row(
            &mut o,
            seats,
            view,
            Row {
                index: row,
                y,
                h: *h,
                text,
                chain,
                failed,
                acting,
            },
        );
        y += h;
    }
    if let Some(f) = failing {
        for (k, l) in lines(&f.what, 110).iter().enumerate() {
            let _ = writeln!(
                o,
                "<text x=\"8\" y=\"{}\" fill=\"#b00020\" font-weight=\"bold\">{}</text>",
                y + 18 + k as u32 * LINE,
                escape_markup(l)
            );
        }
    }
    o.push_str("</svg>\n");
    o
}

/// The title, the key and a heading per Seat and for the Chain.
fn header(o: &mut String, title: &str, seats: &[Seat]) {
    let lanes = seats.len() as u32;
    let _ = writeln!(
        o,
        "<text x=\"8\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>",
        escape_markup(title)
    );
    let _ = writeln!(
        o,
        "<text x=\"8\" y=\"40\" fill=\"#555\">T Turn Player, P Priority, F Focus (after the \
     step); the Chain after the step, newest on top; grey: removed from the game (651.3)</text>"
    );
    for (i, s) in seats.iter().enumerate() {
        let x = LEFT + i as u32 * LANE;
        let _ = writeln!(
            o,
            "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Seat {s}</text>",
            x + 8,
            HEAD - 12
        );
    }
    let _ = writeln!(
        o,
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Chain</text>",
        LEFT + lanes * LANE + 8,
        HEAD - 12
    );
}

/// One row of the timeline: a step (or the start), what it says, the Chain after it.
struct Row<'a> {
    index: usize,
    y: u32,
    h: u32,
    text: &'a [String],
    chain: &'a [String],
    failed: bool,
    acting: Option<Seat>,
}

/// Draws `r`: its band, the badges of every Seat in `view`, removed Seats greyed, the step's
/// text in the acting Seat's lane and the Chain at the right.
fn draw_row(o: &mut String, seats: &[Seat], view: &Observation, r: Row<'_>) {
    let Row {
        index: row,
        y,
        h,
        text,
        chain,
        failed,
        acting,
    } = r;
    let lanes = seats.len() as u32;
    let width = LEFT + lanes * LANE + CHAIN;
    let band = if failed {
        "#ffd7d5"
    } else if row % 2 == 0 {
        "#f6f8fa"
    } else {
        "#ffffff"
    };
    let _ = writeln!(
        o,
        "<rect x=\"0\" y=\"{y}\" width=\"{width}\" height=\"{h}\" fill=\"{band}\"/>"
    );
    let label = if row == 0 {
        "start".to_string()
    } else {
        row.to_string()
    };
    let _ = writeln!(
        o,
        "<text x=\"8\" y=\"{}\" fill=\"#555\">{label}</text>",
        y + LINE + 4
    );
    for (i, &s) in seats.iter().enumerate() {
        let x = LEFT + i as u32 * LANE;
        if view.removed.contains(s) {
            let _ = writeln!(
                o,
                "<rect class=\"removed\" x=\"{x}\" y=\"{y}\" width=\"{LANE}\" height=\"{h}\" \
                 fill=\"#c8c8c8\" fill-opacity=\"0.7\"/>"
            );
        }
        let _ = writeln!(
            o,
            "<line x1=\"{x}\" y1=\"{y}\" x2=\"{x}\" y2=\"{}\" stroke=\"#d0d7de\"/>",
            y + h
        );
        for (k, (letter, colour)) in badges(view, s).iter().enumerate() {
            let bx = x + LANE - 20 - k as u32 * 20;
            let _ = writeln!(
                o,
                "<circle cx=\"{bx}\" cy=\"{}\" r=\"8\" fill=\"{colour}\"/><text x=\"{bx}\" \
                 y=\"{}\" fill=\"#fff\" font-size=\"10\" text-anchor=\"middle\">{letter}</text>",
                y + 12,
                y + 16
            );
        }
    }
    let lane = acting.and_then(|a| seats.iter().position(|&s| s == a));
    let tx = match lane {
        Some(i) => LEFT + i as u32 * LANE + 8,
        None => LEFT + 8,
    };
    for (k, t) in text.iter().enumerate() {
        let weight = if failed { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            o,
            "<text x=\"{tx}\" y=\"{}\"{weight}>{}</text>",
            y + LINE + 4 + k as u32 * LINE,
            escape_markup(t)
        );
    }
    let cx = LEFT + lanes * LANE;
    let _ = writeln!(
        o,
        "<line x1=\"{cx}\" y1=\"{y}\" x2=\"{cx}\" y2=\"{}\" stroke=\"#d0d7de\"/>",
        y + h
    );
    for (k, item) in chain.iter().enumerate() {
        let iy = y + 5 + k as u32 * LINE;
        let _ = writeln!(
            o,
            "<rect x=\"{}\" y=\"{iy}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"#eef2ff\" \
             stroke=\"#8c9eff\"/><text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>",
            cx + 6,
            CHAIN - 12,
            LINE - 2,
            cx + 10,
            iy + LINE - 4,
            escape_markup(item)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_wrapped() {
        assert_eq!(
            escape_markup("A <&> \"B\""),
            "A &lt;&amp;&gt; &quot;B&quot;"
        );
        assert_eq!(
            lines("one two three four", 9),
            vec!["one two", "three", "four"]
        );
    }
}
