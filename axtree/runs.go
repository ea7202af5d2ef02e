package axtree

// Inline runs: the text and the links of one line of prose print on one
// line (Node.Joined). The builder marks a node Joined when nothing but
// inline content separates it from the node before it, both being pieces
// of a run: text lines, and childless inline elements a person can act on
// (links) with no states or props. Removing nodes from a list of siblings
// must keep the marks true, which dropNodes does.

// runPiece reports whether element k may continue an inline run: a
// childless element a person can act on (a link, an inline button), with
// nothing on its line after its id.
func runPiece(k *Node) bool {
	return k.Operable() && len(k.Children) == 0 && len(k.States()) == 0 && len(k.Props()) == 0
}

// dropNodes removes from kids, in place, the nodes gone reports, keeping
// the runs of what stays: a node that followed a removed run start no
// longer joins the node before it, which belongs to another run. The
// slots past the result are left as they were, not cleared: its one
// caller (pruneRedundant) works on a part of the builder's node stack,
// which take then frees as it is.
func dropNodes(kids []*Node, gone func(*Node) bool) []*Node {
	out := kids[:0]
	cut := false // a run start was removed since the last kept node
	for _, k := range kids {
		if gone(k) {
			if !k.Joined {
				cut = true
			}
			continue
		}
		if cut || len(out) == 0 {
			k.Joined = false
		}
		cut = false
		out = append(out, k)
	}
	return out
}

// oneRun reports whether kids print as one line: two or more childless
// pieces, every one after the first joined to the one before.
func oneRun(kids []*Node) bool {
	if len(kids) < 2 {
		return false
	}
	for i, k := range kids {
		if len(k.Children) > 0 || k.More() > 0 || k.Joined != (i > 0) {
			return false
		}
	}
	return true
}
