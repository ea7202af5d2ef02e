module github.com/axtree/axtree

go 1.26.0

require golang.org/x/net v0.62.0

require github.com/andybalholm/cascadia v1.3.5
