//! `riftcheck render`: a scenario as an SVG timeline (and as a paragraph under a fault), and the
//! picture as a browser shows it.

use crate::common::browser;
use crate::common::{program, root, scratch};
use std::path::PathBuf;
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    scratch(name)
}

/// Seed 000's "A response disappears": Skirmish, a Chain of two, B concedes.
const RESPONSE: &str = "tests/scenarios/seed_000/a_response_disappears.toml";

fn svg_of(scenario: &str, extra: &[&str]) -> String {
    let out = temp(&format!("{}.svg", extra.len()));
    let status = program()
        .arg("render")
        .arg(root().join(scenario))
        .arg("--svg")
        .arg(&out)
        .args(extra)
        .status()
        .unwrap();
    assert!(status.success());
    let svg = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    svg
}

#[test]
fn the_timeline_has_a_lane_per_seat_the_chain_and_the_removal() {
    let svg = svg_of(RESPONSE, &[]);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    for seat in ["Seat A", "Seat B", "Seat C"] {
        assert!(svg.contains(seat), "{seat}");
    }
    assert!(
        !svg.contains("Seat D"),
        "a lane per Seat at the table, no more"
    );
    // A row per step, after the row of the setup.
    let steps = riftcheck::Scenario::load(&root().join(RESPONSE))
        .unwrap()
        .steps
        .len();
    assert!(svg.contains(&format!(">{steps}</text>")), "{svg}");
    // B concedes: B's lane is grey from then on, and the Chain is drawn.
    assert!(svg.contains("class=\"removed\""));
    assert!(svg.contains("B concedes"));
    assert!(svg.contains("#eef2ff"), "the Chain's items");
    // The scenario passes: nothing is highlighted.
    assert!(!svg.contains("#ffd7d5"));
}

