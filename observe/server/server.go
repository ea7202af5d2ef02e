// Package server is the HTTP interface of axtreed: clients post pages (HTML
// or capture documents) as steps of runs and get back the numbered tree;
// observations, runs, trajectories and state graphs are read back from the
// store.
//
// Endpoints (errors are JSON {"error": "..."} with a 4xx or 5xx status):
//
//	POST /v1/observations        body: text/html or application/json (capture)
//	     X-Axtree-Run: RUN       required; [A-Za-z0-9._-], 1-128, not starting with . or -
//	     X-Axtree-Previous: ID   optional; the observation the action was taken on
//	                             (default: the run's last step)
//	     X-Axtree-Action: JSON   optional; {"element":12,"action":"click","value":"..."}
//	     X-Axtree-URL: URL       optional; page URL (overrides a capture's url)
//	GET  /v1/observations/{id}   the text and links stored under id, as the agent was shown them
//	GET  /v1/runs/{run}
//	GET  /v1/graph?site=S&format=json|dot
//	POST /v1/trajectories        body: a trajectory (package trajectory's JSON)
//	POST /v1/trajectories/{id}/steps  body: {"observations":[...],"steps":[...],"outcome":...}
//	GET  /v1/trajectories/{id}
//	GET  /healthz                200 when the store takes writes, else 503
//
// Every request must name a configured host in its Host header (loopback
// names by default), which defeats DNS rebinding; with a token configured,
// every endpoint but /healthz also needs "Authorization: Bearer TOKEN".
package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/tokens"
	"github.com/axtree/axtree/trajectory"
)

// Defaults for zero Config fields.
const (
	DefaultMaxBodyBytes = 32 << 20
	DefaultTimeout      = 60 * time.Second
)

// LoopbackHosts are the host names a server accepts by default.
func LoopbackHosts() []string { return []string{"localhost", "127.0.0.1", "::1"} }

// Config tunes a Server. Zero fields take the defaults.
type Config struct {
	// MaxBodyBytes caps a posted page or trajectory; default
	// DefaultMaxBodyBytes (32 MiB).
	MaxBodyBytes int64
	// Timeout bounds a request: reading its body, waiting for a render
	// slot, rendering, counting tokens and storing. When it runs out the
	// work stops, nothing is stored, and the client gets a 503. Default
	// DefaultTimeout.
	Timeout time.Duration
	// MaxConcurrent bounds the pages rendered (and token counts made) at
	// once; default GOMAXPROCS. A post reads its body first, then waits for
	// a slot until its timeout; the slot is not held while storing.
	MaxConcurrent int
	// Now gives capture times; nil means time.Now.
	Now func() time.Time
	// CountTokens counts the tokens of the returned tree text, stopping
	// with ctx's error when ctx is done, and TokenEncoding names how; nil
	// means o200k_base from package tokens, or EstimateTokens
	// ("estimate") if its tables cannot load.
	CountTokens   func(ctx context.Context, text []byte) (int, error)
	TokenEncoding string
	// Hosts are the host names (without port) requests may name in their
	// Host header; nil means LoopbackHosts. Matching ignores case and a
	// trailing dot.
	Hosts []string
	// Token, when set, must be presented as "Authorization: Bearer
	// TOKEN" on every endpoint but /healthz.
	Token string
	// AccessLog, when set, gets one line per request: time, method,
	// path, status, bytes written and duration; never a body or header.
	AccessLog io.Writer
}

// EstimateTokens counts with observe.EstimateTokens, a cheap estimate
// (Config.CountTokens for a server that needs no BPE tables).
func EstimateTokens(ctx context.Context, text []byte) (int, error) {
	return observe.EstimateTokens(text), ctx.Err()
}

func (c Config) withDefaults() Config {
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = max(1, runtime.GOMAXPROCS(0))
	}
	if c.CountTokens == nil {
		if tc, err := tokens.Load(); err == nil {
			c.CountTokens = func(ctx context.Context, b []byte) (int, error) { return tc.CountContext(ctx, tokens.O200k, b) }
			c.TokenEncoding = string(tokens.O200k)
		} else {
			c.CountTokens, c.TokenEncoding = EstimateTokens, "estimate"
		}
	}
	if c.Hosts == nil {
		c.Hosts = LoopbackHosts()
	}
	return c
}

