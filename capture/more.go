package capture

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// This file holds what the MCP server needs beyond Navigate, Capture and
// Act: dialogs that never hang a page, a key press that lets the page
// settle, and moving in the tab's history.

// Dialog is a JavaScript dialog (alert, confirm, prompt, beforeunload)
// the page opened and how it was answered.
type Dialog struct {
	Type     string // alert, confirm, prompt or beforeunload
	Message  string // the page's message (untrusted text)
	Accepted bool   // accepted (OK), or dismissed (Cancel)
}

// onDialog answers every dialog at once, so none can block the page (a
// dialog stops the renderer's main thread, and with it every protocol call
// that needs it): alerts and beforeunload are accepted, confirm and prompt
// dismissed, since only the user may agree to what they ask. Dialogs
// returns what was answered. It runs on chromedp's reader goroutine, so the
// answer is sent from another.
func (p *Page) onDialog(ev any) {
	e, ok := ev.(*page.EventJavascriptDialogOpening)
	if !ok {
		return
	}
	accept := e.Type == page.DialogTypeAlert || e.Type == page.DialogTypeBeforeunload
	p.mu.Lock()
	if len(p.dialogs) < 64 {
		p.dialogs = append(p.dialogs, Dialog{Type: string(e.Type), Message: clip(e.Message, 500), Accepted: accept})
	}
	p.mu.Unlock()
	go func() {
		_ = p.do(context.Background(), p.options().ActTimeout, func(c context.Context) error {
			_, err := chromedp.Call(c, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept})
			return err
		})
	}()
}

// Dialogs returns the dialogs answered since the last call, oldest first
// (at most 64 are kept between calls).
func (p *Page) Dialogs() []Dialog {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.dialogs
	p.dialogs = nil
	return d
}

// Key presses key (as Press) where the focus is, then lets the page settle
// as after Act: a key that submits a form waits for the new page's load,
// and the old ids are then void.
func (p *Page) Key(ctx context.Context, key string) error {
	return p.settled(ctx, "press "+key, func(c context.Context) error { return p.Press(c, key) })
}

// Back goes one entry back in the tab's history and settles; it fails
// when there is none.
func (p *Page) Back(ctx context.Context) error { return p.history(ctx, -1) }

// Forward goes one entry forward in the tab's history and settles.
func (p *Page) Forward(ctx context.Context) error { return p.history(ctx, +1) }

// Reload reloads the page and settles.
func (p *Page) Reload(ctx context.Context) error {
	return p.settled(ctx, "reload", func(c context.Context) error {
		return p.do(c, p.options().NavTimeout, func(c context.Context) error {
			_, err := chromedp.Call(c, page.Reload, page.ReloadParams{})
			return err
		})
	})
}

// ErrNoHistory is returned (wrapped) by Back and Forward at the end of the
// tab's history.
var ErrNoHistory = errors.New("no such history entry")

func (p *Page) history(ctx context.Context, delta int) error {
	what := map[int]string{-1: "back", 1: "forward"}[delta]
	return p.settled(ctx, what, func(c context.Context) error {
		return p.do(c, p.options().NavTimeout, func(c context.Context) error {
			h, err := chromedp.Call(c, page.GetNavigationHistory, struct{}{})
			if err != nil {
				return err
			}
			i := int(h.CurrentIndex) + delta
			if i < 0 || i >= len(h.Entries) {
				return ErrNoHistory
			}
			e := h.Entries[i]
			if !p.b.allowed(e.URL) {
				return fmt.Errorf("%w: the history entry is %s", ErrRefused, clip(e.URL, 200))
			}
			_, err = chromedp.Call(c, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: e.ID})
			return err
		})
	})
}

// settled runs fn, then waits as Act does (settleAfter).
func (p *Page) settled(ctx context.Context, what string, fn func(context.Context) error) error {
	p.mu.Lock()
	loads, navs := p.loads, p.navs
	p.mu.Unlock()
	if err := fn(ctx); err != nil {
		return fmt.Errorf("capture: %s: %w", what, err)
	}
	if err := p.settleAfter(ctx, loads, navs); err != nil {
		return fmt.Errorf("capture: %s: %w", what, err)
	}
	return nil
}

// loaded waits until the main document has loaded: a load event after the
// loads-th, or a document that is complete already (a page restored from
// the back/forward cache fires none). Past NavTimeout the page is taken as
// it is, as Navigate does.
func (p *Page) loaded(ctx context.Context, loads int) error {
	deadline := time.Now().Add(p.options().NavTimeout)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for time.Now().Before(deadline) {
		p.mu.Lock()
		done := p.loads > loads
		p.mu.Unlock()
		var state string
		if !done && p.Eval(ctx, "document.readyState", &state) == nil && state == "complete" {
			done = true
		}
		if done {
			return nil
		}
		select {
		case <-tick.C:
		case <-p.alive.Done():
			return context.Cause(p.alive)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Actions of Act beyond Click, Type and Select, offered as methods.
const (
	hoverAction  = "hover"
	scrollAction = "scroll"
)

// Hover moves the mouse (trusted) to the center of the element with tree
// id id of the latest capture, after scrolling it into view, and settles.
func (p *Page) Hover(ctx context.Context, id int) error { return p.Act(ctx, id, hoverAction, "") }

// ScrollIntoView scrolls the element with tree id id of the latest capture
// into the middle of the view, and settles.
func (p *Page) ScrollIntoView(ctx context.Context, id int) error {
	return p.Act(ctx, id, scrollAction, "")
}

// SelectOptions chooses exactly the options values of the <select> with
// tree id id of the latest capture (each an option's value, or else its
// label or text), the others unselected; the select's input and change
// events follow, and the page settles as after Act. A select without the
// multiple attribute takes one value.
func (p *Page) SelectOptions(ctx context.Context, id int, values []string) error {
	if len(values) == 0 {
		return fmt.Errorf("capture: select on [%d]: no value given", id)
	}
	return p.act(ctx, id, Select, append([]string{}, values...), "")
}

// mouseMove sends a trusted mouse move to viewport point (x, y).
func mouseMove(c context.Context, x, y float64) error {
	_, err := chromedp.Call(c, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
	return err
}
