use super::Priced;
use std::collections::HashMap;

pub const MAX_LINES: usize = 100;

/// Cart holds the items a customer is about to buy.
#[derive(Debug, Default)]
pub struct Cart {
    lines: HashMap<String, u32>,
}

/// State is where a cart is in its life.
pub enum State {
    Open,
    CheckedOut,
}

pub type Sku = String;

impl Cart {
    /// new returns an empty cart.
    pub fn new() -> Self {
        Self::default()
    }

    // add puts an item in the cart.
    pub fn add(&mut self, sku: &str, quantity: u32) {
        *self.lines.entry(sku.to_string()).or_insert(0) += quantity;
        self.changed();
    }

    fn changed(&self) {
        fn log(msg: &str) {
            println!("{msg}");
        }
        log("changed");
    }
}

impl Priced for Cart {
    fn price(&self) -> i64 {
        self.lines.values().map(|q| *q as i64 * 100).sum()
    }
}

macro_rules! sku {
    ($s:expr) => {
        $s.to_string()
    };
}
