package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/budget"
	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/serialize"
	"github.com/axtree/axtree/tokens"
)

// Tool inputs. Their JSON schemas are inferred from these types (fields
// without omitempty are required); the jsonschema tags are the property
// descriptions the model reads.
type (
	// NavigateIn is browser_navigate's input.
	NavigateIn struct {
		URL       string `json:"url" jsonschema:"the URL to open (http or https)"`
		MaxTokens int    `json:"max_tokens,omitempty" jsonschema:"fit the tree that comes back into this many tokens (never dropping an element you can act on); 0 or absent: the whole tree"`
	}
	// NoIn is the input of the tools that take none.
	NoIn struct{}
	// SnapshotIn is browser_snapshot's input.
	SnapshotIn struct {
		View      string `json:"view,omitempty" jsonschema:"lean (default): the tree alone; enriched: each link's URL on its line as [url=...]"`
		MaxTokens int    `json:"max_tokens,omitempty" jsonschema:"fit the tree into this many tokens: long texts are shortened, long lists of similar items keep their first few whole, far-off text goes; elements you can act on and their ids are always kept, and the last line says what was cut ([truncated=budget])"`
		ID        int    `json:"id,omitempty" jsonschema:"show only this element and what is inside it"`
	}
	// IDIn is the input of the tools that act on one element.
	IDIn struct {
		ID int `json:"id" jsonschema:"the element's number: N of [id=N] in the tree, or of [name](N) for a link"`
	}
	// TypeIn is browser_type's input.
	TypeIn struct {
		ID     int    `json:"id" jsonschema:"the text field's number, [id=N] in the tree"`
		Text   string `json:"text" jsonschema:"the text to type"`
		Submit bool   `json:"submit,omitempty" jsonschema:"press Enter after typing (submits most forms)"`
		Clear  *bool  `json:"clear,omitempty" jsonschema:"replace what the field holds (default true); false types after it"`
	}
	// SelectIn is browser_select_option's input.
	SelectIn struct {
		ID     int      `json:"id" jsonschema:"the drop-down's number, [id=N] in the tree"`
		Values []string `json:"values" jsonschema:"the option to choose, by its value or its visible text (one; a multiple select takes several)"`
	}
	// CheckIn is browser_check's input.
	CheckIn struct {
		ID      int   `json:"id" jsonschema:"the checkbox, radio button or switch, [id=N] in the tree"`
		Checked *bool `json:"checked,omitempty" jsonschema:"the state wanted (default true); nothing is clicked when it already is"`
	}
	// KeyIn is browser_press_key's input.
	KeyIn struct {
		Key string `json:"key" jsonschema:"the key: a name such as Enter, Tab, Escape, ArrowDown, Backspace, or one character; with modifiers Control+a, Shift+Tab"`
	}
	// UploadIn is browser_file_upload's input (Playwright MCP's, with an
	// optional id).
	UploadIn struct {
		Paths []string `json:"paths,omitempty" jsonschema:"the absolute paths of the files to upload: one file or several; omitted (or empty) cancels the open file chooser"`
		ID    int      `json:"id,omitempty" jsonschema:"the file field, [id=N] in the tree ([type=file]); omitted: the file chooser the last click opened"`
	}
	// TabsIn is browser_tabs's input.
	TabsIn struct {
		Action string `json:"action" jsonschema:"list, new, select or close"`
		Index  *int   `json:"index,omitempty" jsonschema:"the tab for select and close, from 0 as list numbers them (close: default the current tab)"`
		URL    string `json:"url,omitempty" jsonschema:"for new: a URL to open in the new tab"`
	}
	// FindIn is browser_find's input.
	FindIn struct {
		Role       string `json:"role,omitempty" jsonschema:"the ARIA role (button, link, textbox, checkbox, combobox, heading, ...); empty: any"`
		Name       string `json:"name" jsonschema:"the accessible name to look for"`
		Match      string `json:"match,omitempty" jsonschema:"substring (default, case-insensitive), exact, or regexp (a Go regular expression)"`
		WithinRole string `json:"within_role,omitempty" jsonschema:"only inside an element of this role"`
		WithinName string `json:"within_name,omitempty" jsonschema:"only inside an element with this name (matched like name)"`
	}
)

