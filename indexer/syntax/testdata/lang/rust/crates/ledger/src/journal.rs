/// Journal records every movement of money, append only.
#[derive(Default)]
pub struct Journal {
    entries: Vec<i64>,
}

impl Journal {
    /// record appends one signed amount in cents.
    pub fn record(&mut self, cents: i64) {
        self.entries.push(cents);
    }
}
