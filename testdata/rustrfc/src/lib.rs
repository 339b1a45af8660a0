//! A pipeline of events: sources, a buffered sink, and the network
//! stream the sink writes to.

pub mod batch;
pub mod net;
pub mod sink;
