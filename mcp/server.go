package mcp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/runtime"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/tokens"
	"github.com/axtree/axtree/trajectory"
)

// Options configure a Server.
type Options struct {
	// Browser says how to launch Chromium (or attach to one, RemoteURL) and
	// bounds every page operation (NavTimeout, ActTimeout, ...). The
	// browser starts at the first tool call that needs a page.
	Browser capture.Options
	// Store keeps every step of every session as an observation; required.
	Store observe.Store
	// Tokens counts tokens for max_tokens; nil loads tokens.Load() on
	// first use.
	Tokens *tokens.Counter
	// AllowFileURLs lets browser_navigate open file: URLs (refused by
	// default: a file: page can read the user's files).
	AllowFileURLs bool
	// UploadRoots are the folders browser_file_upload may choose files
	// from (a page must not talk the model into uploading the user's
	// keys); a hidden file or folder inside one (.env, .ssh/…) is refused.
	// Empty: uploads are off.
	UploadRoots []string
	// QuietLines bounds the appeared and changed lines of a quiet answer,
	// each (0: 12).
	QuietLines int
	// Subroutines are offered as one tool each, named after the Subroutine
	// with its parameters as the input schema.
	Subroutines []*subroutine.Subroutine
	// Name and Version are what the server tells clients (default "axtree"
	// and "dev").
	Name, Version string
	// Trajectories is the folder where every session's trajectory is
	// written, as RUN.json (package trajectory; axtree view opens it),
	// after every step; "" keeps them in memory only (Server.Trajectory).
	Trajectories string
	// Now gives the time for run ids and trajectories; nil means time.Now.
	Now func() time.Time
}

// Server is the MCP server: one Chromium, one session per client.
type Server struct {
	opts Options
	mcp  *sdk.Server

	life   context.Context // the browser's: ends at Close
	cancel context.CancelFunc

	mu       sync.Mutex
	browser  *capture.Browser
	starting chan struct{} // closed when a start attempt ends
	sessions map[*sdk.ServerSession]*session
	runs     []*session      // every session started, live or ended, in order
	subs     map[string]bool // names of the Subroutine tools
	closed   bool
}

// New makes a server and registers its tools. It starts no browser.
func New(opts Options) (*Server, error) {
	if opts.Store == nil {
		return nil, errors.New("mcp: Options.Store is required (every session is recorded)")
	}
	if opts.Name == "" {
		opts.Name = "axtree"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Server{opts: opts, sessions: map[*sdk.ServerSession]*session{}, subs: map[string]bool{}}
	s.life, s.cancel = context.WithCancel(context.Background())
	s.mcp = sdk.NewServer(&sdk.Implementation{Name: opts.Name, Version: opts.Version}, &sdk.ServerOptions{
		Instructions: instructions,
		Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{ListChanged: true}},
	})
	s.addTools()
	if err := s.addPrograms(); err != nil {
		return nil, err
	}
	return s, nil
}

// MCP returns the SDK server, for Run, Connect or an HTTP handler.
func (s *Server) MCP() *sdk.Server { return s.mcp }

// Close ends every session's pages and stops (or detaches from) the
// browser. The store is the caller's.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	b := s.browser
	s.browser = nil
	sessions := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		sessions = append(sessions, ss)
	}
	clear(s.sessions)
	s.mu.Unlock()
	for _, ss := range sessions {
		ss.close()
	}
	s.cancel()
	if b != nil {
		return b.Close()
	}
	return nil
}

