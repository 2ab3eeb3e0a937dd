//! An unvalidated description of a table and a game in progress ([`Setup`]), by names, and the
//! one conversion that validates it ([`Setup::validate`]) into a [`Table`] every engine builds
//! its state from, refusing an impossible table with every problem, each with the field it is
//! about and a typed reason ([`SetupErrors`]).

mod error;
mod input;
mod table;
mod validate;

pub use error::{SetupError, SetupErrors, SetupPath, SetupProblem};
pub use input::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, ItemSetup, Setup, ShowdownSetup,
    ZoneSetup,
};
pub use table::{CardStart, FieldStart, ItemStart, ShowdownStart, Table};

impl Setup {
    /// The table this setup describes.
    ///
    /// # Errors
    ///
    /// Every problem that makes the table impossible, in the order of the setup's fields: a seat
    /// not at the table, a name used twice, a card on the board controlled by a removed player, a
    /// chain item whose card is elsewhere, a Showdown at an unknown battlefield, and so on.
    pub fn validate(&self) -> Result<Table, SetupErrors> {
        validate::validate(self)
    }
}
