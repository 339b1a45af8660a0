pub mod cart;

/// Priced is anything with a price in cents.
pub trait Priced {
    fn price(&self) -> i64;

    fn is_free(&self) -> bool {
        self.price() == 0
    }
}
