package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/agentpolicy/survey/seeds"
)

const seedsAbout = `
Read a seed list as survey crawl reads it, without crawling. Every line that
a crawl would reject is reported as FILE:LINE: reason, on standard error, and
a summary says how many lines, seeds, rejected lines and duplicates the list
holds, and gives its SHA-256: the crawls.seeds_digest of a crawl of it, the
digest to cite.

  survey seeds tranco.csv
  survey seeds --shards 8 top-1m.csv.gz             the seeds of each shard
  survey seeds --print --shard 2/8 top-1m.csv.gz    shard 2/8's seeds, one per line

--shards n counts the seeds of each of n shards, as survey crawl --shard i/n
would split them. --print writes the seeds (--shard's, or all) to standard
output instead of the summary, normalized, as a list that survey crawl reads
back: "rank,domain" for a ranked domain, "origin,rank" for a ranked origin,
the domain or origin alone when it has no rank. The summary then goes to
standard error.

Exit status: 0 every line is good, 1 some line is rejected or the list holds
no seed, 2 the list cannot be read.`

func runSeeds(e *env, args []string) int {
	fs := newFlags(e, "seeds", "[flags] FILE|-", seedsAbout)
	shards := fs.Int("shards", 0, "count the seeds of each of this many shards")
	shardFlag := fs.String("shard", "", "with --print: only this shard's seeds, i/n")
	printSeeds := fs.Bool("print", false, "write the normalized seeds instead of the summary (which goes to standard error)")
	if code, ok := parseFlags(e, fs, interleave(fs, args)); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return badUsage(fs, "give one seed file, or - for standard input; got "+arguments(fs.Args()))
	}
	var shard seeds.Shard
	switch {
	case *shards < 0:
		return fail(e, "seeds", fmt.Errorf("--shards %d: must be at least 1", *shards))
	case *shardFlag != "" && !*printSeeds:
		return fail(e, "seeds", errors.New("--shard goes with --print (--shards n counts every shard)"))
	case *shardFlag != "":
		s, err := seeds.ParseShard(*shardFlag)
		if err != nil {
			return fail(e, "seeds", fmt.Errorf("--shard: %w", err))
		}
		shard = s
	}
	path := fs.Arg(0)
	var in io.ReadCloser
	var err error
	if path == "-" {
		in, err = seeds.Decompress(e.stdin, "standard input")
	} else {
		in, err = seeds.Open(path)
	}
	if err != nil {
		return fail(e, "seeds", withoutPackagePrefix(err))
	}
	defer in.Close()

	summary, out := e.stdout, bufio.NewWriter(io.Discard)
	if *printSeeds {
		summary, out = e.stderr, bufio.NewWriter(e.stdout)
	}
	r := seeds.NewReader(in, path)
	var domains, origins, ranked int64
	perShard := make([]int64, max(*shards, 1))
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		var le *seeds.LineError
		if errors.As(err, &le) {
			fmt.Fprintln(e.stderr, le.Error())
			continue
		}
		if err != nil {
			out.Flush()
			return fail(e, "seeds", fmt.Errorf("reading %s: %w", path, withoutPackagePrefix(err)))
		}
		if s.Scheme == "" {
			domains++
		} else {
			origins++
		}
		if s.Rank > 0 {
			ranked++
		}
		perShard[seeds.ShardIndex(s, *shards)]++
		if *printSeeds && shard.Contains(s) {
			out.WriteString(seedLine(s))
			out.WriteByte('\n')
		}
	}
	if err := out.Flush(); err != nil {
		return fail(e, "seeds", err)
	}
	digest := r.Digest()
	if path != "-" {
		if digest, err = seeds.FileDigest(path); err != nil {
			return fail(e, "seeds", err)
		}
	}
	st := r.Stats()
	fmt.Fprintf(summary, "%s: %s read: %s (%s, %s; %d ranked), %d rejected, %s\n",
		path, plural(int(st.Lines), "line", "lines"), plural(int(st.Seeds), "seed", "seeds"),
		plural(int(domains), "domain", "domains"), plural(int(origins), "origin", "origins"), ranked,
		st.Bad, plural(int(st.Duplicates), "duplicate", "duplicates"))
	fmt.Fprintf(summary, "SHA-256 %s (the crawls.seeds_digest of a crawl of it)\n", digest)
	if *shards > 1 {
		for i, n := range perShard {
			fmt.Fprintf(summary, "shard %s: %s\n", seeds.Shard{Index: i, Count: *shards}, plural(int(n), "seed", "seeds"))
		}
	}
	if st.Seeds == 0 {
		fmt.Fprintf(e.stderr, "survey seeds: %s holds no seed\n", seedsName(path))
		return exitFindings
	}
	if st.Bad > 0 {
		return exitFindings
	}
	return exitOK
}

// seedLine writes a seed as a line of a seed list that reads back as the
// same seed: "rank,domain" or "origin,rank" when it is ranked.
func seedLine(s seeds.Seed) string {
	text := s.Authority()
	if s.Scheme != "" {
		text = s.Scheme + "://" + text
	}
	switch {
	case s.Rank == 0:
		return text
	case s.Scheme == "":
		return strconv.FormatInt(s.Rank, 10) + "," + text
	default:
		return text + "," + strconv.FormatInt(s.Rank, 10)
	}
}

// withoutPackagePrefix returns err without the "seeds: " that package seeds
// opens its errors with, which the command's own "survey seeds: " already
// says ("survey seeds: seeds: open x: no such file or directory").
func withoutPackagePrefix(err error) error {
	if msg, ok := strings.CutPrefix(err.Error(), "seeds: "); ok {
		return errors.New(msg)
	}
	return err
}