#[test]
fn under_a_fault_the_failing_expectation_is_highlighted() {
    let svg = svg_of(RESPONSE, &["--fault", "countered-item-resolves"]);
    assert!(svg.contains("#ffd7d5"), "{svg}");
    assert!(svg.contains("expected"), "{svg}");
    // The paragraph under the fault tells what the faulty engine did, not the rules.
    let right = program()
        .arg("render")
        .arg(root().join(RESPONSE))
        .output()
        .unwrap();
    let wrong = program()
        .arg("render")
        .arg(root().join(RESPONSE))
        .args(["--fault", "countered-item-resolves"])
        .output()
        .unwrap();
    assert!(right.status.success() && wrong.status.success());
    assert_ne!(right.stdout, wrong.stdout);
    // It ends with the expectation the fault breaks; the rules' paragraph has no such line.
    let wrong = String::from_utf8_lossy(&wrong.stdout);
    assert!(
        wrong.contains("Under the fault countered-item-resolves (425): after step"),
        "{wrong}"
    );
    assert!(!String::from_utf8_lossy(&right.stdout).contains("Under the fault"));
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    let out = program()
        .arg("render")
        .arg(root().join(RESPONSE))
        .args(["--fault", "no-such-fault"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-fault"));
    let out = program()
        .arg("render")
        .arg(root().join(RESPONSE))
        .arg("--svg")
        .arg("/nonexistent-dir/x.svg")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--svg"));
}

/// An MTG scenario renders as a page of the book too, in both formats and under an MTG fault,
/// through the writer Riftbound's pages use; it has no timeline picture, and says so.
#[test]
fn an_mtg_scenario_renders_as_a_page_of_the_book() {
    let file = root().join("tests/mtg/scenarios/800_4a_act_of_treason_attacker_leaves_combat.toml");
    let render = |extra: &[&str]| {
        let out = program()
            .arg("render")
            .arg(&file)
            .args(extra)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        (
            out.status.code(),
            text,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, md, _) = render(&["--format", "markdown"]);
    assert_eq!(code, Some(0), "{md}");
    assert!(
        md.starts_with("### Example: Act of Treason: its caster leaves")
            && md.contains("9. A concedes.\n   - A leaves the game\n")
            && md.contains("   - Assault Griffin is removed from combat, its controller having changed (506.4)\n")
            && md.ends_with("*Rules: 800.4a, 506.4, 800.4i.*\n"),
        "{md}"
    );
    let (code, html, _) = render(&["--format", "html"]);
    assert_eq!(code, Some(0), "{html}");
    assert!(
        html.contains("<li>A concedes.<ul><li>A leaves the game</li>"),
        "{html}"
    );
    // Under the fault, the page shows what the faulty engine did.
    let (_, faulty, _) = render(&["--format", "markdown", "--fault", "stays-in-combat"]);
    assert!(
        !faulty.contains("- Assault Griffin is removed from combat")
            && faulty.contains("- Assault Griffin deals 3 damage to B"),
        "{faulty}"
    );
    let (code, _, err) = render(&["--svg", "x.svg"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--svg draws Riftbound's board"), "{err}");
}

#[test]
fn a_browser_draws_the_timeline() {
    let Some(browser) = browser() else {
        eprintln!("skipped: no chromium on this machine (.ci/run installs Debian's)");
        return;
    };
    let svg = temp("browser.svg");
    std::fs::write(&svg, svg_of(RESPONSE, &[])).unwrap();
    let png = temp("browser.png");
    let status = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--window-size=960,360",
        ])
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", svg.display()))
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let ink = Command::new("python3")
        .arg(root().join("scripts/png-ink.py"))
        .arg(&png)
        .output()
        .unwrap();
    assert!(ink.status.success(), "{ink:?}");
    let share: f64 = String::from_utf8_lossy(&ink.stdout).trim().parse().unwrap();
    // Lanes, bands, badges and text: far from blank, far from a solid fill.
    assert!(
        share > 0.05 && share < 0.9,
        "{share} of the pixels are drawn"
    );
    let _ = std::fs::remove_file(&svg);
    let _ = std::fs::remove_file(&png);
}

fn render_as(scenario: &str, format: &str) -> String {
    let out = program()
        .arg("render")
        .arg(root().join(scenario))
        .args(["--format", format])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn for_the_book_each_step_and_each_consequence_has_its_own_line() {
    let md = render_as(RESPONSE, "markdown");
    assert!(
        md.starts_with("### Example: A response disappears\n"),
        "{md}"
    );
    assert!(
        md.contains("\n4. B concedes.\n   - B is removed from the game (651.3).\n"),
        "{md}"
    );
    assert!(md.contains("   - Denial is countered (652.4).\n"), "{md}");
    // The cards in hand are part of the table.
    assert!(md.contains("A holds Firebolt in hand."), "{md}");
    // No filler: the plain battlefields in one sentence, not one per seat.
    assert_eq!(md.matches("in use").count(), 1, "{md}");
    let html = render_as(RESPONSE, "html");
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert_eq!(html.matches("<li>").count(), html.matches("</li>").count());
    assert!(html.contains("<li>B concedes.<ul><li>B is removed from the game (651.3).</li>"));
}

#[test]
fn the_table_is_given_in_full() {
    // A's exhausted unit contests the battlefield B controls; a Showdown and a combat are on.
    let md = render_as(
        "tests/scenarios/policies/defender_keeps_control.toml",
        "markdown",
    );
    assert!(
        md.contains("Ridge, A's battlefield, is controlled by B and contested by A."),
        "{md}"
    );
    assert!(
        md.contains("Yordle Scout is at Ridge, with 2 Might, exhausted."),
        "{md}"
    );
    assert!(
        md.contains("a combat: A attacks, B defends; A has Focus"),
        "{md}"
    );
}

/// A scenario that names no rule, and whose game cites none, renders without a Rules line
/// (it printed "Rules: ." before).
#[test]
fn a_scenario_citing_no_rule_has_no_rules_line() {
    let file = temp("no-rules.toml");
    std::fs::write(
        &file,
        "title = \"Nothing happens\"\nrules = []\n\n[setup]\nmode = \"duel\"\n",
    )
    .unwrap();
    let out = program().arg("render").arg(&file).output().unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Example - Nothing happens"), "{text}");
    assert!(!text.contains("Rules:"), "{text}");
    // A scenario that names its rules still lists them.
    let out = program()
        .arg("render")
        .arg(root().join(RESPONSE))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Rules: "));
}
