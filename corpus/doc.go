// Package corpus holds the project's golden corpus: the tree text and link
// record of every page in ../shared/corpus/pages and of the project's own
// pages in corpus/pages and corpus/sequences, checked byte for byte.
//
// Run `go test ./corpus -update` to rewrite the golden files; a change to a
// golden file is reviewed like code.
package corpus
