package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// This file chooses files for file fields: by tree id (SetFiles), or for
// the file chooser the page opened (FileChooser, SetChooserFiles), which
// is how a site with a hidden <input type=file> behind a button of its own
// takes files. The files go to the page through DOM.setFileInputFiles, the
// way a person's choice in the browser's dialog does: the field's input and
// change events follow, and the page reads the files (name, size, content).

// ErrNoChooser is returned (wrapped) by SetChooserFiles when the page has no
// file chooser open.
var ErrNoChooser = errors.New("no file chooser is open")

// FileChooser is a file chooser the page opened (a click on a file field,
// or the page's own input.click() or showPicker()), waiting for files.
type FileChooser struct {
	Multiple bool // the field takes several files
	// CaptureID is the collector's id (data-axid) of the file field in the
	// latest capture, or 0 when the field is not in it (a hidden field, or
	// the page was not captured since).
	CaptureID int

	node  cdp.BackendNodeID
	frame cdp.FrameID
}

// onFileChooser keeps the file chooser the page opened (with interception
// on, Chromium shows none); a later one replaces it. It runs on chromedp's
// reader goroutine.
func (p *Page) onFileChooser(ev any) {
	e, ok := ev.(*page.EventFileChooserOpened)
	if !ok {
		return
	}
	fc := &FileChooser{Multiple: e.Mode == page.FileChooserOpenedModeSelectMultiple, node: e.BackendNodeID, frame: e.FrameID}
	p.mu.Lock()
	p.chooser = fc
	p.mu.Unlock()
}

// FileChooser returns the file chooser the page opened and no
// SetChooserFiles has answered, or nil. Its CaptureID is looked up in the
// latest capture.
func (p *Page) FileChooser(ctx context.Context) *FileChooser {
	p.mu.Lock()
	fc, last := p.chooser, p.last
	p.mu.Unlock()
	if fc == nil {
		return nil
	}
	out := *fc
	if last != nil && fc.node != 0 {
		var k int
		err := p.do(ctx, p.options().ActTimeout, func(c context.Context) error {
			obj, err := p.resolveNode(c, fc.node)
			if err != nil {
				return err
			}
			defer p.release(obj)
			return p.callOn(c, last.hook, `function(g,el){return this.idOfElement(g,el)}`, []any{last.gen}, false, &k, &runtime.CallArgument{ObjectID: obj})
		})
		if err == nil {
			out.CaptureID = k
		}
	}
	return &out
}

// SetFiles chooses the files at paths for the file field (<input
// type=file>) with tree id id of the latest capture, as a person's choice
// in the browser's dialog does (the field's input and change events
// follow), then lets the page settle as Act does. Every path must name an
// existing regular file (relative paths are taken from the working
// directory); none clears the field. A field without the multiple
// attribute takes one file.
func (p *Page) SetFiles(ctx context.Context, id int, paths []string) error {
	files, err := checkFiles(paths)
	if err != nil {
		return fmt.Errorf("capture: set files on [%d]: %w", id, err)
	}
	p.mu.Lock()
	last := p.last
	p.mu.Unlock()
	k := last.CaptureID(id)
	if k == 0 {
		return fmt.Errorf("capture: set files on [%d]: %w in the latest capture", id, ErrNoElement)
	}
	return p.settled(ctx, fmt.Sprintf("set files on [%d]", id), func(ctx context.Context) error {
		return p.do(ctx, p.options().ActTimeout, func(c context.Context) error {
			obj, msg, err := p.fileInput(c, last, k, len(files))
			if err != nil {
				if isGone(err) {
					return fmt.Errorf("%w: the page it was captured from is gone", ErrNoElement)
				}
				return err
			}
			if msg != "" {
				return fmt.Errorf("%w: %s", ErrNoElement, msg)
			}
			defer p.release(obj)
			_, err = chromedp.Call(c, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: files, ObjectID: obj})
			if err == nil {
				p.mu.Lock()
				p.chooser = nil // a chooser this field opened is answered too
				p.mu.Unlock()
			}
			return err
		})
	})
}

