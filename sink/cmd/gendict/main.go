// Command gendict writes the data dictionary, docs/data-dictionary.md, from
// the dataset's tables.
//
// Usage:
//
//	go run ./sink/cmd/gendict [-o docs/data-dictionary.md]
//
// With -o -, the dictionary goes to standard output.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/agentpolicy/survey/sink"
)

func main() {
	out := flag.String("o", "docs/data-dictionary.md", "output file, or - for standard output")
	flag.Parse()
	md, err := sink.Dictionary(sink.Tables())
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendict:", err)
		os.Exit(1)
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
