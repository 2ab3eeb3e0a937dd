//! `riftcheck explore`: the Explorer, driven as a browser drives it, through its page and its
//! JSON endpoints over plain HTTP (and, where Chromium is installed, in a headless browser).

use crate::common::browser;
use crate::common::root;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// Seed 000's "A response disappears": Skirmish, a Chain of two, B concedes.
const RESPONSE: &str = "tests/scenarios/seed_000/a_response_disappears.toml";

/// A running Explorer, stopped when dropped.
struct Explorer {
    child: Child,
    port: u16,
    /// Its standard output, kept open while it runs.
    _out: std::io::BufReader<std::process::ChildStdout>,
}

impl Drop for Explorer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Explorer {
    /// Starts `riftcheck explore ARGS --port 0`, reads the port the system chose from the line
    /// it prints, and waits until it answers there.
    fn start(args: &[&str]) -> Explorer {
        use std::io::BufRead;
        let mut child = crate::common::program()
            .arg("explore")
            .args(args)
            .args(["--port", "0"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let port: u16 = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        assert_ne!(port, 0, "{line}");
        let e = Explorer {
            child,
            port,
            _out: out,
        };
        for _ in 0..200 {
            if e.try_get("/").is_some() {
                return e;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the Explorer did not answer on port {port}");
    }

    /// Sends `head` (a request line and headers) and reads the answer: status and body.
    fn raw(&self, head: &str) -> Option<(u16, String)> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(60))).ok()?;
        s.write_all(head.as_bytes()).ok()?;
        let mut answer = String::new();
        s.read_to_string(&mut answer).ok()?;
        let (head, body) = answer.split_once("\r\n\r\n")?;
        let status = head.split(' ').nth(1)?.parse().ok()?;
        Some((status, body.to_string()))
    }

    fn try_get(&self, target: &str) -> Option<(u16, String)> {
        self.raw(&format!(
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        ))
    }

    fn get(&self, target: &str) -> (u16, String) {
        self.try_get(target)
            .unwrap_or_else(|| panic!("no answer to {target}"))
    }

    /// The state at `path` (`None`: the state the Explorer opens on).
    fn state(&self, path: Option<&[u64]>) -> Value {
        let target = match path {
            Some(p) => format!("/api/state?path={}", join(p)),
            None => "/api/state".to_string(),
        };
        let (status, body) = self.get(&target);
        assert_eq!(status, 200, "{target}: {body}");
        serde_json::from_str(&body).unwrap()
    }
}

fn join(path: &[u64]) -> String {
    path.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn actions(state: &Value) -> Vec<(u64, String, String)> {
    state["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["index"].as_u64().unwrap(),
                a["seat"].as_str().unwrap().to_string(),
                a["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn removed(state: &Value) -> Vec<String> {
    state["removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// What an observer sees of a state, without the path that led there.
fn observed(state: &Value) -> Value {
    let mut o = serde_json::Map::new();
    for key in [
        "board",
        "chain",
        "pass_record",
        "opened_by",
        "holders",
        "showdown",
        "combat",
        "staged",
        "waiting",
        "remaining",
        "removed",
        "winners",
        "violated",
    ] {
        o.insert(key.to_string(), state[key].clone());
    }
    Value::Object(o)
}

#[test]
fn the_page_names_the_configuration_and_reads_the_endpoints() {
    let e = Explorer::start(&["--config", "war/chain"]);
    let (status, page) = e.get("/");
    assert_eq!(status, 200);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(
        page.contains("<title>riftcheck Explorer: war/chain</title>"),
        "{page}"
    );
    assert!(page.contains("<h1 id=\"title\">riftcheck Explorer: war/chain</h1>"));
    // Self-contained: its script and style inline, nothing fetched but the endpoints.
    assert!(page.contains("/api/state") && page.contains("/api/svg"));
    assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    assert_eq!(e.state(Some(&[]))["config"], "war/chain");
}

#[test]
fn the_state_shows_every_card_and_the_holders() {
    let e = Explorer::start(&["--config", "war/removal"]);
    let s = e.state(Some(&[]));
    let config = riftbound_check::configs::all()
        .into_iter()
        .find(|c| c.name() == "war/removal")
        .unwrap();
    let game = riftcheck::Game::from_setup(&config.setup).unwrap();
    let cat = game.catalog();
    let cards = s["board"]["cards"].as_array().unwrap();
    assert_eq!(cards.len(), cat.cards.len(), "every card: {s}");
    for (c, def) in cards.iter().zip(&cat.cards) {
        assert_eq!(c["name"], def.name.as_str());
        assert_eq!(c["owner"], def.owner.to_string());
        for key in [
            "controller",
            "place",
            "might",
            "exhausted",
            "damage",
            "facedown",
        ] {
            assert!(c.get(key).is_some(), "{key} of {c}");
        }
    }
    // A borrowed unit: owned by one Seat, controlled by another, with its Might.
    assert!(
        cards.iter().any(|c| c["owner"] != c["controller"]
            && c["might"].is_i64()
            && c["place"].as_str().unwrap().contains("Base")),
        "{s}"
    );
    assert_eq!(
        s["board"]["battlefields"].as_array().unwrap().len(),
        cat.battlefields.len()
    );
    // The holders: A is the Turn Player and has Priority; nobody has Focus.
    assert_eq!(s["holders"]["turn_player"], "A");
    assert_eq!(s["holders"]["priority"], "A");
    assert!(s["holders"]["focus"].is_null());
    assert!(s["chain"].as_array().unwrap().is_empty());
    assert!(s["pass_record"]["priority"].is_array());
    assert!(s["violated"].as_array().unwrap().is_empty());
}

#[test]
fn the_chain_shows_its_items_newest_first_and_who_passed() {
    let e = Explorer::start(&["--config", "duel/chain"]);
    let start = e.state(Some(&[]));
    let play = actions(&start)
        .into_iter()
        .find(|(_, _, t)| t == "A plays Firebolt")
        .unwrap()
        .0;
    let played = e.state(Some(&[play]));
    assert_eq!(played["chain"][0]["item"], "Firebolt");
    assert_eq!(played["chain"][0]["controller"], "A");
    assert_eq!(played["steps"][0]["action"], "A plays Firebolt");
    assert!(
        played["steps"][0]["sentences"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x.as_str().unwrap().contains("(329)")),
        "each consequence with its rule: {played}"
    );
    let pass = actions(&played)
        .into_iter()
        .find(|(_, _, t)| t == "A passes")
        .unwrap()
        .0;
    let passed = e.state(Some(&[play, pass]));
    assert_eq!(passed["pass_record"]["priority"], serde_json::json!(["A"]));
    assert_eq!(passed["holders"]["priority"], "B");
    let deny = actions(&passed)
        .into_iter()
        .find(|(_, _, t)| t.starts_with("B plays Denial"))
        .unwrap()
        .0;
    let denied = e.state(Some(&[play, pass, deny]));
    assert_eq!(denied["chain"][0]["item"], "Denial", "newest first");
    assert_eq!(denied["chain"][1]["item"], "Firebolt");
}

#[test]
fn a_removed_seat_has_no_actions() {
    let e = Explorer::start(&["--config", "war/chain"]);
    let start = e.state(Some(&[]));
    let concede = actions(&start)
        .into_iter()
        .find(|(_, s, t)| s == "B" && t == "B concedes")
        .expect("B may concede")
        .0;
    // From B's concession on, through every state within three more steps.
    let mut queue = VecDeque::from([vec![concede]]);
    let mut seen = 0;
    while let Some(path) = queue.pop_front() {
        let s = e.state(Some(&path));
        let gone = removed(&s);
        assert!(gone.contains(&"B".to_string()), "{s}");
        for (i, seat, text) in actions(&s) {
            assert!(
                !gone.contains(&seat),
                "{text} is listed for a removed Seat after {path:?}"
            );
            if path.len() < 4 {
                let mut next = path.clone();
                next.push(i);
                queue.push_back(next);
            }
        }
        seen += 1;
    }
    assert!(seen > 5, "{seen} states");
}

#[test]
fn every_listed_action_is_taken_and_changes_the_state() {
    for config in ["skirmish/chain", "duel/showdown"] {
        let e = Explorer::start(&["--config", config]);
        let mut queue = VecDeque::from([Vec::<u64>::new()]);
        let mut tried = 0;
        while let Some(path) = queue.pop_front() {
            let before = e.state(Some(&path));
            let refused = e.state(Some(&path)).get("refused").cloned();
            assert!(refused.is_none(), "refused actions only when asked");
            for (i, _, text) in actions(&before) {
                let mut next = path.clone();
                next.push(i);
                let after = e.state(Some(&next));
                assert_eq!(after["path"], serde_json::json!(next));
                assert_eq!(after["steps"].as_array().unwrap().len(), next.len());
                let last = &after["steps"][next.len() - 1];
                assert_eq!(last["action"], text.as_str());
                assert!(
                    !last["sentences"][0]
                        .as_str()
                        .unwrap()
                        .contains("Not allowed"),
                    "{text} is refused: {last}"
                );
                assert_ne!(
                    observed(&before),
                    observed(&after),
                    "{config}: {text} after {path:?} changes nothing"
                );
                tried += 1;
                if next.len() < 3 {
                    queue.push_back(next);
                }
            }
        }
        assert!(tried > 10, "{config}: {tried} actions");
    }
}

#[test]
fn refused_actions_are_shown_apart_with_their_rule_when_asked() {
    let e = Explorer::start(&["--config", "duel/chain"]);
    let (status, body) = e.get("/api/state?path=&refused=1");
    assert_eq!(status, 200);
    let s: Value = serde_json::from_str(&body).unwrap();
    let refused = s["refused"].as_array().unwrap();
    assert!(!refused.is_empty());
    let listed: Vec<String> = actions(&s).into_iter().map(|a| a.2).collect();
    for r in refused {
        assert!(r["rule"].as_str().is_some_and(|x| !x.is_empty()), "{r}");
        assert!(r["error"].as_str().is_some_and(|x| !x.is_empty()), "{r}");
        assert!(
            !listed.contains(&r["text"].as_str().unwrap().to_string()),
            "{r} is both listed and refused"
        );
    }
    // B does not hold Priority: B's play is refused, for the rule of Priority (312.1).
    assert!(
        refused
            .iter()
            .any(|r| r["text"] == "B plays Denial" && r["rule"] == "312.1"),
        "{body}"
    );
}

#[test]
fn the_timeline_of_the_path_is_an_svg() {
    let e = Explorer::start(&["--config", "skirmish/chain"]);
    let s = e.state(Some(&[]));
    let concede = actions(&s)
        .into_iter()
        .find(|(_, _, t)| t == "C concedes")
        .unwrap()
        .0;
    let (status, svg) = e.get(&format!("/api/svg?path={concede}"));
    assert_eq!(status, 200);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("skirmish/chain"));
    for seat in ["Seat A", "Seat B", "Seat C"] {
        assert!(svg.contains(seat), "{seat}");
    }
    assert!(svg.contains("C concedes") && svg.contains("class=\"removed\""));
}

#[test]
fn bad_requests_are_4xx_json_and_the_explorer_goes_on() {
    let e = Explorer::start(&["--config", "duel/chain"]);
    for (target, status) in [
        ("/api/state?path=zero", 400),
        ("/api/state?path=0,,1", 400),
        ("/api/state?path=-3", 400),
        ("/api/state?path=1.5", 400),
        ("/api/svg?path=%zz", 400),
        ("/api/state?path=4000000000", 404),
        (
            "/api/state?path=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
            404,
        ),
        ("/api/svg?path=77", 404),
        ("/no/such/thing", 404),
    ] {
        let (got, body) = e.get(target);
        assert_eq!(got, status, "{target}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{target}: {body}"));
        assert!(v["error"].is_string(), "{target}: {body}");
    }
    let (got, _) = e
        .raw("this is not HTTP\r\n\r\n")
        .expect("an answer to garbage");
    assert_eq!(got, 400);
    let (got, _) = e
        .raw("DELETE / HTTP/1.1\r\n\r\n")
        .expect("an answer to DELETE");
    assert_eq!(got, 405);
    // A client that connects and says nothing holds nobody up.
    let _idle = TcpStream::connect(("127.0.0.1", e.port)).unwrap();
    assert_eq!(e.get("/api/state").0, 200);
}

/// Threads of a running process (Linux).
fn threads(pid: u32) -> Option<usize> {
    Some(std::fs::read_dir(format!("/proc/{pid}/task")).ok()?.count())
}

#[test]
fn a_flood_of_idle_connections_starts_no_thread_and_is_let_go() {
    let e = Explorer::start(&["--config", "duel/chain"]);
    let Some(before) = threads(e.child.id()) else {
        return; // No /proc here: nothing to count.
    };
    // Three hundred connections that say nothing: before, one thread each (301 threads).
    let idle: Vec<TcpStream> = (0..300)
        .filter_map(|_| TcpStream::connect(("127.0.0.1", e.port)).ok())
        .collect();
    assert!(idle.len() > 200, "{} connections", idle.len());
    std::thread::sleep(std::time::Duration::from_millis(300));
    let during = threads(e.child.id()).expect("still running");
    assert_eq!(
        during, before,
        "the pool is started once, before any connection"
    );
    assert!(
        during <= riftcheck_explorer::WORKERS + 2,
        "{during} threads"
    );
    // Those beyond the queue were told at once that it is busy.
    let mut told = 0;
    for mut s in idle.iter().rev().take(50) {
        s.set_read_timeout(Some(std::time::Duration::from_secs(2)))
            .unwrap();
        let mut text = String::new();
        if s.read_to_string(&mut text).is_ok() && text.starts_with("HTTP/1.1 503") {
            told += 1;
        }
    }
    assert!(told > 0, "no connection was told the Explorer is busy");
    // Once they hang up, the Explorer answers again at once.
    drop(idle);
    assert_eq!(e.get("/api/state").0, 200);
}

#[test]
fn a_scenario_opens_on_its_last_step() {
    let file = root().join(RESPONSE);
    let scenario = riftcheck::Scenario::load(&file).unwrap();
    let replay = scenario.replay().unwrap();
    let taken = replay.results.iter().filter(|r| r.outcome.is_ok()).count();
    let e = Explorer::start(&[file.to_str().unwrap()]);
    let (_, page) = e.get("/");
    assert!(page.contains("riftcheck Explorer: "), "{page}");
    assert!(page.contains(&scenario.title), "{page}");
    let s = e.state(None);
    assert!(s["opened"].is_null(), "{s}");
    assert_eq!(s["path"].as_array().unwrap().len(), taken, "{s}");
    assert_eq!(s["initial_path"], s["path"]);
    assert_eq!(s["title"], scenario.title.as_str());
    // The state is the scenario's last: every card where the replay left it, the same Seats
    // removed, the same holders.
    let cat = &replay.catalog;
    for (c, obs) in s["board"]["cards"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&replay.last.cards)
    {
        assert_eq!(c["place"], obs.at.text(cat), "{c}");
        assert_eq!(c["controller"], obs.controller.to_string(), "{c}");
    }
    let gone: Vec<String> = replay.last.removed.iter().map(|s| s.to_string()).collect();
    assert_eq!(removed(&s), gone);
    assert_eq!(
        s["holders"]["priority"],
        replay
            .last
            .priority
            .map_or(Value::Null, |p| p.to_string().into())
    );
    // One can step back: the path one step shorter is the state before the last step.
    let path: Vec<u64> = s["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    let back = e.state(Some(&path[..path.len() - 1]));
    assert_eq!(back["steps"].as_array().unwrap().len(), taken - 1);
    // And the timeline of the whole scenario is there.
    let (status, svg) = e.get("/api/svg");
    assert_eq!(status, 200);
    assert!(svg.contains(&format!(">{taken}</text>")), "{svg}");
}

#[test]
fn a_counterexample_opens_on_its_violation() {
    // Under a fault, the scenario's steps lead to the violation the fault causes: the Explorer
    // opens on it, and the timeline highlights it.
    let file = root().join(RESPONSE);
    let e = Explorer::start(&[file.to_str().unwrap(), "--fault", "countered-item-resolves"]);
    let s = e.state(None);
    assert_eq!(s["fault"], "countered-item-resolves");
    let broken = s["violated"].as_array().unwrap();
    assert!(
        broken
            .iter()
            .any(|v| v["property"] == "a countered item never resolves"),
        "{s}"
    );
    assert_eq!(s["final"], true);
    assert!(s["stopped"].as_str().unwrap().contains("violated"), "{s}");
    assert!(s["actions"].as_array().unwrap().is_empty());
    let (_, svg) = e.get("/api/svg");
    assert!(svg.contains("#ffd7d5") && svg.contains("Violated"), "{svg}");
}

#[test]
fn a_counterexample_of_check_opens_at_its_end() {
    // `check --out` writes the shortest path to the violation; the Explorer, given the same
    // fault, walks all of it and opens on the state that breaks the property.
    let out = crate::common::scratch("cx");
    let checked = crate::common::program()
        .args([
            "check",
            "--quick",
            "--mode",
            "skirmish",
            "--family",
            "chain",
            "--fault",
            "priority-stays-with-leaver",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(1));
    let file = out.join("chain__departed-no-priority.toml");
    let steps = riftcheck::Scenario::load(&file).unwrap().steps.len();
    let e = Explorer::start(&[
        file.to_str().unwrap(),
        "--fault",
        "priority-stays-with-leaver",
    ]);
    let s = e.state(None);
    let _ = std::fs::remove_dir_all(&out);
    assert!(s["opened"].is_null(), "{s}");
    assert_eq!(s["path"].as_array().unwrap().len(), steps);
    assert!(
        s["violated"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["property"] == "a departed player never receives Priority"),
        "{s}"
    );
    // What the faulty engine did: the departed B holds Priority.
    assert_eq!(s["removed"], serde_json::json!(["B"]));
    assert_eq!(s["holders"]["priority"], "B");
}

#[test]
fn a_browser_draws_the_page() {
    let Some(browser) = browser() else {
        eprintln!("skipped: no chromium on this machine (.ci/run installs Debian's)");
        return;
    };
    let file = root().join(RESPONSE);
    let e = Explorer::start(&[file.to_str().unwrap()]);
    let url = format!("http://127.0.0.1:{}/", e.port);
    let headless = |extra: &[String]| {
        Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--window-size=1280,1400",
                // Time for the script to fetch and draw the state.
                "--virtual-time-budget=10000",
            ])
            .args(extra)
            .arg(&url)
            .output()
            .unwrap()
    };
    // The page as the script leaves it: the board drawn, the path's steps, the timeline.
    let dom = headless(&["--dump-dom".to_string()]);
    assert!(dom.status.success(), "{dom:?}");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("riftcheck Explorer: "), "{dom}");
    let scenario = riftcheck::Scenario::load(&file).unwrap();
    for card in &scenario.setup.cards {
        assert!(
            dom.contains(&format!("<td>{}</td>", card.name)),
            "{}: {dom}",
            card.name
        );
    }
    assert!(dom.contains("<svg"), "the timeline is inline: {dom}");
    assert!(dom.contains("B concedes"), "the scenario's steps: {dom}");
    // And it is drawn: far from blank, far from a solid fill.
    let png = crate::common::scratch("page.png");
    let shot = headless(&[format!("--screenshot={}", png.display())]);
    assert!(shot.status.success(), "{shot:?}");
    let ink = Command::new("python3")
        .arg(root().join("scripts/png-ink.py"))
        .arg(&png)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&png);
    assert!(ink.status.success(), "{ink:?}");
    let share: f64 = String::from_utf8_lossy(&ink.stdout).trim().parse().unwrap();
    assert!(
        share > 0.03 && share < 0.9,
        "{share} of the pixels are drawn"
    );
}

/// MTG's seed 004: A's Mind Control steals B's Assault Griffin, then B leaves (800.4a).
const MTG_SCENARIO: &str = "tests/mtg/scenarios/seed_004_mind_control_bianca_leaves.toml";

#[test]
fn an_mtg_scenario_opens_on_its_last_step_named_as_its_file_names_things() {
    // The Explorer is written once over the ruleset: the MTG scenario's file declares its
    // ruleset, and the Explorer opens at the end of its steps, as for Riftbound.
    let file = root().join(MTG_SCENARIO);
    let scenario = riftcheck::mtg::scenario::MtgScenario::load(&file).unwrap();
    let replay = scenario.replay();
    assert!(replay.passed(), "{:?}", replay.failures);
    let e = Explorer::start(&[file.to_str().unwrap()]);
    let (_, page) = e.get("/");
    let title = riftcheck_core::markup::escape_markup(&scenario.title);
    assert!(page.contains(&title), "{page}");
    let s = e.state(None);
    assert!(s["opened"].is_null(), "{s}");
    assert_eq!(s["path"].as_array().unwrap().len(), scenario.steps.len());
    assert_eq!(s["title"], scenario.title.as_str());
    // The state is the replay's last: every object in its zone, B gone, nobody violated.
    let last = replay.views.last().unwrap();
    let zones: Vec<&str> = last.objects.iter().map(|o| o.zone.key()).collect();
    let shown: Vec<&str> = s["objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["zone"].as_str().unwrap())
        .collect();
    assert_eq!(shown, zones);
    assert_eq!(s["left"], serde_json::json!(["B"]));
    assert_eq!(s["violated"], serde_json::json!([]));
    // The steps in the renderer's sentences, with the file's names and 800.4a cited.
    let steps = s["steps"].as_array().unwrap();
    assert_eq!(steps[0]["action"], scenario.step_text[0].as_str());
    let told: Vec<&str> = steps[4]["sentences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert!(told.contains(&"B concedes."), "{told:?}");
    assert!(
        told.contains(&"Assault Griffin leaves the game with its owner (800.4a)."),
        "{told:?}"
    );
    // The page's tables are MTG's own.
    let titles: Vec<&str> = s["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Players", "Turn", "Stack", "Objects"]);
    // One step back, B is still in the game; MTG draws no timeline, and says so in JSON.
    let back = e.state(Some(&[4, 0, 0, 0]));
    assert_eq!(back["left"], serde_json::json!([]));
    let (status, body) = e.get("/api/svg");
    assert_eq!(status, 404, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("MTG"), "{v}");
}

#[test]
fn an_mtg_counterexample_opens_on_its_violation_under_its_fault_only() {
    // check --ruleset mtg writes the counterexample of a fault; the Explorer, given the same
    // fault, opens on the violation (the departed A keeps priority), and without it the same
    // steps break nothing.
    let out = crate::common::scratch("mtg-explore");
    let _ = std::fs::remove_dir_all(&out);
    let run = crate::common::program()
        .args([
            "check",
            "--ruleset",
            "mtg",
            "--family",
            "steal",
            "--players",
            "3",
        ])
        .args(["--fault", "priority-kept", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    let file = out.join("steal__no-priority-for-leaver.toml");
    let faulty = Explorer::start(&[file.to_str().unwrap(), "--fault", "priority-kept"]);
    let s = faulty.state(None);
    assert_eq!(s["fault"], "priority-kept");
    assert!(
        s["violated"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["property"] == "a player who left never receives priority"),
        "{s}"
    );
    assert_eq!(s["turn"]["priority"], "A");
    assert_eq!(s["left"], serde_json::json!(["A"]));
    assert_eq!(s["final"], true);
    assert!(s["actions"].as_array().unwrap().is_empty(), "{s}");
    drop(faulty);
    let clean = Explorer::start(&[file.to_str().unwrap()]);
    let s = clean.state(None);
    assert_eq!(s["violated"], serde_json::json!([]), "{s}");
    assert_eq!(s["turn"]["priority"], "B");
    let _ = std::fs::remove_dir_all(&out);
}