// SetChooserFiles answers the file chooser the page opened (FileChooser)
// with the files at paths, checked as SetFiles checks them, and lets the
// page settle; no paths cancels it (the field keeps no file). It fails with
// ErrNoChooser when none is open.
func (p *Page) SetChooserFiles(ctx context.Context, paths []string) error {
	files, err := checkFiles(paths)
	if err != nil {
		return fmt.Errorf("capture: file chooser: %w", err)
	}
	p.mu.Lock()
	fc := p.chooser
	p.chooser = nil
	p.mu.Unlock()
	if fc == nil {
		return fmt.Errorf("capture: file chooser: %w", ErrNoChooser)
	}
	if len(files) > 1 && !fc.Multiple {
		return fmt.Errorf("capture: file chooser: it takes one file, and %d were given", len(files))
	}
	if len(files) == 0 {
		return nil
	}
	if fc.node == 0 {
		return fmt.Errorf("capture: file chooser: %w: the page's picker is not a file field (showOpenFilePicker is not supported)", ErrNoChooser)
	}
	return p.settled(ctx, "file chooser", func(ctx context.Context) error {
		return p.do(ctx, p.options().ActTimeout, func(c context.Context) error {
			_, err := chromedp.Call(c, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: files, BackendNodeID: fc.node})
			return err
		})
	})
}

// checkFiles makes paths absolute and checks that each names a regular
// file (following symbolic links): Chromium would otherwise hand the page
// an empty or unreadable File.
func checkFiles(paths []string) ([]string, error) {
	files := make([]string, 0, len(paths))
	for _, name := range paths {
		if name == "" {
			return nil, errors.New("an empty file path")
		}
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, fmt.Errorf("file %s: %w", name, err)
		}
		st, err := os.Stat(abs)
		if err != nil {
			return nil, fmt.Errorf("file %s: %w", name, err)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("file %s: not a regular file (%s)", name, st.Mode().Type())
		}
		files = append(files, abs)
	}
	return files, nil
}

// fileInput asks the hook of snapshot s for the element with capture id k
// as a RemoteObject (release it), when it is a file field that takes n
// files; else msg says why not.
func (p *Page) fileInput(c context.Context, s *Snapshot, k, n int) (obj runtime.RemoteObjectID, msg string, err error) {
	t := true
	params := runtime.CallFunctionOnParams{FunctionDeclaration: `function(g,k,n){return this.fileInput(g,k,n)}`, ObjectID: s.hook, Silent: &t}
	for _, a := range []any{s.gen, k, n} {
		b, _ := json.Marshal(a)
		params.Arguments = append(params.Arguments, &runtime.CallArgument{Value: b})
	}
	res, err := chromedp.Call(c, runtime.CallFunctionOn, params)
	if err != nil {
		return "", "", err
	}
	if res.ExceptionDetails != nil {
		return "", "", fmt.Errorf("script error: %s", res.ExceptionDetails.Text)
	}
	r := res.Result
	switch {
	case r == nil:
		return "", "", errors.New("script returned no value")
	case r.Type == runtime.RemoteObjectTypeString:
		_ = json.Unmarshal(r.Value, &msg)
		return "", msg, nil
	case r.Type == runtime.RemoteObjectTypeObject && r.Subtype == runtime.RemoteObjectSubtypeNode && r.ObjectID != "":
		return r.ObjectID, "", nil
	}
	if r.ObjectID != "" {
		p.release(r.ObjectID)
	}
	return "", "", fmt.Errorf("the hook answered a %s, not the element", r.Type)
}

// resolveNode returns a RemoteObject (in the page's main world) for the
// backend node: the hook then tells its capture id.
func (p *Page) resolveNode(c context.Context, node cdp.BackendNodeID) (runtime.RemoteObjectID, error) {
	res, err := chromedp.Call(c, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: node})
	if err != nil {
		return "", err
	}
	if res.Object == nil || res.Object.ObjectID == "" {
		return "", errors.New("the node has no object")
	}
	return res.Object.ObjectID, nil
}

// release frees a RemoteObject Go held, in the background.
func (p *Page) release(obj runtime.RemoteObjectID) {
	go func() {
		_ = p.do(context.Background(), p.options().ActTimeout, func(c context.Context) error {
			_, err := chromedp.Call(c, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: obj})
			return err
		})
	}()
}
