//! Reading the `[[check]]` tables and the `[expect]` table through the observation's one
//! declaration, every problem located at the key or value it is about.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::reader::Reader;
use super::{Expect, Scenario, ScenarioError};
use crate::card::Catalog;
use crate::observation::expect::Part;
use crate::observation::{Observation, Value};

/// The `[[check]]` tables and the `[expect]` table.
pub(super) fn read_expectations(
    r: &Reader<'_>,
    doc: &DeTable<'_>,
    catalog: &Catalog,
    s: &mut Scenario,
) -> Result<(), ScenarioError> {
    let steps = s.steps.len();
    if let Some(checks) = doc.get("check") {
        let Some(list) = checks.get_ref().as_array() else {
            return Err(r.error(checks.span(), "`check` is a list of [[check]] tables"));
        };
        for c in list.iter() {
            let Some(table) = c.get_ref().as_table() else {
                return Err(r.error(c.span(), "a [[check]] is a table"));
            };
            let Some(after) = table.get("after") else {
                return Err(r.error(
                    c.span(),
                    "a [[check]] says `after = N`: the number of steps done",
                ));
            };
            let n = after
                .get_ref()
                .as_integer()
                .and_then(|n| usize::from_str_radix(n.as_str(), n.radix()).ok())
                .ok_or_else(|| {
                    r.error(
                        after.span(),
                        format!(
                            "`after` is a number of steps, from 0 to {steps}, not {}",
                            r.text.get(after.span()).unwrap_or("this").trim()
                        ),
                    )
                })?;
            if n > steps {
                let there = match steps {
                    1 => "is 1 step".to_string(),
                    n => format!("are {n} steps"),
                };
                return Err(r.error(after.span(), format!("`after = {n}` but there {there}")));
            }
            s.source.checks.push(r.at(c.span()));
            s.checks.push(read_expect(r, table, catalog, n)?);
        }
    }
    if let Some(e) = doc.get("expect") {
        let Some(table) = e.get_ref().as_table() else {
            return Err(r.error(e.span(), "[expect] is a table"));
        };
        if let Some((after, _)) = table.get_key_value("after") {
            return Err(r.error(
                after.span(),
                "`after` belongs in a [[check]]; [expect] is checked after the last step",
            ));
        }
        s.source.expect = r.at(e.span());
        s.expect = Some(read_expect(r, table, catalog, steps)?);
    }
    Ok(())
}

/// Where each part of an expectation is written, by its path (`cards.Poro.at`): its value, and
/// for an entry of a table its key.
#[derive(Default)]
struct Spans {
    values: BTreeMap<String, Range<usize>>,
    keys: BTreeMap<String, Range<usize>>,
}

/// A spanned TOML value as an observation value, recording where each key path is.
fn to_value(
    r: &Reader<'_>,
    v: &Spanned<DeValue<'_>>,
    path: &str,
    spans: &mut Spans,
) -> Result<Value, ScenarioError> {
    spans.values.insert(path.to_string(), v.span());
    Ok(match v.get_ref() {
        DeValue::String(t) => Value::Text(t.to_string()),
        DeValue::Integer(n) => Value::Int(
            i64::from_str_radix(n.as_str(), n.radix())
                .map_err(|_| r.error(v.span(), format!("{path}: this number is out of range")))?,
        ),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Float(_) => {
            return Err(r.error(
                v.span(),
                format!("{path}: expected a whole number, not a fraction"),
            ));
        }
        DeValue::Datetime(_) => {
            return Err(r.error(v.span(), format!("{path}: a date is never expected here")));
        }
        DeValue::Array(items) => Value::List(
            items
                .iter()
                .enumerate()
                .map(|(i, x)| to_value(r, x, &format!("{path}[{i}]"), spans))
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(t) => Value::Map(
            t.iter()
                .map(|(k, x)| {
                    let key = format!("{path}.{}", k.get_ref());
                    spans.keys.insert(key.clone(), k.span());
                    Ok((k.get_ref().to_string(), to_value(r, x, &key, spans)?))
                })
                .collect::<Result<_, _>>()?,
        ),
    })
}

fn read_expect(
    r: &Reader<'_>,
    table: &DeTable<'_>,
    catalog: &Catalog,
    after: usize,
) -> Result<Expect, ScenarioError> {
    let mut e = Expect {
        after,
        ..Expect::default()
    };
    for (k, v) in table.iter() {
        let key = k.get_ref().as_ref();
        if key == "after" {
            continue;
        }
        e.positions.insert(key.to_string(), r.at(k.span()));
        let mut spans = Spans::default();
        spans.keys.insert(key.to_string(), k.span());
        let value = to_value(r, v, key, &mut spans)?;
        if key == "resolved" || key == "countered" {
            let names = crate::observation::expect::each(&value, |x| {
                crate::observation::card_name(x, catalog)
            })
            .map_err(|x| {
                let (at, path) = locate(&spans, key, &x);
                r.error(at, format!("{path}: {}", x.message))
            })?;
            if key == "resolved" {
                e.resolved = Some(names);
            } else {
                e.countered = Some(names);
            }
            continue;
        }
        match Observation::expect_field(key, &value, catalog) {
            None => {
                return Err(r.error(
                    k.span(),
                    format!(
                        "`{key}` is not something observed: expected one of {}, resolved, \
                         countered",
                        Observation::keys()
                    ),
                ));
            }
            Some(Err(x)) => {
                let (at, path) = locate(&spans, key, &x);
                return Err(r.error(at, format!("{path}: {}", x.message)));
            }
            Some(Ok(expected)) => {
                for (path, span) in &spans.values {
                    e.positions.insert(path.clone(), r.at(span.clone()));
                }
                e.set(key, expected);
            }
        }
    }
    Ok(e)
}

/// Where the problem `x` with the expectation of `key` is written, and the path of what it is
/// about (`cards.Poro.at`): the deepest part of its path that the file has, and there the key
/// itself when the problem is with a name (a card that does not exist) rather than a value.
fn locate(spans: &Spans, key: &str, x: &crate::observation::ExpectError) -> (Range<usize>, String) {
    let mut path = key.to_string();
    let mut shown = key.to_string();
    let mut at = spans.values.get(key).cloned().unwrap_or(0..0);
    let mut whole = true;
    for (i, part) in x.path.iter().enumerate() {
        path = if part.starts_with('[') {
            format!("{path}{part}")
        } else {
            format!("{path}.{part}")
        };
        match spans.values.get(&path) {
            Some(span) => at = span.clone(),
            None => {
                whole = false;
                break;
            }
        }
        // A problem with a name is shown under the table that names it.
        if !(x.part == Part::Key && i + 1 == x.path.len()) {
            shown.clone_from(&path);
        }
    }
    if whole
        && x.part == Part::Key
        && let Some(k) = spans.keys.get(&path)
    {
        return (k.clone(), shown);
    }
    (at, shown)
}
