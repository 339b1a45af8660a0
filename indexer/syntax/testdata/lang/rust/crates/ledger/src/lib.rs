pub mod journal;

/// Opens the journal of the shop.
pub fn open() -> journal::Journal {
    journal::Journal::default()
}
