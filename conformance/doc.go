// Package conformance runs the Web Platform Tests for accessible names
// (accname/name) and roles (html-aam, wai-aria/role) against the roles and
// accname packages. It has no code of its own; see wpt_test.go.
package conformance
