module moyo

go 1.26.8
