//! The shop crate: carts and prices.

pub mod shop;

/// Version of the crate.
pub fn version() -> &'static str {
    "1.0"
}

mod util {
    /// clamp keeps v within lo..=hi.
    pub fn clamp(v: i64, lo: i64, hi: i64) -> i64 {
        v.max(lo).min(hi)
    }
}
