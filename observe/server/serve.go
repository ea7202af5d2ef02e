package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/axtree/axtree/internal/httpserve"
	"github.com/axtree/axtree/internal/loopback"
	"github.com/axtree/axtree/observe/stores"
)

// Options configure ListenAndServe. Zero fields take the defaults.
type Options struct {
	Addr string // listen address; default 127.0.0.1:8080
	// DB names the store: a postgres:// URL or a SQLite file path
	// (default axtree.db); see package stores.
	DB string
	Config
	// ShutdownTimeout bounds the wait for in-flight requests once ctx is
	// done; default Timeout + 5s.
	ShutdownTimeout time.Duration
	// Ready, when set, is called with the listening address once the
	// server accepts connections.
	Ready func(addr net.Addr)

	// Connection limits (zero: the defaults below). They bound what slow
	// or idle clients can hold: a header must arrive within
	// ReadHeaderTimeout, a whole request within Config.Timeout, an idle
	// keep-alive connection is closed after IdleTimeout, headers larger than
	// MaxHeaderBytes get 431, and at most MaxConns connections are open at
	// once. A new client that finds them all open closes the one idle the
	// longest; only when none is idle does it wait.
	ReadHeaderTimeout time.Duration // default 10s
	IdleTimeout       time.Duration // default 30s
	MaxHeaderBytes    int           // default 64 KiB
	MaxConns          int           // default 1024
}

// Defaults of the connection limits in Options.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultIdleTimeout       = 30 * time.Second
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultMaxConns          = 1024
)

func (o Options) withDefaults() Options {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:8080"
	}
	if o.DB == "" {
		o.DB = "axtree.db"
	}
	o.Config = o.Config.withDefaults()
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = o.Timeout + 5*time.Second
	}
	if o.ReadHeaderTimeout <= 0 {
		o.ReadHeaderTimeout = DefaultReadHeaderTimeout
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.MaxHeaderBytes <= 0 {
		o.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	return o
}

// IsLoopback reports whether a listen address serves this machine only:
// a loopback IP or "localhost". An empty host (all interfaces) is not.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	return loopback.Is(host)
}

// CheckExposure refuses a configuration that would serve the store beyond
// this machine without a token: a non-loopback listen address needs
// Config.Token and the host names clients will use (Config.Hosts).
func CheckExposure(o Options) error {
	if IsLoopback(o.Addr) {
		return nil
	}
	if o.Token == "" {
		return fmt.Errorf("axtreed: listening on %s (not loopback) needs a bearer token (-token or AXTREED_TOKEN)", o.Addr)
	}
	if o.Hosts == nil {
		return fmt.Errorf("axtreed: listening on %s (not loopback) needs the host names clients use (-host)", o.Addr)
	}
	return nil
}

// NewHTTPServer returns the http.Server axtreed runs for handler h, with
// the timeouts and header limit of o, and wraps ln so that at most
// o.MaxConns connections are open at once (see Options). Serve the
// returned listener.
func NewHTTPServer(h http.Handler, ln net.Listener, o Options) (*http.Server, net.Listener) {
	o = o.withDefaults()
	lim := newLimitListener(ln, o.MaxConns)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		// A body of MaxBodyBytes must arrive within the request timeout.
		ReadTimeout:    o.Timeout,
		WriteTimeout:   o.Timeout + 5*time.Second,
		IdleTimeout:    o.IdleTimeout,
		MaxHeaderBytes: o.MaxHeaderBytes,
		ConnState:      lim.connState,
	}
	return srv, lim
}

// ListenAndServe opens the store, serves the API on Addr until ctx is done
// (a signal, say), then stops accepting, lets in-flight requests finish and
// closes the store. It returns nil after a clean shutdown.
func ListenAndServe(ctx context.Context, o Options) error {
	if err := CheckExposure(o); err != nil {
		return err
	}
	o = o.withDefaults()
	st, err := stores.Open(ctx, o.DB, stores.Options{})
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("axtreed: listen: %w", err)
	}
	srv, ln := NewHTTPServer(New(st, o.Config), ln, o)
	srv.BaseContext = func(net.Listener) context.Context { return context.WithoutCancel(ctx) }
	if o.Ready != nil {
		o.Ready(ln.Addr()) // listening already: connections wait in the backlog
	}
	if err := httpserve.Serve(ctx, srv, ln, o.ShutdownTimeout); err != nil {
		return fmt.Errorf("axtreed: %w", err)
	}
	return nil
}

// limitListener keeps at most max connections open. When a new
// connection arrives and all are open, it closes the connection that has
// been idle (between keep-alive requests) the longest; when none is idle,
// the new connection waits until one closes.
type limitListener struct {
	net.Listener
	slots  chan struct{}
	idle   chan struct{} // a connection went idle
	done   chan struct{} // the listener is closed
	once   sync.Once
	mu     sync.Mutex
	states map[*limitConn]time.Time // idle connections, and since when
}

func newLimitListener(ln net.Listener, max int) *limitListener {
	return &limitListener{
		Listener: ln,
		slots:    make(chan struct{}, max),
		idle:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		states:   map[*limitConn]time.Time{},
	}
}

// Accept implements net.Listener.
func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case l.slots <- struct{}{}:
			return &limitConn{Conn: c, l: l}, nil
		default:
		}
		if l.evictIdle() {
			continue
		}
		select {
		case l.slots <- struct{}{}:
			return &limitConn{Conn: c, l: l}, nil
		case <-l.idle:
		case <-l.done:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

// Close implements net.Listener.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// evictIdle closes the connection idle the longest; false when none is.
func (l *limitListener) evictIdle() bool {
	l.mu.Lock()
	var oldest *limitConn
	var since time.Time
	for c, t := range l.states {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	if oldest != nil {
		delete(l.states, oldest)
	}
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	oldest.Close()
	return true
}

// connState is the http.Server's ConnState hook: it tracks which
// connections are idle.
func (l *limitListener) connState(c net.Conn, st http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	l.mu.Lock()
	if st == http.StateIdle {
		l.states[lc] = time.Now()
	} else {
		delete(l.states, lc)
	}
	l.mu.Unlock()
	if st == http.StateIdle {
		select {
		case l.idle <- struct{}{}:
		default:
		}
	}
}

// limitConn gives its slot back when closed.
type limitConn struct {
	net.Conn
	l    *limitListener
	once sync.Once
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		delete(c.l.states, c)
		c.l.mu.Unlock()
		<-c.l.slots
	})
	return err
}
