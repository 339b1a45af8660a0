module example.com/closers

go 1.22
