module github.com/axtree/axtree

go 1.26.0

require golang.org/x/net v0.62.0

require github.com/andybalholm/cascadia v1.3.5

require (
	github.com/pkoukk/tiktoken-go v0.1.8
	github.com/pkoukk/tiktoken-go-loader v0.0.2
)

require (
	github.com/dlclark/regexp2 v1.10.0 // indirect
	github.com/google/uuid v1.3.0 // indirect
)
