//! What an engine's partial observation and its partial set of actions leave unchecked, as the
//! report says it: for each field it does not expose (or exposes only in part), and each kind of
//! action it does not take, the rules that decide it and the checker's properties that cite
//! those rules. Each ruleset works it out from its own observation and actions
//! ([`crate::Conformed::unchecked`]).

/// A field, or part of one, that is not compared, or a kind of action never offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unchecked {
    /// The field (`energy`), a record's sub-field (`cards.might`), or the action's kind
    /// (`concede`) when [`Unchecked::action`] is set.
    pub field: String,
    /// Whether it is a kind of action the engine does not take, rather than a field.
    pub action: bool,
    /// The rules that decide it.
    pub rules: &'static str,
    /// The properties that cite one of those rules.
    pub properties: Vec<&'static str>,
}
