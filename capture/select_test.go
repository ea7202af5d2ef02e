package capture

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const formsPage = `<!doctype html><title>Forms</title>
<label>Toppings <select id=top multiple>
<option value=basil>Basil</option><option value=chili selected>Chili flakes</option><option value=olive>Olives</option><option value=ham>Ham</option>
</select></label>
<label>Size <select id=size><option>Small</option><option>Large</option></select></label>
<label>Note <input id=note value="Ring twice"></label>
<p id=out>-</p>
<script>
const top_ = document.getElementById('top');
top_.addEventListener('change', () => {
  document.getElementById('out').textContent = 'chosen ' + [...top_.selectedOptions].map(o => o.value).join('+');
});
</script>`

// SelectOptions chooses exactly the given options of a <select multiple>
// (by value or visible text), fires change, and refuses what a person
// could not do.
func TestSelectOptions(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": formsPage})
	ctx := context.Background()
	s := load(t, p, srv.URL+"/")
	tops := idOf(lineWith(s, "Toppings"))
	require.NoError(t, p.SelectOptions(ctx, tops, []string{"basil", "Olives"}))
	s = recapture(t, p)
	assert.NotEmpty(t, lineWith(s, "chosen basil+olive"), "the page's change handler saw exactly those: %s", s.Result.Text())

	require.NoError(t, p.SelectOptions(ctx, tops, []string{"Ham"}))
	assert.NotEmpty(t, lineWith(recapture(t, p), "chosen ham"), "one value leaves only that one")

	s = recapture(t, p)
	assert.ErrorContains(t, p.SelectOptions(ctx, idOf(lineWith(s, "Size")), []string{"Small", "Large"}), "takes one option (it is not a multiple select)")
	assert.ErrorContains(t, p.SelectOptions(ctx, tops, []string{"basil", "Pineapple"}), `has no option "Pineapple"`)
	assert.NotEmpty(t, lineWith(recapture(t, p), "chosen ham"), "a refused choice changes nothing")
	require.NoError(t, p.SelectOptions(ctx, idOf(lineWith(s, "Size")), []string{"Large"}))
}

// Append types after what a field holds; Type replaces it.
func TestAppend(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": formsPage})
	ctx := context.Background()
	s := load(t, p, srv.URL+"/")
	note := idOf(lineWith(s, "[textbox]", "Note"))
	require.NoError(t, p.Act(ctx, note, Append, ", then wait"))
	var v string
	require.NoError(t, p.Eval(ctx, `document.getElementById('note').value`, &v))
	assert.Equal(t, "Ring twice, then wait", v)
	require.NoError(t, p.Act(ctx, note, Type, "Knock"))
	require.NoError(t, p.Eval(ctx, `document.getElementById('note').value`, &v))
	assert.Equal(t, "Knock", v)
}