// What the browser adapter may offer beyond page (Navigate, Capture,
// Act): the tools that need it are listed only when *capture.Page has it.
type (
	historyPage interface {
		Back(context.Context) error
		Forward(context.Context) error
		Reload(context.Context) error
	}
	keyPage interface {
		Key(ctx context.Context, key string) error
	}
	hoverPage interface {
		Hover(ctx context.Context, id int) error
	}
	scrollPage interface {
		ScrollIntoView(ctx context.Context, id int) error
	}
	filesPage interface {
		SetFiles(ctx context.Context, id int, paths []string) error
		FileChooser(ctx context.Context) *capture.FileChooser
		SetChooserFiles(ctx context.Context, paths []string) error
	}
	selectPage interface {
		SelectOptions(ctx context.Context, id int, values []string) error
	}
)

// adapter is the page type the server drives.
var adapter any = (*capture.Page)(nil)

func has[T any]() bool { _, ok := adapter.(T); return ok }

// tool registers a tool whose handler runs with the session's lock held
// and answers with text.
func tool[In any](s *Server, name, desc string, schema *jsonschema.Schema, fn func(ctx context.Context, ss *session, in In) (string, error)) {
	t := &sdk.Tool{Name: name, Description: desc}
	if schema != nil {
		t.InputSchema = schema
	}
	sdk.AddTool(s.mcp, t, func(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
		ss, err := s.session(req)
		if err != nil {
			return nil, nil, err
		}
		ss.mu.Lock()
		defer ss.mu.Unlock()
		before := ""
		args, _ := json.Marshal(in)
		id := idArg(args)
		if len(ss.tabs) > 0 {
			t := ss.tabs[ss.cur]
			before = t.trajObs
			if n, err := t.element(id); err == nil && secret(n) {
				args = redactText(args) // what is typed into a password field is never recorded
			}
		}
		text, err := fn(ctx, ss, in)
		ss.record(name, args, id, before, text, err)
		if err != nil {
			return nil, nil, err
		}
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}, nil, nil
	})
}

// idArg reads the element id a call named ("id"), or 0.
func idArg(args []byte) int {
	var v struct {
		ID int `json:"id"`
	}
	if json.Unmarshal(args, &v) != nil {
		return 0
	}
	return v.ID
}

// redactText replaces the "text" argument of a call with "[redacted]".
func redactText(args []byte) []byte {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		return []byte(`{"redacted":true}`)
	}
	if _, ok := m["text"]; ok {
		m["text"] = "[redacted]"
	}
	b, err := json.Marshal(m)
	if err != nil {
		return []byte(`{"redacted":true}`)
	}
	return b
}

// schemaOf infers the schema of In and sets the enums given per property.
func schemaOf[In any](enums map[string][]any) *jsonschema.Schema {
	sc, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcp: schema of %T: %v", *new(In), err)) // a programming error in this file, caught by every test
	}
	for prop, vals := range enums {
		if p := sc.Properties[prop]; p != nil {
			p.Enum = vals
		}
	}
	return sc
}

