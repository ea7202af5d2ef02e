// axtree capture hook, installed at document start in every frame's main
// world (Page.addScriptToEvaluateOnNewDocument), before any site script.
//
// It wraps EventTarget.prototype.addEventListener / removeEventListener, the
// on* event handler property setters and Element.prototype.attachShadow.
// Every call goes straight through to the native function; the wrappers only
// take notes, kept in this closure (WeakMaps), never on page objects. The one
// thing visible to the page is a non-enumerable, non-configurable property of
// window keyed by Symbol.for('axtree.capture.hook'): the handle the collector
// and the Go adapter use. Function.prototype.toString is wrapped so that the
// wrappers (and toString itself) print the native source text.
//
// The Go side fills two placeholders before injecting the script:
// the event placeholder (the JSON array of event names in listeners/events.go
// order: an event's id is its index) and the collector placeholder (collect.js, a
// function expression evaluated inside this closure so it uses the natives
// captured here, at install time, and not whatever the page put in their
// place later).
(function () {
  'use strict';
  var KEY = Symbol.for('axtree.capture.hook');
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;

  // Natives, captured before any site script runs.
  var R = Reflect, apply = R.apply, ownKeys = R.ownKeys;
  var defineProperty = Object.defineProperty;
  var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  var getPrototypeOf = Object.getPrototypeOf;
  var WM = WeakMap, Mp = Map, St = Set;
  var wmGet = WM.prototype.get, wmSet = WM.prototype.set, wmHas = WM.prototype.has;
  var mpGet = Mp.prototype.get, mpSet = Mp.prototype.set, mpDelete = Mp.prototype.delete;
  var mpForEach = Mp.prototype.forEach;
  var mpSize = getOwnPropertyDescriptor(Mp.prototype, 'size').get;
  var fnToString = Function.prototype.toString;
  var ET = EventTarget.prototype;
  var nativeAdd = ET.addEventListener, nativeRemove = ET.removeEventListener;
  var nativeAttach = Element.prototype.attachShadow;
  var N = {
    apply: apply,
    ownKeys: ownKeys,
    getOwnPropertyDescriptor: getOwnPropertyDescriptor,
    stringify: JSON.stringify,
    strSlice: String.prototype.slice,
    strIndexOf: String.prototype.indexOf,
    strLower: String.prototype.toLowerCase,
    strCharCodeAt: String.prototype.charCodeAt,
    isArray: Array.isArray,
    now: performance.now.bind(performance),
    getComputedStyle: window.getComputedStyle,
    gcsGet: CSSStyleDeclaration.prototype.getPropertyValue,
    rect: Element.prototype.getBoundingClientRect,
    getAttribute: Element.prototype.getAttribute,
    setAttribute: Element.prototype.setAttribute,
    hasAttribute: Element.prototype.hasAttribute,
    querySelector: Document.prototype.querySelector,
    matches: Element.prototype.matches,
    closest: Element.prototype.closest,
    attributes: getOwnPropertyDescriptor(Element.prototype, 'attributes').get,
    shadowRootGet: getOwnPropertyDescriptor(Element.prototype, 'shadowRoot').get,
    firstChild: getOwnPropertyDescriptor(Node.prototype, 'firstChild').get,
    nextSibling: getOwnPropertyDescriptor(Node.prototype, 'nextSibling').get,
    nodeType: getOwnPropertyDescriptor(Node.prototype, 'nodeType').get,
    nodeName: getOwnPropertyDescriptor(Node.prototype, 'nodeName').get,
    nodeValue: getOwnPropertyDescriptor(Node.prototype, 'nodeValue').get,
    localName: getOwnPropertyDescriptor(Element.prototype, 'localName').get,
    namespaceURI: getOwnPropertyDescriptor(Element.prototype, 'namespaceURI').get,
    contentDocument: getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentDocument').get,
    templateContent: getOwnPropertyDescriptor(HTMLTemplateElement.prototype, 'content').get,
    wmGet: wmGet, wmSet: wmSet, wmHas: wmHas, WM: WM,
    mpGet: mpGet, mpSet: mpSet, mpForEach: mpForEach, mpSize: mpSize, Mp: Mp
  };

  // Function.prototype.toString masking: a wrapper prints its native's text.
  var masks = new WM();
  function mask(wrapper, native) {
    apply(wmSet, masks, [wrapper, native]);
    try { defineProperty(wrapper, 'length', { value: native.length, configurable: true }); } catch (e) {}
    try { defineProperty(wrapper, 'name', { value: native.name, configurable: true }); } catch (e) {}
  }
  var toStringWrapper = {
    toString: function toString() {
      var n = apply(wmGet, masks, [this]);
      return apply(fnToString, n === undefined ? this : n, arguments);
    }
  }.toString;
  mask(toStringWrapper, fnToString);
  defineProperty(Function.prototype, 'toString', { value: toStringWrapper, writable: true, configurable: true, enumerable: false });

  // Event ids (listeners/events.go; index = id), injected by Go.
  var EVENTS = __AXTREE_EVENTS__;
  var eventIds = new Mp();
  for (var i = 0; i < EVENTS.length; i++) apply(mpSet, eventIds, [EVENTS[i], i]);

  // Notes: target -> Map(event id -> {fns: [[fn, capture], ...], inline: bool}).
  var notes = new WM();
  var shadows = new WM(); // host -> ShadowRoot (open and closed)
  function entry(target, id, create) {
    var m = apply(wmGet, notes, [target]);
    if (m === undefined) {
      if (!create) return undefined;
      m = new Mp();
      apply(wmSet, notes, [target, m]);
    }
    var e = apply(mpGet, m, [id]);
    if (e === undefined && create) {
      e = { fns: [], inline: false };
      apply(mpSet, m, [id, e]);
    }
    return e;
  }
  function captureFlag(options) {
    if (options === null || options === undefined) return false;
    if (typeof options === 'boolean') return options;
    if (typeof options === 'object') { try { return !!options.capture; } catch (e) { return false; } }
    return false;
  }
  function note(target, type, fn, options, add) {
    if (fn === null || fn === undefined || (typeof fn !== 'function' && typeof fn !== 'object')) return;
    var id = apply(mpGet, eventIds, [type]);
    if (id === undefined) return; // event types outside the table are dropped
    var cap = captureFlag(options);
    var e = entry(target, id, add);
    if (e === undefined) return;
    var fns = e.fns;
    for (var k = 0; k < fns.length; k++) {
      if (fns[k][0] === fn && fns[k][1] === cap) {
        if (!add) removeAt(fns, k);
        return;
      }
    }
    if (add && fns.length < 64) {
      var rec = [fn, cap];
      fns[fns.length] = rec;
      return rec;
    }
  }
  // forget removes the registration rec of (target, type) if it is still
  // noted: a later removal and re-adding of the same function made a new
  // registration, which stays.
  function forget(target, type, rec) {
    var id = apply(mpGet, eventIds, [type]);
    var e = id === undefined ? undefined : entry(target, id, false);
    if (e === undefined) return;
    var fns = e.fns;
    for (var k = 0; k < fns.length; k++) {
      if (fns[k] === rec) return removeAt(fns, k);
    }
  }
  // removeAt removes fns[k] in place (no Array.prototype method the page
  // could have replaced).
  function removeAt(fns, k) {
    for (var j = k + 1; j < fns.length; j++) fns[j - 1] = fns[j];
    fns.length = fns.length - 1;
  }
  // onceOf reports whether an options object asks for a once listener.
  function onceOf(options) {
    if (options === null || typeof options !== 'object') return false;
    try { return !!options.once; } catch (e) { return false; }
  }

  // signalOf returns the AbortSignal of an options object, or undefined.
  // A listener added with an already aborted signal is not added at all;
  // one whose signal aborts later is removed then (DOM §2.7).
  var abortedGet = typeof AbortSignal === 'function' ? getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted') : undefined;
  function signalOf(options) {
    if (options === null || typeof options !== 'object' || abortedGet === undefined) return undefined;
    var s;
    try { s = options.signal; } catch (e) { return undefined; }
    if (s === null || typeof s !== 'object') return undefined;
    try { apply(abortedGet.get, s, []); } catch (e) { return undefined; } // not an AbortSignal
    return s;
  }
  var addWrapper = {
    addEventListener: function addEventListener(type, listener, options) {
      var r = apply(nativeAdd, this, arguments);
      try {
        if (this !== null && this !== undefined) {
          var target = this, t = '' + type, sig = signalOf(options);
          if (sig !== undefined && apply(abortedGet.get, sig, [])) return r;
          var rec = note(target, t, listener, options, true);
          if (rec === undefined) return r; // not noted (unknown type, duplicate)
          var drop = function () { try { forget(target, t, rec); } catch (e) {} };
          if (sig !== undefined) apply(nativeAdd, sig, ['abort', drop, { once: true }]);
          // A once listener is removed when it first runs: so is its note,
          // by a passive listener of ours registered right after it.
          if (onceOf(options)) apply(nativeAdd, target, [t, drop, { capture: rec[1], once: true, passive: true }]);
        }
      } catch (e) {}
      return r;
    }
  }.addEventListener;
  var removeWrapper = {
    removeEventListener: function removeEventListener(type, listener, options) {
      var r = apply(nativeRemove, this, arguments);
      try { if (this !== null && this !== undefined) note(this, '' + type, listener, options, false); } catch (e) {}
      return r;
    }
  }.removeEventListener;
  mask(addWrapper, nativeAdd);
  mask(removeWrapper, nativeRemove);
  defineProperty(ET, 'addEventListener', { value: addWrapper, writable: true, configurable: true, enumerable: true });
  defineProperty(ET, 'removeEventListener', { value: removeWrapper, writable: true, configurable: true, enumerable: true });

  if (typeof nativeAttach === 'function') {
    var attachWrapper = {
      attachShadow: function attachShadow(init) {
        var root = apply(nativeAttach, this, arguments);
        try { apply(wmSet, shadows, [this, root]); } catch (e) {}
        return root;
      }
    }.attachShadow;
    mask(attachWrapper, nativeAttach);
    defineProperty(Element.prototype, 'attachShadow', { value: attachWrapper, writable: true, configurable: true, enumerable: true });
  }

  // on* handler properties (el.onclick = fn): wrap the setters.
  function wrapHandlers(proto) {
    if (!proto) return;
    for (var k = 0; k < EVENTS.length; k++) {
      (function (name, id) {
        var d = getOwnPropertyDescriptor(proto, 'on' + name);
        if (!d || typeof d.set !== 'function' || !d.configurable) return;
        var nativeSet = d.set;
        var w = {
          set: function (v) {
            apply(nativeSet, this, arguments);
            try {
              var e = entry(this, id, typeof v === 'function');
              if (e !== undefined) e.inline = typeof v === 'function';
            } catch (err) {}
          }
        }.set;
        mask(w, nativeSet);
        defineProperty(proto, 'on' + name, { get: d.get, set: w, enumerable: d.enumerable, configurable: true });
      })(EVENTS[k], k);
    }
  }
  wrapHandlers(HTMLElement.prototype);
  wrapHandlers(typeof SVGElement !== 'undefined' ? SVGElement.prototype : null);
  wrapHandlers(Element.prototype);
  wrapHandlers(Document.prototype);
  wrapHandlers(window); // Window's handler attributes live on the instance

  var H = {
    N: N,
    KEY: KEY,
    EVENTS: EVENTS,
    eventIds: eventIds,
    // listenersOf returns the notes of target: Map(event id -> {fns, inline}).
    listenersOf: function (target) { return apply(wmGet, notes, [target]); },
    // shadowOf returns the shadow root of host, open or closed, or null.
    shadowOf: function (host) {
      var r = apply(wmGet, shadows, [host]);
      if (r !== undefined) return r;
      try { return apply(N.shadowRootGet, host, []); } catch (e) { return null; }
    },
    byId: [],   // elements of the latest capture, by capture id (data-axid)
    lastMs: 0   // in-page milliseconds of the latest collect
  };
  H.collect = (__AXTREE_COLLECT__)(H);
  defineProperty(window, KEY, { value: H, enumerable: false, configurable: false, writable: false });
})();