// session returns the state of the client session a call came from,
// making it on the first call. It is dropped when the client goes.
func (s *Server) session(req *sdk.CallToolRequest) (*session, error) {
	if req == nil || req.Session == nil {
		return nil, errors.New("mcp: a tool call without a session")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("mcp: the server is shutting down")
	}
	if ss, ok := s.sessions[req.Session]; ok {
		return ss, nil
	}
	run := "mcp-" + s.opts.Now().UTC().Format("20060102T150405Z") + "-" + strconv.Itoa(len(s.runs)+1)
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: run, Task: sessionTask}, trajectory.WithClock(s.opts.Now))
	if err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	ss := &session{srv: s, run: run, traj: rec}
	s.sessions[req.Session] = ss
	s.runs = append(s.runs, ss)
	go func(key *sdk.ServerSession) {
		_ = key.Wait()
		s.mu.Lock()
		gone := s.sessions[key]
		delete(s.sessions, key)
		s.mu.Unlock()
		if gone != nil {
			gone.close()
		}
	}(req.Session)
	return ss, nil
}

// sessionTask is the task of a session's trajectory: the server is not
// told the client's task.
const sessionTask = "an agent session over MCP (the client did not say its task)"

// Trajectory returns the trajectory of the session with run id run so far
// (ended sessions included), or nil.
func (s *Server) Trajectory(run string) *trajectory.Run {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ss := range s.runs {
		if ss.run == run {
			return ss.traj.Run()
		}
	}
	return nil
}

// Runs returns the run ids of every session so far, in order.
func (s *Server) Runs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, len(s.runs))
	for i, ss := range s.runs {
		out[i] = ss.run
	}
	return out
}

// Sessions returns the run ids of the live sessions, sorted.
func (s *Server) Sessions() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, ss := range s.sessions {
		out = append(out, ss.run)
	}
	slices.Sort(out)
	return out
}

// browserFor returns the browser, starting it on first use. A failed start
// is reported to the caller and retried on the next call.
func (s *Server) browserFor(ctx context.Context) (*capture.Browser, error) {
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return nil, errors.New("mcp: the server is shutting down")
		}
		if s.browser != nil {
			b := s.browser
			s.mu.Unlock()
			return b, nil
		}
		if wait := s.starting; wait != nil {
			s.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		done := make(chan struct{})
		s.starting = done
		s.mu.Unlock()

		// The browser lives as long as the server, not the call that
		// happened to start it.
		b, err := capture.Start(s.life, s.browserOptions())
		s.mu.Lock()
		s.starting = nil
		if err == nil {
			if s.closed {
				b.Close()
				err = errors.New("mcp: the server is shutting down")
			} else {
				s.browser = b
			}
		}
		s.mu.Unlock()
		close(done)
		if err != nil {
			return nil, fmt.Errorf("the browser did not start: %w", err)
		}
		return b, nil
	}
}

// browserOptions are the options the browser is started with: the
// caller's, with the runtime's extensions (the program helpers).
func (s *Server) browserOptions() capture.Options {
	o := s.opts.Browser
	o.AllowFileURLs = s.opts.AllowFileURLs
	o.Extensions = append(append([]string(nil), o.Extensions...), runtime.Extensions(false)...)
	return o
}

// counter returns the token counter, loading it on first use.
func (s *Server) counter() (*tokens.Counter, error) {
	if s.opts.Tokens != nil {
		return s.opts.Tokens, nil
	}
	return tokens.Load()
}

// instructions is what the server tells the model about itself.
const instructions = `axtree drives a real browser. Pages are shown as a numbered accessibility tree: one line per element, "[role] name [id=N]", indented by nesting; text lines carry text; a link is written "[name](N)", N its id, and sits in the text it belongs to; a table row whose cells hold only text is one line, "| cell | cell [id=N] |". Act on an element by its id. Ids are stable: an element keeps its number across steps, and an id that no longer exists is reported as gone.

Start with browser_navigate (it answers with the whole tree). Actions (browser_click, browser_type, ...) answer quietly with what changed: new and changed lines, ids that went away, navigation and dialogs. Call browser_snapshot when you need the whole page again; max_tokens shrinks it without ever dropping an element you can act on, and id scopes it to one element's subtree. Form values and checked boxes are listed after the tree as "[id=N] [value=...]" lines.`
