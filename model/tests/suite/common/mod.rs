//! What the integration tests share: a small JSON Schema validator, so that the published
//! schemas (`docs/protocol.schema.json`, `docs/output.schema.json`) are checked against what the
//! program really prints without a validator crate.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// Whether `v` follows `schema`: the part of JSON Schema that `docs/protocol.schema.json` uses
/// (`$ref` into `$defs`, `type`, `const`, `enum`, `required`, `properties`,
/// `additionalProperties`, `items`, `anyOf`, `oneOf`, `minimum`; `pattern` is not checked), so that the published schema is
/// checked against what `serve` really sends without a validator crate.
pub fn follows(root: &Value, schema: &Value, v: &Value) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.strip_prefix("#/$defs/").expect("a local reference");
        return follows(root, &root["$defs"][name], v);
    }
    if let Some(c) = schema.get("const")
        && c != v
    {
        return Err(format!("{v} is not {c}"));
    }
    if let Some(e) = schema["enum"].as_array()
        && !e.contains(v)
    {
        return Err(format!("{v} is not one of {schema}"));
    }
    if let Some(t) = schema.get("type") {
        let types: Vec<&str> = match t {
            Value::String(s) => vec![s.as_str()],
            _ => t
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect(),
        };
        let is = |ty: &str| match ty {
            "integer" => v.is_i64() || v.is_u64(),
            "number" => v.is_number(),
            "string" => v.is_string(),
            "boolean" => v.is_boolean(),
            "null" => v.is_null(),
            "object" => v.is_object(),
            "array" => v.is_array(),
            _ => panic!("type {ty}"),
        };
        if !types.iter().any(|ty| is(ty)) {
            return Err(format!("{v} is not of type {t}"));
        }
    }
    if let (Some(min), Some(n)) = (schema["minimum"].as_i64(), v.as_i64())
        && n < min
    {
        return Err(format!("{n} is below {min}"));
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(choices) = schema[key].as_array() {
            let ok = choices
                .iter()
                .filter(|c| follows(root, c, v).is_ok())
                .count();
            let enough = if key == "oneOf" { ok == 1 } else { ok >= 1 };
            if !enough {
                return Err(format!("{v} matches {ok} of {key} {schema}"));
            }
        }
    }
    if let Some(o) = v.as_object() {
        for r in schema["required"].as_array().into_iter().flatten() {
            if !o.contains_key(r.as_str().unwrap()) {
                return Err(format!("{v} lacks {r}"));
            }
        }
        for (k, x) in o {
            match schema["properties"].get(k) {
                Some(p) => follows(root, p, x).map_err(|e| format!("{k}: {e}"))?,
                None => {
                    if let Some(a) = schema.get("additionalProperties") {
                        follows(root, a, x).map_err(|e| format!("{k}: {e}"))?;
                    }
                }
            }
        }
    }
    if let (Some(items), Some(a)) = (schema.get("items"), v.as_array()) {
        for x in a {
            follows(root, items, x)?;
        }
    }
    Ok(())
}

pub mod conform;
pub mod rules_covered;

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The program under test, to be given its arguments.
pub fn program() -> Command {
    Command::new(env!("CARGO_BIN_EXE_riftcheck"))
}

/// A scratch path for the test that calls it, under the target directory (`cargo clean` removes
/// it): `name`, qualified by the calling file and the process. The files of this suite run in one
/// process, so the calling file keeps two files' names apart.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let file = Path::new(std::panic::Location::caller().file());
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("test");
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("riftcheck-{stem}-{}-{name}", std::process::id()))
}

/// [`scratch`] as an empty folder: made, and emptied if a run before left it.
#[track_caller]
pub fn fresh(name: &str) -> PathBuf {
    let dir = scratch(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The browser `.ci/run` installs, if this machine has it.
pub fn browser() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}
