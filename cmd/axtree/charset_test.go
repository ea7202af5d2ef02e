package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCharsets(t *testing.T) {
	page := "<meta charset=\"windows-1252\"><button>Men\xfc</button>"
	out, _, code := runAx(t, page, "render", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[button] Menü [id=1]\n", out)
	out, _, code = runAx(t, page, "inspect", "-")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, `"name":"Menü"`)
	latin := "<button>Gr\xfc\xdfe</button>"
	out, _, code = runAx(t, "<meta charset=utf-8>"+latin, "render", "--content-type", "text/html; charset=iso-8859-1", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[button] Grüße [id=1]\n", out)
	out, _, code = runAx(t, "<meta charset=utf-8>"+latin, "inspect", "-", "--content-type", "text/html; charset=iso-8859-1")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, `"name":"Grüße"`)
}
