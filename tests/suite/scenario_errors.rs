//! A scenario that cannot be read gets a typed error naming the line and column and what was
//! expected; it never panics.

use riftcheck::Scenario;

const GOOD: &str = r#"title = "t"
steps = ["A plays Firebolt"]

[setup]
mode = "duel"

[[setup.cards]]
name = "Firebolt"
kind = "spell"
owner = "A"
at = "hand"
"#;

fn error(text: &str) -> riftcheck::ScenarioError {
    Scenario::parse(text).expect_err("this scenario must be refused")
}

#[test]
fn the_good_scenario_parses() {
    assert!(Scenario::parse(GOOD).is_ok());
}

#[test]
fn an_unknown_key_is_refused_where_it_is() {
    let e = error(&GOOD.replace("at = \"hand\"", "at = \"hand\"\ncolour = \"red\""));
    assert_eq!((e.line, e.column), (12, 1), "{e}");
    assert!(e.message.contains("colour"), "{e}");
}

#[test]
fn a_bad_seat_names_the_seats() {
    let e = error(&GOOD.replace("owner = \"A\"", "owner = \"E\""));
    assert_eq!(e.line, 10, "{e}");
    assert!(e.message.contains("A, B, C and D"), "{e}");
}

#[test]
fn a_misspelt_card_in_a_step_points_into_the_step() {
    let e = error(&GOOD.replace("A plays Firebolt", "A plays Firbolt"));
    assert_eq!(e.line, 2, "{e}");
    // The string opens at column 10; the sentence starts at 11; the name after "A plays ".
    assert_eq!(e.column, 11 + "A plays ".len(), "{e}");
    assert!(e.message.contains("no card is called `Firbolt`"), "{e}");
}

#[test]
fn an_impossible_setup_points_at_the_field() {
    // D is not at a Duel table.
    let e = error(&GOOD.replace("owner = \"A\"", "owner = \"D\""));
    assert_eq!((e.line, e.column), (10, 9), "{e}");
    assert!(e.message.contains("setup.cards[0].owner"), "{e}");
    assert!(e.message.contains("not at a Duel table"), "{e}");
}

#[test]
fn a_wrong_error_name_lists_the_right_ones() {
    let e = error(&GOOD.replace("A plays Firebolt", "B passes -> refused (NoPriorty)"));
    assert_eq!(e.line, 2, "{e}");
    assert!(e.message.contains("NoPriority"), "{e}");
}

#[test]
fn a_malformed_file_is_refused_not_panicked_on() {
    for text in [
        "",
        "title = ",
        "[setup]\nmode = 3",
        "title = \"t\"\n[setup]\nmode = \"chess\"",
        "\u{0}\u{ff}",
    ] {
        let e = Scenario::parse(text).expect_err("refused");
        assert!(e.line >= 1, "{text:?}: {e}");
    }
}

#[test]
fn a_missing_file_names_the_file() {
    let e = Scenario::load(std::path::Path::new("no/such/file.toml")).unwrap_err();
    assert_eq!(e.file.as_deref(), Some("no/such/file.toml"));
    assert!(e.message.contains("cannot read"));
}

#[test]
fn a_reading_is_read_from_the_setup() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"magma-chamber\"\nreadings = { teammate-destination = \"controlled\" }\n",
    );
    let s = Scenario::parse(&text).expect("a known reading of a known point");
    assert_eq!(
        s.setup.readings.teammate_destination,
        riftcheck::readings::TeammateDestination::Controlled
    );
    // And it prints back.
    assert_eq!(Scenario::parse(&s.to_toml()).unwrap(), s);
}

#[test]
fn an_unknown_reading_point_is_refused_where_it_is() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nreadings = { teammate-destinations = \"controlled\" }\n",
    );
    let e = error(&text);
    assert_eq!((e.line, e.column), (6, 14), "{e}");
    assert!(e.message.contains("teammate-destinations"), "{e}");
}

#[test]
fn an_unknown_reading_is_refused_where_it_is_with_the_known_ones() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nreadings = { teammate-destination = \"anywhere\" }\n",
    );
    let e = error(&text);
    assert_eq!((e.line, e.column), (6, 37), "{e}");
    assert!(
        e.message.contains("occupied") && e.message.contains("controlled"),
        "{e}"
    );
}

#[test]
fn a_rule_fault_is_refused_in_a_file() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nreadings = { pass-record = \"consecutive-count\" }\n",
    );
    let e = error(&text);
    assert_eq!((e.line, e.column), (6, 28), "{e}");
    assert!(e.message.contains("count-passes"), "{e}");
    assert!(e.message.contains("--fault"), "{e}");
}

#[test]
fn a_point_about_teammates_is_refused_where_there_are_no_teams() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nreadings = { teammate-destination = \"controlled\" }\n",
    );
    let e = error(&text);
    assert_eq!((e.line, e.column), (6, 14), "{e}");
    assert!(e.message.contains("team modes"), "{e}");
    // Spelt with an underscore, it is no point at all, and the message says how it is spelt.
    let e = error(&text.replace("teammate-destination", "teammate_destination"));
    assert_eq!((e.line, e.column), (6, 14), "{e}");
    assert!(e.message.contains("`teammate-destination`"), "{e}");
}

#[test]
fn text_from_a_file_is_escaped_wherever_an_error_prints_it() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nreadings = { \"pass\\u001b[2J\" = \"seats\" }\n",
    );
    let e = error(&text);
    assert!(
        e.message.contains('\u{1b}'),
        "the message keeps the text: {e:?}"
    );
    let shown = e.to_string();
    assert!(
        !shown.contains('\u{1b}') && shown.contains("pass\\u{1b}[2J"),
        "{shown}"
    );
    // The file's name and every further problem too; a line break only between problems.
    let e = riftcheck::ScenarioError {
        file: Some("a\u{1b}.toml".into()),
        line: 1,
        column: 2,
        message: "x\ny".into(),
        kind: riftcheck::scenario::ErrorKind::Invalid,
        more: vec![((3, 4), "z\u{7}\u{202e}".into())],
    };
    assert_eq!(
        e.to_string(),
        "a\\u{1b}.toml:1:2: x\\u{a}y\na\\u{1b}.toml:3:4: z\\u{7}\\u{202e}"
    );
}

#[test]
fn every_problem_of_a_setup_is_reported_each_at_its_place() {
    let text = GOOD.replace(
        "mode = \"duel\"\n",
        "mode = \"duel\"\nturn = \"C\"\nvictory_score = 0\n",
    );
    let e = error(&text);
    assert_eq!((e.line, e.column), (6, 8), "{e}");
    assert_eq!(e.more.len(), 1, "{e}");
    assert_eq!(e.more[0].0, (7, 17), "{e}");
    assert_eq!(e.to_string().lines().count(), 2, "{e}");
}

#[test]
fn a_step_is_located_inside_its_string_whatever_escapes_it_has() {
    // The sentence starts after three spaces; `\u0046` is one character written as six.
    let e = error(&GOOD.replace(
        "\"A plays Firebolt\"",
        "\"   A plays \\u0046irebolt on Icebolt\"",
    ));
    let column = "steps = [\"   A plays \\u0046irebolt on ".len() + 1;
    assert_eq!((e.line, e.column), (2, column), "{e}");
    assert!(e.message.contains("no card is called `Icebolt`"), "{e}");
}
