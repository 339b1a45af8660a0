/// Batch is the events a BufferedSink holds between two flushes.
#[derive(Default)]
pub struct Batch {
    events: Vec<u64>,
}

impl Batch {
    pub fn len(&self) -> usize {
        self.events.len()
    }
}

/// A Segment is a run of bytes of the write-ahead log.
pub struct Segment {
    bytes: Vec<u8>,
}

impl IntoIterator for Segment {
    type Item = u8;
    type IntoIter = std::vec::IntoIter<u8>;

    fn into_iter(self) -> Self::IntoIter {
        self.bytes.into_iter()
    }
}

/// Ring is a fixed ring of the last events, for the debug page.
pub struct Ring {
    slots: Vec<u64>,
}

impl Ring {
    pub fn push(&mut self, v: u64) {
        if self.slots.len() == self.slots.capacity() {
            self.slots.remove(0);
        }
        self.slots.push(v);
    }
}
