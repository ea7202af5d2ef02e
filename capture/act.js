// axtree act helper. This file is a function expression: the hook (hook.js)
// evaluates it inside its closure with its internal object I and its state
// (the id table of the latest capture: capture id -> element, in a Map no
// page script can reach). It returns {act, check, arm, disarm}.
//
// act(gen, k, action, value) prepares an action on the element with capture
// id k of capture generation gen and returns an object:
//   {x, y}      click: the point (top-level viewport coordinates) where a
//               trusted mouse click lands on the element; the element's
//               realm is armed to record where the next press lands;
//   {done: 1}   the action is complete (a DOM click on the element itself
//               when no point of it is hit-testable, a select, an empty type);
//   {type: 1}   type: the element is focused with its content selected
//               (append: the caret after it), the Go side inserts the
//               text (the realm is armed for beforeinput);
//   {error: s}  the element is gone, is not the one captured, or does not
//               take the action.
// check() then answers where the trusted input went: {ok: 1}, or {error: s}
// when it landed outside the element (the page moved something over it).
// Every DOM read goes through natives captured at install, so a page that
// replaced getBoundingClientRect, elementFromPoint or focus cannot move the
// point or the focus.
(function (I, state) {
  'use strict';
  var N = I.N, apply = N.apply, create = N.create;
  function A() { var a = []; N.setPrototypeOf(a, null); return a; } // no page setter on an index
  function tagOf(el) { try { return apply(N.localName, el, []); } catch (e) { return '?'; } }
  function dict(a, b, c) { // a null-prototype dictionary (no page getter reads it)
    var o = create(null);
    for (var k = 0; k < arguments.length; k += 2) o[arguments[k]] = arguments[k + 1];
    return o;
  }
  function fire(el, type, bubblesComposed) {
    var ev = new N.Event(type, bubblesComposed ? dict('bubbles', true, 'composed', true) : dict('bubbles', true));
    apply(N.dispatchEvent, el, [ev]);
  }
  // Trusted input is checked where it lands: every realm's hook records the
  // target of the first press (pointerdown, mousedown) or beforeinput while
  // armed, from window listeners registered at install, before any site
  // listener (so none can stop them first).
  var armed = null, seen;
  function record(e) {
    if (armed === null || seen !== undefined) return;
    try { seen = apply(N.eventTarget, e, []); } catch (err) { seen = null; }
  }
  var passive = dict('capture', true, 'passive', true);
  var types = ['pointerdown', 'mousedown', 'beforeinput'];
  for (var t = 0; t < types.length; t++) apply(I.nativeAdd, window, [types[t], record, passive]);
  function arm(el) { armed = el; seen = undefined; }
  function disarm() { var s = seen; armed = null; seen = undefined; return s; }
  // inside reports whether node is el or inside it, crossing shadow roots
  // (an event seen at window is retargeted to the outermost shadow host).
  function inside(node, el) {
    if (node === el) return true;
    try { if (apply(N.contains, el, [node])) return true; } catch (e) { return false; }
    var x = el;
    for (var i = 0; i < 1000 && x; i++) {
      var root = apply(N.getRootNode, x, []);
      if (apply(N.nodeType, root, []) !== 11) return false;
      x = apply(N.shadowHost, root, []);
      if (x === node) return true;
    }
    return false;
  }
  function realmOf(el) {
    var doc = apply(N.ownerDocument, el, []);
    var win = doc ? apply(N.defaultView, doc, []) : null;
    if (!win || win === window) return I;
    return I.probe(win);
  }
  function deepActive(doc) {
    var a = apply(N.activeElement, doc, []);
    for (var i = 0; i < 1000 && a; i++) {
      var r = I.shadowOf(a);
      if (!r) return a;
      var b = apply(N.srActiveElement, r, []);
      if (!b) return a;
      a = b;
    }
    return a;
  }
  function act(gen, k, action, value) {
    var what = 'element with capture id ' + k;
    if (gen !== state.gen) return { error: 'the page was captured again since (ids of capture ' + gen + ' are void)' };
    var el = apply(N.mpGet, state.byId, [k]);
    if (el === undefined || !apply(N.isConnected, el, [])) return { error: what + ' is no longer in the page' };
    var doc = apply(N.ownerDocument, el, []);
    var realm = realmOf(el);
    if (action === 'scroll') { // scroll into view, nothing else (more.go)
      try { apply(N.scrollIntoView, el, [dict('block', 'center', 'inline', 'center', 'behavior', 'instant')]); } catch (e) {}
      return { done: 1 };
    }
    var hover = action === 'hover'; // the click's point, for a mouse move only (more.go)
    if (action === 'click' || hover) {
      try { apply(N.scrollIntoView, el, [dict('block', 'center', 'inline', 'center', 'behavior', 'instant')]); } catch (e) {}
      var r = apply(N.rect, el, []);
      var w = apply(N.rectWidth, r, []), h = apply(N.rectHeight, r, []);
      var x = apply(N.rectLeft, r, []) + w / 2, y = apply(N.rectTop, r, []) + h / 2;
      var hit = null;
      try {
        var root = apply(N.getRootNode, el, []);
        hit = apply(N.nodeType, root, []) === 11 ? apply(N.srElementFromPoint, root, [x, y]) : apply(N.elementFromPoint, doc, [x, y]);
      } catch (e) { hit = null; }
      var ok = w > 0 && h > 0 && hit !== null && (hit === el || apply(N.contains, el, [hit]));
      // Translate through same-origin frames to top-level coordinates, and
      // check the frame itself is what the top-level point hits.
      var win = apply(N.defaultView, doc, []);
      for (var i = 0; ok && win && i < 64; i++) {
        var fe = null;
        try { fe = apply(N.frameElement, win, []); } catch (e) { fe = null; }
        if (!fe) break;
        var fr = apply(N.rect, fe, []);
        x += apply(N.rectLeft, fr, []) + apply(N.clientLeft, fe, []);
        y += apply(N.rectTop, fr, []) + apply(N.clientTop, fe, []);
        var fdoc = apply(N.ownerDocument, fe, []);
        if (apply(N.elementFromPoint, fdoc, [x, y]) !== fe) ok = false;
        win = apply(N.defaultView, fdoc, []);
      }
      if (hover) return ok ? { x: x, y: y, hover: 1 } : { error: what + ' has no visible point to move the mouse to' };
      if (!ok || realm === undefined) { apply(N.click, el, []); return { done: 1 }; }
      realm.arm(el);
      return { x: x, y: y };
    }
    if (action === 'type' || action === 'append') {
      // type replaces the content (all of it selected); append types after
      // it (the caret at its end).
      var append = action === 'append';
      try { apply(N.focus, el, []); } catch (e) {}
      var tag = tagOf(el);
      if (tag === 'input') {
        try {
          if (append) { var l = apply(N.inputValue, el, []).length; apply(N.inputSetSelectionRange, el, [l, l]); }
          else apply(N.inputSelect, el, []);
        } catch (e) {} // types without a selection (email, number) keep the caret where the focus put it
      } else if (tag === 'textarea') {
        try {
          if (append) { var tl = apply(N.textareaValue, el, []).length; apply(N.textareaSetSelectionRange, el, [tl, tl]); }
          else apply(N.textareaSelect, el, []);
        } catch (e) {}
      } else if (apply(N.isContentEditable, el, [])) {
        var sel = apply(N.getSelection, doc, []), range = apply(N.createRange, doc, []);
        apply(N.selectNodeContents, range, [el]);
        if (append) apply(N.rangeCollapse, range, [false]);
        apply(N.removeAllRanges, sel, []); apply(N.addRange, sel, [range]);
      } else return { error: what + ' (' + tag + ') does not take text' };
      if (append && value === '') return { done: 1 };
      var active = deepActive(doc);
      if (active !== el && !(active && apply(N.contains, el, [active]))) {
        return { error: what + ' (' + tag + ') did not keep the focus: it is on ' + (active ? tagOf(active) : 'nothing') };
      }
      if (value === '') {
        if (tag === 'input') apply(N.inputValueSet, el, ['']);
        else if (tag === 'textarea') apply(N.textareaValueSet, el, ['']);
        else apply(N.textContentSet, el, ['']);
        fire(el, 'input', true);
        fire(el, 'change', false);
        return { done: 1 };
      }
      if (realm !== undefined) realm.arm(el);
      return { type: 1 };
    }
    if (action === 'select') {
      // value is one option (a string) or, from SelectOptions, a list of
      // them: exactly those options end up selected.
      if (tagOf(el) !== 'select') return { error: what + ' (' + tagOf(el) + ') is not a select' };
      var many = N.isArray(value), want = value, nw = many ? value.length : 1;
      if (!many) { want = A(); want[0] = value; }
      var multiple = apply(N.selectMultiple, el, []);
      if (nw === 0) return { error: 'no option given for the select with capture id ' + k };
      if (nw > 1 && !multiple) return { error: 'the select with capture id ' + k + ' takes one option (it is not a multiple select), and ' + nw + ' were given' };
      var opts = apply(N.selectOptions, el, []), n = apply(N.collLength, opts, []), chosen = A();
      for (var w = 0; w < nw; w++) {
        var v = want[w], found = -1;
        if (typeof v !== 'string') return { error: 'option ' + w + ' is not a string' };
        var vt = apply(N.strTrim, v, []);
        for (var j = 0; j < n && found < 0; j++) if (apply(N.optionValue, apply(N.collItem, opts, [j]), []) === v) found = j;
        for (j = 0; j < n && found < 0; j++) {
          var o = apply(N.collItem, opts, [j]);
          if (apply(N.strTrim, apply(N.optionLabel, o, []), []) === vt || apply(N.strTrim, apply(N.optionText, o, []), []) === vt) found = j;
        }
        if (found < 0) return { error: 'select with capture id ' + k + ' has no option ' + N.stringify(v) };
        chosen[chosen.length] = found;
      }
      try { apply(N.focus, el, []); } catch (e) {}
      if (!many) apply(N.selectIndexSet, el, [chosen[0]]);
      else {
        for (j = 0; j < n; j++) {
          var on = false;
          for (w = 0; w < chosen.length; w++) if (chosen[w] === j) on = true;
          apply(N.optionSelectedSet, apply(N.collItem, opts, [j]), [on]);
        }
      }
      fire(el, 'input', true);
      fire(el, 'change', false);
      return { done: 1 };
    }
    return { error: 'unknown action ' + action };
  }
  // check answers where the armed input landed (see the file comment).
  function check(gen, k) {
    var el = apply(N.mpGet, state.byId, [k]);
    if (el === undefined) return { ok: 1 };
    var realm = realmOf(el);
    if (realm === undefined) return { ok: 1 };
    var s = realm.disarm();
    if (s === undefined || s === null) return { ok: 1 }; // nothing received it (a disabled control)
    if (inside(s, el)) return { ok: 1 };
    return { error: 'the input meant for element with capture id ' + k + ' (' + tagOf(el) + ') landed on ' + tagOf(s) + ' outside it' };
  }
  // fileInput returns the element with capture id k of capture gen when
  // it is an enabled <input type=file> that takes n files, else a string
  // saying why not (files.go sets its files).
  function fileInput(gen, k, n) {
    var what = 'element with capture id ' + k;
    if (gen !== state.gen) return 'the page was captured again since (ids of capture ' + gen + ' are void)';
    var el = apply(N.mpGet, state.byId, [k]);
    if (el === undefined || !apply(N.isConnected, el, [])) return what + ' is no longer in the page';
    var tag = tagOf(el);
    if (tag !== 'input' || apply(N.inputType, el, []) !== 'file') {
      return what + ' is not a file field (' + (tag === 'input' ? 'input type=' + apply(N.inputType, el, []) : tag) + ')';
    }
    if (apply(N.inputDisabled, el, [])) return what + ' (a file field) is disabled';
    if (n > 1 && !apply(N.inputMultiple, el, [])) return what + ' (a file field) takes one file, and ' + n + ' were given';
    return el;
  }
  return { act: act, check: check, arm: arm, disarm: disarm, fileInput: fileInput };
})
