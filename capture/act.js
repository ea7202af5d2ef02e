// axtree act helper: prepares an action on the element with capture id k
// (H.byId[k], numbered by the collector). Evaluated by the Go adapter as
// (this function)(hookHandle, k, action, value). It returns an object:
//   {x, y}      click: the point (top-level viewport coordinates) where a
//               trusted mouse click lands on the element;
//   {done: 1}   the action is complete (a DOM click when no point of the
//               element is hit-testable, a select, an empty type);
//   {type: 1}   type: the element is focused with its content selected, the
//               Go side inserts the text;
//   {error: s}  the element is gone or does not take the action.
(function (H, k, action, value) {
  'use strict';
  var el = H && H.byId ? H.byId[k] : undefined;
  if (!el || !el.isConnected) return { error: 'element with capture id ' + k + ' is no longer in the page' };
  var doc = el.ownerDocument;
  if (action === 'click') {
    try { el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }); } catch (e) {}
    var r = el.getBoundingClientRect();
    var x = r.left + r.width / 2, y = r.top + r.height / 2;
    var hit = null;
    try {
      var root = el.getRootNode();
      hit = (root && root.elementFromPoint ? root : doc).elementFromPoint(x, y);
    } catch (e) { hit = null; }
    var ok = r.width > 0 && r.height > 0 && hit !== null && (hit === el || el.contains(hit));
    // Translate through same-origin frames to top-level coordinates, and
    // check the frame itself is what the top-level point hits.
    var w = doc.defaultView;
    while (ok && w && w.frameElement) {
      var fe = w.frameElement, fr = fe.getBoundingClientRect();
      x += fr.left + fe.clientLeft; y += fr.top + fe.clientTop;
      var ph = fe.ownerDocument.elementFromPoint(x, y);
      if (ph !== fe) ok = false;
      w = fe.ownerDocument.defaultView;
    }
    if (!ok) { el.click(); return { done: 1 }; }
    return { x: x, y: y };
  }
  if (action === 'type') {
    try { el.focus(); } catch (e) {}
    var tag = el.localName;
    if (tag === 'input' || tag === 'textarea') {
      try { el.select(); } catch (e) {}
    } else if (el.isContentEditable) {
      var sel = doc.getSelection(), range = doc.createRange();
      range.selectNodeContents(el);
      sel.removeAllRanges(); sel.addRange(range);
    } else {
      return { error: 'element with capture id ' + k + ' (' + tag + ') does not take text' };
    }
    if (value === '') {
      if (tag === 'input' || tag === 'textarea') {
        el.value = '';
      } else {
        el.textContent = '';
      }
      el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { done: 1 };
    }
    return { type: 1 };
  }
  if (action === 'select') {
    if (el.localName !== 'select') return { error: 'element with capture id ' + k + ' (' + el.localName + ') is not a select' };
    var opts = el.options, found = -1;
    for (var i = 0; i < opts.length && found < 0; i++) if (opts[i].value === value) found = i;
    for (i = 0; i < opts.length && found < 0; i++) if (opts[i].label.trim() === value.trim() || opts[i].text.trim() === value.trim()) found = i;
    if (found < 0) return { error: 'select with capture id ' + k + ' has no option "' + value + '"' };
    try { el.focus(); } catch (e) {}
    el.selectedIndex = found;
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { done: 1 };
  }
  return { error: 'unknown action ' + action };
})
