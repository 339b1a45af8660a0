// Package closers has 30 types that each have a Close method: the
// ambiguous name of tests that bound how many candidates why returns.
package closers

// Conn is a resource to be closed.
type Conn struct{ open bool }

// Close releases the conn.
func (x *Conn) Close() error { x.open = false; return nil }

// Listener is a resource to be closed.
type Listener struct{ open bool }

// Close releases the listener.
func (x *Listener) Close() error { x.open = false; return nil }

// Stream is a resource to be closed.
type Stream struct{ open bool }

// Close releases the stream.
func (x *Stream) Close() error { x.open = false; return nil }

// Reader is a resource to be closed.
type Reader struct{ open bool }

// Close releases the reader.
func (x *Reader) Close() error { x.open = false; return nil }

// Writer is a resource to be closed.
type Writer struct{ open bool }

// Close releases the writer.
func (x *Writer) Close() error { x.open = false; return nil }

// Pipe is a resource to be closed.
type Pipe struct{ open bool }

// Close releases the pipe.
func (x *Pipe) Close() error { x.open = false; return nil }

// Socket is a resource to be closed.
type Socket struct{ open bool }

// Close releases the socket.
func (x *Socket) Close() error { x.open = false; return nil }

// Channel is a resource to be closed.
type Channel struct{ open bool }

// Close releases the channel.
func (x *Channel) Close() error { x.open = false; return nil }

// Pool is a resource to be closed.
type Pool struct{ open bool }

// Close releases the pool.
func (x *Pool) Close() error { x.open = false; return nil }

// Client is a resource to be closed.
type Client struct{ open bool }

// Close releases the client.
func (x *Client) Close() error { x.open = false; return nil }

// Server is a resource to be closed.
type Server struct{ open bool }

// Close releases the server.
func (x *Server) Close() error { x.open = false; return nil }

// Session is a resource to be closed.
type Session struct{ open bool }

// Close releases the session.
func (x *Session) Close() error { x.open = false; return nil }

// Tunnel is a resource to be closed.
type Tunnel struct{ open bool }

// Close releases the tunnel.
func (x *Tunnel) Close() error { x.open = false; return nil }

// Cursor is a resource to be closed.
type Cursor struct{ open bool }

// Close releases the cursor.
func (x *Cursor) Close() error { x.open = false; return nil }

// Tx is a resource to be closed.
type Tx struct{ open bool }

// Close releases the tx.
func (x *Tx) Close() error { x.open = false; return nil }

// Batch is a resource to be closed.
type Batch struct{ open bool }

// Close releases the batch.
func (x *Batch) Close() error { x.open = false; return nil }

// Queue is a resource to be closed.
type Queue struct{ open bool }

// Close releases the queue.
func (x *Queue) Close() error { x.open = false; return nil }

// Watcher is a resource to be closed.
type Watcher struct{ open bool }

// Close releases the watcher.
func (x *Watcher) Close() error { x.open = false; return nil }

// Tailer is a resource to be closed.
type Tailer struct{ open bool }

// Close releases the tailer.
func (x *Tailer) Close() error { x.open = false; return nil }

// Spool is a resource to be closed.
type Spool struct{ open bool }

// Close releases the spool.
func (x *Spool) Close() error { x.open = false; return nil }

// Segment is a resource to be closed.
type Segment struct{ open bool }

// Close releases the segment.
func (x *Segment) Close() error { x.open = false; return nil }

// Journal is a resource to be closed.
type Journal struct{ open bool }

// Close releases the journal.
func (x *Journal) Close() error { x.open = false; return nil }

// Ledger is a resource to be closed.
type Ledger struct{ open bool }

// Close releases the ledger.
func (x *Ledger) Close() error { x.open = false; return nil }

// Archive is a resource to be closed.
type Archive struct{ open bool }

// Close releases the archive.
func (x *Archive) Close() error { x.open = false; return nil }

// Cache is a resource to be closed.
type Cache struct{ open bool }

// Close releases the cache.
func (x *Cache) Close() error { x.open = false; return nil }

// Store is a resource to be closed.
type Store struct{ open bool }

// Close releases the store.
func (x *Store) Close() error { x.open = false; return nil }

// Handle is a resource to be closed.
type Handle struct{ open bool }

// Close releases the handle.
func (x *Handle) Close() error { x.open = false; return nil }

// Port is a resource to be closed.
type Port struct{ open bool }

// Close releases the port.
func (x *Port) Close() error { x.open = false; return nil }

// Link is a resource to be closed.
type Link struct{ open bool }

// Close releases the link.
func (x *Link) Close() error { x.open = false; return nil }

// Mux is a resource to be closed.
type Mux struct{ open bool }

// Close releases the mux.
func (x *Mux) Close() error { x.open = false; return nil }
