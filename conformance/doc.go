// Package conformance runs the Web Platform Tests for accessible names
// (accname/name) and roles (html-aam, wai-aria/role), other projects' name
// and role suites (axe-core, dom-accessibility-api, Playwright, WPT's
// accname manual tests, as cases in ../shared/conformance-ext) and the
// agreement with Chromium on the corpus pages against the roles and
// accname packages. It has no code of its own; see wpt_test.go,
// ext_test.go and chromium_test.go.
package conformance
