module example.com/shop/tools

go 1.22
