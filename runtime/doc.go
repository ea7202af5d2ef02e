// Package runtime runs programs and Subroutines inside a live page: the
// helper namespace ax, the program runner with its call record, the
// observe → decide → act loop, the recorder (HAR 1.2 plus the action
// timeline) and the replay of a Subroutine over rows of parameters.
//
// # Programs
//
// A program is the body of an async JavaScript function. Session.Run
// compiles it in the page's top frame with the parameter names (the keys of
// params, sorted) and ax as its arguments and calls it with the values: the
// values are passed as arguments, never spliced into source, so no value
// can run as code. The program's return value is the run's result; an
// exception, a syntax error, a navigation away from the document or the
// time limit ends the run with Run.Error.
//
// # Helpers
//
// ax is created per run inside a capture extension (ax.js), from natives
// captured at document start, and lives in the hook's closure: the page
// sees no global, property or wrapper of it. Elements are given as a found
// element (what find returns), a tree id of the latest observation, or a
// target {role, name, within} with name an exact string or a RegExp:
//
//	find(target) / findAll(target) / waitFor(target, {timeout})
//	click(el), type(el, text, {clear}), select(el, values), check(el, on), press(key)
//	observe()                                   the lean tree, from the Go renderer
//	request(url, init) / requestJson(url, init) through the page's own fetch
//	getCsrfToken({cookie} | {meta})             the token as the page has it now
//	act(goal, {maxSteps})                       hand off to the Decider
//	json, num, encode, form, fail               value builders (not recorded)
//
// find never matches in JavaScript: it asks Go, which captures the page and
// runs axtree.Tree.Find, so the runtime and the renderer cannot disagree
// about roles and names. On a miss find returns null and ax.candidates holds
// the three closest candidates, usable as elements by the next statement.
// Actions are trusted input (capture.Page.Act, InsertText, Press); typing
// reads what the listeners say about the field (click→type:focus-first:
// click before typing; key listeners and no input listener: type key by
// key).
//
// Every helper call is recorded in Run.Calls, in order: the call, the
// target as written, what it resolved to (tree id, role, name, observation
// id), its result or error verbatim, and its time.
package runtime
