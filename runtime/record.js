// axtree runtime: the recorder. A capture extension (see ax.js) installed in
// every frame at document start, before any site script, when a Browser is
// started with Options.Record.
//
// Network: window.fetch, XMLHttpRequest.prototype.open/setRequestHeader/
// send and navigator.sendBeacon are wrapped. Each wrapper calls the native
// with exactly the page's arguments and returns exactly its result; it only
// reads what went out (method, URL, headers, body of every kind) and what
// came back (status, headers, a bounded body), with natives captured here.
// Being installed first, it sits below any wrapper the site adds later: it
// sees the request as the site's own script finished it (signatures
// included). The wrappers' toString prints the native source.
//
// DOM: capture-phase listeners on window (the first to run) note trusted
// click, input, change, submit and key events. At the event, before the
// site's handler can navigate, the element is snapshotted (api.snapshot:
// a capture into a private table) and sent to Go with its capture id, so
// Go's renderer names it (tree id, role, name); in a frame of the top
// document's origin, the top document is snapshotted (the top capture
// includes the frame), so the ids are the top tree's. Inputs of one field are
// coalesced: the first sends a snapshot, later ones only the value. A
// password field's value is never sent.
(function (api) {
  'use strict';
  try { install(api); } catch (e) {
    try { api.send('rec.warn', { msg: 'the recorder did not install: ' + String(e && e.stack || e) }, function () {}); } catch (x) {}
  }
  function install(api) {
  var N = api.natives, apply = N.apply, create = N.create;
  var R = Reflect, gopd = Object.getOwnPropertyDescriptor, ownKeys = R.ownKeys;
  var send = api.send, mask = api.mask;
  var NP = N.Promise, promiseThen = N.promiseThen;
  var Str = String, isArray = Array.isArray;
  var dateNow = Date.now;
  var WM = WeakMap, wmGet = WM.prototype.get, wmSet = WM.prototype.set;
  var strSlice = Str.prototype.slice, strLower = Str.prototype.toLowerCase, toUpper = Str.prototype.toUpperCase;
  var strSplit = Str.prototype.split, strIndexOf = Str.prototype.indexOf, strTrim = Str.prototype.trim;
  var LIMIT = 256 * 1024; // response bytes kept per request
  var G = function (proto, name) { var d = gopd(proto, name); return d ? (d.get || d.value) : undefined; };
  // Request / Response / Headers / bodies.
  var ReqP = Request.prototype, ResP = Response.prototype;
  var reqURL = G(ReqP, 'url'), reqMethod = G(ReqP, 'method'), reqHeaders = G(ReqP, 'headers'), reqClone = ReqP.clone;
  var reqText = ReqP.text;
  var resStatus = G(ResP, 'status'), resStatusText = G(ResP, 'statusText'), resHeaders = G(ResP, 'headers');
  var resClone = ResP.clone, resArrayBuffer = ResP.arrayBuffer, resType = G(ResP, 'type');
  var hForEach = Headers.prototype.forEach;
  var USPP = URLSearchParams.prototype, uspToString = USPP.toString;
  var FDP = FormData.prototype, fdForEach = FDP.forEach;
  var BlobP = Blob.prototype, blobText = BlobP.text, blobType = G(BlobP, 'type'), blobSize = G(BlobP, 'size');
  var FileName = G(File.prototype, 'name');
  var abIsView = ArrayBuffer.isView, abSlice = ArrayBuffer.prototype.slice;
  var abByteLength = G(ArrayBuffer.prototype, 'byteLength');
  var U8 = Uint8Array, TD = TextDecoder, tdDecode = TD.prototype.decode;
  var btoaN = window.btoa, fromCharCode = Str.fromCharCode;
  var taBuffer = G(Object.getPrototypeOf(Uint8Array.prototype), 'buffer');
  var taByteOffset = G(Object.getPrototypeOf(Uint8Array.prototype), 'byteOffset');
  var taByteLength = G(Object.getPrototypeOf(Uint8Array.prototype), 'byteLength');
  var XP = XMLHttpRequest.prototype;
  var xOpen = N.xhrOpen, xSend = N.xhrSend, xSetRH = N.xhrSetRequestHeader;
  var xStatus = G(XP, 'status'), xStatusText = G(XP, 'statusText'), xGetAll = XP.getAllResponseHeaders;
  var xResponseType = G(XP, 'responseType'), xResponseText = G(XP, 'responseText'), xResponseURL = G(XP, 'responseURL');
  var nativeFetch = N.fetch, nativeBeacon = N.sendBeacon;
  var locHref = function () { try { return apply(N.docURL, document, []); } catch (e) { return ''; } };
  var cookieGet = G(Document.prototype, 'cookie');
  var etAdd = EventTarget.prototype.addEventListener; // the hook's (noted) wrapper: fallback only
  var listen = N.addEventListener || N.nativeAdd;
  var seq = 0;

  function entry(kind) {
    var e = create(null);
    e.id = ++seq; e.kind = kind; e.t = dateNow(); e.page = locHref();
    return e;
  }
  function post(e) { try { send('rec.net', e, function () {}); } catch (x) {} }
  function headerList(h) {
    var out = [];
    if (h === undefined || h === null) return out;
    try {
      apply(hForEach, h, [function (v, k) { out[out.length] = [k, v]; }]);
      return out;
    } catch (e) {}
    if (isArray(h)) {
      for (var i = 0; i < h.length; i++) if (h[i] && h[i].length === 2) out[out.length] = [Str(h[i][0]), Str(h[i][1])];
      return out;
    }
    if (typeof h === 'object') {
      var ks = ownKeys(h);
      for (i = 0; i < ks.length; i++) {
        if (typeof ks[i] !== 'string') continue;
        var d = gopd(h, ks[i]);
        if (d && 'value' in d) out[out.length] = [ks[i], Str(d.value)];
      }
    }
    return out;
  }
  function b64(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i += 0x8000) s += apply(fromCharCode, null, apply(U8.prototype.subarray, bytes, [i, i + 0x8000]));
    return apply(btoaN, window, [s]);
  }
  function bytesText(bytes, into) {
    try {
      into.text = apply(tdDecode, new TD('utf-8', { fatal: true }), [bytes]);
    } catch (e) {
      into.text = b64(bytes); into.encoding = 'base64';
    }
  }
  // bodyOf describes a request body; it may finish later (a Blob), so it
  // returns a promise-free callback protocol: done(body) once.
  function bodyOf(b, done) {
    var out = create(null);
    if (b === undefined || b === null) { done(null); return; }
    if (typeof b === 'string') { out.text = b; done(out); return; }
    try { out.text = apply(uspToString, b, []); out.mime = 'application/x-www-form-urlencoded;charset=UTF-8'; done(out); return; } catch (e) {}
    try {
      var params = [];
      apply(fdForEach, b, [function (v, k) {
        var p = create(null); p.name = k;
        try { p.fileName = apply(FileName, v, []); p.contentType = apply(blobType, v, []); p.value = ''; } catch (e) { p.value = Str(v); }
        params[params.length] = p;
      }]);
      out.params = params; out.mime = 'multipart/form-data'; done(out); return;
    } catch (e) {}
    try {
      var size = apply(blobSize, b, []);
      out.mime = apply(blobType, b, []);
      if (size > LIMIT * 4) { out.note = 'a Blob of ' + size + ' bytes, not recorded'; done(out); return; }
      apply(promiseThen, apply(blobText, b, []), [function (t) { out.text = t; done(out); }, function () { out.note = 'an unreadable Blob'; done(out); }]);
      return;
    } catch (e) {}
    try {
      var bytes;
      if (apply(abIsView, ArrayBuffer, [b])) bytes = new U8(apply(taBuffer, b, []), apply(taByteOffset, b, []), apply(taByteLength, b, []));
      else { apply(abByteLength, b, []); bytes = new U8(b); }
      bytesText(bytes, out); done(out); return;
    } catch (e) {}
    out.note = 'a body of a kind the recorder cannot read (a stream?)';
    done(out);
  }
  function cookies() { try { return apply(cookieGet, document, []); } catch (e) { return ''; } }

  // fetch
  if (typeof nativeFetch === 'function') {
    var fetchWrapper = {
      fetch: function fetch(input, init) {
        var e = entry('fetch');
        var pending = 2; // request body, response
        function maybePost() { if (--pending === 0) post(e); }
        try {
          var isReq = false;
          try { e.url = apply(reqURL, input, []); isReq = true; } catch (x) { e.url = Str(input); }
          e.method = 'GET';
          var hs = [];
          if (isReq) { e.method = apply(reqMethod, input, []); hs = headerList(apply(reqHeaders, input, [])); }
          var id = init !== undefined && init !== null && typeof init === 'object' ? init : null;
          if (id) {
            var md = gopd(id, 'method'); if (md && typeof md.value === 'string') e.method = md.value;
            var hd = gopd(id, 'headers'); if (hd && 'value' in hd && hd.value !== undefined) hs = headerList(hd.value);
          }
          e.method = apply(toUpper, e.method, []);
          e.headers = hs;
          e.cookie = cookies();
          var bd = id ? gopd(id, 'body') : undefined;
          if (bd && 'value' in bd) bodyOf(bd.value, function (b) { e.body = b; maybePost(); });
          else if (isReq && e.method !== 'GET' && e.method !== 'HEAD') {
            try {
              var c = apply(reqClone, input, []);
              apply(promiseThen, apply(reqText, c, []), [function (t) { var b = create(null); b.text = t; e.body = b; maybePost(); }, function () { maybePost(); }]);
            } catch (x) { maybePost(); }
          } else maybePost();
        } catch (x) { e.note = 'the recorder could not read the request'; maybePost(); }
        var p = apply(nativeFetch, this, arguments);
        try {
          apply(promiseThen, p, [function (res) {
            try {
              e.status = apply(resStatus, res, []); e.statusText = apply(resStatusText, res, []);
              e.respHeaders = headerList(apply(resHeaders, res, []));
              e.ms = dateNow() - e.t;
              if (apply(resType, res, []) === 'opaque') { maybePost(); return; }
              var cl = apply(resClone, res, []);
              apply(promiseThen, apply(resArrayBuffer, cl, []), [function (buf) {
                var n = apply(abByteLength, buf, []);
                var body = create(null); body.size = n;
                var bytes = new U8(n > LIMIT ? apply(abSlice, buf, [0, LIMIT]) : buf);
                bytesText(bytes, body);
                if (n > LIMIT) body.truncated = true;
                e.resp = body; maybePost();
              }, function () { maybePost(); }]);
            } catch (x) { maybePost(); }
          }, function (err) {
            try { e.error = Str(err && err.message); } catch (x) { e.error = 'failed'; }
            e.ms = dateNow() - e.t; maybePost();
          }]);
        } catch (x) { maybePost(); }
        return p;
      }
    }.fetch;
    mask(fetchWrapper, nativeFetch);
    try { Object.defineProperty(window, 'fetch', { value: fetchWrapper, writable: true, configurable: true, enumerable: true }); } catch (x) {}
  }

  // XMLHttpRequest
  var xs = new WM();
  var XW = {
    open: function open(method, url) {
      var e = entry('xhr');
      e.method = apply(toUpper, Str(method), []); e.url = Str(url); e.headers = [];
      apply(wmSet, xs, [this, e]);
      return apply(xOpen, this, arguments);
    },
    setRequestHeader: function setRequestHeader(k, v) {
      var e = apply(wmGet, xs, [this]);
      if (e) e.headers[e.headers.length] = [Str(k), Str(v)];
      return apply(xSetRH, this, arguments);
    },
    send: function send_(body) {
      var e = apply(wmGet, xs, [this]), x = this;
      if (e) {
        e.t = dateNow(); e.cookie = cookies();
        var pending = 2;
        var fin = function () { if (--pending === 0) post(e); };
        bodyOf(body, function (b) { e.body = b; fin(); });
        apply(listen || etAdd, x, ['loadend', function () {
          try {
            e.status = apply(xStatus, x, []); e.statusText = apply(xStatusText, x, []);
            e.respURL = apply(xResponseURL, x, []);
            var raw = apply(xGetAll, x, []), lines = apply(strSplit, raw, ['\r\n']);
            e.respHeaders = [];
            for (var i = 0; i < lines.length; i++) {
              var at = apply(strIndexOf, lines[i], [':']);
              if (at > 0) e.respHeaders[e.respHeaders.length] = [apply(strSlice, lines[i], [0, at]), apply(strTrim, apply(strSlice, lines[i], [at + 1]), [])];
            }
            var rt = apply(xResponseType, x, []);
            if (rt === '' || rt === 'text') {
              var t = apply(xResponseText, x, []);
              var body = create(null); body.size = t.length;
              body.text = t.length > LIMIT ? apply(strSlice, t, [0, LIMIT]) : t;
              if (t.length > LIMIT) body.truncated = true;
              e.resp = body;
            }
          } catch (err) {}
          e.ms = dateNow() - e.t;
          fin();
        }]);
      }
      return apply(xSend, this, arguments);
    }
  };
  mask(XW.open, xOpen); mask(XW.setRequestHeader, xSetRH); mask(XW.send, xSend);
  try {
    Object.defineProperty(XP, 'open', { value: XW.open, writable: true, configurable: true, enumerable: true });
    Object.defineProperty(XP, 'setRequestHeader', { value: XW.setRequestHeader, writable: true, configurable: true, enumerable: true });
    Object.defineProperty(XP, 'send', { value: XW.send, writable: true, configurable: true, enumerable: true });
  } catch (x) {}

  // navigator.sendBeacon
  if (typeof nativeBeacon === 'function') {
    var BW = {
      sendBeacon: function sendBeacon(url, data) {
        var e = entry('beacon');
        e.method = 'POST'; e.url = Str(url); e.headers = []; e.cookie = cookies();
        var r = apply(nativeBeacon, this, arguments);
        e.status = r ? 0 : -1;
        bodyOf(data, function (b) { e.body = b; post(e); });
        return r;
      }
    }.sendBeacon;
    mask(BW, nativeBeacon);
    try { Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: BW, writable: true, configurable: true, enumerable: true }); } catch (x) {}
  }

  // DOM actions: in the top frame, and in frames of its origin, whose
  // elements are named in the top capture (it includes them): a frame's
  // action snapshots the top document (api.topSnapshot). An action in a
  // frame of another origin cannot be named in the top's tree; the first
  // one is reported (rec.warn) and none is recorded.
  var inFrame = !api.top;
  var realm = Str(Math.random()); // tells this frame's action numbers from another's
  var warnedCross = false;
  if (!listen) listen = etAdd; // until the hook gives its native: noted as the page's
  var eventTarget = N.eventTarget, composedPath = N.composedPath;
  var mouseX = G(MouseEvent.prototype, 'clientX'), mouseY = G(MouseEvent.prototype, 'clientY');
  var keyGet = G(KeyboardEvent.prototype, 'key');
  var ctrlKey = G(KeyboardEvent.prototype, 'ctrlKey'), metaKey = G(KeyboardEvent.prototype, 'metaKey'), altKey = G(KeyboardEvent.prototype, 'altKey');
  var typeGet = G(Event.prototype, 'type');
  function deepAt(x, y) {
    var el = apply(N.elementFromPoint, document, [x, y]);
    for (var i = 0; i < 64 && el; i++) {
      var sr = api.shadowOf(el);
      if (!sr) break;
      var inner = apply(N.srElementFromPoint, sr, [x, y]);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  }
  function deepActive() {
    var a = apply(N.activeElement, document, []);
    for (var i = 0; i < 64 && a; i++) {
      var sr = api.shadowOf(a);
      if (!sr) break;
      var b = apply(N.srActiveElement, sr, []);
      if (!b) break;
      a = b;
    }
    return a;
  }
  function valueOf(el) {
    var tag = apply(N.localName, el, []);
    try {
      if (tag === 'input') {
        var t = apply(N.inputType, el, []);
        if (t === 'password') return null;
        return apply(N.inputValue, el, []);
      }
      if (tag === 'textarea') return apply(N.textareaValue, el, []);
      if (tag === 'select') {
        var i = apply(N.selectIndex, el, []);
        if (i < 0) return '';
        return apply(N.optionValue, apply(N.collItem, apply(N.selectOptions, el, []), [i]), []);
      }
      if (apply(N.isContentEditable, el, [])) return el.textContent;
    } catch (e) {}
    return undefined;
  }
  var typing = null; // {el, seq}
  var aseq = 0;
  function action(type, el, extra) {
    var a = create(null);
    a.seq = ++aseq; a.realm = realm; a.type = type; a.t = dateNow(); a.url = locHref();
    var s = null;
    try { s = inFrame ? api.topSnapshot() : api.snapshot(); } catch (e) { s = null; }
    if (s === null && inFrame) {
      if (!warnedCross) {
        warnedCross = true;
        try { send('rec.warn', { msg: 'actions in the frame ' + a.url + ' are not recorded: its top document is of another origin, so the top capture does not include it' }, function () {}); } catch (e) {}
      }
      return 0;
    }
    a.frame = inFrame;
    try { a.raw = s[0]; a.k = s[1](el); } catch (e) { a.raw = ''; a.k = 0; }
    if (extra) { var ks = ownKeys(extra); for (var i = 0; i < ks.length; i++) a[ks[i]] = extra[ks[i]]; }
    try { send('rec.action', a, function () {}); } catch (e) {}
    return a.seq;
  }
  var opts = create(null); opts.capture = true; opts.passive = true;
  // isTrusted is an own, unforgeable property of every event.
  function on(type, fn) { apply(listen, window, [type, function (ev) { try { if (ev.isTrusted === true) fn(ev); } catch (e) {} }, opts]); }
  on('click', function (ev) {
    typing = null;
    var el = deepAt(apply(mouseX, ev, []), apply(mouseY, ev, []));
    if (!el) el = apply(eventTarget, ev, []);
    action('click', el);
  });
  on('input', function (ev) {
    var el = deepActive() || apply(eventTarget, ev, []);
    var v = valueOf(el);
    if (v === undefined) return;
    var secret = v === null;
    if (typing && typing.el === el) {
      if (!secret) { var u = create(null); u.seq = typing.seq; u.realm = realm; u.value = v; u.t = dateNow(); try { send('rec.value', u, function () {}); } catch (e) {} }
      return;
    }
    var x = create(null); x.value = secret ? '' : v; x.secret = secret;
    var sq = action('type', el, x);
    typing = sq ? { el: el, seq: sq } : null;
  });
  on('change', function (ev) {
    var el = deepActive() || apply(eventTarget, ev, []);
    if (!el || apply(N.localName, el, []) !== 'select') return;
    typing = null;
    var x = create(null); x.value = valueOf(el) || '';
    action('select', el, x);
  });
  on('submit', function (ev) {
    typing = null;
    action('submit', apply(eventTarget, ev, []));
  });
  var KEYS = create(null);
  var keyNames = ['Enter', 'Escape', 'Tab', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'];
  for (var ki = 0; ki < keyNames.length; ki++) KEYS[keyNames[ki]] = 1;
  on('keydown', function (ev) {
    var k = apply(keyGet, ev, []);
    if (apply(ctrlKey, ev, []) || apply(metaKey, ev, []) || apply(altKey, ev, [])) return;
    if (KEYS[k] !== 1) return;
    typing = null;
    var x = create(null); x.key = k;
    action('press', deepActive() || apply(eventTarget, ev, []), x);
  });
  }
})
