// Command gendict writes the data dictionary, docs/data-dictionary.md, and
// how a reader of the Parquet parts presents the tables with a key and the
// views as the database does, notebooks/parquet-views.json, from the
// dataset's tables.
//
// Usage:
//
//	go run ./sink/cmd/gendict [-o docs/data-dictionary.md] [-views notebooks/parquet-views.json]
//
// With -o -, the dictionary goes to standard output; with -views "", the
// views are not written.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentpolicy/survey/sink"
)

func main() {
	out := flag.String("o", "docs/data-dictionary.md", "output file, or - for standard output")
	views := flag.String("views", "notebooks/parquet-views.json", "the Parquet views' file, or \"\" for none")
	flag.Parse()
	md, err := sink.Dictionary(sink.Tables())
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendict:", err)
		os.Exit(1)
	}
	if *views != "" {
		js, err := sink.ParquetViews(sink.Tables())
		if err == nil {
			err = os.WriteFile(*views, js, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "gendict:", err)
			os.Exit(1)
		}
	}
	if *out == "-" {
		_, err = os.Stdout.Write(md)
	} else {
		err = os.WriteFile(*out, md, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendict:", err)
		os.Exit(1)
	}
}
