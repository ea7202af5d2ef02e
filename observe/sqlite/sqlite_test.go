package sqlite_test

import (
	"testing"

	"github.com/axtree/axtree/observe/storetest"
)

// TestConformance runs the store conformance suite on SQLite.
func TestConformance(t *testing.T) { storetest.Run(t, storetest.SQLiteFactory) }
