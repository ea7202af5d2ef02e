// axtree runtime: the helper namespace `ax` programs run with. This file is
// a capture extension (capture.Options.Extensions): a function expression the
// hook calls with its API object in every frame at document start, before
// any site script. Programs run in the top frame only.
//
// Everything the helpers use is captured here, at install, before the page
// can replace it; their state (runs, pinned elements, the misses) lives in
// this closure. The page sees no global, no property and no wrapper of
// ours. The one deliberate exception: ax.request calls the page's *current*
// window.fetch, so that the site's own request path (its signing wrapper)
// applies to a replay.
//
// Go registers the page -> Go kinds "ax.find", "ax.act", "ax.observe",
// "ax.decide" and "ax.log" (runtime/session.go); Go calls "ax.run",
// "ax.pin", "ax.locate", "ax.prep", "ax.alive" and more (registered below).
(function (api) {
  'use strict';
  if (!api.top) return;
  var R = Reflect, apply = R.apply, construct = R.construct;
  var O = Object, create = O.create, freeze = O.freeze, defineProperty = O.defineProperty;
  var gopd = O.getOwnPropertyDescriptor, getPrototypeOf = O.getPrototypeOf, setPrototypeOf = O.setPrototypeOf, ownKeys = R.ownKeys;
  var hasOwn = O.prototype.hasOwnProperty;
  var NP = Promise, promiseThen = NP.prototype.then;
  var AF = getPrototypeOf(async function () {}).constructor;
  var Err = Error, TErr = TypeError, SynErr = SyntaxError;
  var FunctionProto = Function.prototype, ObjectProto = O.prototype;
  var stringify = JSON.stringify, parse = JSON.parse, rawJSON = JSON.rawJSON;
  var encodeURIC = encodeURIComponent;
  var Str = String, isArray = Array.isArray, WM = WeakMap, Mp = Map;
  var wmGet = WM.prototype.get, wmSet = WM.prototype.set;
  var mpGet = Mp.prototype.get, mpSet = Mp.prototype.set, mpDelete = Mp.prototype.delete;
  var strSlice = Str.prototype.slice, strIndexOf = Str.prototype.indexOf, strSplit = Str.prototype.split;
  var strTrim = Str.prototype.trim, strLower = Str.prototype.toLowerCase;
  var setT = setTimeout, clearT = clearTimeout;
  var now = performance.now.bind(performance);
  var RE = RegExp, reSource = gopd(RE.prototype, 'source').get, reFlags = gopd(RE.prototype, 'flags').get;
  var USP = URLSearchParams, uspAppend = USP.prototype.append, uspToString = USP.prototype.toString;
  var cookieGet = gopd(Document.prototype, 'cookie').get;
  var docQS = Document.prototype.querySelector, getAttr = Element.prototype.getAttribute;
  var RespP = Response.prototype;
  var respStatus = gopd(RespP, 'status').get, respOk = gopd(RespP, 'ok').get;
  var respStatusText = gopd(RespP, 'statusText').get, respURL = gopd(RespP, 'url').get;
  var respHeaders = gopd(RespP, 'headers').get, respText = RespP.text;
  var headersForEach = Headers.prototype.forEach, headersGet = Headers.prototype.get;
  var AC = AbortController, acAbort = AC.prototype.abort, acSignal = gopd(AC.prototype, 'signal').get;
  var locHref = gopd(Location.prototype, 'href') ? gopd(Location.prototype, 'href').get : null;
  var winLocation = gopd(window, 'location') ? gopd(window, 'location').get : null;
  var stackGet = null;
  try { stackGet = gopd(new Err(), 'stack'); } catch (e) {}
  var toJSON = api.toJSON, fromJSON = api.fromJSON, send = api.send;
  // Natives checked once for the stack trick (see lineOf).
  var errProtoChainOK = function () {
    try {
      return getPrototypeOf(Err) === FunctionProto && getPrototypeOf(FunctionProto) === ObjectProto &&
        !apply(hasOwn, Err, ['prepareStackTrace']) && !apply(hasOwn, FunctionProto, ['prepareStackTrace']) &&
        !apply(hasOwn, ObjectProto, ['prepareStackTrace']);
    } catch (e) { return false; }
  };

  function list() { var a = create(null); a.length = 0; return a; }
  function push(a, v) { a[a.length] = v; a.length = a.length + 1; }
  function dict() { return create(null); }
  function msgOf(e) {
    try {
      if (e !== null && typeof e === 'object') {
        var d = gopd(e, 'message');
        var name = '';
        try { var c = getPrototypeOf(e); var nd = c && gopd(c, 'name'); if (nd && typeof nd.value === 'string') name = nd.value; } catch (x) {}
        if (d && typeof d.value === 'string') return (name && name !== 'Error' ? name + ': ' : '') + d.value;
      }
      return Str(e);
    } catch (x) { return 'an exception that cannot be printed'; }
  }
  function fail(msg) { throw new Err(msg); }
  function hostCall(kind, payload) {
    // The callback form of send: no page-visible promise machinery.
    return new NP(function (res, rej) {
      send(kind, payload, function (err, v) { if (err) rej(err); else res(v); });
    });
  }
  function race(p, ms, what) {
    if (!(ms > 0)) return p;
    return new NP(function (res, rej) {
      var t = setT(function () { rej(new Err(what + ' timed out after ' + (ms / 1000) + ' s')); }, ms);
      apply(promiseThen, p, [function (v) { clearT(t); res(v); }, function (e) { clearT(t); rej(e); }]);
    });
  }

  // Pinned elements: handles refer to them across captures.
  var pins = new Mp(), pinSeq = 0;
  var handles = new WM(); // handle object -> pin id
  api.register('ax.pin', function (a) {
    // a.ks: capture ids of the latest capture -> pin ids
    var out = [];
    for (var i = 0; i < a.ks.length; i++) {
      var el = api.element(a.ks[i]);
      if (!el) { out[i] = 0; continue; }
      var id = ++pinSeq;
      apply(mpSet, pins, [id, el]);
      out[i] = id;
    }
    return out;
  });
  // locate: the capture id of a pinned element in the latest capture, 0
  // when it is gone (scans the capture's table: at most its element count).
  api.register('ax.locate', function (a) {
    var el = apply(mpGet, pins, [a.pin]);
    if (!el || !el.isConnected) return 0;
    for (var k = 1; k <= a.n; k++) if (api.element(k) === el) return k;
    return 0;
  });
  // prep gets an element of the latest capture ready for trusted typing:
  // focus, then select its content (clear) or put the caret at the end.
  api.register('ax.prep', function (a) {
    var el = api.element(a.k);
    if (!el) return 'the element is no longer in the page';
    var doc = el.ownerDocument;
    try { el.focus(); } catch (e) {}
    var tag = el.localName;
    if (tag === 'input' || tag === 'textarea') {
      try {
        if (a.clear) el.select();
        else { var n = el.value.length; el.setSelectionRange(n, n); }
      } catch (e) {}
    } else if (el.isContentEditable) {
      var sel = doc.getSelection(), range = doc.createRange();
      range.selectNodeContents(el);
      if (!a.clear) range.collapse(false);
      sel.removeAllRanges(); sel.addRange(range);
    } else if (a.strict) {
      return 'the element (' + tag + ') does not take text';
    }
    if (a.check === 'checked') {
      var ac = getAttr ? apply(getAttr, el, ['aria-checked']) : null;
      return el.checked === true || ac === 'true' ? 'yes' : 'no';
    }
    return '';
  });
  api.register('ax.checked', function (a) {
    var el = api.element(a.k);
    if (!el) return 'gone';
    if (typeof el.checked === 'boolean' && (el.localName === 'input')) return el.checked ? 'yes' : 'no';
    var ac = apply(getAttr, el, ['aria-checked']) || apply(getAttr, el, ['aria-pressed']) || apply(getAttr, el, ['aria-selected']);
    return ac === 'true' ? 'yes' : (ac === 'mixed' ? 'mixed' : 'no');
  });
  // Targets as the program wrote them -> JSON for Go.
  function targetOf(t, depth) {
    if (depth > 8) fail('ax: a target nests "within" more than 8 levels');
    if (t === null || typeof t !== 'object') fail('ax: a target is {role, name, within}, got ' + (t === null ? 'null' : typeof t));
    var out = dict();
    var role = gopd(t, 'role'), name = gopd(t, 'name'), within = gopd(t, 'within');
    if (role && role.value !== undefined) {
      if (typeof role.value !== 'string') fail('ax: target.role must be a string');
      out.role = role.value;
    }
    if (name && name.value !== undefined) {
      var n = name.value;
      if (typeof n === 'string') out.name = n;
      else if (isRegExp(n)) { out.re = apply(reSource, n, []); out.flags = apply(reFlags, n, []); }
      else fail('ax: target.name must be a string or a RegExp');
    }
    var exact = gopd(t, 'exact');
    if (exact && exact.value !== undefined) out.exact = exact.value !== false;
    if (within && within.value !== undefined) out.within = elementArg(within.value, depth + 1, true);
    return out;
  }
  function isRegExp(v) { try { apply(reSource, v, []); return true; } catch (e) { return false; } }
  // elementArg turns an element argument into {pin,id,obs} | {id} | {target}.
  function elementArg(v, depth, inTarget) {
    if (typeof v === 'number') {
      if (!(v > 0) || v !== (v | 0)) fail('ax: ' + v + ' is not a tree id');
      var o = dict(); o.id = v; return o;
    }
    if (v !== null && typeof v === 'object') {
      var pin = apply(wmGet, handles, [v]);
      if (pin !== undefined) { var h = dict(); h.pin = pin; h.id = v.id; h.obs = v.observation; return h; }
      if (!inTarget && gopd(v, 'id') && !gopd(v, 'role') && !gopd(v, 'name')) return elementArg(gopd(v, 'id').value, depth, false);
      var t = dict(); t.target = targetOf(v, depth || 0); return t;
    }
    fail('ax: an element is a found element, a tree id or a target {role, name, within}');
  }
  function handleOf(m, pin) {
    var h = { id: m.id, role: m.role, name: m.name, observation: m.observation };
    freeze(h);
    if (pin) apply(wmSet, handles, [h, pin]);
    return h;
  }
  function candidatesOf(r) {
    var out = [];
    var cs = r.candidates || list();
    for (var i = 0; i < cs.length; i++) {
      var c = cs[i];
      var h = { id: c.id, role: c.role, name: c.name, score: c.score, observation: r.observation };
      freeze(h);
      if (c.pin) apply(wmSet, handles, [h, c.pin]);
      out[i] = h;
    }
    freeze(out);
    return out;
  }

  // lineOf returns the program line (1-based) of the helper call being
  // made, from a V8 stack trace, or 0. It reads a stack only when the page
  // has set no prepareStackTrace anywhere on Error's prototype chain, so no
  // page code runs.
  function lineOf() {
    if (!errProtoChainOK()) return 0;
    var s;
    try { s = new Err().stack; } catch (e) { return 0; }
    if (typeof s !== 'string') return 0;
    // The program's frames are "eval at run (...), <anonymous>:L:C)"; the
    // function wrapper adds two lines before the body.
    var lines = apply(strSplit, s, ['\n']);
    for (var i = 1; i < lines.length; i++) {
      var l = lines[i];
      var at = apply(strIndexOf, l, ['(eval at ']);
      if (at < 0) continue;
      var tail = apply(strSlice, l, [apply(strIndexOf, l, ['<anonymous>:', at + 9 + 0]) >= 0 ? 0 : l.length]);
      var idx = -1, from = 0, last = -1;
      while ((idx = apply(strIndexOf, tail, ['<anonymous>:', from])) >= 0) { last = idx; from = idx + 1; }
      if (last < 0) continue;
      var rest = apply(strSlice, tail, [last + 12]);
      var n = 0, j = 0;
      while (j < rest.length && rest.charCodeAt(j) >= 48 && rest.charCodeAt(j) <= 57) { n = n * 10 + rest.charCodeAt(j) - 48; j++; }
      return n > 2 ? n - 2 : 0;
    }
    return 0;
  }

  var runs = new Mp();
  // run compiles and runs a program: a.body with parameters a.names (values
  // a.values, passed as arguments, never spliced into source) and ax.
  api.register('ax.run', function (a) {
    var names = a.names, body = a.body;
    var args = list();
    for (var i = 0; i < names.length; i++) push(args, names[i]);
    push(args, 'ax');
    push(args, body);
    var fn;
    try { fn = construct(AF, args); } catch (e) {
      var m = msgOf(e);
      throw new Err('program syntax error: ' + m);
    }
    if (a.compileOnly) return 'ok';
    var run = dict();
    run.id = a.run; run.t0 = now(); run.callMs = a.callMs; run.done = false;
    run.miss = []; run.logs = 0; run.flushed = null; run.seq = 0;
    apply(mpSet, runs, [a.run, run]);
    var ax = makeAx(run);
    var vals = list(), parsed = parse(a.values);
    for (i = 0; i < parsed.length; i++) push(vals, parsed[i]);
    push(vals, ax);
    var p;
    try { p = apply(fn, undefined, vals); } catch (e) { run.done = true; apply(mpDelete, runs, [a.run]); throw e; }
    return new NP(function (res, rej) {
      // The run settles once Go has every call the page recorded itself.
      function end(fn) {
        run.done = true;
        var finish = function () { apply(mpDelete, runs, [a.run]); clearPins(); fn(); };
        if (run.logs === 0) finish(); else run.flushed = finish;
      }
      apply(promiseThen, p, [function (v) {
        end(function () { var out = dict(); out.value = v === undefined ? null : v; res(out); });
      }, function (e) {
        var m = msgOf(e);
        end(function () { rej(new Err(m)); });
      }]);
    });
  });
  // alive: whether this document runs program a.run (Go asks after an act
  // loop, which may have navigated it away).
  api.register('ax.alive', function (a) { return apply(mpGet, runs, [a.run]) !== undefined; });
  api.register('ax.abort', function (a) {
    var run = apply(mpGet, runs, [a.run]);
    if (run) run.aborted = a.why || 'aborted';
    return true;
  });
  function clearPins() { if (runs.size === 0) { pins = new Mp(); } }

  function makeAx(run) {
    var ax = create(null);
    function guard(name) {
      if (run.aborted) fail('ax.' + name + ': the program was stopped: ' + run.aborted);
      if (run.done) fail('ax.' + name + ': called after the program ended');
    }
    // go sends a helper call to Go, which performs and records it.
    function go(kind, call, fields) {
      var p = dict();
      p.run = run.id; p.call = call; p.line = lineOf(); p.seq = ++run.seq;
      for (var k in fields) if (apply(hasOwn, fields, [k])) p[k] = fields[k];
      return hostCall(kind, p);
    }
    // log records a call performed here in the page.
    function log(call, target, t0, result, error, line, seq) {
      var r = dict(); r.seq = seq;
      r.run = run.id; r.call = call; r.line = line; r.at = t0 - run.t0; r.ms = now() - t0;
      if (target !== undefined) r.target = target;
      if (error !== undefined) r.error = error; else r.result = result;
      run.logs++;
      send('ax.log', r, function () {
        run.logs--;
        if (run.logs === 0 && run.flushed) { var f = run.flushed; run.flushed = null; f(); }
      });
    }
    ax.find = function find(target) {
      guard('find');
      return apply(promiseThen, go('ax.find', 'find', { el: elementArg(target, 0, false), all: false }), [function (r) {
        if (r.matches && r.matches.length > 0) return handleOf(r.matches[0], r.matches[0].pin);
        run.miss = candidatesOf(r);
        return null;
      }]);
    };
    ax.findAll = function findAll(target) {
      guard('findAll');
      return apply(promiseThen, go('ax.find', 'findAll', { el: elementArg(target, 0, false), all: true }), [function (r) {
        var out = [];
        var ms = r.matches || list();
        for (var i = 0; i < ms.length; i++) out[i] = handleOf(ms[i], ms[i].pin);
        if (ms.length === 0) { run.miss = candidatesOf(r); defineProperty(out, 'candidates', { value: run.miss }); }
        freeze(out);
        return out;
      }]);
    };
    defineProperty(ax, 'candidates', { get: function () { return run.miss; }, enumerable: true });
    ax.waitFor = function waitFor(target, opts) {
      guard('waitFor');
      var timeout = opts && typeof opts.timeout === 'number' ? opts.timeout : 10000;
      return apply(promiseThen, go('ax.find', 'waitFor', { el: elementArg(target, 0, false), all: false, wait: timeout }), [function (r) {
        if (r.matches && r.matches.length > 0) return handleOf(r.matches[0], r.matches[0].pin);
        run.miss = candidatesOf(r);
        fail(r.error || 'ax.waitFor: timed out');
      }]);
    };
    function act(name, action, el, value, extra) {
      guard(name);
      var f = { el: elementArg(el, 0, false), action: action };
      if (value !== undefined) f.value = value;
      if (extra) for (var k in extra) f[k] = extra[k];
      return apply(promiseThen, go('ax.act', name, f), [function () { return undefined; }]);
    }
    ax.click = function click(el) { return act('click', 'click', el); };
    ax.type = function type(el, text, opts) {
      if (typeof text !== 'string') {
        if (typeof text === 'number' || typeof text === 'boolean') text = Str(text);
        else fail('ax.type: the text must be a string');
      }
      var clear = true;
      if (opts !== undefined && opts !== null) { var c = gopd(opts, 'clear'); if (c && c.value === false) clear = false; }
      return act('type', 'type', el, text, { clear: clear });
    };
    ax.select = function select(el, values) {
      // A real array (without a prototype: nothing of the page runs when
      // it is filled), so the channel sends it as a JSON array.
      var vs = [];
      setPrototypeOf(vs, null);
      if (typeof values === 'string' || typeof values === 'number') vs[0] = Str(values);
      else if (isArray(values)) for (var i = 0; i < values.length; i++) vs[i] = Str(values[i]);
      else fail('ax.select: values is a string or an array of strings');
      if (vs.length === 0) fail('ax.select: no value given');
      return act('select', 'select', el, undefined, { values: vs });
    };
    ax.check = function check(el, on) { return act('check', 'check', el, undefined, { checked: on !== false }); };
    ax.press = function press(key) {
      guard('press');
      if (typeof key !== 'string' || key === '') fail('ax.press: the key is a string such as "Enter"');
      return apply(promiseThen, go('ax.act', 'press', { action: 'press', value: key }), [function () { return undefined; }]);
    };
    ax.observe = function observe() {
      guard('observe');
      return apply(promiseThen, go('ax.observe', 'observe', {}), [function (r) {
        var o = { id: r.id, text: r.text, url: r.url, title: r.title };
        return freeze(o);
      }]);
    };
    ax.act = function act_(goal, opts) {
      guard('act');
      if (typeof goal !== 'string' || goal === '') fail('ax.act: the goal is a non-empty string');
      var f = { goal: goal };
      if (opts && typeof opts.maxSteps === 'number') f.maxSteps = opts.maxSteps;
      return apply(promiseThen, go('ax.decide', 'act', f), [function (r) { return r.result === undefined ? null : r.result; }]);
    };

    // request calls the page's current fetch (the site's own request path).
    ax.request = function request(url, init) {
      guard('request');
      var t0 = now(), line = lineOf(), seq = ++run.seq;
      var target = typeof url === 'string' ? url : Str(url);
      var i2 = {};
      var method = 'GET';
      if (init !== undefined && init !== null) {
        var ks = ownKeys(init);
        for (var k = 0; k < ks.length; k++) {
          var key = ks[k];
          if (typeof key !== 'string') continue;
          var d = gopd(init, key);
          if (!d || !('value' in d)) continue;
          if (key === 'json') { i2.body = stringify(d.value); continue; }
          if (key === 'timeout') continue;
          i2[key] = d.value;
        }
        if (typeof i2.method === 'string') method = i2.method;
        var jd = gopd(init, 'json');
        if (jd && 'value' in jd) {
          var h = i2.headers, has = false;
          if (h && typeof h === 'object' && !isArray(h)) {
            var hk = ownKeys(h);
            for (k = 0; k < hk.length; k++) if (typeof hk[k] === 'string' && apply(strLower, hk[k], []) === 'content-type') has = true;
            if (!has) { var h2 = {}; for (k = 0; k < hk.length; k++) h2[hk[k]] = h[hk[k]]; h2['content-type'] = 'application/json'; i2.headers = h2; }
          } else if (!h) i2.headers = { 'content-type': 'application/json' };
        }
      }
      var ms = init && typeof init.timeout === 'number' ? init.timeout : run.callMs;
      var ctl = new AC();
      if (i2.signal === undefined) i2.signal = apply(acSignal, ctl, []);
      var p;
      try {
        var f = window.fetch; // the site's current fetch, on purpose
        if (typeof f !== 'function') fail('window.fetch is not a function on this page (it is ' + typeof f + ')');
        p = apply(f, window, [target, i2]);
      } catch (e) {
        var m = 'ax.request ' + method + ' ' + target + ': the page\'s fetch threw: ' + msgOf(e);
        log('request', target, t0, undefined, m, line, seq);
        return NP.reject(new Err(m));
      }
      if (p === null || typeof p !== 'object') {
        var m2 = 'ax.request ' + method + ' ' + target + ': the page\'s fetch returned ' + (p === null ? 'null' : typeof p) + ', not a promise';
        log('request', target, t0, undefined, m2, line, seq);
        return NP.reject(new Err(m2));
      }
      var timed = race(NP.resolve(p), ms, 'ax.request ' + method + ' ' + target);
      return new NP(function (res, rej) {
        apply(promiseThen, timed, [function (r) {
          var out;
          try {
            out = { ok: apply(respOk, r, []), status: apply(respStatus, r, []), statusText: apply(respStatusText, r, []), url: apply(respURL, r, []), headers: {} };
            var hs = apply(respHeaders, r, []);
            apply(headersForEach, hs, [function (v, k) { out.headers[k] = v; }]);
          } catch (e) {
            var m3 = 'ax.request ' + method + ' ' + target + ': the page\'s fetch resolved to something that is not a Response';
            log('request', target, t0, undefined, m3, line, seq);
            rej(new Err(m3));
            return;
          }
          apply(promiseThen, race(apply(respText, r, []), ms, 'reading the response of ' + target), [function (text) {
            out.text = text;
            var ct = out.headers['content-type'] || '';
            if (apply(strIndexOf, ct, ['json']) >= 0) { try { out.json = parse(text); } catch (e) {} }
            freeze(out);
            var sum = dict(); sum.status = out.status; sum.ok = out.ok; sum.url = out.url; sum.bytes = text.length;
            sum.text = text.length > 2048 ? apply(strSlice, text, [0, 2048]) + '…[truncated]' : text;
            log('request', target, t0, sum, undefined, line, seq);
            res(out);
          }, function (e) {
            var m4 = 'ax.request ' + method + ' ' + target + ': ' + msgOf(e);
            log('request', target, t0, undefined, m4, line, seq);
            rej(new Err(m4));
          }]);
        }, function (e) {
          try { apply(acAbort, ctl, []); } catch (x) {}
          var m5 = 'ax.request ' + method + ' ' + target + ': ' + msgOf(e);
          log('request', target, t0, undefined, m5, line, seq);
          rej(new Err(m5));
        }]);
      });
    };
    ax.requestJson = function requestJson(url, init) {
      return apply(promiseThen, ax.request(url, init), [function (r) {
        if (!r.ok) fail('ax.requestJson ' + url + ': answered ' + r.status + ' ' + r.statusText + ': ' + apply(strSlice, r.text, [0, 200]));
        if (r.json === undefined) {
          try { return parse(r.text); } catch (e) { fail('ax.requestJson ' + url + ': the answer is not JSON: ' + apply(strSlice, r.text, [0, 200])); }
        }
        return r.json;
      }]);
    };
    var CSRF_COOKIES = ['ct0', 'XSRF-TOKEN', 'csrftoken', '_csrf', 'csrf_token'];
    var CSRF_METAS = ['csrf-token', '_csrf'];
    function cookie(name) {
      var all = apply(cookieGet, document, []);
      var parts = apply(strSplit, all, [';']);
      for (var i = 0; i < parts.length; i++) {
        var p = apply(strTrim, parts[i], []);
        var eq = apply(strIndexOf, p, ['=']);
        if (eq < 0) continue;
        if (apply(strSlice, p, [0, eq]) === name) {
          var v = apply(strSlice, p, [eq + 1]);
          try { return decodeURIComponent(v); } catch (e) { return v; }
        }
      }
      return null;
    }
    function meta(name) {
      var el = apply(docQS, document, ['meta[name="' + name + '"]']);
      return el ? apply(getAttr, el, ['content']) : null;
    }
    ax.getCsrfToken = function getCsrfToken(opts) {
      guard('getCsrfToken');
      var t0 = now(), line = lineOf(), seq = ++run.seq;
      var v = null, where = '';
      try {
        var c = opts && gopd(opts, 'cookie'), m = opts && gopd(opts, 'meta');
        if (c && typeof c.value === 'string') { v = cookie(c.value); where = 'cookie ' + c.value; }
        if (v === null && m && typeof m.value === 'string') { v = meta(m.value); where = (where ? where + ' or ' : '') + 'meta ' + m.value; }
        if (!c && !m) {
          for (var i = 0; i < CSRF_COOKIES.length && v === null; i++) v = cookie(CSRF_COOKIES[i]);
          for (i = 0; i < CSRF_METAS.length && v === null; i++) v = meta(CSRF_METAS[i]);
          where = 'the usual cookies and meta tags';
        }
      } catch (e) { v = null; }
      if (v === null || v === '') {
        var msg = 'ax.getCsrfToken: no CSRF token in ' + where;
        log('getCsrfToken', undefined, t0, undefined, msg, line, seq);
        return NP.reject(new Err(msg));
      }
      var r = dict(); r.found = where; r.length = v.length; // never the token itself
      log('getCsrfToken', undefined, t0, r, undefined, line, seq);
      return NP.resolve(v);
    };
    // Utilities: value builders, not recorded.
    ax.json = function json(v) { return stringify(v); };
    ax.num = function num(s) { return rawJSON ? rawJSON(Str(s)) : +s; };
    ax.encode = function encode(v) { return encodeURIC(Str(v)); };
    ax.form = function form(pairs) {
      var u = new USP();
      if (isArray(pairs)) { for (var i = 0; i < pairs.length; i++) apply(uspAppend, u, [Str(pairs[i][0]), Str(pairs[i][1])]); }
      else if (pairs && typeof pairs === 'object') { var ks = ownKeys(pairs); for (i = 0; i < ks.length; i++) if (typeof ks[i] === 'string') apply(uspAppend, u, [ks[i], Str(pairs[ks[i]])]); }
      return apply(uspToString, u, []);
    };
    ax.fail = function fail_(msg) { throw new Err(Str(msg)); };
    freeze(ax);
    return ax;
  }
})
