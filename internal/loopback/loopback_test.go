package loopback

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIs(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LocalHost": true, "127.0.0.1": true, "127.8.9.10": true, "::1": true,
		"::ffff:127.0.0.1": true, "": false, "0.0.0.0": false, "::": false, "192.168.1.2": false,
		"localhost.evil.example": false, "127.0.0.1.nip.io": false, "[::1]": false,
	} {
		assert.Equal(t, want, Is(host), host)
	}
}

// A server on a loopback address answers to the loopback names with its
// port and nothing else; one on another address only to that address.
func TestHosts(t *testing.T) {
	h := Hosts("127.0.0.1:8931")
	for _, ok := range []string{"127.0.0.1:8931", "localhost:8931", "LOCALHOST:8931", "[::1]:8931"} {
		assert.True(t, Allowed(h, ok), ok)
	}
	for _, bad := range []string{"", "127.0.0.1", "localhost:8932", "rebind.example:8931", "evil.example", "127.0.0.1:8931.evil.example"} {
		assert.False(t, Allowed(h, bad), bad)
	}
	r := Hosts("10.0.0.5:9000")
	assert.True(t, Allowed(r, "10.0.0.5:9000"))
	assert.False(t, Allowed(r, "localhost:9000"), "not a loopback listener")
	assert.Equal(t, map[string]bool{"not an address": true}, Hosts("Not an address"))
}
