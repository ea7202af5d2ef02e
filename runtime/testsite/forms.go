package testsite

import (
	"io"
	"net/http"
	"strconv"
	"sync"
)

// Forms serves pages where typing or choosing takes more than setting a value.
// Each keeps its own state in window.appState (what the site would submit),
// which a test reads instead of the DOM value:
//
//   - /react: a controlled input (Name) with a React-style value tracker:
//     the framework's delegated input listener compares the field's value
//     with the value it last saw through the value setter and ignores the
//     event when they are equal, so assigning .value and firing "input"
//     changes nothing; appState.name follows real typing.
//   - /editor: a contenteditable rich-text editor (Message) that handles
//     beforeinput itself (preventDefault, then edits its model and renders
//     it); appState.text is the model. Setting textContent and firing
//     "input" leaves the model empty.
//   - /order: a small shop form (Quantity, Gift wrap, Country, Place
//     order, Cancel, Save draft; a search inside a closed shadow root and a
//     same-origin frame with a Newsletter checkbox); appState.clicked lists
//     the buttons clicked, by name.
//   - POST /echo answers {"bytes": N}, the size of the body it got.
//   - /select: a single <select> (Country; appState.country is its
//     value), a <select multiple> (Toppings; appState.toppings the chosen
//     values, in option order) and an ARIA combobox (Size) that opens a
//     listbox of options (appState.size is the option clicked); each is
//     updated by the site's own change or click listener.
//   - /framed: a page ("Newsletter", a heading and a text field of its
//     own: Your name) whose sign-up form is in a same-origin iframe
//     (/signup: Email, Country, Subscribe); the form POSTs to /signup,
//     which keeps the sign-up (see Signups) and thanks.
//   - /date: a read-only field (Earliest start date) that becomes editable
//     when clicked, like a date picker's "type instead" mode; its input
//     listener updates appState.start only while the field is editable.
type Forms struct {
	server
	mu      sync.Mutex
	signups []Signup
}

// Signup is a newsletter sign-up the /signup form posted.
type Signup struct{ Email, Country string }

// Signups returns the sign-ups the server received, in order.
func (f *Forms) Signups() []Signup {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Signup(nil), f.signups...)
}

// StartForms starts the typing pages.
func StartForms() (*Forms, error) {
	f := &Forms{}
	mux := http.NewServeMux()
	page := func(title, body, js string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>`+title+`</title></head><body>`+
				body+`<script>`+js+`</script></body></html>`)
		}
	}
	mux.HandleFunc("GET /react", page("Controlled input", `<div id="root"><form><label>Name <input id="name"></label><output id="hello"></output></form></div>`, reactJS))
	mux.HandleFunc("GET /editor", page("Editor", `<main><h1>Compose</h1><div id="ed" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Message"></div></main>`, editorJS))
	mux.HandleFunc("GET /order", page("Order", orderHTML, orderJS))
	mux.HandleFunc("GET /frame", page("Frame", `<label><input type="checkbox"> Newsletter</label><a href="/order">Back to the order</a>`, ""))
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Echo-Type", r.Header.Get("Content-Type"))
		_, _ = w.Write([]byte(`{"bytes":` + strconv.Itoa(len(b)) + `}`))
	})
	mux.HandleFunc("GET /select", page("Pizza", selectHTML, selectJS))
	mux.HandleFunc("GET /framed", page("Newsletter", `<main><h1>Newsletter</h1><label>Your name <input name="who"></label>
<iframe src="/signup" title="Sign-up form" width="500" height="220"></iframe></main>`, ""))
	mux.HandleFunc("GET /signup", page("Sign up", `<form method="post" action="/signup" aria-label="Sign up">
<label>Email <input type="email" name="email"></label>
<label>Country <select name="country"><option value="de">Germany</option><option value="nz">New Zealand</option></select></label>
<button type="submit">Subscribe</button></form>`, ""))
	mux.HandleFunc("POST /signup", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.signups = append(f.signups, Signup{Email: r.FormValue("email"), Country: r.FormValue("country")})
		f.mu.Unlock()
		writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thanks</title></head><body><p>Thanks for subscribing.</p></body></html>`)
	})
	// /strict is a page under a strict Content-Security-Policy, as many
	// large sites send: scripts only from the site (no eval, no Function
	// constructor), Trusted Types required for script sinks, requests only
	// to the site.
	mux.HandleFunc("GET /strict", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", strictCSP)
		writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict</title></head><body>
<main><h1>Newsletter</h1><label>Email <input id="email" type="email"></label>
<button id="go" type="button">Subscribe</button><p id="done"></p></main>
<script src="/strict.js"></script></body></html>`)
	})
	mux.HandleFunc("GET /strict.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", strictCSP)
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = w.Write([]byte(strictJS))
	})
	mux.HandleFunc("GET /date", page("Date", `<main><label>Earliest start date <input id="start" readonly placeholder="DD.MM.YYYY"></label></main>`, dateJS))
	if err := f.start(mux); err != nil {
		return nil, err
	}
	return f, nil
}

