package main

import (
	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/internal/viewcmd"
)

// viewCommand views a trajectory file here; a stored one (--db) is viewed
// by axtree-store, which links the store.
func viewCommand() *cli.Command { return viewcmd.Command(nil) }
