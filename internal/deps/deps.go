// Package deps pins the module's third-party dependencies while the packages
// that use them are being written, so that `go mod tidy` keeps them. It is
// imported by nothing and is removed once every dependency has a real user.
package deps

import (
	_ "github.com/PuerkitoBio/goquery"
	_ "github.com/apache/arrow-go/v18/arrow"
	_ "github.com/apache/arrow-go/v18/parquet/pqarrow"
	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/dunglas/httpsfv"
	_ "github.com/gocolly/colly/v2"
	_ "github.com/klauspost/compress/zstd"
	_ "github.com/multiformats/go-multibase"
	_ "github.com/schollz/progressbar/v3"
	_ "golang.org/x/net/dns/dnsmessage"
	_ "golang.org/x/net/idna"
	_ "golang.org/x/net/publicsuffix"
	_ "golang.org/x/sync/errgroup"
)
