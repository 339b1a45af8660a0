module github.com/acme/billing

go 1.22
