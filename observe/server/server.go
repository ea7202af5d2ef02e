// Package server is the HTTP interface of axtreed: clients post pages (HTML
// or capture documents) as steps of runs and get back the numbered tree;
// observations, runs and state graphs are read back from the store.
//
// Endpoints (errors are JSON {"error": "..."} with a 4xx or 5xx status):
//
//	POST /v1/observations        body: text/html or application/json (capture)
//	     X-Axtree-Run: RUN       required; [A-Za-z0-9._-], 1-128, not starting with . or -
//	     X-Axtree-Previous: ID   optional; the observation the action was taken on
//	                             (default: the run's last step)
//	     X-Axtree-Action: JSON   optional; {"element":12,"action":"click","value":"..."}
//	     X-Axtree-URL: URL       optional; page URL (overrides a capture's url)
//	GET  /v1/observations/{id}
//	GET  /v1/runs/{run}
//	GET  /v1/graph?site=S&format=json|dot
//	GET  /healthz
package server

import (
	"bytes"
	"context"
	"crypto/sha256"
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
	"time"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/tokens"
)

// Defaults for zero Config fields.
const (
	DefaultMaxBodyBytes = 32 << 20
	DefaultTimeout      = 60 * time.Second
)

// Config tunes a Server. Zero fields take the defaults.
type Config struct {
	// MaxBodyBytes caps a posted page; default DefaultMaxBodyBytes (32 MiB).
	MaxBodyBytes int64
	// Timeout bounds a request, waiting for a render slot included; default
	// DefaultTimeout. A render in progress is not interrupted: its result
	// is dropped (503) when the time is up.
	Timeout time.Duration
	// MaxConcurrent bounds the pages read and rendered at once; default
	// GOMAXPROCS. Further posts wait for a slot until their timeout.
	MaxConcurrent int
	// Now gives capture times; nil means time.Now.
	Now func() time.Time
	// CountTokens counts the tokens of the returned tree text and
	// TokenEncoding names how; nil means the o200k_base BPE of package
	// tokens (tiktoken, tables embedded), or observe.EstimateTokens
	// ("estimate") if that cannot load.
	CountTokens   func([]byte) int
	TokenEncoding string
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
			c.CountTokens = func(b []byte) int { return tc.Count(tokens.O200k, b) }
			c.TokenEncoding = string(tokens.O200k)
		} else {
			c.CountTokens, c.TokenEncoding = observe.EstimateTokens, "estimate"
		}
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

func (s *Server) countTokens(b []byte) int {
	k := sha256.Sum256(b)
	s.toks.mu.Lock()
	n, ok := s.toks.m[k]
	s.toks.mu.Unlock()
	if ok {
		return n
	}
	n = s.cfg.CountTokens(b)
	s.toks.mu.Lock()
	if s.toks.m == nil || len(s.toks.m) >= maxTokenCache {
		s.toks.m = make(map[[sha256.Size]byte]int)
	}
	s.toks.m[k] = n
	s.toks.mu.Unlock()
	return n
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
	}
	s.mux.HandleFunc("POST /v1/observations", s.post)
	s.mux.HandleFunc("GET /v1/observations/{id}", s.getObservation)
	s.mux.HandleFunc("GET /v1/runs/{run}", s.getRun)
	s.mux.HandleFunc("GET /v1/graph", s.getGraph)
	s.mux.HandleFunc("GET /healthz", s.health)
	for _, p := range []string{"/v1/observations", "/v1/observations/{id}", "/v1/runs/{run}", "/v1/graph", "/healthz"} {
		s.mux.HandleFunc(p, methodNotAllowed)
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.URL.Path)
	})
	return s
}

// ServeHTTP implements http.Handler. A panic in a handler becomes a 500.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", v))
		}
	}()
	s.mux.ServeHTTP(w, r)
}

func methodNotAllowed(w http.ResponseWriter, r *http.Request) {
	writeError(w, http.StatusMethodNotAllowed, "method "+r.Method+" not allowed on "+r.URL.Path)
}

// PostResponse is the answer to POST /v1/observations.
type PostResponse struct {
	ID       string          `json:"id"`                 // observation id (content hash)
	Run      string          `json:"run"`                //
	Seq      int             `json:"seq"`                // position in the run
	Previous string          `json:"previous,omitempty"` // previous observation id
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
	}
	kind, err := contentKind(r.Header.Get("Content-Type"))
	if err != nil {
		writeError(w, http.StatusUnsupportedMediaType, err.Error())
		return
	}

	select {
	case s.sem <- struct{}{}:
		defer func() { <-s.sem }()
	case <-ctx.Done():
		writeError(w, http.StatusServiceUnavailable, "server busy: no render slot before the request timeout")
		return
	}

	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("body is larger than %d bytes", s.cfg.MaxBodyBytes))
			return
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			writeError(w, http.StatusRequestTimeout, "reading body: "+err.Error())
			return
		}
		writeError(w, http.StatusBadRequest, "reading body: "+err.Error())
		return
	}
	if len(bytes.TrimSpace(body)) == 0 {
		writeError(w, http.StatusBadRequest, "empty body")
		return
	}

	pageURL := r.Header.Get("X-Axtree-URL")
	var page *render.Result
	opts := render.Options{URL: pageURL, MaxInputBytes: -1, ContentType: r.Header.Get("Content-Type")} // the body is already capped
	if kind == "html" {
		page, err = render.HTMLBytes(body, opts)
	} else {
		page, err = render.Capture(bytes.NewReader(body), opts)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if ctx.Err() != nil {
		writeError(w, http.StatusServiceUnavailable, "request timed out while rendering")
		return
	}

	rec, err := s.rec.Record(ctx, observe.Input{Run: run, Previous: prev, Action: act, Page: page})
	if err != nil {
		switch {
		case errors.Is(err, observe.ErrBadRun):
			writeError(w, http.StatusBadRequest, err.Error())
		case errors.Is(err, observe.ErrUnknownPrevious), errors.Is(err, observe.ErrBadAction):
			writeError(w, http.StatusUnprocessableEntity, err.Error())
		case ctx.Err() != nil:
			writeError(w, http.StatusServiceUnavailable, "request timed out while storing")
		default:
			writeError(w, http.StatusInternalServerError, err.Error())
		}
		return
	}
	o := rec.Observation
	writeJSON(w, http.StatusOK, &PostResponse{
		ID: o.ID, Run: o.Run, Seq: o.Seq, Previous: o.Previous, Action: o.Action, URL: o.URL, Title: o.Title,
		Text: string(rec.Text), Links: rec.Links, Enriched: string(rec.Enriched),
		Tokens: s.countTokens(rec.Text), TokenEncoding: s.cfg.TokenEncoding,
	})
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

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
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
