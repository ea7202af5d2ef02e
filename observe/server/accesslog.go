package server

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// logWriter records the status and size of a response for the access log.
type logWriter struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
}

func (w *logWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *logWriter) Write(b []byte) (int, error) {
	w.wroteHeader = true
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (read
// deadlines).
func (w *logWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequest writes one access-log line:
//
//	2026-12-01T10:04:05.123Z POST /v1/observations 200 5123 12.4ms
//
// The path is the escaped request path (no query, no body, no headers),
// so page text and tokens never reach the log and a request cannot forge a
// line.
func (s *Server) logRequest(r *http.Request, w *logWriter, d time.Duration) {
	path := r.URL.EscapedPath()
	if len(path) > 256 {
		path = path[:256] + "..."
	}
	method := r.Method
	if len(method) > 16 {
		method = method[:16]
	}
	line := fmt.Sprintf("%s %s %s %d %d %s\n", time.Now().UTC().Format("2006-01-02T15:04:05.000Z"),
		strconv.Quote(method)[1:len(strconv.Quote(method))-1], path, w.status, w.bytes, d.Round(100*time.Microsecond))
	s.logMu.Lock()
	defer s.logMu.Unlock()
	s.cfg.AccessLog.Write([]byte(line))
}
