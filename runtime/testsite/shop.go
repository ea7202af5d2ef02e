package testsite

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"sync"
)

// Shop is a small shop whose task crosses documents, so a decision loop's
// clicks navigate:
//
//   - GET /catalog lists the products as links (Blue mug, Red teapot);
//   - GET /item/{sku} is a product page with a form (Quantity, Add to
//     basket) that POSTs to /basket;
//   - POST /basket (form: sku, qty) puts the line in the basket (see
//     Orders) and redirects (303) to GET /basket, which lists the basket
//     ("2 × Blue mug") with a Check out button.
//
// The basket is the server's, one per site: what a test asserts.
type Shop struct {
	server
	mu     sync.Mutex
	orders []ShopOrder
}

// ShopOrder is a basket line the server received.
type ShopOrder struct {
	SKU string
	Qty int
}

// shopItems are the products, by SKU, in catalog order.
var shopItems = []struct{ sku, name, price string }{
	{"mug", "Blue mug", "€9.50"},
	{"teapot", "Red teapot", "€24.00"},
}

func shopName(sku string) string {
	for _, it := range shopItems {
		if it.sku == sku {
			return it.name
		}
	}
	return ""
}

// StartShop starts the shop.
func StartShop() (*Shop, error) {
	s := &Shop{}
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, title, body string) {
		writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>`+html.EscapeString(title)+`</title></head><body>`+
			`<header><nav aria-label="Main"><a href="/catalog">Catalog</a> <a href="/basket">Basket</a></nav></header><main>`+body+`</main></body></html>`)
	}
	mux.HandleFunc("GET /catalog", func(w http.ResponseWriter, r *http.Request) {
		body := `<h1>Catalog</h1><ul>`
		for _, it := range shopItems {
			body += `<li><a href="/item/` + it.sku + `">` + it.name + `</a> ` + it.price + `</li>`
		}
		page(w, "Catalog", body+`</ul>`)
	})
	mux.HandleFunc("GET /item/{sku}", func(w http.ResponseWriter, r *http.Request) {
		sku := r.PathValue("sku")
		name := shopName(sku)
		if name == "" {
			http.NotFound(w, r)
			return
		}
		page(w, name, `<h1>`+name+`</h1><form method="post" action="/basket" aria-label="Buy">`+
			`<input type="hidden" name="sku" value="`+htmlAttr(sku)+`">`+
			`<label>Quantity <input type="number" name="qty" value="1" min="1" max="9"></label> `+
			`<button type="submit">Add to basket</button></form>`)
	})
	mux.HandleFunc("POST /basket", func(w http.ResponseWriter, r *http.Request) {
		qty, err := strconv.Atoi(r.FormValue("qty"))
		sku := r.FormValue("sku")
		if err != nil || qty < 1 || shopName(sku) == "" {
			http.Error(w, "bad basket line", http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.orders = append(s.orders, ShopOrder{SKU: sku, Qty: qty})
		s.mu.Unlock()
		http.Redirect(w, r, "/basket", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /basket", func(w http.ResponseWriter, r *http.Request) {
		body := `<h1>Basket</h1><ul aria-label="Basket">`
		for _, o := range s.Orders() {
			body += fmt.Sprintf(`<li>%d × %s</li>`, o.Qty, shopName(o.SKU))
		}
		page(w, "Basket", body+`</ul><button type="button">Check out</button>`)
	})
	if err := s.start(mux); err != nil {
		return nil, err
	}
	return s, nil
}

// Orders returns the basket lines the server received, in order.
func (s *Shop) Orders() []ShopOrder {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ShopOrder(nil), s.orders...)
}

// Reset empties the basket.
func (s *Shop) Reset() {
	s.mu.Lock()
	s.orders = nil
	s.mu.Unlock()
}
