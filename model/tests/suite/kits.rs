//! Where engine authors meet riftcheck: the TypeScript and Python bridge kits' own test suites
//! (each runs `conform` and `validate` against its template engine with this build of
//! riftcheck), and the GitHub Action's script, run here as a workflow would run it.

use crate::common::conform as harness;

use std::process::Command;

use harness::{bin, out_dir, root};

/// Runs a kit's test command in its folder, with this build of riftcheck; its output.
fn kit(folder: &str, program: &str, args: &[&str]) -> (bool, String) {
    let run = Command::new(program)
        .args(args)
        .current_dir(root().join(folder))
        .env("RIFTCHECK", bin())
        .output()
        .unwrap_or_else(|e| panic!("{program} runs the kit's tests: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    (run.status.success(), text)
}

/// `node --test` in `bridges/typescript` (Node 20): nothing fails and, with riftcheck at hand,
/// nothing is skipped.
#[test]
fn the_typescript_kits_tests_pass() {
    let (ok, out) = kit("bridges/typescript", "node", &["--test"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("# fail 0") && out.contains("# skipped 0"),
        "{out}"
    );
}

/// `python3 -m unittest` in `bridges/python` (Python 3.11): nothing fails or is skipped.
#[test]
fn the_python_kits_tests_pass() {
    let (ok, out) = kit(
        "bridges/python",
        "python3",
        &["-m", "unittest", "discover", "-s", "tests"],
    );
    assert!(ok, "{out}");
    assert!(out.contains("\nOK"), "{out}");
    assert!(!out.contains("skipped"), "{out}");
}

/// The Action's script, as its steps run it: `run` with an engine.
fn action(name: &str, env: &[(&str, &str)]) -> (i32, std::path::PathBuf) {
    let dir = out_dir(&format!("action-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut cmd = Command::new("bash");
    cmd.arg(root().join("action/riftcheck.sh"))
        .arg("run")
        .current_dir(root())
        .env("RIFTCHECK", bin())
        .env("INPUT_OUT", dir.join("out"))
        .env("GITHUB_OUTPUT", dir.join("output"))
        .env("GITHUB_STEP_SUMMARY", dir.join("summary"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let run = cmd.output().unwrap();
    (run.status.code().unwrap(), dir)
}

/// On an engine with a mistake, the Action's run fails, says how many findings in its outputs,
/// writes JUnit with the finding and uploads its scenario file; on the fixed engine it passes.
#[test]
fn the_actions_script_checks_an_engine() {
    let engine = "node bridges/typescript/template/adapter.mjs";
    let (code, dir) = action(
        "mistake",
        &[
            ("INPUT_ENGINE", engine),
            ("INPUT_ARGS", "--family chain --walks 5"),
        ],
    );
    assert_eq!(code, 1);
    let output = std::fs::read_to_string(dir.join("output")).unwrap();
    assert!(output.contains("findings=1\n"), "{output}");
    let junit = std::fs::read_to_string(dir.join("out/junit.xml")).unwrap();
    assert!(
        junit.contains("<failure") && junit.contains("652.5.a.1"),
        "{junit}"
    );
    let found: Vec<_> = std::fs::read_dir(dir.join("out/findings"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    let summary = std::fs::read_to_string(dir.join("summary")).unwrap();
    assert!(summary.contains("FAILED: 1 finding(s)"), "{summary}");

    let fixed = format!("{engine} --no-mistake");
    let (code, dir) = action(
        "fixed",
        &[
            ("INPUT_ENGINE", fixed.as_str()),
            ("INPUT_ARGS", "--family chain --walks 5"),
        ],
    );
    assert_eq!(code, 0);
    let output = std::fs::read_to_string(dir.join("output")).unwrap();
    assert!(output.contains("findings=0\n"), "{output}");
}

/// With traces instead of an engine, the Action validates them.
#[test]
fn the_actions_script_validates_traces() {
    let (code, dir) = action(
        "traces",
        &[(
            "INPUT_TRACES",
            "examples/traces/server_log.jsonl examples/traces/four_becomes_three_mistake.jsonl",
        )],
    );
    assert_eq!(code, 1);
    let junit = std::fs::read_to_string(dir.join("out/junit.xml")).unwrap();
    assert!(
        junit.contains("recorded games") && junit.contains("651.2"),
        "{junit}"
    );
    let (code, _) = action("nothing", &[]);
    assert_eq!(code, 2, "neither an engine nor traces");
}

/// `action.yml` installs with the script, runs it with every input, and uploads the out folder.
#[test]
fn the_action_runs_its_script_with_its_inputs() {
    let yml = std::fs::read_to_string(root().join("action.yml")).unwrap();
    assert!(yml.contains("using: composite"));
    assert!(yml.contains("action/riftcheck.sh\" install"));
    assert!(yml.contains("action/riftcheck.sh\" run"));
    for input in ["engine", "args", "traces", "out"] {
        assert!(
            yml.contains(&format!("\n  {input}:\n"))
                && yml.contains(&format!("${{{{ inputs.{input} }}}}")),
            "{input}"
        );
    }
    assert!(yml.contains("actions/upload-artifact@v4"));
    assert!(yml.contains("actions/cache@v4"));
}

/// Runs `line` with `sh` in `dir`, `path/to/riftcheck` standing for this repository, with the
/// folders of `path` first on the PATH and nothing fetched from a registry; its output.
fn sh(dir: &std::path::Path, line: &str, path: &[&std::path::Path]) -> String {
    let line = line.replace("path/to/riftcheck", &root().display().to_string());
    let mut dirs: Vec<std::path::PathBuf> = path.iter().map(|p| p.to_path_buf()).collect();
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let run = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(dirs).unwrap())
        .env("npm_config_offline", "true")
        .env("npm_config_audit", "false")
        .env("npm_config_fund", "false")
        .env("PIP_NO_INDEX", "1")
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .output()
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(run.status.success(), "{line}:\n{text}");
    text
}

/// The template, copied into `dir` beside the installed kit, against this riftcheck: its one
/// deliberate mistake is found.
fn template_finds_its_mistake(engine: &str, name: &str) {
    let (code, report) = harness::conform(
        engine,
        name,
        &[
            "--phases",
            "exhaustive",
            "--mode",
            "skirmish",
            "--family",
            "chain",
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    assert!(!harness::findings(&report).is_empty(), "{report:#}");
}

/// Each kit's README install lines, run as written in a fresh folder, install it as a package
/// (the TypeScript kit from the tarball `npm pack` makes, the Python kit with pip, from its
/// folder and as a wheel), and the template runs against the installed kit.
#[test]
fn the_kits_install_as_packages_as_their_readmes_say() {
    let lines = |readme: &str, wanted: &[&str]| {
        let text = std::fs::read_to_string(root().join(readme)).unwrap();
        for w in wanted {
            assert!(text.contains(w), "{readme} should say `{w}`");
        }
    };
    // TypeScript.
    let ts = [
        r#"(cd path/to/riftcheck/bridges/typescript && npm pack --pack-destination "$OLDPWD")"#,
        "npm install --save-dev ./riftcheck-bridge-0.1.0.tgz",
    ];
    lines("bridges/typescript/README.md", &ts);
    let dir = crate::common::fresh("kit-npm");
    sh(&dir, "npm init -y", &[]);
    for line in ts {
        sh(&dir, line, &[]);
    }
    for f in ["adapter.mjs", "engine.mjs"] {
        std::fs::copy(
            root().join("bridges/typescript/template").join(f),
            dir.join(f),
        )
        .unwrap();
    }
    template_finds_its_mistake(
        &format!("node {}", dir.join("adapter.mjs").display()),
        "kit-npm",
    );
    // Python, in a virtual environment of its own.
    let py = [
        "python3 -m pip install path/to/riftcheck/bridges/python",
        "python3 -m pip wheel --no-deps -w dist path/to/riftcheck/bridges/python",
        "python3 -m pip install dist/riftcheck_bridge-0.1.0-py3-none-any.whl",
    ];
    lines("bridges/python/README.md", &py);
    let dir = crate::common::fresh("kit-pip");
    sh(&dir, "python3 -m venv venv", &[]);
    let venv = dir.join("venv/bin");
    for line in py {
        sh(&dir, line, &[&venv]);
    }
    let shown = sh(
        &dir,
        "python3 -c 'import riftcheck_bridge; print(riftcheck_bridge.__file__)'",
        &[&venv],
    );
    assert!(shown.contains("venv"), "{shown}");
    std::fs::create_dir_all(dir.join("engine")).unwrap();
    for f in ["adapter.py", "spellstack.py"] {
        std::fs::copy(
            root().join("bridges/python/template").join(f),
            dir.join("engine").join(f),
        )
        .unwrap();
    }
    template_finds_its_mistake(
        &format!(
            "{} {}",
            venv.join("python3").display(),
            dir.join("engine/adapter.py").display()
        ),
        "kit-pip",
    );
}
