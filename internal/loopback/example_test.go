package loopback_test

import (
	"fmt"

	"github.com/axtree/axtree/internal/loopback"
)

func ExampleHosts() {
	hosts := loopback.Hosts("127.0.0.1:8931")
	fmt.Println(loopback.Allowed(hosts, "localhost:8931"))
	fmt.Println(loopback.Allowed(hosts, "attacker.example:8931"))
	// Output:
	// true
	// false
}