// Server serves the API over a Store. Build one with New.
type Server struct {
	cfg   Config
	store observe.Store
	rec   *observe.Recorder
	sem   chan struct{}
	mux   *http.ServeMux
	toks  tokenCache
	hosts map[string]bool
	// writeErr is the error of the last write that failed for a reason
	// of the store's (nil after a write that succeeded): /healthz reports
	// it.
	writeErr atomic.Pointer[string]
	logMu    sync.Mutex
}

// tokenCache memoizes token counts by the SHA-256 of the text: a BPE count
// of a large tree costs about as much as rendering it, and agents post the
// same states again and again. It holds at most maxTokenCache entries and
// starts over when full.
type tokenCache struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]int
}

const maxTokenCache = 4096

func (s *Server) countTokens(ctx context.Context, b []byte) (int, error) {
	k := sha256.Sum256(b)
	s.toks.mu.Lock()
	n, ok := s.toks.m[k]
	s.toks.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := s.cfg.CountTokens(ctx, b)
	if err != nil {
		return 0, err
	}
	s.toks.mu.Lock()
	if s.toks.m == nil || len(s.toks.m) >= maxTokenCache {
		s.toks.m = make(map[[sha256.Size]byte]int)
	}
	s.toks.m[k] = n
	s.toks.mu.Unlock()
	return n, nil
}

// New returns a Server over store.
func New(store observe.Store, cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg:   cfg,
		store: store,
		rec:   &observe.Recorder{Store: store, Now: cfg.Now},
		sem:   make(chan struct{}, cfg.MaxConcurrent),
		mux:   http.NewServeMux(),
		hosts: map[string]bool{},
	}
	for _, h := range cfg.Hosts {
		s.hosts[normHost(h)] = true
	}
	s.mux.HandleFunc("POST /v1/observations", s.post)
	s.mux.HandleFunc("GET /v1/observations/{id}", s.getObservation)
	s.mux.HandleFunc("GET /v1/runs/{run}", s.getRun)
	s.mux.HandleFunc("GET /v1/graph", s.getGraph)
	s.mux.HandleFunc("POST /v1/trajectories", s.postTrajectory)
	s.mux.HandleFunc("POST /v1/trajectories/{id}/steps", s.appendTrajectory)
	s.mux.HandleFunc("GET /v1/trajectories/{id}", s.getTrajectory)
	s.mux.HandleFunc("GET /healthz", s.health)
	for _, p := range []string{"/v1/observations", "/v1/observations/{id}", "/v1/runs/{run}", "/v1/graph", "/v1/trajectories", "/v1/trajectories/{id}/steps", "/v1/trajectories/{id}", "/healthz"} {
		s.mux.HandleFunc(p, methodNotAllowed)
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
	})
	return s
}

// normHost lower-cases a host name and drops a trailing dot and IPv6
// brackets.
func normHost(h string) string {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	return strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
}

// hostOf returns the host name of a Host header value, without port.
func hostOf(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return normHost(h)
	}
	return normHost(hostport)
}

