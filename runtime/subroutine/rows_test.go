package subroutine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rowsSub(t *testing.T) *Subroutine {
	s := &Subroutine{Version: 1, Name: "r", Origin: "http://127.0.0.1:1", Plan: PlanDOM, Body: "1", Parameters: []Parameter{
		{Name: "to", Type: TypeString}, {Name: "n", Type: TypeInteger}, {Name: "x", Type: TypeNumber}, {Name: "ok", Type: TypeBoolean},
	}}
	require.NoError(t, s.Validate())
	return s
}

func TestRowsCSV(t *testing.T) {
	s := rowsSub(t)
	long := strings.Repeat("é", 5000)
	in := "\xef\xbb\xbfto,n,x,ok\n" +
		`"a ""quoted"" ${x} </script> ` + "`tick`" + ` 🙂",1,2.5,true` + "\n" +
		"\"multi\nline\",2,-1e3,FALSE\n" +
		long + ",3,0,false\n" +
		"b,two,1,true\n" +
		"c,4,1,maybe\n" +
		"d,5\n"
	rows, err := ReadRows(strings.NewReader(in), FormatCSV, s)
	require.NoError(t, err)
	require.Len(t, rows, 6)
	assert.Equal(t, "a \"quoted\" ${x} </script> `tick` 🙂", rows[0].Values["to"])
	assert.Equal(t, json.Number("1"), rows[0].Values["n"])
	assert.Equal(t, json.Number("2.5"), rows[0].Values["x"])
	assert.Equal(t, true, rows[0].Values["ok"])
	assert.Equal(t, "multi\nline", rows[1].Values["to"])
	assert.Equal(t, false, rows[1].Values["ok"])
	assert.Equal(t, 3, rows[1].Line)
	assert.Equal(t, long, rows[2].Values["to"])
	assert.ErrorContains(t, rows[3].Err, `row 4 (line 6): parameter "n": "two" is not an integer`)
	assert.Nil(t, rows[3].Values)
	assert.ErrorContains(t, rows[4].Err, `parameter "ok": "maybe" is not a boolean`)
	assert.ErrorContains(t, rows[5].Err, "2 fields, the header has 4")
}

func TestRowsCSVHeader(t *testing.T) {
	s := rowsSub(t)
	_, err := ReadRows(strings.NewReader("to,n,x,ok,extra\n"), FormatCSV, s)
	assert.ErrorContains(t, err, `column "extra" is not a parameter`)
	_, err = ReadRows(strings.NewReader("to,n,x\n"), FormatCSV, s)
	assert.ErrorContains(t, err, `no column for parameter "ok" (boolean)`)
	_, err = ReadRows(strings.NewReader(""), FormatCSV, s)
	assert.ErrorContains(t, err, "empty")
	_, err = ReadRows(strings.NewReader("to,to,n,x,ok\n"), FormatCSV, s)
	assert.ErrorContains(t, err, `column "to" appears twice`)
	_, err = ReadRows(strings.NewReader("to,n,x,ok\n\"broken,1,1,true\n"), FormatCSV, s)
	assert.ErrorContains(t, err, "rows: CSV")
}

func TestRowsJSONL(t *testing.T) {
	s := rowsSub(t)
	in := `{"to":"a\u2028b","n":1,"x":1.5,"ok":true}` + "\n\n" +
		`{"to":"b","n":"1","x":1,"ok":true}` + "\n" +
		`{"to":"c","n":1,"x":1}` + "\n" +
		`{"to":"d","n":1,"x":1,"ok":true,"zz":1}` + "\n" +
		`{"to":"e","n":1.5,"x":1,"ok":true}` + "\n" +
		`not json` + "\n" +
		`{"to":"f","to":"g","n":1,"x":1,"ok":true}` + "\n"
	rows, err := ReadRows(strings.NewReader(in), FormatJSONL, s)
	require.NoError(t, err)
	require.Len(t, rows, 7)
	assert.NoError(t, rows[0].Err)
	assert.Equal(t, "a\u2028b", rows[0].Values["to"])
	assert.ErrorContains(t, rows[1].Err, `row 2 (line 3): parameter "n": the string "1" is not an integer`)
	assert.ErrorContains(t, rows[2].Err, `missing parameter "ok"`)
	assert.ErrorContains(t, rows[3].Err, `unknown parameter "zz"`)
	assert.ErrorContains(t, rows[4].Err, `1.5 is not an integer`)
	assert.Error(t, rows[5].Err)
	assert.ErrorContains(t, rows[6].Err, `to: appears twice`)
	assert.Equal(t, FormatJSONL, FormatOf("x/rows.ndjson"))
	assert.Equal(t, FormatCSV, FormatOf("ROWS.CSV"))
	assert.Equal(t, "", FormatOf("rows.txt"))
}

// encoding/csv turns a quoted "\r\n" into "\n"; the rows must not.
func TestRowsCSVKeepsCRLF(t *testing.T) {
	s := &Subroutine{Version: 1, Name: "r", Origin: "http://127.0.0.1:1", Plan: PlanDOM, Body: "1", Parameters: []Parameter{{Name: "a", Type: TypeString}, {Name: "b", Type: TypeString}}}
	rows, err := ReadRows(strings.NewReader("a,b\r\n\"x\r\ny\",\"\"\"q\"\"\"\r\n\r\nplain,\r\n"), FormatCSV, s)
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "x\r\ny", rows[0].Values["a"])
	assert.Equal(t, `"q"`, rows[0].Values["b"])
	assert.Equal(t, "plain", rows[1].Values["a"])
	assert.Equal(t, "", rows[1].Values["b"])
	assert.Equal(t, 5, rows[1].Line)
	_, err = ReadRows(strings.NewReader("a,b\nx\"y,1\n"), FormatCSV, s)
	assert.ErrorContains(t, err, "line 2: a bare")
	_, err = ReadRows(strings.NewReader("a,b\n\"open,1\n"), FormatCSV, s)
	assert.ErrorContains(t, err, "not closed")
}
