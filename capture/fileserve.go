package capture

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	neturl "net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// FileServer serves one local file to the browser from a loopback HTTP
// server of the adapter's, on a fresh origin: http://RANDOM.localhost:PORT
// (Chromium resolves *.localhost to the loopback address itself), at an
// unguessable path. It serves the file and, below it, the files of its
// "save page, complete" folder NAME_files/ (the stylesheets, images and
// scripts a browser saves beside NAME.html and the page refers to
// relatively: without them a saved page renders unstyled, with other
// content visible), nothing else: no other path, no directory listing, no
// symbolic link leading out of the folder, no request whose Host is not
// the fresh origin's. So a saved page can reach no other local file, and
// its origin is no other page's.
type FileServer struct {
	srv    *http.Server
	origin string // http://HOST:PORT
	url    string // the file's URL
}

// ServeFile starts a FileServer for the file at name. Close it when done.
func ServeFile(name string) (*FileServer, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, fmt.Errorf("capture: serve %s: %w", name, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("capture: serve %s: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("capture: serve %s: not a regular file", name)
	}
	host, err := newSecret()
	if err != nil {
		return nil, err
	}
	token, err := newSecret()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("capture: serve %s: %w", name, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	hostPort := fmt.Sprintf("h%s.localhost:%d", host[:16], port)
	base := filepath.Base(abs)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	dir := filepath.Dir(abs)
	fs := &FileServer{origin: "http://" + hostPort}
	prefix := "/" + token + "/"
	fs.url = fs.origin + prefix + neturl.PathEscape(base)
	companion := stem + "_files"
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != hostPort || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		p := r.URL.Path
		if !strings.HasPrefix(p, prefix) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		rel := path.Clean("/" + strings.TrimPrefix(p, prefix))[1:]
		var file string
		switch {
		case rel == base:
			file = base
		case strings.HasPrefix(rel, companion+"/"):
			file = rel
		default:
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		serveIn(w, r, dir, file, file == base)
	})
	fs.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = fs.srv.Serve(ln) }()
	return fs, nil
}

// serveIn serves the regular file rel of dir through os.Root, so no
// symbolic link or ".." leads out of dir.
func serveIn(w http.ResponseWriter, r *http.Request, dir, rel string, page bool) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(rel))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	ct := mime.TypeByExtension(path.Ext(rel))
	if page && !strings.Contains(ct, "xml") {
		ct = "text/html; charset=utf-8"
		if e := strings.ToLower(path.Ext(rel)); e != ".html" && e != ".htm" {
			ct = "text/html"
		}
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	// Fetch interception does not see WebSockets: the policy keeps them
	// (and everything else) on the file's own origin.
	w.Header().Set("Content-Security-Policy", "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self'; form-action 'self'")
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// URL returns the file's URL.
func (fs *FileServer) URL() string { return fs.url }

// Origin returns the server's origin (http://HOST:PORT).
func (fs *FileServer) Origin() string { return fs.origin }

// Close stops the server.
func (fs *FileServer) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := fs.srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return fs.srv.Close()
	}
	return err
}

// LoadFile loads the local file name as a saved page: served by a
// FileServer on a fresh origin, with every request to any other origin
// failed (no other local file, no network), settled and captured. The
// server runs until the page navigates elsewhere or closes.
func (p *Page) LoadFile(ctx context.Context, name string) (*Snapshot, []string, error) {
	fs, err := ServeFile(name)
	if err != nil {
		return nil, nil, err
	}
	p.mu.Lock()
	old := p.files
	p.files = fs
	p.mu.Unlock()
	if old != nil {
		_ = old.Close()
	}
	if err := p.confineTo(ctx, fs.origin); err != nil {
		return nil, nil, fmt.Errorf("capture: load %s: %w", name, err)
	}
	w, err := p.navigate(ctx, fs.url)
	if err != nil {
		return nil, nil, err
	}
	s, err := p.Capture(ctx)
	return s, w, err
}
