package dom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHTMLSpaceTableIsIsSpace(t *testing.T) {
	for c := 0; c < 256; c++ {
		assert.Equal(t, IsSpace(rune(c)), htmlSpace[c], "byte %#x", c)
	}
}