// strictCSP is /strict's policy.
const strictCSP = "default-src 'self'; script-src 'self'; connect-src 'self'; require-trusted-types-for 'script'; object-src 'none'; base-uri 'none'"

const strictJS = `document.getElementById('go').addEventListener('click', function () {
  document.getElementById('done').textContent = 'Subscribed ' + document.getElementById('email').value;
});
`

const reactJS = `(function () {
  'use strict';
  var state = window.appState = { name: '' };
  var input = document.getElementById('name'), hello = document.getElementById('hello');
  var desc = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  // The value tracker, as react-dom installs it on every controlled input.
  var tracked = input.value;
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: function () { return desc.get.call(this); },
    set: function (v) { tracked = '' + v; desc.set.call(this, v); }
  });
  function onChange(v) { state.name = v; render(); }
  function render() { input.value = state.name; hello.textContent = state.name ? 'Hello, ' + state.name : ''; }
  input['__reactProps$x7k2'] = { onChange: onChange, value: state.name };
  // react-dom listens at the root container and dispatches to the props.
  document.getElementById('root').addEventListener('input', function (e) {
    var node = e.target;
    if (node !== input) return;
    var next = desc.get.call(node);
    if (next === tracked) return; // no change as far as React can tell
    tracked = next;
    input['__reactProps$x7k2'].onChange(next);
  });
  render();
})();`

const editorJS = `(function () {
  'use strict';
  var state = window.appState = { text: '' };
  var ed = document.getElementById('ed');
  function offsets() {
    var sel = document.getSelection();
    if (!sel || sel.rangeCount === 0) return [state.text.length, state.text.length];
    var r = sel.getRangeAt(0);
    function off(node, o) {
      if (node === ed) return o === 0 ? 0 : state.text.length;
      if (node.nodeType === 3 && node.parentNode === ed) return Math.min(o, state.text.length);
      return state.text.length;
    }
    var a = off(r.startContainer, r.startOffset), b = off(r.endContainer, r.endOffset);
    return a <= b ? [a, b] : [b, a];
  }
  function render(caret) {
    ed.textContent = state.text;
    var sel = document.getSelection(), r = document.createRange();
    if (ed.firstChild) r.setStart(ed.firstChild, caret); else r.setStart(ed, 0);
    r.collapse(true);
    sel.removeAllRanges(); sel.addRange(r);
  }
  ed.addEventListener('beforeinput', function (e) {
    e.preventDefault();
    var o = offsets(), a = o[0], b = o[1], t = state.text, ins = '';
    switch (e.inputType) {
      case 'insertText': case 'insertReplacementText': case 'insertFromPaste': case 'insertFromDrop':
        ins = e.data != null ? e.data : (e.dataTransfer ? e.dataTransfer.getData('text/plain') : '');
        break;
      case 'insertParagraph': case 'insertLineBreak': ins = '\n'; break;
      case 'deleteContentBackward': if (a === b && a > 0) a--; break;
      case 'deleteContentForward': if (a === b && b < t.length) b++; break;
      case 'deleteWordBackward': case 'deleteWordForward': case 'deleteByCut': case 'deleteContent': break;
      default: return;
    }
    state.text = t.slice(0, a) + ins + t.slice(b);
    render(a + ins.length);
  });
})();`

