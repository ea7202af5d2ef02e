package capture

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Context is a browser context of a Browser (Target.createBrowserContext):
// its pages share cookies, storage, cache and permissions among
// themselves, and with no other Context nor the Browser's own pages (those
// of Browser.NewPage), and run in renderer processes of their own, so one
// Context's hung page does not stall another's. A server that serves
// several clients gives each its own, so no client sees another's logins.
// Nothing of it is written to disk. Close it when done: that closes its
// pages and drops everything it kept.
type Context struct {
	b  *Browser
	id cdp.BrowserContextID

	mu     sync.Mutex
	pages  []*Page
	closed bool
}

// ErrClosed is returned (wrapped) by a Context's NewPage after Close.
var ErrClosed = errors.New("the browser context is closed")

// NewContext creates a browser context.
func (b *Browser) NewContext(ctx context.Context) (*Context, error) {
	var id cdp.BrowserContextID
	err := b.call(ctx, func(c context.Context) error {
		t := true
		res, err := chromedp.CallBrowser(c, target.CreateBrowserContext, target.CreateBrowserContextParams{DisposeOnDetach: &t})
		if err != nil {
			return err
		}
		id = res.BrowserContextID
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("capture: new browser context: %w", err)
	}
	return &Context{b: b, id: id}, nil
}

// NewPage opens a tab in the context and installs the hook.
func (c *Context) NewPage(ctx context.Context) (*Page, error) {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return nil, fmt.Errorf("capture: open tab: %w", ErrClosed)
	}
	p, err := c.b.newPage(ctx, c.id)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed { // closed meanwhile
		p.Close()
		return nil, fmt.Errorf("capture: open tab: %w", ErrClosed)
	}
	kept := c.pages[:0]
	for _, q := range c.pages {
		if q.alive.Err() == nil {
			kept = append(kept, q)
		}
	}
	c.pages = append(kept, p)
	return p, nil
}

// Close closes the context's pages and disposes of the context (its
// cookies, storage and cache). Closing twice does nothing.
func (c *Context) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	pages := c.pages
	c.pages = nil
	c.mu.Unlock()
	for _, p := range pages {
		p.Close()
	}
	err := c.b.call(context.Background(), func(ctx context.Context) error {
		_, err := chromedp.CallBrowser(ctx, target.DisposeBrowserContext, target.DisposeBrowserContextParams{BrowserContextID: c.id})
		return err
	})
	if err != nil {
		return fmt.Errorf("capture: dispose of the browser context: %w", err)
	}
	return nil
}

// call runs fn with a context for browser-level commands (a child of the
// browser's, as chromedp needs) that ends at NavTimeout or when ctx ends.
func (b *Browser) call(ctx context.Context, fn func(context.Context) error) error {
	if b == nil || b.ctx == nil {
		return errors.New("the browser is not running")
	}
	c, cancel := context.WithTimeoutCause(b.ctx, b.opts.NavTimeout, ErrTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	err := fn(c)
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil && errors.Is(context.Cause(c), ErrTimeout) {
		return fmt.Errorf("%w: %v", ErrTimeout, err)
	}
	return err
}
