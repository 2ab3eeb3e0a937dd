//! What an engine's partial observation leaves unchecked, as the report says it: for each field
//! it does not expose (or exposes only in part), the rules that decide the field and the
//! checker's properties that cite those rules. Each ruleset works it out from its own
//! observation ([`crate::Conformed::unchecked`]).

/// A field, or part of one, that is not compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    /// The field (`energy`), or a record's sub-field (`cards.might`).
    pub field: String,
    /// The rules that decide it.
    pub rules: &'static str,
    /// The properties that cite one of those rules.
    pub properties: Vec<&'static str>,
}