// addTools registers the built-in tools.
func (s *Server) addTools() {
	tool(s, "browser_navigate", "Open a URL in the current tab (a new tab when none is open) and wait for the page to settle. Answers with the page's whole tree: every element you can act on has a number [id=N].",
		nil, func(ctx context.Context, ss *session, in NavigateIn) (string, error) { return ss.navigate(ctx, in) })
	if has[historyPage]() {
		tool(s, "browser_navigate_back", "Go back one page in the current tab's history, like the browser's back button. Answers with what changed.",
			nil, func(ctx context.Context, ss *session, _ NoIn) (string, error) { return ss.history(ctx, "back") })
		tool(s, "browser_navigate_forward", "Go forward one page in the current tab's history. Answers with what changed.",
			nil, func(ctx context.Context, ss *session, _ NoIn) (string, error) { return ss.history(ctx, "forward") })
		tool(s, "browser_reload", "Reload the current page. Answers with what changed.",
			nil, func(ctx context.Context, ss *session, _ NoIn) (string, error) { return ss.history(ctx, "reload") })
	}
	tool(s, "browser_snapshot", "Read the current page as its numbered tree (what browser_navigate showed, as it is now). Use max_tokens on big pages and id to read one part.",
		schemaOf[SnapshotIn](map[string][]any{"view": {"lean", "enriched"}}),
		func(ctx context.Context, ss *session, in SnapshotIn) (string, error) { return ss.snapshot(ctx, in) })
	tool(s, "browser_click", "Click an element (a real mouse click at its center, after scrolling it into view). Answers with what changed: new or changed lines, ids gone, navigation.",
		nil, func(ctx context.Context, ss *session, in IDIn) (string, error) {
			return ss.act(ctx, in.ID, capture.Click, "", "")
		})
	tool(s, "browser_type", "Type text into a text field or editable element, replacing what it holds unless clear is false; submit presses Enter afterwards. Answers with what changed.",
		nil, func(ctx context.Context, ss *session, in TypeIn) (string, error) { return ss.typeText(ctx, in) })
	tool(s, "browser_select_option", "Choose options of a drop-down or list box (select) by their values or visible texts: one, or several for a multiple select (exactly those end up selected). Answers with what changed.",
		nil, func(ctx context.Context, ss *session, in SelectIn) (string, error) { return ss.selectOption(ctx, in) })
	tool(s, "browser_check", "Set a checkbox, radio button or switch to checked (or, with checked false, unchecked), clicking it only when it is not already so. Answers with what changed.",
		nil, func(ctx context.Context, ss *session, in CheckIn) (string, error) { return ss.check(ctx, in) })
	if has[keyPage]() {
		tool(s, "browser_press_key", "Press a key in the page, as typed on a keyboard, where the focus is (after browser_type or browser_click). Answers with what changed.",
			nil, func(ctx context.Context, ss *session, in KeyIn) (string, error) { return ss.pressKey(ctx, in) })
	}
	if has[hoverPage]() {
		tool(s, "browser_hover", "Move the mouse over an element (menus and tooltips that open on hover). Answers with what changed.",
			nil, func(ctx context.Context, ss *session, in IDIn) (string, error) {
				return ss.onElement(ctx, in.ID, "hover", func(p page, ctx context.Context) error { return p.(hoverPage).Hover(ctx, in.ID) })
			})
	}
	if has[scrollPage]() {
		tool(s, "browser_scroll_into_view", "Scroll the page until an element is visible (content that loads when it comes into view). Answers with what changed.",
			nil, func(ctx context.Context, ss *session, in IDIn) (string, error) {
				return ss.onElement(ctx, in.ID, "scroll", func(p page, ctx context.Context) error { return p.(scrollPage).ScrollIntoView(ctx, in.ID) })
			})
	}
	if has[filesPage]() {
		tool(s, "browser_file_upload", "Upload files: answer the file chooser that a click opened (an answer says \"file chooser: open\"), or, with id, choose the files of that file field ([type=file] in the tree). Paths must be absolute and inside the folders the server allows. Without paths the open chooser is cancelled. Answers with what changed.",
			nil, func(ctx context.Context, ss *session, in UploadIn) (string, error) { return ss.upload(ctx, in) })
	}
	tool(s, "browser_tabs", "List, open, select or close tabs. list numbers them from 0 and marks the current one; new opens a tab (and a URL, if given) and makes it current.",
		schemaOf[TabsIn](map[string][]any{"action": {"list", "new", "select", "close"}}),
		func(ctx context.Context, ss *session, in TabsIn) (string, error) { return ss.tabsTool(ctx, in) })
	tool(s, "browser_find", "Find elements by role and accessible name in the current page, without reading the whole tree: answers with their ids and lines, or, when nothing matches, the three closest candidates.",
		schemaOf[FindIn](map[string][]any{"match": {"substring", "exact", "regexp"}}),
		func(ctx context.Context, ss *session, in FindIn) (string, error) { return ss.find(ctx, in) })
}

// checkURL refuses URLs a page must not be sent to.
func (s *Server) checkURL(raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return fmt.Errorf("%q is not an absolute URL (give one such as https://example.com/)", clipStr(raw, 200))
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return nil
	case "about":
		if u.Opaque == "blank" {
			return nil
		}
	case "file":
		if s.opts.AllowFileURLs {
			return nil
		}
		return fmt.Errorf("refused to open %q: file: URLs would let a page read local files; the server allows them only when started with --allow-file-urls", clipStr(raw, 200))
	}
	return fmt.Errorf("refused to open %q: only http and https URLs are opened (%s: URLs reach the browser's or the user's privileged pages)", clipStr(raw, 200), strings.ToLower(u.Scheme))
}

