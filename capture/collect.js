// axtree collector. This file is a function expression: the hook (hook.js)
// evaluates it inside its own closure at document start, passing its
// internal object I and its state, and keeps the returned collect function
// on the handle Go calls. Everything here goes through I.N, the natives the
// hook captured before any site script ran, so a page that later replaces
// Array.prototype.push, JSON.stringify, Object.keys, the DOM getters or a
// DOMRect's getters does not change the capture. No array method,
// JSON.stringify of objects or Object.* call is used at capture time.
//
// collect() walks the document in one pass (an explicit stack, no
// recursion) through open and closed shadow roots and same-origin frames,
// reads every live fact (computed style, geometry, form state) while it
// walks and writes nothing to the page, so layout is computed once and no
// MutationObserver of the site sees the capture. It numbers the elements:
// ids live in state.byId (a Map id -> element in the hook's closure; a new
// generation per capture), and the capture carries them as data-axid
// attributes, so the Go side maps a tree id to a capture id to an element.
// The live elements are not marked.
//
// Limits that change the output are reported in the capture's "truncated"
// list (capture-nodes, capture-attrs, capture-text, capture-depth), which
// the renderer prints as [truncated=…]; elements nested deeper than
// MAX_DEPTH are flattened into siblings as the HTML parser flattens them
// (nothing lost); comments past MAX_COMMENTS are dropped (they do not
// render) with a warning; tampering with the hook's wrappers found by each
// frame's check is listed in "warnings".
// It returns [capture document (wire format version 1) as a string,
// generation, in-page milliseconds].
(function (I, state) {
  'use strict';
  var N = I.N, apply = N.apply;
  // A returns an array without a prototype: a page that put index
  // accessors on Array.prototype or Object.prototype cannot intercept or
  // swallow the collector's writes, nor answer its reads of holes.
  function A() { var a = []; N.setPrototypeOf(a, null); return a; }
  var MAX_DEPTH = 480;         // below the wire decoder's MaxDepth (512); deeper elements become siblings
  var MAX_NESTED = 500;        // shadow roots and frames below MAX_DEPTH stop here
  var MAX_NODES = 900000;      // below its MaxNodes (1,000,000)
  var MAX_COMMENTS = 100000;   // comments kept; later ones are dropped (not rendered)
  var MAX_ATTRS = 1000;        // below its MaxAttrs (1,024)
  var MAX_TEXT = 2000000;      // UTF-16 units per string: < 8 MiB of UTF-8
  var truncated = null, warnings = null; // per collect
  var HTML_NS = 'http://www.w3.org/1999/xhtml';
  var SVG_NS = 'http://www.w3.org/2000/svg';
  var MATH_NS = 'http://www.w3.org/1998/Math/MathML';
  // Event ids a container delegates to its descendants (click and press).
  var CLICKISH = ['click', 'dblclick', 'auxclick', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend'];
  // Svelte 5 delegated events, stored as el.__<event>.
  var SVELTE = ['beforeinput', 'click', 'change', 'dblclick', 'contextmenu', 'focusin', 'focusout', 'input', 'keydown', 'keyup',
    'mousedown', 'mousemove', 'mouseout', 'mouseover', 'mouseup', 'pointerdown', 'pointermove', 'pointerout', 'pointerover',
    'pointerup', 'touchend', 'touchmove', 'touchstart'];
  // Elements that have no ::before / ::after boxes.
  var NOPSEUDO = { input: 1, img: 1, br: 1, hr: 1, select: 1, textarea: 1, iframe: 1, video: 1, audio: 1, canvas: 1,
    embed: 1, object: 1, meter: 1, progress: 1, wbr: 1, area: 1, source: 1, track: 1, script: 1, style: 1, head: 1,
    meta: 1, link: 1, title: 1, template: 1, noscript: 1, option: 1, optgroup: 1 };
  var NOFACTS = { head: 1, script: 1, style: 1, meta: 1, link: 1, title: 1, template: 1, noscript: 1, base: 1 };

  function id(name) { var v = apply(N.mpGet, I.eventIds, [name]); return v === undefined ? -1 : v; }
  function truncate(kind) {
    for (var k = 0; k < truncated.length; k++) if (truncated[k] === kind) return;
    truncated[truncated.length] = kind;
  }
  var clickIds = A();
  for (var i = 0; i < CLICKISH.length; i++) clickIds[clickIds.length] = id(CLICKISH[i]);
  function isClickish(eid) { for (var k = 0; k < clickIds.length; k++) if (clickIds[k] === eid) return true; return false; }

  function q(s) { // JSON string literal (JSON.stringify of a primitive string never consults toJSON)
    s = '' + s;
    if (s.length > MAX_TEXT) { s = apply(N.strSlice, s, [0, MAX_TEXT]); truncate('capture-text'); }
    return N.stringify(s);
  }
  function startsWith(s, p) { return s.length >= p.length && apply(N.strSlice, s, [0, p.length]) === p; }
  function lower(s) { return apply(N.strLower, s, []); }
  function b36(n) { // mask in lower-case base 36, no leading zeros
    var d = '0123456789abcdefghijklmnopqrstuvwxyz', out = '';
    while (n > 0) { out = d[n % 36] + out; n = (n - n % 36) / 36; }
    return out;
  }
  function css(cs, prop) { try { return '' + apply(N.gcsGet, cs, [prop]); } catch (e) { return ''; } }
  function keywords(s) { // "block flow" style: lower-case keywords, single spaces
    s = lower(s); var out = '', word = '';
    for (var k = 0; k <= s.length; k++) {
      var c = k < s.length ? s[k] : ' ';
      if (c === ' ' || c === '\t' || c === '\n') { if (word !== '') { out = out === '' ? word : out + ' ' + word; word = ''; } }
      else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '-') word += c;
      else return '';
    }
    return out;
  }

  // reactEvent maps a handler prop name (onClick, onDoubleClickCapture,
  // onKeydownOnce) to an event id, or -1.
  function handlerEvent(key) {
    if (key.length < 3 || key[0] !== 'o' || key[1] !== 'n') return -1;
    var name = apply(N.strSlice, key, [2]);
    var sufs = ['Capture', 'Once', 'Passive'];
    for (var changed = true; changed;) {
      changed = false;
      for (var k = 0; k < sufs.length; k++) {
        var s = sufs[k];
        if (name.length > s.length && apply(N.strSlice, name, [name.length - s.length]) === s) {
          name = apply(N.strSlice, name, [0, name.length - s.length]); changed = true;
        }
      }
    }
    name = lower(name);
    if (name === 'doubleclick') name = 'dblclick';
    return id(name);
  }

  function isHex(c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

  // pseudoText reads the text of a computed `content` value: strings and
  // attr() values; the alt text after "/" wins when present.
  function pseudoText(content, el) {
    var out = '', alt = null, k = 0, n = content.length;
    while (k < n) {
      var c = content[k];
      if (c === '"' || c === "'") {
        var s = ''; k++;
        while (k < n && content[k] !== c) {
          if (content[k] === '\\' && k + 1 < n) {
            k++;
            var hex = '';
            while (k < n && hex.length < 6 && isHex(content[k])) { hex += content[k]; k++; }
            if (hex !== '') {
              var cp = N.parseInt(hex, 16);
              s += (cp > 0 && cp <= 0x10ffff) ? N.fromCodePoint(cp) : '\ufffd';
              if (k < n && content[k] === ' ') k++;
              continue;
            }
          }
          s += content[k]; k++;
        }
        k++;
        if (alt !== null) alt += s; else out += s;
      } else if (c === '/') { alt = ''; k++; }
      else if (startsWith(apply(N.strSlice, content, [k, k + 5]), 'attr(')) {
        var end = apply(N.strIndexOf, content, [')', k]);
        if (end < 0) break;
        var name = apply(N.strSlice, content, [k + 5, end]);
        var t = '';
        try { t = apply(N.getAttribute, el, [name]) || ''; } catch (e) {}
        if (alt !== null) alt += t; else out += t;
        k = end + 1;
      } else k++;
    }
    return alt !== null ? alt : out;
  }

  // collect(st) numbers into st (default: the hook's state, whose table
  // Go's Act uses); st.ids, when present, is a WeakMap element -> id.
  return function collect(st) {
    if (st === undefined || st === null) st = state;
    var t0 = N.now();
    var out = '';
    var byId = new N.Mp(), ids = st.ids;
    var frames = A();
    var nodes = 0, comments = 0, droppedComments = 0;
    var nextId = 1;
    truncated = A(); warnings = A();
    I.check(warnings);
    var vw = apply(N.innerWidth, window, []), vh = apply(N.innerHeight, window, []);
    var svelte = false;
    try { svelte = window.__svelte !== undefined; } catch (e) {}

    // Stack items: {n: node, h: hook handle, x/y: frame offset, cl: clip box,
    // hidden: inside display:none (no facts), depth, fns: foreign parent}
    // or a string to emit as is (a closing bracket).
    var stack = A();
    var first = true; // no comma before the next node
    function emit(s) { out += s; }
    function open() { if (!first) out += ','; first = false; }

    function pushChildren(ctx, depth, c, stop) {
      // Children in reverse so they pop in order (from c up to stop).
      var kids = A();
      while (c !== null && c !== stop) { kids[kids.length] = c; c = apply(N.nextSibling, c, []); }
      for (var k = kids.length - 1; k >= 0; k--) {
        stack[stack.length] = { n: kids[k], h: ctx.h, x: ctx.x, y: ctx.y, cl: ctx.cl, hidden: ctx.hidden, depth: depth, foreign: ctx.foreign, inTemplate: ctx.inTemplate, modal: ctx.modal, dm: ctx.dm, ptr: ctx.ptr };
      }
    }

    function docModal(doc) {
      try { return apply(N.querySelector, doc, ['dialog:modal']); } catch (e) { return null; }
    }

    function listenerRecord(el, h, own, facts, pointerStart) {
      // masks: event id -> bits
      var masks = null;
      function add(eid, bits) {
        if (eid < 0) return;
        if (masks === null) masks = A();
        masks[eid] = (masks[eid] | 0) | bits;
      }
      var notesMap = null;
      try { notesMap = h ? h.listenersOf(el) : undefined; } catch (e) {}
      var isRoot = own.reactContainer;
      if (notesMap !== undefined && notesMap !== null && !isRoot) {
        apply(N.mpForEach, notesMap, [function (e, eid) {
          var bits = 0;
          if (e.fns.length > 0) bits |= own.angular ? 17 : 1;
          if (e.inline) bits |= 2;
          if (bits !== 0) add(eid, bits);
        }]);
      }
      for (var k = 0; k < own.inlineAttrs.length; k++) add(own.inlineAttrs[k], 2);
      for (k = 0; k < own.fw.length; k++) add(own.fw[k][0], own.fw[k][1]);
      if (own.jqOnlyDelegated !== null) {
        for (k = 0; k < own.jqOnlyDelegated.length; k++) {
          var eid = own.jqOnlyDelegated[k];
          if (masks !== null && masks[eid] !== undefined) masks[eid] = masks[eid] & ~1;
        }
      }
      if (own.container && masks !== null) {
        // html/body: click-like listeners are the page's delegates (in dm).
        for (k = 0; k < clickIds.length; k++) masks[clickIds[k]] = 0;
      }
      if (pointerStart && facts.dm !== null) {
        // Resolved delegation: a page- or shadow-wide click listener
        // reaches the element where a cursor:pointer region starts.
        for (k = 0; k < facts.dm.length; k++) if (facts.dm[k]) add(k, facts.dm[k] | 128);
      }
      if (masks === null) return '';
      var s = '';
      for (k = 0; k < masks.length; k++) {
        if (masks[k]) s += (s === '' ? '' : ',') + k + '~' + b36(masks[k]);
      }
      return s;
    }

    function clickDelegateOf(target, h, into) {
      var m;
      try { m = h ? h.listenersOf(target) : undefined; } catch (e) { m = undefined; }
      if (m === undefined || m === null) return;
      apply(N.mpForEach, m, [function (e, eid) {
        if (!isClickish(eid)) return;
        var bits = (e.fns.length > 0 ? 1 : 0) | (e.inline ? 2 : 0);
        if (bits) into[eid] = (into[eid] | 0) | bits;
      }]);
    }
    function maskString(arr) {
      var s = '';
      for (var k = 0; k < arr.length; k++) if (arr[k]) s += (s === '' ? '' : ',') + k + '~' + b36(arr[k]);
      return s;
    }

    // ownScan reads framework markers from the element's own properties.
    function ownScan(el) {
      var own = { reactContainer: false, angular: false, fw: A(), jq: null, jqOnlyDelegated: null, inlineAttrs: A(), container: false };
      var keys;
      try { keys = N.ownKeys(el); } catch (e) { return own; }
      for (var k = 0; k < keys.length; k++) {
        var key = keys[k];
        if (typeof key !== 'string') continue;
        var v;
        try {
          if (startsWith(key, '__reactProps$') || startsWith(key, '__reactEventHandlers$')) {
            v = el[key];
            if (v && typeof v === 'object') {
              var pk = N.ownKeys(v);
              for (var j = 0; j < pk.length; j++) {
                if (typeof pk[j] !== 'string') continue;
                var eid = handlerEvent(pk[j]);
                if (eid >= 0 && typeof v[pk[j]] === 'function') own.fw[own.fw.length] = [eid, 4];
              }
            }
          } else if (startsWith(key, '__reactContainer$') || key === '_reactRootContainer') {
            own.reactContainer = true;
          } else if (key === '_vei') {
            v = el[key];
            if (v && typeof v === 'object') {
              var vk = N.ownKeys(v);
              for (var j2 = 0; j2 < vk.length; j2++) {
                if (typeof vk[j2] !== 'string' || !v[vk[j2]]) continue;
                var e2 = handlerEvent(vk[j2]);
                if (e2 >= 0) own.fw[own.fw.length] = [e2, 8];
              }
            }
          } else if (key === '__ngContext__') {
            own.angular = true;
          } else if (svelte && key.length > 2 && key[0] === '_' && key[1] === '_') {
            var sn = apply(N.strSlice, key, [2]);
            for (var j3 = 0; j3 < SVELTE.length; j3++) {
              if (SVELTE[j3] === sn) {
                v = el[key];
                if (typeof v === 'function' || N.isArray(v)) own.fw[own.fw.length] = [id(sn), 32];
              }
            }
          } else if (startsWith(key, 'jQuery')) {
            v = el[key];
            if (v && typeof v === 'object' && v.events && typeof v.events === 'object') own.jq = v.events;
          }
        } catch (e) {}
      }
      return own;
    }

    // jqueryDelegates turns jQuery's events data into own bits and delegate entries.
    function jquery(own, delegates) {
      var ev = own.jq, types;
      try { types = N.ownKeys(ev); } catch (e) { return; }
      var bySel = new N.Mp(), selOrder = A(), only = A();
      for (var k = 0; k < types.length; k++) {
        var type = types[k];
        if (typeof type !== 'string') continue;
        var eid = id(type);
        if (eid < 0) continue;
        var list;
        try { list = ev[type]; } catch (e) { continue; }
        if (!N.isArray(list)) continue;
        var direct = false, delegated = false;
        for (var j = 0; j < list.length && j < 256; j++) {
          var ho = list[j], sel;
          try { sel = ho && ho.selector; } catch (e) { sel = undefined; }
          if (typeof sel === 'string' && sel !== '') {
            delegated = true;
            var arr = apply(N.mpGet, bySel, [sel]);
            if (arr === undefined) { arr = A(); apply(N.mpSet, bySel, [sel, arr]); selOrder[selOrder.length] = sel; }
            arr[eid] = 64;
          } else direct = true;
        }
        if (direct) own.fw[own.fw.length] = [eid, 64];
        if (delegated && !direct) only[only.length] = eid;
      }
      own.jqOnlyDelegated = only;
      for (k = 0; k < selOrder.length; k++) {
        delegates[delegates.length] = '{"selector":' + q(selOrder[k]) + ',"listeners":' + q(maskString(apply(N.mpGet, bySel, [selOrder[k]]))) + '}';
      }
    }

    function element(el, it) {
      var ns = apply(N.namespaceURI, el, []);
      var local = apply(N.localName, el, []);
      var isHTML = ns === HTML_NS;
      var axid = nextId++;
      apply(N.mpSet, byId, [axid, el]);
      if (ids !== undefined) apply(N.wmSet, ids, [el, axid]);
      open();
      emit('{"tag":' + q(local));
      if (!isHTML) {
        emit(ns === SVG_NS ? ',"ns":"svg"' : ns === MATH_NS ? ',"ns":"math"' : '');
      } else if (it.foreign) emit(',"ns":"html"');
      var own = ownScan(el);
      // attributes
      var attrs = apply(N.attributes, el, []);
      var a = '[', seen = false, na = apply(N.nnmLength, attrs, []);
      if (na > MAX_ATTRS) { na = MAX_ATTRS; truncate('capture-attrs'); }
      for (var k = 0; k < na; k++) {
        var at = apply(N.nnmItem, attrs, [k]), name = apply(N.attrName, at, []);
        if (name === 'data-axid') continue;
        a += (seen ? ',' : '') + '[' + q(name) + ',' + q(apply(N.attrValue, at, [])) + ']';
        seen = true;
        if (name.length > 2 && name[0] === 'o' && name[1] === 'n') {
          var eid = id(apply(N.strSlice, name, [2]));
          if (eid >= 0) own.inlineAttrs[own.inlineAttrs.length] = eid;
        }
      }
      a += (seen ? ',' : '') + '["data-axid","' + axid + '"]]';
      emit(',"attrs":' + a);

      var facts = { dm: it.dm };
      var delegates = A();
      if (own.jq !== null) jquery(own, delegates);
      var doc = apply(N.ownerDocument, el, []);
      var docRoot = doc ? apply(N.documentElement, doc, []) : null;
      var docEl = doc && el === docRoot;
      own.container = isHTML && (docEl || (local === 'body' && apply(N.parentNode, el, []) === docRoot));
      if (docEl) {
        // Click-like listeners on window, document, <html> and <body> are
        // the page's delegates: resolved below onto pointer starts.
        var dm = A();
        clickDelegateOf(apply(N.defaultView, doc, []), it.h, dm);
        clickDelegateOf(doc, it.h, dm);
        clickDelegateOf(el, it.h, dm);
        try { var body = apply(N.body, doc, []); if (body) clickDelegateOf(body, it.h, dm); } catch (e) {}
        facts.dm = dm.length > 0 ? dm : null;
      }
      var root = null;
      try { root = it.h ? it.h.shadowOf(el) : apply(N.shadowRootGet, el, []); } catch (e) { root = null; }
      var hidden = it.hidden, res = { hidden: false, pointer: false }, fs = '';
      if (!hidden && !it.inTemplate && !(isHTML && NOFACTS[local])) {
        try { fs = facts_(el, it, local, isHTML, res); } catch (e) {}
        hidden = res.hidden;
      }
      var rec = listenerRecord(el, it.h, own, facts, res.pointer && !it.ptr);
      if (rec !== '') emit(',"listeners":' + q(rec));
      if (delegates.length > 0) {
        var ds = '';
        for (k = 0; k < delegates.length; k++) ds += (k ? ',' : '') + delegates[k];
        emit(',"delegate":[' + ds + ']');
      }
      emit(fs);
      // Children of foreign elements other than SVG's HTML integration
      // points are foreign: an HTML child there says "ns":"html".
      var child = { h: it.h, x: it.x, y: it.y, cl: it.cl, hidden: hidden, foreign: !isHTML && !(ns === SVG_NS && (local === 'foreignObject' || local === 'desc' || local === 'title')), inTemplate: it.inTemplate, modal: it.modal, dm: facts.dm, ptr: res.pointer };
      var shadowCtx = child;
      if (root) {
        var rm = A();
        clickDelegateOf(root, it.h, rm);
        if (rm.length > 0) {
          if (facts.dm !== null) for (k = 0; k < facts.dm.length; k++) if (facts.dm[k]) rm[k] = (rm[k] | 0) | facts.dm[k];
          shadowCtx = { h: it.h, x: it.x, y: it.y, cl: it.cl, hidden: hidden, foreign: child.foreign, inTemplate: it.inTemplate, modal: it.modal, dm: rm, ptr: res.pointer };
        }
      }
      var depth = it.depth + 1;
      var deep = depth >= MAX_DEPTH;      // children flattened into following siblings
      var nested = depth >= MAX_NESTED;   // no further shadow root or frame level
      // Push what follows the facts in reverse: flattened deep content, the
      // final "}", the frame document, the children, the shadow root (popped
      // first).
      var start = null, stop = null;
      if (isHTML && local === 'template') {
        try { start = apply(N.firstChild, apply(N.templateContent, el, []), []); } catch (e) { start = null; }
        child.inTemplate = true;
        if (deep && start !== null) { start = null; truncate('capture-depth'); }
      } else start = apply(N.firstChild, el, []);
      if (deep) {
        // As the HTML parser does past its depth limit: the element keeps
        // the nodes before its first element child; that child and what
        // follows it become the element's following siblings.
        stop = start;
        while (stop !== null && apply(N.nodeType, stop, []) !== 1) stop = apply(N.nextSibling, stop, []);
        if (stop !== null) pushChildren(child, it.depth, stop, null);
      }
      stack[stack.length] = '}';
      if (isHTML && (local === 'iframe' || local === 'frame')) {
        var src = '', fdoc = null;
        try { src = '' + apply(local === 'iframe' ? N.iframeSrc : N.frameSrc, el, []); } catch (e) {}
        try { fdoc = apply(local === 'iframe' ? N.contentDocument : N.frameContentDocument, el, []); } catch (e) { fdoc = null; }
        if (fdoc && apply(N.documentElement, fdoc, [])) {
          try { src = '' + apply(N.docURL, fdoc, []); } catch (e) {}
          if (nested) truncate('capture-depth');
          else {
            var fh;
            try { var fw = apply(N.defaultView, fdoc, []); fh = fw ? I.probe(fw) : undefined; } catch (e) { fh = undefined; }
            if (fh === undefined) warnings[warnings.length] = 'frame ' + src + ' has no capture hook: its listeners and closed shadow roots are not seen, and its natives can bypass the hook';
            else fh.check(warnings);
            var r = null;
            if (!hidden) { try { r = apply(N.rect, el, []); } catch (e) { r = null; } }
            var rl = r ? apply(N.rectLeft, r, []) : 0, rt = r ? apply(N.rectTop, r, []) : 0;
            var fx = it.x + rl, fy = it.y + rt;
            var fcl = it.cl;
            if (r) fcl = { left: N.max(it.cl.left, fx), top: N.max(it.cl.top, fy), right: N.min(it.cl.right, fx + apply(N.rectWidth, r, [])), bottom: N.min(it.cl.bottom, fy + apply(N.rectHeight, r, [])) };
            var fctx = { h: fh, x: fx, y: fy, cl: fcl, hidden: hidden, foreign: false, inTemplate: it.inTemplate, modal: docModal(fdoc), dm: null, ptr: false };
            var ftitle = '';
            try { ftitle = '' + apply(N.docTitle, fdoc, []); } catch (e) {}
            stack[stack.length] = ']}}';
            pushChildren(fctx, depth + 1, apply(N.firstChild, fdoc, []), null);
            stack[stack.length] = ',"frame":{"url":' + q(src) + ',"title":' + q(ftitle) + ',"root":{"tag":"#document","children":[';
          }
        }
        frames[frames.length] = src;
      }
      if (start !== null && start !== stop) {
        stack[stack.length] = ']';
        pushChildren(child, depth, start, stop);
        stack[stack.length] = ',"children":[';
      }
      if (root && nested) truncate('capture-depth');
      if (root && !nested) {
        stack[stack.length] = ']}';
        pushChildren(shadowCtx, depth + 1, apply(N.firstChild, root, []), null);
        stack[stack.length] = ',"shadow":{"mode":' + q(apply(N.shadowMode, root, []) === 'closed' ? 'closed' : 'open') + ',"children":[';
      }
    }

    // facts_ reads the live facts of a rendered element and emits them. It
    // returns true when the element's subtree is not rendered (display:none).
    function facts_(el, it, local, isHTML, res) {
      var fs = '';
      var cs = apply(N.getComputedStyle, window, [el]);
      var display = keywords(css(cs, 'display'));
      var vis = css(cs, 'visibility');
      var cv = css(cs, 'content-visibility');
      if (display !== '') fs += (',"display":' + q(display));
      if (vis === 'visible' || vis === 'hidden' || vis === 'collapse') fs += (',"visibility":"' + vis + '"');
      if (cv === 'hidden' || cv === 'auto') fs += (',"contentVisibility":"' + cv + '"');
      if (css(cs, 'cursor') === 'pointer') { fs += (',"cursorPointer":true'); res.pointer = true; }
      if (it.modal) {
        try { if (!apply(N.contains, it.modal, [el]) && !apply(N.contains, el, [it.modal])) fs += (',"inert":true'); } catch (e) {}
      }
      if (display === 'none') { res.hidden = true; return fs; }
      if (display !== 'contents') {
        var r = apply(N.rect, el, []);
        var w = apply(N.rectWidth, r, []), h = apply(N.rectHeight, r, []);
        if (w === 0 && h === 0) fs += (',"zeroSize":true');
        var L = it.x + apply(N.rectLeft, r, []), T = it.y + apply(N.rectTop, r, []), Rr = L + w, B = T + h;
        var inV = (w > 0 || h > 0) && Rr > it.cl.left && L < it.cl.right && B > it.cl.top && T < it.cl.bottom;
        fs += (',"inViewport":' + (inV ? 'true' : 'false'));
      }
      if (isHTML && !NOPSEUDO[local]) {
        var pseudo = ['::before', '::after'], field = ['before', 'after'];
        for (var k = 0; k < 2; k++) {
          var ps = apply(N.getComputedStyle, window, [el, pseudo[k]]);
          var content = css(ps, 'content');
          if (content === '' || content === 'none' || content === 'normal') continue;
          if (css(ps, 'display') === 'none') continue;
          fs += (',"' + field[k] + '":' + q(pseudoText(content, el)));
        }
      }
      if (isHTML) {
        if (local === 'input') {
          var type = lower('' + apply(N.inputType, el, []));
          if (type === 'checkbox' || type === 'radio') {
            fs += (',"checked":' + (apply(N.inputChecked, el, []) ? 'true' : 'false'));
            if (apply(N.inputIndeterminate, el, []) && type === 'checkbox') fs += (',"indeterminate":true');
          } else if (type !== 'file' && type !== 'hidden') {
            var v = '' + apply(N.inputValue, el, []);
            if (type === 'password') { var m = ''; for (var p = 0; p < v.length; p++) m += '*'; v = m; }
            fs += (',"value":' + q(v));
          }
        } else if (local === 'textarea') {
          fs += (',"value":' + q('' + apply(N.textareaValue, el, [])));
        } else if (local === 'select') {
          // The tree shows a select's value as the label a person sees.
          var si = apply(N.selectIndex, el, []);
          var so = si >= 0 ? apply(N.collItem, apply(N.selectOptions, el, []), [si]) : null;
          if (so) fs += (',"value":' + q('' + apply(N.optionLabel, so, [])));
        } else if (local === 'option') {
          fs += (',"selected":' + (apply(N.optionSelected, el, []) ? 'true' : 'false'));
        }
      }
      return fs;
    }

    var doc = document;
    var topClip = { left: 0, top: 0, right: vw, bottom: vh };
    emit('{"version":1,"url":' + q(apply(N.docURL, doc, [])) + ',"title":' + q(apply(N.docTitle, doc, [])) + ',"root":{"tag":"#document","children":[');
    first = true;
    var top = { h: I, x: 0, y: 0, cl: topClip, hidden: false, depth: 0, foreign: false, inTemplate: false, modal: docModal(doc), dm: null, ptr: false };
    pushChildren(top, 1, apply(N.firstChild, doc, []), null);
    while (stack.length > 0) {
      var it = stack[stack.length - 1];
      stack.length = stack.length - 1;
      if (typeof it === 'string') { out += it; first = it[it.length - 1] === '['; continue; }
      var n = it.n;
      var type = apply(N.nodeType, n, []);
      if (type === 8 && ++comments > MAX_COMMENTS) { droppedComments++; continue; }
      if (++nodes > MAX_NODES) { truncate('capture-nodes'); continue; }
      if (type === 1) {
        element(n, it);
      } else if (type === 3 || type === 4) {
        open();
        emit('{"tag":"#text","text":' + q(apply(N.nodeValue, n, [])) + '}');
      } else if (type === 8) {
        open();
        emit('{"tag":"#comment","text":' + q(apply(N.nodeValue, n, [])) + '}');
      } else if (type === 10) {
        open();
        var dt = '{"tag":"#doctype","text":' + q(apply(N.doctypeName, n, []));
        var pa = '', pub = apply(N.doctypePublic, n, []), sys = apply(N.doctypeSystem, n, []);
        if (pub) pa += '["public",' + q(pub) + ']';
        if (sys) pa += (pa ? ',' : '') + '["system",' + q(sys) + ']';
        emit(dt + (pa ? ',"attrs":[' + pa + ']' : '') + '}');
      } else {
        nodes--;
      }
    }
    var fl = '';
    for (var k = 0; k < frames.length; k++) fl += (k ? ',' : '') + q(frames[k]);
    emit(']},"frames":[' + fl + ']');
    if (droppedComments > 0) warnings[warnings.length] = 'dropped ' + droppedComments + ' comments past the first ' + MAX_COMMENTS + ' (comments do not render)';
    if (warnings.length > 0) {
      var ws = '';
      for (k = 0; k < warnings.length && k < 100; k++) ws += (k ? ',' : '') + q(warnings[k]);
      emit(',"warnings":[' + ws + ']');
    }
    if (truncated.length > 0) {
      var ts = '';
      for (k = 0; k < truncated.length; k++) ts += (k ? ',' : '') + q(truncated[k]);
      emit(',"truncated":[' + ts + ']');
    }
    emit('}');
    st.byId = byId;
    st.gen++;
    return [out, st.gen, N.now() - t0];
  };
})
