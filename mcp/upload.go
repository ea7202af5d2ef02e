package mcp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/observe"
)

// upload answers browser_file_upload: the files go to the field with the
// id, or to the file chooser the page has open; no paths cancels the
// chooser. Every path must be absolute, name a regular file and lie inside
// an upload root.
func (ss *session) upload(ctx context.Context, in UploadIn) (string, error) {
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	fp := t.page.(filesPage)
	if in.ID != 0 {
		if _, err := t.element(in.ID); err != nil {
			return "", err
		}
		if len(in.Paths) == 0 {
			return "", fmt.Errorf("paths is empty: give the files to choose for [id=%d]", in.ID)
		}
	} else if fp.FileChooser(ctx) == nil {
		return "", errors.New("no file chooser is open: click the file field (or the button that opens it) first, or give the field's id")
	}
	files, err := ss.srv.checkUploads(in.Paths)
	if err != nil {
		return "", err
	}
	if in.ID != 0 {
		err = fp.SetFiles(ctx, in.ID, files)
	} else {
		err = fp.SetChooserFiles(ctx, files)
	}
	if err != nil {
		if errors.Is(err, capture.ErrNoElement) {
			return "", fmt.Errorf("element [id=%d] could not be used: %v; browser_snapshot shows the page now", in.ID, cleanErr(err))
		}
		return "", pageErr("upload", err)
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f) // the record keeps the names, not where the files are
	}
	o, err := ss.observe(ctx, t, &observe.Action{Element: in.ID, Action: "upload", Value: strings.Join(names, ", ")}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

// checkUploads checks the paths the model gave: absolute, a regular file
// each (after following symbolic links), and inside an upload root (after
// following its links too, so a link inside a root leads nowhere else). It
// returns the resolved paths.
func (s *Server) checkUploads(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	roots, err := s.uploadRoots()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			return nil, fmt.Errorf("file %q: give an absolute path", clipStr(p, 300))
		}
		if !inside(filepath.Clean(p), roots) {
			// Said before looking: whether a file outside exists is not told.
			return nil, fmt.Errorf("file %q is outside the folders uploads may come from (%s; hidden files and folders inside them excepted); the server's --upload-root sets them", clipStr(p, 300), strings.Join(roots, ", "))
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return nil, fmt.Errorf("file %q: %v", clipStr(p, 300), errors.Unwrap(err))
		}
		st, err := os.Stat(real)
		if err != nil {
			return nil, fmt.Errorf("file %q: %v", clipStr(p, 300), err)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("file %q is not a regular file", clipStr(p, 300))
		}
		if !inside(real, roots) {
			return nil, fmt.Errorf("file %q is outside the folders uploads may come from (%s; hidden files and folders inside them excepted); the server's --upload-root sets them", clipStr(p, 300), strings.Join(roots, ", "))
		}
		out = append(out, real)
	}
	return out, nil
}

// uploadRoots returns the folders uploads may come from, resolved
// (Options.UploadRoots). None given: uploads are off, since a page could
// talk the model into choosing any file the server can read, and the
// working directory is often the user's home. (The client's MCP roots are
// not asked: a server may not call the client back while it answers a
// tool call in the current protocol version.)
func (s *Server) uploadRoots() ([]string, error) {
	dirs := s.opts.UploadRoots
	if len(dirs) == 0 {
		return nil, errors.New("file uploads are off: the server takes files only from the folders its --upload-root flags name (Options.UploadRoots), and none was given")
	}
	// Each root as given and resolved (a path inside either form passes the
	// first check; the file's resolved path must be inside a resolved root).
	var out []string
	for _, d := range dirs {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			if abs, err := filepath.Abs(real); err == nil {
				out = append(out, abs)
				if lex, err := filepath.Abs(d); err == nil && lex != abs {
					out = append(out, lex)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("none of the upload folders exists (%s)", strings.Join(dirs, ", "))
	}
	return out, nil
}

// inside reports whether path lies in one of roots (both resolved) with
// no hidden component below the root: .env, .git/… and .ssh/… inside an
// upload folder are not for pages.
func inside(path string, roots []string) bool {
	for _, r := range roots {
		rel, err := filepath.Rel(r, path)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			continue
		}
		hidden := false
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			hidden = hidden || (strings.HasPrefix(part, ".") && part != ".")
		}
		if !hidden {
			return true
		}
	}
	return false
}
