module github.com/acme/checkout

go 1.22

require github.com/acme/billing v0.0.0
