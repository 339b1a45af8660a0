/// Stream is a TCP connection to the collector, with its own framing.
pub struct Stream {
    addr: String,
}

/// Send is one framed write of the wire protocol.
pub struct Send {
    pub frame: Vec<u8>,
}

impl Stream {
    pub fn write_frame(&mut self, s: Send) -> usize {
        s.frame.len()
    }
}
