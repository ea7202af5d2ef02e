// axtree trajectory viewer. Reads the run from the JSON script element and
// builds the page. Every string from the run is set with textContent or
// createTextNode: page text is never parsed as HTML.
(function () {
  'use strict';
  var LH = 18; // row height in px; must match .row in viewer.css
  var OVERSCAN = 30;

  var fatal = function (msg) {
    var f = document.getElementById('fatal');
    if (!f) {
      f = document.createElement('div');
      f.id = 'fatal';
      document.body.appendChild(f);
    }
    f.textContent = 'viewer: ' + msg;
  };

  var mark = function (name) { if (window.performance && performance.mark) performance.mark(name); };
  mark('axtree-viewer-start');
  var D;
  try {
    D = JSON.parse(document.getElementById('axtree-data').textContent);
  } catch (e) {
    fatal('the embedded trajectory is not valid JSON: ' + e.message);
    return;
  }
  mark('axtree-viewer-parsed');
  var run = D.run || {};
  var observations = run.observations || [];
  var steps = run.steps || [];
  var info = D.obs || [];
  var stepObs = D.stepObs || [];

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function badge(value, prefix) {
    var v = value || 'running';
    return el('span', 'badge b-' + v.replace(/[^a-z-]/g, ''), (prefix || '') + v);
  }

  // Observation data, computed when first shown.
  var cache = [];
  function obsData(k) {
    if (cache[k]) return cache[k];
    var o = observations[k];
    var lines = o.text.split('\n');
    if (lines.length && lines[lines.length - 1] === '') lines.pop();
    var idLine = new Map(), lineId = new Map();
    var ids = (info[k] && info[k].ids) || [];
    for (var i = 0; i + 1 < ids.length; i += 2) {
      idLine.set(ids[i], ids[i + 1]);
      lineId.set(ids[i + 1], ids[i]);
    }
    cache[k] = { lines: lines, idLine: idLine, lineId: lineId, links: o.links || {} };
    return cache[k];
  }

  // ---- state
  var cur = -1;          // selected step
  var shownObs = -1;     // observation in the right pane
  var diffOn = false;
  var hlLine = 0;        // highlighted 1-based line of the shown observation (0: none)
  var rows = null;       // diff view rows: Int32Array of (kind, line) pairs; null in plain view
  var rowOfLine = null;  // diff view: row index of each current line

  // ---- layout
  var left = el('div'); left.id = 'left';
  var right = el('div'); right.id = 'right';
  var head = el('div'); head.id = 'obshead';
  var notice = el('div'); notice.id = 'notice'; notice.setAttribute('role', 'status');
  var tree = el('div'); tree.id = 'tree'; tree.tabIndex = 0;
  var spacer = el('div'); spacer.id = 'spacer';
  var rowsBox = el('div'); rowsBox.id = 'rows';
  tree.appendChild(spacer);
  tree.appendChild(rowsBox);
  right.appendChild(head);
  right.appendChild(notice);
  right.appendChild(tree);
  document.body.appendChild(left);
  document.body.appendChild(right);

  // Text with every [id=N] made a link to that line of step s's observation.
  function linkify(parent, text, s) {
    var re = /\[id=(\d+)\]/g, last = 0, m;
    text = String(text);
    while ((m = re.exec(text)) !== null) {
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      parent.appendChild(idLink(Number(m[1]), s, m[0]));
      last = re.lastIndex;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
    return parent;
  }

  function idLink(id, s, label) {
    var b = el('button', 'idlink', label || '[id=' + id + ']');
    b.type = 'button';
    b.dataset.id = String(id);
    b.dataset.step = String(s);
    var k = stepObs[s];
    if (k === undefined || k < 0) {
      b.classList.add('dead');
      b.title = 'the step names no observation of this file';
    } else {
      var od = obsData(k);
      var line = od.idLine.get(id);
      if (!line) {
        b.classList.add('dead');
        b.title = 'not in observation ' + (k + 1) + ' (a dead id)';
      } else {
        var url = od.links[String(id)];
        b.title = url ? url : 'line ' + line;
      }
    }
    b.addEventListener('click', function (ev) {
      ev.stopPropagation();
      select(s, id);
    });
    return b;
  }

  function fmtTime(t) {
    if (!t) return '';
    return t.replace('T', ' ').replace(/\.\d+/, '').replace('Z', ' UTC');
  }

  // ---- left pane
  var stepEls = [];
  var progLines = [];

  function buildLeft() {
    left.appendChild(el('h1', null, 'Task'));
    left.appendChild(el('p', 'task', run.task || ''));
    var meta = el('div', 'meta');
    meta.appendChild(badge(run.outcome));
    meta.appendChild(el('span', null, 'run ' + (run.id || '')));
    if (run.site) meta.appendChild(el('span', null, run.site));
    if (run.model) meta.appendChild(el('span', null, 'model ' + run.model));
    if (run.started) meta.appendChild(el('span', null, fmtTime(run.started) + (run.ended ? ' → ' + fmtTime(run.ended) : '')));
    meta.appendChild(el('span', null, steps.length + ' steps · ' + observations.length + ' observations'));
    left.appendChild(meta);
    if (run.note) left.appendChild(el('div', 'note', run.note));
    var keys = el('div', 'keys');
    keys.appendChild(el('kbd', null, 'j'));
    keys.appendChild(document.createTextNode(' / '));
    keys.appendChild(el('kbd', null, 'k'));
    keys.appendChild(document.createTextNode(' next / previous step · '));
    keys.appendChild(el('kbd', null, 'd'));
    keys.appendChild(document.createTextNode(' diff with the previous observation'));
    left.appendChild(keys);

    var plan = run.plan;
    if (plan && (plan.reasoning || plan.program)) {
      left.appendChild(el('h2', null, 'Plan'));
      if (plan.reasoning) left.appendChild(el('div', 'pre reason', plan.reasoning));
      if (plan.program) {
        var byLine = new Map();
        steps.forEach(function (s, i) {
          if (s.line > 0) {
            if (!byLine.has(s.line)) byLine.set(s.line, []);
            byLine.get(s.line).push(i);
          }
        });
        var box = el('div', 'program');
        box.setAttribute('aria-label', 'program' + (plan.language ? ' (' + plan.language + ')' : ''));
        var src = plan.program.split('\n');
        if (src.length > 1 && src[src.length - 1] === '') src.pop();
        src.forEach(function (text, i) {
          var n = i + 1;
          var row = el('div', 'pline');
          row.dataset.line = String(n);
          row.appendChild(el('span', 'lno', n));
          row.appendChild(el('span', 'code', text));
          var made = byLine.get(n);
          if (made) {
            var chips = el('span', 'chips');
            made.forEach(function (si) {
              var c = el('button', 'chip' + (steps[si].outcome === 'failed' ? ' bad' : ''), 'step ' + (si + 1));
              c.type = 'button';
              c.title = 'step ' + (si + 1) + ': ' + (steps[si].outcome || '');
              c.addEventListener('click', function () { select(si); });
              chips.appendChild(c);
            });
            row.appendChild(chips);
          }
          progLines[n] = row;
          box.appendChild(row);
        });
        left.appendChild(box);
      }
    }

    left.appendChild(el('h2', null, 'Steps (' + steps.length + ')'));
    steps.forEach(function (s, i) {
      var card = el('div', 'step ' + (s.outcome || ''));
      card.dataset.step = String(i);
      var sh = el('div', 'shead');
      sh.appendChild(el('span', 'snum', 'Step ' + (i + 1)));
      sh.appendChild(el('span', 'badge b-kind', s.kind || '?'));
      sh.appendChild(badge(s.outcome));
      var k = stepObs[i];
      sh.appendChild(el('span', 'meta', k >= 0 ? 'observation ' + (k + 1) : 'no observation'));
      if (s.line > 0) {
        var lref = el('button', 'ref', 'line ' + s.line);
        lref.type = 'button';
        lref.title = 'the program statement that made this step';
        lref.addEventListener('click', function (ev) {
          ev.stopPropagation();
          if (progLines[s.line]) progLines[s.line].scrollIntoView({ block: 'center' });
        });
        sh.appendChild(lref);
      }
      if (s.recovers !== undefined && s.recovers !== null) {
        var rref = el('button', 'ref', 'recovers step ' + (s.recovers + 1));
        rref.type = 'button';
        rref.addEventListener('click', function (ev) { ev.stopPropagation(); select(s.recovers); });
        sh.appendChild(rref);
      }
      card.appendChild(sh);
      if (s.reasoning) card.appendChild(linkify(el('div', 'pre reason'), s.reasoning, i));
      (s.actions || []).forEach(function (a) {
        var box = el('div', 'action');
        var call = el('div', 'call');
        var c = a.call || {};
        var written = c.source || (c.tool + '(' + (c.args !== undefined ? JSON.stringify(c.args) : '') + ')');
        call.appendChild(badge(a.outcome));
        call.appendChild(document.createTextNode(' '));
        linkify(call, written, i);
        if (c.source && c.args !== undefined) call.title = c.tool + ' ' + JSON.stringify(c.args);
        box.appendChild(call);
        if (a.resolved) {
          var r = el('div', 'resolved');
          r.appendChild(document.createTextNode('→ '));
          r.appendChild(idLink(a.resolved.id, i));
          r.appendChild(document.createTextNode(' ' + a.resolved.role + (a.resolved.name ? ' "' + a.resolved.name + '"' : '') + ' · line ' + a.resolved.line));
          box.appendChild(r);
        }
        if (a.result !== undefined && a.result !== null) linkify(box.appendChild(el('pre', 'result')), JSON.stringify(a.result, null, 2), i);
        if (a.error) linkify(box.appendChild(el('pre', 'err')), a.error, i);
        card.appendChild(box);
      });
      card.addEventListener('click', function () { select(i); });
      stepEls.push(card);
      left.appendChild(card);
    });
    if (!steps.length) left.appendChild(el('p', 'meta', 'This run has no steps.'));
  }

  // ---- right pane
  var diffBox;
  function showObs(k) {
    shownObs = k;
    head.textContent = '';
    notice.textContent = '';
    if (k < 0 || k >= observations.length) {
      head.appendChild(el('span', 'otitle', 'No observation'));
      setRows(0);
      return;
    }
    var o = observations[k];
    var od = obsData(k);
    head.appendChild(el('span', 'otitle', 'Observation ' + (k + 1) + ' of ' + observations.length + (o.title ? ': ' + o.title : '')));
    if (o.url) head.appendChild(el('span', 'ourl', o.url));
    head.appendChild(el('span', 'meta', od.lines.length + ' lines · ' + od.idLine.size + ' ids · ' + Object.keys(od.links).length + ' links · ' + o.id.slice(0, 12)));
    var lab = el('label');
    diffBox = el('input');
    diffBox.type = 'checkbox';
    diffBox.id = 'diff';
    diffBox.checked = diffOn && k > 0;
    diffBox.disabled = k === 0;
    diffBox.addEventListener('change', function () { diffOn = diffBox.checked; showObs(shownObs); });
    lab.appendChild(diffBox);
    lab.appendChild(document.createTextNode(k > 0 ? ' diff with observation ' + k : ' diff (no previous observation)'));
    head.appendChild(lab);
    if (info[k] && info[k].error) notice.textContent = 'This observation does not parse as a tree: ' + info[k].error;
    if (diffOn && k > 0) {
      buildDiffRows(k);
      if (info[k].diffCut) notice.textContent = 'The observations differ too much to diff line by line: the changed middle is shown as replaced.';
    } else {
      rows = null;
      rowOfLine = null;
      setRows(od.lines.length);
    }
  }

  function buildDiffRows(k) {
    var ops = info[k].diff || [];
    var total = 0;
    for (var i = 1; i < ops.length; i += 2) total += ops[i];
    rows = new Int32Array(total * 2);
    rowOfLine = new Int32Array(obsData(k).lines.length + 1);
    var a = 0, b = 0, r = 0;
    for (var j = 0; j + 1 < ops.length; j += 2) {
      for (var n = 0; n < ops[j + 1]; n++) {
        var op = ops[j];
        rows[2 * r] = op;
        if (op === -1) { rows[2 * r + 1] = ++a; } else { rows[2 * r + 1] = ++b; rowOfLine[b] = r; if (op === 0) a++; }
        r++;
      }
    }
    setRows(total);
  }

  var nRows = 0;
  function setRows(n) {
    nRows = n;
    spacer.style.height = (n * LH) + 'px';
    renderRows();
  }

  function rowText(tx, text, lineNo, od) {
    var id = od && od.lineId.get(lineNo);
    if (id) {
      // the id as the line prints it: " [id=N]", or a link's "](N)"
      var tok = ' [id=' + id + ']';
      var at = text.indexOf(tok);
      if (at < 0) {
        tok = '](' + id + ')';
        at = text.indexOf(tok);
      }
      if (at >= 0) {
        tx.appendChild(document.createTextNode(text.slice(0, at + 1)));
        var span = el('span', 'idtok', tok.slice(1));
        var url = od.links[String(id)];
        if (url) {
          span.classList.add('haslink');
          span.title = url;
        }
        tx.appendChild(span);
        tx.appendChild(document.createTextNode(text.slice(at + tok.length)));
        return;
      }
    }
    tx.textContent = text;
  }

  var frame = 0;
  function renderRows() {
    frame = 0;
    rowsBox.textContent = '';
    if (shownObs < 0 || nRows === 0) return;
    var top = tree.scrollTop, h = tree.clientHeight || 600;
    var first = Math.max(0, Math.floor(top / LH) - OVERSCAN);
    var last = Math.min(nRows, Math.ceil((top + h) / LH) + OVERSCAN);
    rowsBox.style.transform = 'translateY(' + (first * LH) + 'px)';
    var od = obsData(shownObs);
    var prev = shownObs > 0 ? obsData(shownObs - 1) : null;
    var frag = document.createDocumentFragment();
    for (var r = first; r < last; r++) {
      var kind = 0, line = r + 1;
      if (rows) { kind = rows[2 * r]; line = rows[2 * r + 1]; }
      var row = el('div', 'row');
      var ln = el('span', 'ln');
      var tx = el('span', 'tx');
      if (kind === -1) {
        row.classList.add('del');
        ln.textContent = '−' + line;
        rowText(tx, prev.lines[line - 1], line, prev);
      } else {
        if (kind === 1) row.classList.add('ins');
        ln.textContent = (kind === 1 ? '+' : '') + line;
        row.dataset.line = String(line);
        rowText(tx, od.lines[line - 1], line, od);
        if (line === hlLine) row.classList.add('hl');
      }
      row.appendChild(ln);
      row.appendChild(tx);
      frag.appendChild(row);
    }
    rowsBox.appendChild(frag);
  }
  tree.addEventListener('scroll', function () {
    if (!frame) frame = requestAnimationFrame(renderRows);
  }, { passive: true });
  window.addEventListener('resize', function () {
    if (!frame) frame = requestAnimationFrame(renderRows);
  });

  function scrollToLine(line) {
    var r = rows ? rowOfLine[line] : line - 1;
    var h = tree.clientHeight || 600;
    tree.scrollTop = Math.max(0, r * LH - (h - LH) / 2);
    renderRows();
  }

  // ---- selection
  function select(i, focusId) {
    if (i < 0 || i >= steps.length) return;
    if (cur >= 0 && stepEls[cur]) stepEls[cur].classList.remove('sel');
    var prevLine = cur >= 0 ? steps[cur].line : 0;
    if (prevLine > 0 && progLines[prevLine]) progLines[prevLine].classList.remove('cur');
    cur = i;
    var s = steps[i];
    stepEls[i].classList.add('sel');
    stepEls[i].scrollIntoView({ block: 'nearest' });
    if (s.line > 0 && progLines[s.line]) progLines[s.line].classList.add('cur');
    var k = stepObs[i];
    if (k !== shownObs || rows === null && diffOn && k > 0) showObs(k);
    else notice.textContent = '';
    var id = focusId;
    if (id === undefined) {
      var acts = s.actions || [];
      for (var j = 0; j < acts.length; j++) if (acts[j].resolved) { id = acts[j].resolved.id; break; }
    }
    hlLine = 0;
    if (id !== undefined && k >= 0) {
      var line = obsData(k).idLine.get(id);
      if (line) {
        hlLine = line;
        scrollToLine(line);
        return;
      }
      if (focusId !== undefined) notice.textContent = '[id=' + id + '] is not in observation ' + (k + 1) + ': a dead id.';
    } else if (k < 0) {
      notice.textContent = 'Step ' + (i + 1) + ' names observation ' + s.observation + ', which this file does not contain.';
    }
    if (focusId === undefined) tree.scrollTop = 0;
    renderRows();
  }

  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    switch (ev.key) {
      case 'j': case 'n':
        select(Math.min(steps.length - 1, cur + 1)); ev.preventDefault(); break;
      case 'k': case 'p':
        select(Math.max(0, cur - 1)); ev.preventDefault(); break;
      case 'd':
        if (shownObs > 0) { diffOn = !diffOn; var keep = hlLine; showObs(shownObs); hlLine = keep; if (keep) scrollToLine(keep); }
        ev.preventDefault(); break;
    }
  });

  buildLeft();
  mark('axtree-viewer-built');
  if (steps.length) select(0);
  else showObs(observations.length ? 0 : -1);
  requestAnimationFrame(function () {
    document.documentElement.dataset.ready = '1';
    mark('axtree-viewer-ready');
  });
})();
