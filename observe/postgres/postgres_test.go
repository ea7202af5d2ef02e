package postgres_test

import (
	"testing"

	"github.com/axtree/axtree/observe/storetest"
)

// TestConformance runs the store conformance suite on PostgreSQL
// ($AXTREE_TEST_POSTGRES; skipped without it outside CI).
func TestConformance(t *testing.T) { storetest.Run(t, storetest.PostgresFactory) }