const dateJS = `(function () {
  'use strict';
  var state = window.appState = { start: '' };
  var input = document.getElementById('start');
  input.addEventListener('click', function () {
    if (input.readOnly) { input.readOnly = false; input.focus(); }
  });
  input.addEventListener('input', function () {
    if (!input.readOnly) state.start = input.value;
  });
  input.addEventListener('blur', function () { if (!state.start) input.readOnly = true; });
})();`

const orderHTML = `<header><nav aria-label="Main"><a href="/order">Shop</a> <a href="/order#help">Help</a></nav></header>
<main><h1>Your order</h1>
<form aria-label="Order">
<label>Quantity <input type="number" name="qty" value="1"></label>
<label><input type="checkbox" name="gift"> Gift wrap</label>
<label>Country <select name="country"><option>Germany</option><option>New Zealand</option><option>Japan</option></select></label>
<fieldset><legend>Delivery</legend><label><input type="radio" name="d" checked> Standard</label><label><input type="radio" name="d"> Express</label></fieldset>
<button type="button">Place order</button> <button type="button">Cancel</button> <button type="button">Save draft</button>
</form>
<site-search></site-search>
<iframe src="/frame" title="Newsletter"></iframe>
</main>`

const orderJS = `(function () {
  'use strict';
  var state = window.appState = { clicked: [] };
  document.querySelectorAll('button').forEach(function (b) {
    b.addEventListener('click', function () { state.clicked.push(b.textContent); });
  });
  customElements.define('site-search', class extends HTMLElement {
    constructor() {
      super();
      var r = this.attachShadow({ mode: 'closed' });
      r.innerHTML = '<div role="search"><label>Search the shop <input type="search"></label><button type="button">Go</button></div>';
      r.querySelector('button').addEventListener('click', function () { state.clicked.push('Go'); });
    }
  });
})();`

const selectHTML = `<main><h1>Your pizza</h1><form aria-label="Pizza">
<label>Country <select id="country"><option value="de">Germany</option><option value="nz">New Zealand</option><option value="jp">Japan</option></select></label>
<label>Toppings <select id="toppings" multiple size="4"><option value="olives">Olives</option><option value="basil">Basil</option><option value="chili">Chili flakes</option><option value="ham">Ham</option></select></label>
<div><span id="size-label">Size</span> <button type="button" role="combobox" id="size" aria-labelledby="size-label" aria-haspopup="listbox" aria-expanded="false" aria-controls="sizes">Medium</button>
<ul role="listbox" id="sizes" aria-label="Sizes" hidden><li role="option" aria-selected="false">Small</li><li role="option" aria-selected="true">Medium</li><li role="option" aria-selected="false">Large</li></ul></div>
</form></main>`

const selectJS = `(function () {
  'use strict';
  var state = window.appState = { country: 'de', toppings: [], size: 'Medium', changes: 0 };
  var country = document.getElementById('country'), toppings = document.getElementById('toppings');
  country.addEventListener('change', function () { state.country = country.value; state.changes++; });
  toppings.addEventListener('change', function () {
    state.toppings = Array.prototype.filter.call(toppings.options, function (o) { return o.selected; }).map(function (o) { return o.value; });
    state.changes++;
  });
  var box = document.getElementById('size'), list = document.getElementById('sizes');
  box.addEventListener('click', function () {
    var open = list.hidden;
    list.hidden = !open;
    box.setAttribute('aria-expanded', open ? 'true' : 'false');
  });
  list.querySelectorAll('[role=option]').forEach(function (o) {
    o.addEventListener('click', function () {
      list.querySelectorAll('[role=option]').forEach(function (x) { x.setAttribute('aria-selected', x === o ? 'true' : 'false'); });
      state.size = o.textContent; box.textContent = o.textContent;
      list.hidden = true; box.setAttribute('aria-expanded', 'false');
    });
  });
})();`