func clipStr(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func (ss *session) navigate(ctx context.Context, in NavigateIn) (string, error) {
	if err := ss.srv.checkURL(in.URL); err != nil {
		return "", err
	}
	if in.MaxTokens < 0 {
		return "", errors.New("max_tokens must not be negative")
	}
	t, err := ss.current(ctx, true)
	if err != nil {
		return "", err
	}
	warnings, err := t.page.Navigate(ctx, in.URL)
	if err != nil {
		return "", pageErr("navigate to "+clipStr(in.URL, 200), err)
	}
	o, err := ss.observe(ctx, t, &observe.Action{Action: "navigate", Value: in.URL}, warnings)
	if err != nil {
		return "", err
	}
	o.step.Navigated = true
	b := appendHeader(nil, o.step)
	text, note, err := ss.fit(t, t.result.Tree, false, in.MaxTokens)
	if err != nil {
		return "", err
	}
	b = append(b, text...)
	b = append(b, note...)
	return string(b), nil
}

// history goes back, forward or reloads, when the capture layer can.
func (ss *session) history(ctx context.Context, how string) (string, error) {
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	p := t.page.(historyPage)
	run := map[string]func(context.Context) error{"back": p.Back, "forward": p.Forward, "reload": p.Reload}[how]
	if err := run(ctx); err != nil {
		return "", pageErr(how, err)
	}
	o, err := ss.observe(ctx, t, &observe.Action{Action: how}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

func (ss *session) snapshot(ctx context.Context, in SnapshotIn) (string, error) {
	if in.MaxTokens < 0 {
		return "", errors.New("max_tokens must not be negative")
	}
	enriched := false
	switch in.View {
	case "", "lean":
	case "enriched":
		enriched = true
	default:
		return "", fmt.Errorf("view %q: want lean or enriched", in.View)
	}
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	if t.result == nil {
		return "", errors.New("no page is open yet: call browser_navigate first")
	}
	o, err := ss.observe(ctx, t, nil, nil) // a look, not an action
	if err != nil {
		return "", err
	}
	tree := t.result.Tree
	if in.ID != 0 {
		n, err := t.element(in.ID)
		if err != nil {
			return "", err
		}
		tree = &axtree.Tree{Roots: []*axtree.Node{n}, URL: tree.URL, Title: tree.Title, Truncated: tree.Truncated}
	}
	b := appendHeader(nil, o.step)
	text, note, err := ss.fit(t, tree, enriched, in.MaxTokens)
	if err != nil {
		return "", err
	}
	b = append(b, text...)
	b = append(b, note...)
	return string(b), nil
}

// fit prints tree (lean or enriched) within maxTokens (0: no budget) and
// says, after the tree, what a budget did.
func (ss *session) fit(t *tab, tree *axtree.Tree, enriched bool, maxTokens int) (text, note []byte, err error) {
	opt := t.result.TextOptions()
	if enriched {
		opt.Extra = t.links.Hook()
	}
	if maxTokens <= 0 {
		return serialize.AppendText(nil, tree, opt), nil, nil
	}
	c, err := ss.srv.counter()
	if err != nil {
		return nil, nil, fmt.Errorf("max_tokens needs the tokenizer: %w", err)
	}
	res, err := budget.Fit(tree, budget.Options{Tokens: maxTokens, Count: func(b []byte) int { return c.Count(tokens.O200k, b) }, Text: opt})
	if err != nil {
		return nil, nil, err
	}
	switch {
	case res.Over:
		note = fmt.Appendf(nil, "budget: the %d elements you can act on need %d tokens, over max_tokens=%d; all are shown, everything else was cut (%s). Use id to read one part of the page.\n",
			countOperable(res.Tree), res.Tokens, maxTokens, strings.Join(res.Cuts, ", "))
	case len(res.Cuts) > 0:
		note = fmt.Appendf(nil, "budget: %d of %d tokens; cut: %s ([+N more] lines stand for what was left out)\n", res.Tokens, res.Full, strings.Join(res.Cuts, ", "))
	}
	return res.Text, note, nil
}

func countOperable(t *axtree.Tree) int {
	n := 0
	t.Walk(func(x *axtree.Node, _ int) bool {
		if x.Operable() && x.ID > 0 {
			n++
		}
		return true
	})
	return n
}

func (ss *session) typeText(ctx context.Context, in TypeIn) (string, error) {
	action := capture.Type
	if in.Clear != nil && !*in.Clear {
		action = "append"
	}
	if in.Submit && !has[keyPage]() {
		return "", errors.New("submit is not available: this build's browser adapter has no keyboard; type, then click the form's button")
	}
	answer, err := ss.act(ctx, in.ID, action, in.Text, in.Text)
	if err != nil || !in.Submit {
		return answer, err
	}
	return ss.pressKey(ctx, KeyIn{Key: "Enter"})
}

func (ss *session) selectOption(ctx context.Context, in SelectIn) (string, error) {
	switch {
	case len(in.Values) == 0:
		return "", errors.New("values is empty: give the option to choose")
	case len(in.Values) == 1 || !has[selectPage]():
		if len(in.Values) > 1 {
			return "", fmt.Errorf("%d values given: this build's browser adapter chooses one option", len(in.Values))
		}
		return ss.act(ctx, in.ID, capture.Select, in.Values[0], in.Values[0])
	}
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	n, err := t.element(in.ID)
	if err != nil {
		return "", err
	}
	if err := t.page.(selectPage).SelectOptions(ctx, in.ID, in.Values); err != nil {
		if errors.Is(err, capture.ErrNoElement) {
			return "", fmt.Errorf("element [id=%d] (%s %q) could not be used: %v; browser_snapshot shows the page now", in.ID, n.Role, n.Name, cleanErr(err))
		}
		return "", pageErr("select", err)
	}
	vals, _ := json.Marshal(in.Values)
	o, err := ss.observe(ctx, t, &observe.Action{Element: in.ID, Action: capture.Select, Value: string(vals)}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

// stateOf reports whether n carries a state flag (checked, pressed, ...),
// and its value ("true" for a bare flag).
func stateOf(n *axtree.Node, key string) string {
	for _, a := range n.States() {
		if a.Key == key {
			if a.Value == "" {
				return "true"
			}
			return a.Value
		}
	}
	return ""
}

func (ss *session) check(ctx context.Context, in CheckIn) (string, error) {
	want := in.Checked == nil || *in.Checked
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	n, err := t.element(in.ID)
	if err != nil {
		return "", err
	}
	switch n.Role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "option":
	default:
		return "", fmt.Errorf("element [id=%d] is a %s, not a checkbox, radio button or switch", in.ID, n.Role)
	}
	state := stateOf(n, "checked")
	if n.Role == "option" {
		state = stateOf(n, "selected")
	}
	if (state == "true") == want {
		return fmt.Sprintf("element [id=%d] is already %s; nothing was clicked\n", in.ID, map[bool]string{true: "checked", false: "unchecked"}[want]), nil
	}
	if !want && n.Role == "radio" {
		return "", fmt.Errorf("radio button [id=%d] cannot be unchecked by clicking it; check another one of its group", in.ID)
	}
	return ss.act(ctx, in.ID, capture.Click, "", map[bool]string{true: "check", false: "uncheck"}[want])
}

func (ss *session) pressKey(ctx context.Context, in KeyIn) (string, error) {
	if strings.TrimSpace(in.Key) == "" {
		return "", errors.New("key is empty: give a key name such as Enter")
	}
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	if t.result == nil {
		return "", errors.New("no page is open yet: call browser_navigate first")
	}
	if err := t.page.(keyPage).Key(ctx, in.Key); err != nil {
		return "", pageErr("press "+in.Key, err)
	}
	o, err := ss.observe(ctx, t, &observe.Action{Action: "press", Value: in.Key}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

// onElement runs do on element id of the current page (a capture-layer
// operation beyond Act) and answers quietly.
func (ss *session) onElement(ctx context.Context, id int, what string, do func(page, context.Context) error) (string, error) {
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	if _, err := t.element(id); err != nil {
		return "", err
	}
	if err := do(t.page, ctx); err != nil {
		if errors.Is(err, capture.ErrNoElement) {
			return "", fmt.Errorf("element [id=%d] could not be used: %v; browser_snapshot shows the page now", id, cleanErr(err))
		}
		return "", pageErr(what, err)
	}
	o, err := ss.observe(ctx, t, &observe.Action{Element: id, Action: what}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

func (ss *session) tabsTool(ctx context.Context, in TabsIn) (string, error) {
	switch in.Action {
	case "list":
		return ss.listTabs(), nil
	case "new":
		if in.URL != "" {
			if err := ss.srv.checkURL(in.URL); err != nil {
				return "", err
			}
		}
		if _, err := ss.newTab(ctx); err != nil {
			return "", err
		}
		if in.URL == "" {
			return ss.listTabs(), nil
		}
		return ss.navigate(ctx, NavigateIn{URL: in.URL})
	case "select", "close":
		i := ss.cur
		if in.Index != nil {
			i = *in.Index
		} else if in.Action == "select" {
			return "", errors.New("select needs index (browser_tabs list numbers the tabs)")
		}
		if i < 0 || i >= len(ss.tabs) {
			return "", fmt.Errorf("no tab %d: the session has %d (browser_tabs list numbers them from 0)", i, len(ss.tabs))
		}
		if in.Action == "select" {
			ss.cur = i
			return ss.listTabs(), nil
		}
		ss.tabs[i].page.Close()
		ss.tabs = append(ss.tabs[:i], ss.tabs[i+1:]...)
		if ss.cur >= i && ss.cur > 0 {
			ss.cur--
		}
		return ss.listTabs(), nil
	}
	return "", fmt.Errorf("action %q: want list, new, select or close", in.Action)
}

func (ss *session) listTabs() string {
	if len(ss.tabs) == 0 {
		return "no tabs open (browser_navigate opens one)\n"
	}
	var b strings.Builder
	for i, t := range ss.tabs {
		mark := " "
		if i == ss.cur {
			mark = "*"
		}
		u, title := t.url, t.title
		if u == "" {
			u = "about:blank"
		}
		fmt.Fprintf(&b, "%s %d: %s %q\n", mark, i, oneLine(u), oneLine(title))
	}
	return b.String()
}

func (ss *session) find(ctx context.Context, in FindIn) (string, error) {
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	if t.result == nil {
		return "", errors.New("no page is open yet: call browser_navigate first")
	}
	target, err := targetOf(in.Role, in.Name, in.Match)
	if err != nil {
		return "", err
	}
	if in.WithinRole != "" || in.WithinName != "" {
		w, err := targetOf(in.WithinRole, in.WithinName, in.Match)
		if err != nil {
			return "", err
		}
		target.Within = &w
	}
	// Find on the page as it is now.
	if _, err := ss.observe(ctx, t, nil, nil); err != nil {
		return "", err
	}
	res := t.result.Tree.Find(target)
	lines, _ := parsePrinted(t.text)
	line := func(m axtree.Match) string {
		if lines != nil {
			if i, ok := lines.byID[m.ID]; ok {
				return lines.lines[i]
			}
		}
		return fmt.Sprintf("[%s] %s [id=%d]", m.Role, m.Name, m.ID)
	}
	var b strings.Builder
	if len(res.Matches) > 0 {
		fmt.Fprintf(&b, "%d match%s:\n", len(res.Matches), map[bool]string{true: "", false: "es"}[len(res.Matches) == 1])
		for i, m := range res.Matches {
			if i == 20 {
				fmt.Fprintf(&b, "  +%d more\n", len(res.Matches)-20)
				break
			}
			fmt.Fprintf(&b, "  %s\n", line(m))
		}
		return b.String(), nil
	}
	b.WriteString("no match; closest:\n")
	for _, m := range res.Candidates {
		fmt.Fprintf(&b, "  %s (score %.2f)\n", line(m), m.Score)
	}
	return b.String(), nil
}

// targetOf builds a find target; match is substring, exact or regexp.
func targetOf(role, name, match string) (axtree.Target, error) {
	tg := axtree.Target{Role: strings.TrimSpace(role)}
	switch match {
	case "", "substring":
		if name != "" {
			tg.Re = regexp.MustCompile("(?i)" + regexp.QuoteMeta(strings.Join(strings.Fields(name), " ")))
		} else {
			tg.Re = regexp.MustCompile("")
		}
	case "exact":
		tg.Name = strings.Join(strings.Fields(name), " ")
	case "regexp":
		re, err := regexp.Compile(name)
		if err != nil {
			return tg, fmt.Errorf("name is not a regular expression: %v", err)
		}
		tg.Re = re
	default:
		return tg, fmt.Errorf("match %q: want substring, exact or regexp", match)
	}
	return tg, nil
}
