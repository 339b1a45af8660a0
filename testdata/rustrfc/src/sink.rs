use std::time::Duration;

use futures::stream::Stream;

use crate::batch::Batch;

/// When a BufferedSink writes its batch out.
pub enum FlushPolicy {
    /// Write when the batch holds this many events.
    Count(usize),
    /// Write when the oldest event waited this long.
    Interval(Duration),
}

/// BufferedSink collects events from a stream into batches and writes
/// each batch out when its FlushPolicy says so.
pub struct BufferedSink<S> {
    input: S,
    policy: FlushPolicy,
    pending: Batch,
}

impl<S> BufferedSink<S>
where
    S: Stream<Item = u64> + Unpin,
{
    pub fn new(input: S, policy: FlushPolicy) -> Self {
        BufferedSink { input, policy, pending: Batch::default() }
    }

    /// Whether the pending batch is due under the policy.
    pub fn due(&self) -> bool {
        match self.policy {
            FlushPolicy::Count(n) => self.pending.len() >= n,
            FlushPolicy::Interval(_) => false,
        }
    }
}