// ServeHTTP implements http.Handler: it checks the Host header and the
// token, logs the request when an access log is set, and turns a panic in
// a handler into a 500.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.cfg.AccessLog != nil {
		lw := &logWriter{ResponseWriter: w, status: http.StatusOK}
		start := time.Now()
		defer func() { s.logRequest(r, lw, time.Since(start)) }()
		w = lw
	}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	if r.Host == "" || !s.hosts[hostOf(r.Host)] {
		writeError(w, http.StatusForbidden, "host not served here: start axtreed with -host NAME to serve it")
		return
	}
	if s.cfg.Token != "" && r.URL.Path != "/healthz" {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.Token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="axtreed"`)
			writeError(w, http.StatusUnauthorized, "missing or wrong bearer token (Authorization: Bearer TOKEN)")
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed on "+r.URL.Path)
}

// PostResponse is the answer to POST /v1/observations.
type PostResponse struct {
	// ID is the id of Text and Links, what the agent is shown: GET
	// /v1/observations/{id} returns exactly them, and a trajectory's
	// observation id (trajectory.ObservationID) of the same text is the
	// same.
	ID string `json:"id"`
	// State is the page state's id (canonical numbering): equal pages
	// have equal states in every run, and the state graph's nodes are
	// states.
	State    string          `json:"state"`
	Run      string          `json:"run"`                //
	Seq      int             `json:"seq"`                // position in the run
	Previous string          `json:"previous,omitempty"` // previous step's ID
	Action   *observe.Action `json:"action,omitempty"`   // the resolved action
	URL      string          `json:"url,omitempty"`
	Title    string          `json:"title,omitempty"`
	Text     string          `json:"text"`     // lean tree, the run's stable numbering
	Links    links.Record    `json:"links"`    // link record, stable numbering
	Enriched string          `json:"enriched"` // tree with link URLs inline
	// Tokens counts the tokens of Text in TokenEncoding ("o200k_base", or
	// "estimate" for observe.EstimateTokens).
	Tokens        int    `json:"tokens"`
	TokenEncoding string `json:"token_encoding"`
}

// timedOut answers 503 for a request whose time ran out during what.
func timedOut(w http.ResponseWriter, what string) {
	writeError(w, http.StatusServiceUnavailable, "request timed out while "+what+"; nothing was stored")
}

// readBody reads the request body, bounded by MaxBodyBytes and by ctx's
// deadline. It answers the error itself and returns ok false then.
func (s *Server) readBody(ctx context.Context, w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if d, ok := ctx.Deadline(); ok {
		http.NewResponseController(w).SetReadDeadline(d) // unsupported by some writers (tests): the server's ReadTimeout still holds
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		var mb *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &mb):
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("body is larger than %d bytes", s.cfg.MaxBodyBytes))
		case errors.As(err, &ne) && ne.Timeout(), ctx.Err() != nil:
			writeError(w, http.StatusRequestTimeout, "reading body: timed out")
		default:
			writeError(w, http.StatusBadRequest, "reading body: "+err.Error())
		}
		return nil, false
	}
	if len(bytes.TrimSpace(body)) == 0 {
		writeError(w, http.StatusBadRequest, "empty body")
		return nil, false
	}
	return body, true
}

// noteWrite records the outcome of a write for /healthz: err nil clears
// the last failure.
func (s *Server) noteWrite(err error) {
	if err == nil {
		if s.writeErr.Load() != nil {
			s.writeErr.Store(nil)
		}
		return
	}
	msg := err.Error()
	s.writeErr.Store(&msg)
}

func (s *Server) post(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()

	run := r.Header.Get("X-Axtree-Run")
	if run == "" {
		writeError(w, http.StatusBadRequest, "missing X-Axtree-Run header")
		return
	}
	if !observe.ValidRun(run) {
		writeError(w, http.StatusBadRequest, "invalid run id in X-Axtree-Run: use 1-128 of A-Z a-z 0-9 . _ -, not starting with . or -")
		return
	}
	prev := r.Header.Get("X-Axtree-Previous")
	if prev != "" && !observe.ValidID(prev) {
		writeError(w, http.StatusUnprocessableEntity, "X-Axtree-Previous is not an observation id (32 lower-case hex digits)")
		return
	}
	var act *observe.Action
	if h := r.Header.Get("X-Axtree-Action"); h != "" {
		act = &observe.Action{}
		dec := json.NewDecoder(strings.NewReader(h))
		dec.DisallowUnknownFields()
		if err := dec.Decode(act); err != nil || dec.More() {
			writeError(w, http.StatusBadRequest, "X-Axtree-Action is not an action JSON object {\"element\":N,\"action\":\"...\",\"value\":\"...\"}")
			return
		}
		if !observe.KnownVerb(act.Action) {
			writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("unknown action %q in X-Axtree-Action (known: %s)", clip(act.Action), strings.Join(observe.Verbs(), ", ")))
			return
		}
	}
	kind, err := contentKind(r.Header.Get("Content-Type"))
	if err != nil {
		writeError(w, http.StatusUnsupportedMediaType, err.Error())
		return
	}

	// The body first: a client that trickles it holds a connection, not a
	// render slot.
	body, ok := s.readBody(ctx, w, r)
	if !ok {
		return
	}
	if !s.acquire(ctx) {
		writeError(w, http.StatusServiceUnavailable, "server busy: no render slot before the request timeout")
		return
	}
	pageURL := r.Header.Get("X-Axtree-URL")
	var page *render.Result
	opts := render.Options{URL: pageURL, MaxInputBytes: -1, ContentType: r.Header.Get("Content-Type"), Context: ctx} // the body is already capped
	if kind == "html" {
		page, err = render.HTMLBytes(body, opts)
	} else {
		page, err = render.Capture(bytes.NewReader(body), opts)
	}
	s.release()
	if ctx.Err() != nil {
		timedOut(w, "rendering")
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}

	var ntok int
	rec, err := s.rec.Record(ctx, observe.Input{Run: run, Previous: prev, Action: act, Page: page,
		Finish: func(ctx context.Context, r *observe.Recorded) error {
			// Counting is CPU work like rendering: it takes a slot too.
			if !s.acquire(ctx) {
				return ctx.Err()
			}
			defer s.release()
			n, err := s.countTokens(ctx, r.Text)
			ntok = n
			return err
		}})
	if err != nil {
		switch {
		case errors.Is(err, observe.ErrBadRun):
			writeError(w, http.StatusBadRequest, err.Error())
		case errors.Is(err, observe.ErrUnknownPrevious), errors.Is(err, observe.ErrBadAction), errors.Is(err, observe.ErrRunExists):
			writeError(w, http.StatusUnprocessableEntity, err.Error())
		case ctx.Err() != nil:
			timedOut(w, "counting tokens or storing")
		default:
			s.noteWrite(err)
			writeError(w, http.StatusInternalServerError, err.Error())
		}
		return
	}
	s.noteWrite(nil)
	o := rec.Observation
	writeJSON(w, http.StatusOK, &PostResponse{
		ID: o.ID, State: o.State, Run: o.Run, Seq: o.Seq, Previous: o.Previous, Action: o.Action, URL: o.URL, Title: o.Title,
		Text: string(rec.Text), Links: rec.Links, Enriched: string(rec.Enriched),
		Tokens: ntok, TokenEncoding: s.cfg.TokenEncoding,
	})
}

// acquire takes a render slot, waiting until ctx is done (false then).
// Slots bound the CPU work of requests (rendering, counting tokens), never
// a wait on the store, so a slot holder never waits for a run's lock (a
// writer holding a lock may wait for a slot; the slot's holder finishes
// without it).
func (s *Server) acquire(ctx context.Context) bool {
	select {
	case s.sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.sem }

func clip(s string) string {
	if len(s) > 40 {
		return strings.ToValidUTF8(s[:40], "") + "…"
	}
	return s
}

// contentKind maps a Content-Type to "html" or "capture".
func contentKind(ct string) (string, error) {
	if ct == "" {
		return "", errors.New("missing Content-Type: use text/html or application/json (capture document)")
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", fmt.Errorf("bad Content-Type %q", ct)
	}
	switch mt {
	case "text/html", "application/xhtml+xml":
		return "html", nil
	case "application/json":
		return "capture", nil
	}
	return "", fmt.Errorf("unsupported Content-Type %q: use text/html or application/json (capture document)", mt)
}

func (s *Server) getObservation(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !observe.ValidID(id) {
		writeError(w, http.StatusBadRequest, "not an observation id (32 lower-case hex digits)")
		return
	}
	o, err := s.store.Get(r.Context(), id)
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

// RunResponse is the answer to GET /v1/runs/{run}.
type RunResponse struct {
	Run   string                 `json:"run"`
	Steps []*observe.Observation `json:"steps"` // in order; without text and links
}

func (s *Server) getRun(w http.ResponseWriter, r *http.Request) {
	run := r.PathValue("run")
	if !observe.ValidRun(run) {
		writeError(w, http.StatusBadRequest, "invalid run id")
		return
	}
	steps, err := s.store.Run(r.Context(), run)
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, &RunResponse{Run: run, Steps: steps})
}

func (s *Server) getGraph(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	format := q.Get("format")
	if format == "" {
		format = "json"
	}
	if format != "json" && format != "dot" {
		writeError(w, http.StatusBadRequest, "format must be json or dot")
		return
	}
	g, err := s.store.Graph(r.Context(), strings.ToLower(q.Get("site")))
	if err != nil {
		s.storeError(w, err)
		return
	}
	if format == "dot" {
		w.Header().Set("Content-Type", "text/vnd.graphviz; charset=utf-8")
		w.Write(g.DOT())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(g.JSON())
}

// TrajectoryResponse is the answer to a trajectory write.
type TrajectoryResponse struct {
	ID    string `json:"id"`
	Steps int    `json:"steps"` // steps stored
}

// trajectoryError answers the error of a trajectory write or read.
func (s *Server) trajectoryError(w http.ResponseWriter, ctx context.Context, err error) {
	var te *trajectory.Error
	switch {
	case errors.As(err, &te):
		writeError(w, http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, trajectory.ErrTooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, err.Error())
	case errors.Is(err, observe.ErrExists):
		writeError(w, http.StatusConflict, err.Error())
	case errors.Is(err, observe.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case ctx.Err() != nil:
		timedOut(w, "storing")
	default:
		s.noteWrite(err)
		writeError(w, http.StatusInternalServerError, err.Error())
	}
}

func (s *Server) postTrajectory(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	body, ok := s.readBody(ctx, w, r)
	if !ok {
		return
	}
	run, err := trajectory.Unmarshal(body, trajectory.Options{MaxBytes: s.cfg.MaxBodyBytes})
	if err != nil {
		s.trajectoryError(w, ctx, err)
		return
	}
	if err := s.store.CreateTrajectory(ctx, run); err != nil {
		s.trajectoryError(w, ctx, err)
		return
	}
	s.noteWrite(nil)
	writeJSON(w, http.StatusCreated, &TrajectoryResponse{ID: run.ID, Steps: len(run.Steps)})
}

func (s *Server) appendTrajectory(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	id := r.PathValue("id")
	if !observe.ValidRun(id) {
		writeError(w, http.StatusBadRequest, "invalid trajectory id")
		return
	}
	body, ok := s.readBody(ctx, w, r)
	if !ok {
		return
	}
	add := &observe.TrajectoryAppend{}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(add); err != nil || dec.More() {
		msg := "body is not one JSON object"
		if err != nil {
			msg = err.Error()
		}
		writeError(w, http.StatusBadRequest, "bad append: "+msg+` (want {"observations":[...],"steps":[...],"outcome":"...","note":"..."})`)
		return
	}
	n, err := s.store.AppendTrajectory(ctx, id, add)
	if err != nil {
		s.trajectoryError(w, ctx, err)
		return
	}
	s.noteWrite(nil)
	writeJSON(w, http.StatusOK, &TrajectoryResponse{ID: id, Steps: n})
}

func (s *Server) getTrajectory(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !observe.ValidRun(id) {
		writeError(w, http.StatusBadRequest, "invalid trajectory id")
		return
	}
	run, err := s.store.Trajectory(r.Context(), id)
	if err != nil {
		s.trajectoryError(w, r.Context(), err)
		return
	}
	b, err := trajectory.Marshal(run)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// HealthResponse is the answer to GET /healthz.
type HealthResponse struct {
	Status string `json:"status"`          // "ok" or "unavailable"
	Error  string `json:"error,omitempty"` // why not
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), min(s.cfg.Timeout, 10*time.Second))
	defer cancel()
	if err := s.store.Health(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, &HealthResponse{Status: "unavailable", Error: "store: " + err.Error()})
		return
	}
	if msg := s.writeErr.Load(); msg != nil {
		writeJSON(w, http.StatusServiceUnavailable, &HealthResponse{Status: "unavailable", Error: "last write failed: " + *msg})
		return
	}
	writeJSON(w, http.StatusOK, &HealthResponse{Status: "ok"})
}

func (s *Server) storeError(w http.ResponseWriter, err error) {
	if errors.Is(err, observe.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error())
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "encoding response: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(map[string]string{"error": msg})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}
