// axtree capture hook, installed at document start in every frame's main
// world (Page.addScriptToEvaluateOnNewDocument), before any site script.
//
// It wraps EventTarget.prototype.addEventListener / removeEventListener, the
// on* event handler property setters and Element.prototype.attachShadow.
// Every call goes through to the native function; the wrappers only take
// notes, kept in this closure (WeakMaps), never on page objects.
// Function.prototype.toString is wrapped so that the wrappers (and toString
// itself) print the native source text.
//
// Nothing of the hook is reachable from the page: no property on window or
// on any page object. The hook announces its handle to the Go adapter with
// the console.debug captured here, carrying a secret the Go side baked into
// this source (the Runtime.consoleAPICalled event hands Go a RemoteObject of
// the handle); Go then calls the handle's methods with
// Runtime.callFunctionOn. Hooks of one page (same-origin frames) find each
// other by dispatching an event whose type contains the secret on the other
// frame's window with the captured natives; no site script can listen for a
// type it does not know. The secret appears only in this outer function,
// whose source no page script can obtain (it is never stored anywhere).
//
// The Go side fills placeholders before injecting the script: the secret
// (a JSON string), the event table (the JSON array of event names in
// listeners/events.go order: an event's id is its index), the collector
// (collect.js) and the act helper (act.js), function expressions evaluated
// inside this closure, and the extension scripts of Options.Extensions.
(function () {
  'use strict';
  var SECRET = __AXTREE_SECRET__;
  var TYPE = 'axtree:' + SECRET;

  // Natives, captured before any site script runs.
  var R = Reflect, apply = R.apply, ownKeys = R.ownKeys;
  var defineProperty = Object.defineProperty, create = Object.create, freeze = Object.freeze;
  var getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  var getPrototypeOf = Object.getPrototypeOf, setPrototypeOf = Object.setPrototypeOf;
  function A() { var a = []; setPrototypeOf(a, null); return a; } // see collect.js
  var hasOwn = Object.prototype.hasOwnProperty;
  var WM = WeakMap, Mp = Map, NP = Promise, Err = Error;
  var wmGet = WM.prototype.get, wmSet = WM.prototype.set, wmHas = WM.prototype.has;
  var mpGet = Mp.prototype.get, mpSet = Mp.prototype.set, mpDelete = Mp.prototype.delete, mpHas = Mp.prototype.has;
  var mpForEach = Mp.prototype.forEach;
  var mpSize = getOwnPropertyDescriptor(Mp.prototype, 'size').get;
  var promiseThen = NP.prototype.then;
  var fnToString = Function.prototype.toString;
  var ET = EventTarget.prototype;
  var nativeAdd = ET.addEventListener, nativeRemove = ET.removeEventListener, nativeDispatch = ET.dispatchEvent;
  var nativeAttach = Element.prototype.attachShadow;
  var consoleObj = console, consoleDebug = console.debug;
  var CE = CustomEvent, detailGet = getOwnPropertyDescriptor(CustomEvent.prototype, 'detail').get;
  var stringify = JSON.stringify, parse = JSON.parse;
  var Str = String;
  function G(proto, name) { var d = getOwnPropertyDescriptor(proto, name); return d ? d.get : undefined; }
  var winGet = function (name) { var d = getOwnPropertyDescriptor(window, name); return d && d.get ? d.get : function () { return 0; }; };
  var N = {
    apply: apply,
    ownKeys: ownKeys,
    getOwnPropertyDescriptor: getOwnPropertyDescriptor,
    hasOwn: hasOwn,
    stringify: stringify,
    parse: parse,
    strSlice: String.prototype.slice,
    strIndexOf: String.prototype.indexOf,
    strLower: String.prototype.toLowerCase,
    strTrim: String.prototype.trim,
    strCharCodeAt: String.prototype.charCodeAt,
    fromCodePoint: String.fromCodePoint,
    parseInt: parseInt,
    max: Math.max, min: Math.min,
    isArray: Array.isArray,
    now: performance.now.bind(performance),
    getComputedStyle: window.getComputedStyle,
    gcsGet: CSSStyleDeclaration.prototype.getPropertyValue,
    rect: Element.prototype.getBoundingClientRect,
    rectLeft: G(DOMRectReadOnly.prototype, 'left'), rectTop: G(DOMRectReadOnly.prototype, 'top'),
    rectWidth: G(DOMRectReadOnly.prototype, 'width'), rectHeight: G(DOMRectReadOnly.prototype, 'height'),
    innerWidth: winGet('innerWidth'), innerHeight: winGet('innerHeight'),
    getAttribute: Element.prototype.getAttribute,
    setAttribute: Element.prototype.setAttribute,
    hasAttribute: Element.prototype.hasAttribute,
    querySelector: Document.prototype.querySelector,
    matches: Element.prototype.matches,
    closest: Element.prototype.closest,
    contains: Node.prototype.contains,
    getRootNode: Node.prototype.getRootNode,
    attributes: G(Element.prototype, 'attributes'),
    nnmLength: G(NamedNodeMap.prototype, 'length'), nnmItem: NamedNodeMap.prototype.item,
    attrName: G(Attr.prototype, 'name'), attrValue: G(Attr.prototype, 'value'),
    shadowRootGet: G(Element.prototype, 'shadowRoot'),
    shadowMode: G(ShadowRoot.prototype, 'mode'),
    shadowHost: G(ShadowRoot.prototype, 'host'),
    firstChild: G(Node.prototype, 'firstChild'),
    nextSibling: G(Node.prototype, 'nextSibling'),
    parentNode: G(Node.prototype, 'parentNode'),
    nodeType: G(Node.prototype, 'nodeType'),
    nodeName: G(Node.prototype, 'nodeName'),
    nodeValue: G(Node.prototype, 'nodeValue'),
    isConnected: G(Node.prototype, 'isConnected'),
    ownerDocument: G(Node.prototype, 'ownerDocument'),
    localName: G(Element.prototype, 'localName'),
    namespaceURI: G(Element.prototype, 'namespaceURI'),
    documentElement: G(Document.prototype, 'documentElement'),
    body: G(Document.prototype, 'body'),
    docURL: G(Document.prototype, 'URL'),
    docTitle: G(Document.prototype, 'title'),
    defaultView: G(Document.prototype, 'defaultView'),
    elementFromPoint: Document.prototype.elementFromPoint,
    srElementFromPoint: ShadowRoot.prototype.elementFromPoint,
    getSelection: Document.prototype.getSelection,
    createRange: Document.prototype.createRange,
    selectNodeContents: Range.prototype.selectNodeContents,
    removeAllRanges: Selection.prototype.removeAllRanges,
    addRange: Selection.prototype.addRange,
    activeElement: G(Document.prototype, 'activeElement'),
    srActiveElement: G(ShadowRoot.prototype, 'activeElement'),
    frameElement: winGet('frameElement'),
    clientLeft: G(Element.prototype, 'clientLeft'), clientTop: G(Element.prototype, 'clientTop'),
    scrollIntoView: Element.prototype.scrollIntoView,
    focus: HTMLElement.prototype.focus,
    click: HTMLElement.prototype.click,
    isContentEditable: G(HTMLElement.prototype, 'isContentEditable'),
    dispatchEvent: nativeDispatch,
    Event: Event,
    contentDocument: G(HTMLIFrameElement.prototype, 'contentDocument'),
    frameContentDocument: G(HTMLFrameElement.prototype, 'contentDocument'),
    iframeSrc: G(HTMLIFrameElement.prototype, 'src'),
    frameSrc: G(HTMLFrameElement.prototype, 'src'),
    templateContent: G(HTMLTemplateElement.prototype, 'content'),
    inputType: G(HTMLInputElement.prototype, 'type'),
    inputValue: G(HTMLInputElement.prototype, 'value'),
    inputValueSet: getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set,
    inputChecked: G(HTMLInputElement.prototype, 'checked'),
    inputIndeterminate: G(HTMLInputElement.prototype, 'indeterminate'),
    inputSelect: HTMLInputElement.prototype.select,
    inputSetSelectionRange: HTMLInputElement.prototype.setSelectionRange,
    textareaSetSelectionRange: HTMLTextAreaElement.prototype.setSelectionRange,
    rangeCollapse: Range.prototype.collapse,
    textareaValue: G(HTMLTextAreaElement.prototype, 'value'),
    textareaValueSet: getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set,
    textareaSelect: HTMLTextAreaElement.prototype.select,
    textContentSet: getOwnPropertyDescriptor(Node.prototype, 'textContent').set,
    selectIndex: G(HTMLSelectElement.prototype, 'selectedIndex'),
    selectIndexSet: getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'selectedIndex').set,
    selectOptions: G(HTMLSelectElement.prototype, 'options'),
    collLength: G(HTMLCollection.prototype, 'length'), collItem: HTMLCollection.prototype.item,
    optionValue: G(HTMLOptionElement.prototype, 'value'),
    optionLabel: G(HTMLOptionElement.prototype, 'label'),
    optionText: G(HTMLOptionElement.prototype, 'text'),
    optionSelected: G(HTMLOptionElement.prototype, 'selected'),
    optionSelectedSet: getOwnPropertyDescriptor(HTMLOptionElement.prototype, 'selected').set,
    selectMultiple: G(HTMLSelectElement.prototype, 'multiple'),
    inputMultiple: G(HTMLInputElement.prototype, 'multiple'),
    inputDisabled: G(HTMLInputElement.prototype, 'disabled'),
    doctypeName: G(DocumentType.prototype, 'name'),
    doctypePublic: G(DocumentType.prototype, 'publicId'),
    doctypeSystem: G(DocumentType.prototype, 'systemId'),
    composedPath: Event.prototype.composedPath,
    eventTarget: G(Event.prototype, 'target'),
    isTrusted: undefined,
    wmGet: wmGet, wmSet: wmSet, wmHas: wmHas, WM: WM,
    mpGet: mpGet, mpSet: mpSet, mpHas: mpHas, mpDelete: mpDelete, mpForEach: mpForEach, mpSize: mpSize, Mp: Mp,
    promiseThen: promiseThen, Promise: NP,
    Function: Function, AsyncFunction: getPrototypeOf(async function () {}).constructor,
    fetch: typeof fetch === 'function' ? fetch : undefined,
    xhrOpen: XMLHttpRequest.prototype.open, xhrSend: XMLHttpRequest.prototype.send,
    xhrSetRequestHeader: XMLHttpRequest.prototype.setRequestHeader,
    sendBeacon: typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon : undefined,
    setTimeout: setTimeout, clearTimeout: clearTimeout,
    create: create, freeze: freeze, setPrototypeOf: setPrototypeOf
  };
  freeze(N);

  // probe returns the internal object of the hook installed in win's realm
  // (this one's for window), or undefined: it dispatches the secret event,
  // which only a hook listens for. The event's init dictionary and the box
  // have no prototype, so no page getter on Object.prototype sees them.
  function probe(win) {
    var box = create(null), init = create(null);
    init.detail = box;
    try { apply(nativeDispatch, win, [new CE(TYPE, init)]); } catch (e) { return undefined; }
    return box.i;
  }
  if (probe(window) !== undefined) return; // installed already (runImmediately, or a late install)

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
  // A same-origin child frame shares its parent's notes: a page that adds a
  // listener to its own elements with a frame's addEventListener (the
  // frame's natives, or the frame's wrapper) is still seen.
  var parentI;
  try { if (window.parent !== window) parentI = probe(window.parent); } catch (e) { parentI = undefined; }
  var notes = parentI !== undefined ? parentI.store.notes : new WM();
  var shadows = parentI !== undefined ? parentI.store.shadows : new WM(); // host -> ShadowRoot (open and closed)
  function entry(target, id, create_) {
    var m = apply(wmGet, notes, [target]);
    if (m === undefined) {
      if (!create_) return undefined;
      m = new Mp();
      apply(wmSet, notes, [target, m]);
    }
    var e = apply(mpGet, m, [id]);
    if (e === undefined && create_) {
      e = { fns: A(), inline: false };
      apply(mpSet, m, [id, e]);
    }
    return e;
  }
  // find returns the index of (fn, cap) in the notes of (target, id), -1
  // when absent, -2 when the entry is full (64 registrations: not noted).
  function find(target, id, fn, cap) {
    var e = entry(target, id, false);
    if (e === undefined) return -1;
    var fns = e.fns;
    for (var k = 0; k < fns.length; k++) if (fns[k][0] === fn && fns[k][1] === cap) return k;
    return fns.length >= 64 ? -2 : -1;
  }
  // forget removes the registration rec of (target, id) if it is still
  // noted: a later removal and re-adding of the same function made a new
  // registration, which stays.
  function forget(target, id, rec) {
    var e = entry(target, id, false);
    if (e === undefined) return;
    var fns = e.fns;
    for (var k = 0; k < fns.length; k++) if (fns[k] === rec) return removeAt(fns, k);
  }
  // removeAt removes fns[k] in place (no Array.prototype method the page
  // could have replaced).
  function removeAt(fns, k) {
    for (var j = k + 1; j < fns.length; j++) fns[j - 1] = fns[j];
    fns.length = fns.length - 1;
  }

  // Options are read as WebIDL reads them, once each and in its order: a
  // dictionary's members in lexicographic order, the inherited dictionary's
  // first (EventListenerOptions: capture; AddEventListenerOptions: once,
  // passive, signal), every value converted once. Anything else but null and
  // undefined is a boolean (capture). The native gets a normalized options
  // object with no prototype, so it reads nothing the page controls, and
  // our notes agree with what the native did whatever a getter answers.
  var abortedGet = typeof AbortSignal === 'function' ? G(AbortSignal.prototype, 'aborted') : undefined;
  function addOptions(options, o) {
    o.capture = false; o.once = false;
    if (options === null || options === undefined) return;
    if (typeof options !== 'object' && typeof options !== 'function') { o.capture = !!options; return; }
    o.capture = !!options.capture;
    o.once = !!options.once;
    var p = options.passive;
    if (p !== undefined) o.passive = !!p;
    var s = options.signal;
    if (s !== undefined) o.signal = s; // the native checks it is an AbortSignal
  }
  function removeOptions(options, o) {
    o.capture = false;
    if (options === null || options === undefined) return;
    if (typeof options !== 'object' && typeof options !== 'function') { o.capture = !!options; return; }
    o.capture = !!options.capture;
  }
  // bad: a listener the native refuses (throws) before it reads options.
  function badListener(l) { return l !== null && l !== undefined && typeof l !== 'object' && typeof l !== 'function'; }

  var addWrapper = {
    addEventListener: function addEventListener(type, listener, options) {
      if (arguments.length < 2) return apply(nativeAdd, this, arguments); // throws as native does
      var t = Str(type); // ToString once (a Symbol throws, as native)
      if (badListener(listener)) return apply(nativeAdd, this, [t, listener]);
      var o = create(null);
      if (arguments.length > 2) addOptions(options, o); else { o.capture = false; o.once = false; }
      var target = this, id = apply(mpGet, eventIds, [t]);
      var noteIt = id !== undefined && target !== null && target !== undefined &&
        listener !== null && (typeof listener === 'function' || typeof listener === 'object');
      var rec, drop;
      if (noteIt) {
        var aborted = false;
        if (o.signal !== undefined && abortedGet !== undefined) {
          try { aborted = apply(abortedGet, o.signal, []); } catch (e) { noteIt = false; } // not a signal: native throws
        }
        if (aborted || find(target, id, listener, o.capture) !== -1) noteIt = false; // not added, or a duplicate
      }
      if (noteIt) {
        rec = [listener, o.capture];
        drop = function () { try { forget(target, id, rec); } catch (e) {} };
        // A once listener's note goes when the listener first runs: our
        // passive once listener registered just before it runs just before
        // it (same target, phase and type), so nothing the listener does
        // (stopImmediatePropagation) can keep the note alive.
        if (o.once) {
          var d = create(null); d.capture = o.capture; d.once = true; d.passive = true;
          apply(nativeAdd, target, [t, drop, d]);
        }
      }
      var r;
      try {
        r = apply(nativeAdd, this, [t, listener, o]);
      } catch (e) {
        if (noteIt && o.once) { var d2 = create(null); d2.capture = o.capture; apply(nativeRemove, target, [t, drop, d2]); }
        throw e;
      }
      if (noteIt) {
        try {
          var e_ = entry(target, id, true);
          e_.fns[e_.fns.length] = rec;
          if (o.signal !== undefined) { var once = create(null); once.once = true; apply(nativeAdd, o.signal, ['abort', drop, once]); }
        } catch (e) {}
      }
      return r;
    }
  }.addEventListener;
  var removeWrapper = {
    removeEventListener: function removeEventListener(type, listener, options) {
      if (arguments.length < 2) return apply(nativeRemove, this, arguments);
      var t = Str(type);
      if (badListener(listener)) return apply(nativeRemove, this, [t, listener]);
      var o = create(null);
      if (arguments.length > 2) removeOptions(options, o); else o.capture = false;
      var r = apply(nativeRemove, this, [t, listener, o]);
      try {
        var id = apply(mpGet, eventIds, [t]);
        if (id !== undefined && this !== null && this !== undefined) {
          var k = find(this, id, listener, o.capture);
          if (k >= 0) removeAt(entry(this, id, false).fns, k);
        }
      } catch (e) {}
      return r;
    }
  }.removeEventListener;
  mask(addWrapper, nativeAdd);
  mask(removeWrapper, nativeRemove);
  defineProperty(ET, 'addEventListener', { value: addWrapper, writable: true, configurable: true, enumerable: true });
  defineProperty(ET, 'removeEventListener', { value: removeWrapper, writable: true, configurable: true, enumerable: true });

  var attachWrapper;
  if (typeof nativeAttach === 'function') {
    attachWrapper = {
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
  var setters = []; // [proto, name, wrapper]
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
        setters[setters.length] = [proto, 'on' + name, w];
      })(EVENTS[k], k);
    }
  }
  wrapHandlers(HTMLElement.prototype);
  wrapHandlers(typeof SVGElement !== 'undefined' ? SVGElement.prototype : null);
  wrapHandlers(Element.prototype);
  wrapHandlers(Document.prototype);
  wrapHandlers(window); // Window's handler attributes live on the instance

  // check lists what the page did to the hook's wrappers in this realm:
  // replaced them, or shadowed them on a prototype nearer the objects.
  var watched = [[ET, 'addEventListener', addWrapper, 1], [ET, 'removeEventListener', removeWrapper, 1],
    [Function.prototype, 'toString', toStringWrapper, 1]];
  if (attachWrapper) watched[watched.length] = [Element.prototype, 'attachShadow', attachWrapper, 1];
  var shadowable = [Node.prototype, Element.prototype, HTMLElement.prototype, Document.prototype, window, getPrototypeOf(window)];
  function check(out) {
    function warn(s) { out[out.length] = s; }
    for (var k = 0; k < watched.length; k++) {
      var w = watched[k], d = getOwnPropertyDescriptor(w[0], w[1]);
      if (!d || d.value !== w[2]) warn('the page replaced ' + w[1] + ': listeners or shadow roots it adds may be missing');
    }
    for (k = 0; k < setters.length; k++) {
      var s = setters[k], ds = getOwnPropertyDescriptor(s[0], s[1]);
      if (!ds || ds.set !== s[2]) { warn('the page replaced the ' + s[1] + ' setter: handlers set through it may be missing'); break; }
    }
    for (k = 0; k < shadowable.length; k++) {
      var names = ['addEventListener', 'removeEventListener', 'attachShadow'];
      for (var j = 0; j < names.length; j++) {
        if (shadowable[k] === ET || (names[j] === 'attachShadow' && shadowable[k] === Element.prototype)) continue;
        if (apply(hasOwn, shadowable[k], [names[j]])) warn('the page defined its own ' + names[j] + ': listeners or shadow roots it adds may be missing');
      }
    }
    // Index properties on Array.prototype or Object.prototype intercept
    // writes to the collector's arrays.
    var protos = [Array.prototype, Object.prototype];
    for (k = 0; k < protos.length; k++) {
      var keys = ownKeys(protos[k]);
      for (j = 0; j < keys.length; j++) {
        var key = keys[j];
        if (typeof key === 'string' && key.length > 0 && key.length < 11 && key[0] >= '0' && key[0] <= '9') {
          warn('the page defined index properties on ' + (k ? 'Object' : 'Array') + '.prototype: the capture may be incomplete');
          break;
        }
      }
    }
  }

  var state = { byId: new Mp(), gen: 0, lastMs: 0 };
  // I is the internal object other hooks of the page get through probe.
  var I = create(null);
  I.N = N;
  I.EVENTS = EVENTS;
  I.eventIds = eventIds;
  I.probe = probe;
  // listenersOf returns the notes of target: Map(event id -> {fns, inline}).
  I.listenersOf = function (target) { return apply(wmGet, notes, [target]); };
  // shadowOf returns the shadow root of host, open or closed, or null.
  I.shadowOf = function (host) {
    var r = apply(wmGet, shadows, [host]);
    if (r !== undefined) return r;
    try { return apply(N.shadowRootGet, host, []); } catch (e) { return null; }
  };
  I.check = check;
  I.nativeAdd = nativeAdd;
  I.store = freeze({ notes: notes, shadows: shadows });
  var act = (__AXTREE_ACT__)(I, state);
  I.arm = act.arm;
  I.disarm = act.disarm;
  // snapshot is api.snapshot, for another frame's hook (api.topSnapshot);
  // set below, once the collector is there.
  var snapshotOf = null;
  I.snapshot = function () { return snapshotOf === null ? null : snapshotOf(); };
  freeze(I);
  apply(nativeAdd, window, [TYPE, function (e) {
    var box;
    try { box = apply(detailGet, e, []); } catch (err) { return; }
    if (box !== null && typeof box === 'object' && getPrototypeOf(box) === null && !apply(hasOwn, box, ['i'])) box.i = I;
  }]);

  // toJSON writes v as JSON from own data properties only (no toJSON, no
  // getter, no prototype is consulted: nothing of the page runs); cycles,
  // functions and symbols become null, nesting stops at 64 levels.
  var isArray = Array.isArray;
  function toJSON(v) {
    var seen = A();
    function w(v, depth) {
      if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') return 'null';
      if (typeof v === 'string') return stringify(v);
      if (typeof v === 'number') return v === v && v !== Infinity && v !== -Infinity ? Str(v) : 'null';
      if (typeof v === 'boolean') return v ? 'true' : 'false';
      if (typeof v === 'bigint') return Str(v);
      if (depth > 64) return 'null';
      for (var k = 0; k < seen.length; k++) if (seen[k] === v) return 'null';
      seen[seen.length] = v;
      var out, keys, d, first = true;
      if (isArray(v)) {
        d = getOwnPropertyDescriptor(v, 'length');
        var n = d ? d.value : 0; out = '[';
        for (k = 0; k < n; k++) { d = getOwnPropertyDescriptor(v, Str(k)); out += (k ? ',' : '') + (d && 'value' in d ? w(d.value, depth + 1) : 'null'); }
        out += ']';
      } else {
        keys = ownKeys(v); out = '{';
        for (k = 0; k < keys.length; k++) {
          if (typeof keys[k] !== 'string') continue;
          d = getOwnPropertyDescriptor(v, keys[k]);
          if (!d || !d.enumerable || !('value' in d) || typeof d.value === 'function' || d.value === undefined) continue;
          out += (first ? '' : ',') + stringify(keys[k]) + ':' + w(d.value, depth + 1); first = false;
        }
        out += '}';
      }
      seen.length = seen.length - 1;
      return out;
    }
    return w(v, 0);
  }
  // fromJSON parses JSON into objects and arrays without prototypes, so
  // reading a property the value lacks, or resolving a promise with it,
  // consults nothing the page defined.
  function fromJSON(s) {
    return parse(s, function (k, v) {
      if (v !== null && typeof v === 'object') {
        if (isArray(v)) { setPrototypeOf(v, null); return v; }
        var o = create(null), ks = ownKeys(v);
        for (var j = 0; j < ks.length; j++) o[ks[j]] = v[ks[j]];
        return o;
      }
      return v;
    });
  }

  // Extension API: functions callable from Go, and page -> Go requests.
  var fns = new Mp(), pending = new Mp(), seq = 0;
  var INLINE = 65536; // characters of payload sent with the announcement
  function send(kind, payload, cb) {
    var id = ++seq, rec = create(null);
    rec.kind = Str(kind);
    rec.payload = toJSON(payload);
    var p;
    if (typeof cb === 'function') rec.cb = cb;
    else p = new NP(function (res, rej) { rec.res = res; rec.rej = rej; });
    apply(mpSet, pending, [id, rec]);
    // A small request travels in the announcement itself, so Go has it
    // even when the document goes away at once (a recorded submit or link
    // click, the navigation right behind it); a large one waits for take.
    if (rec.payload.length <= INLINE) apply(consoleDebug, consoleObj, [SECRET, 'req', id, rec.kind, rec.payload]);
    else apply(consoleDebug, consoleObj, [SECRET, 'req', id]);
    return p;
  }
  var H = create(null);
  H.collect = (__AXTREE_COLLECT__)(I, state);
  H.act = act.act;
  H.actCheck = act.check;
  // fileInput returns the element with capture id k of capture gen when it
  // is an <input type=file> that takes n files, else a string saying why
  // not: Go gets the element itself (a RemoteObject) to set its files
  // (DOM.setFileInputFiles).
  H.fileInput = act.fileInput;
  // idOfElement returns the capture id of el in capture gen, or 0.
  H.idOfElement = function (g, el) {
    var found = 0;
    if (g !== state.gen) return 0;
    apply(mpForEach, state.byId, [function (v, k) { if (v === el) found = k; }]);
    return found;
  };
  H.ping = function () { return 1; };
  // call runs the function registered as name with the JSON args; the
  // result is 'o' + JSON or 'e' + message (a promise of it for async
  // functions: a string, so resolving it looks up no then).
  H.call = function (name, args) {
    var fn = apply(mpGet, fns, [Str(name)]);
    if (fn === undefined) return 'eno page function ' + Str(name) + ' is registered';
    function ok(v) { return 'o' + toJSON(v); }
    function bad(e) { var m; try { m = e instanceof Err ? Str(e.message) : Str(e); } catch (x) { m = 'error'; } return 'e' + m; }
    var r;
    try { r = fn(fromJSON(args)); } catch (e) { return bad(e); }
    if (r !== null && typeof r === 'object') {
      // A native promise is awaited with the captured then (TypeError: not one).
      var settle, p = new NP(function (res) { settle = res; });
      try {
        apply(promiseThen, r, [function (v) { try { settle(ok(v)); } catch (e) { settle(bad(e)); } }, function (e) { settle(bad(e)); }]);
        return p;
      } catch (e) {}
    }
    try { return ok(r); } catch (e) { return bad(e); }
  };
  // take hands Go the request id: [kind, payload JSON].
  H.take = function (id) {
    var rec = apply(mpGet, pending, [id]);
    return rec === undefined ? null : [rec.kind, rec.payload];
  };
  // reply settles request id with Go's answer (ok: JSON value; else message).
  H.reply = function (id, ok, value) {
    var rec = apply(mpGet, pending, [id]);
    if (rec === undefined) return false;
    apply(mpDelete, pending, [id]);
    var v, err;
    if (ok) { try { v = fromJSON(value); } catch (e) { err = new Err('bad reply'); } } else err = new Err(Str(value));
    if (rec.cb !== undefined) { try { rec.cb(err === undefined ? null : err, v); } catch (e) {} return true; }
    if (err === undefined) rec.res(v); else rec.rej(err);
    return true;
  };
  freeze(H);

  var api = create(null);
  api.natives = N;
  api.toJSON = toJSON;
  api.fromJSON = fromJSON;
  api.top = window.top === window;
  api.element = function (k) { return apply(mpGet, state.byId, [k]); };
  api.mask = mask;
  // snapshot collects now into a private table (Go's ids stay valid):
  // [capture document, idOf(el) -> its capture id in that document or 0].
  api.snapshot = function () {
    var st = { byId: new Mp(), gen: 0, lastMs: 0, ids: new WM() };
    var r = H.collect(st);
    return [r[0], function (el) { var v = apply(wmGet, st.ids, [el]); return v === undefined ? 0 : v; }];
  };
  snapshotOf = api.snapshot;
  // topSnapshot is api.snapshot of the top-level document, from any frame
  // of its origin: the top capture includes this frame, so idOf names this
  // frame's elements by the top capture's ids. null when the top is of
  // another origin (or has no hook).
  api.topSnapshot = function () {
    if (api.top) return api.snapshot();
    var ti = probe(window.top);
    return ti !== undefined && ti !== null && typeof ti.snapshot === 'function' ? ti.snapshot() : null;
  };
  api.register = function (name, fn) { if (typeof fn === 'function') apply(mpSet, fns, [Str(name), fn]); };
  api.send = send;
  api.listenersOf = I.listenersOf;
  api.shadowOf = I.shadowOf;
  freeze(api);
  var EXTENSIONS = [__AXTREE_EXTENSIONS__];
  for (var x = 0; x < EXTENSIONS.length; x++) { try { EXTENSIONS[x](api); } catch (e) {} }

  apply(consoleDebug, consoleObj, [SECRET, H]);
})();
