package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/agentpolicy/survey/seeds"
)

// The seed input of a run: the list opened (a file, or standard input
// through a pipe that the crawl's end closes), its lines counted for the
// progress bar, and the seeds of the shard still to crawl.

// pending counts the seeds of the shard in the seed list at path that
// done does not hold: the domains a resumed complete crawl has to crawl
// (none, unless a batch's targets part was moved aside).
func pending(path string, shard seeds.Shard, done *lineSet) (int64, error) {
	f, err := seeds.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int64
	for _, err := range toCrawl(seeds.NewReader(f, path), path, shard, done, nil) {
		if err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}

// toCrawl yields the seeds read from r (the list named name) that belong
// to shard and that done does not hold; when r fails, it yields the error
// and stops. Bad lines are handed to bad, if not nil, and skipped.
func toCrawl(r *seeds.Reader, name string, shard seeds.Shard, done *lineSet, bad func(*seeds.LineError)) iter.Seq2[seeds.Seed, error] {
	return func(yield func(seeds.Seed, error) bool) {
		for {
			s, err := r.Next()
			if err == io.EOF {
				return
			}
			var le *seeds.LineError
			if errors.As(err, &le) {
				if bad != nil {
					bad(le)
				}
				continue
			}
			if err != nil {
				yield(seeds.Seed{}, fmt.Errorf("reading %s: %w", name, err))
				return
			}
			if shard.Contains(s) && !done.has(s.Line) && !yield(s, nil) {
				return
			}
		}
	}
}

// openSeeds opens the seed input and estimates the number of seeds by
// counting its lines (0 for standard input). Standard input is read
// through a pipe that ctx's end closes: a producer that is slow or stalls
// (zcat, a pipe from another machine) would otherwise keep an interrupted
// crawl waiting for its next line, as long as it takes.
func openSeeds(ctx context.Context, opts *Options) (io.ReadCloser, int64, error) {
	if opts.SeedsPath == "-" {
		if opts.Stdin == nil {
			return nil, 0, errors.New("seeds: standard input is not available")
		}
		if ctx.Err() != nil {
			// Interrupted already: the run is recorded, interrupted,
			// once the head of the input is read, as it was before.
			r, err := seeds.Decompress(opts.Stdin, "standard input")
			return r, 0, err
		}
		pr, pw := io.Pipe()
		go func() {
			_, err := io.Copy(pw, opts.Stdin)
			pw.CloseWithError(err)
		}()
		stop := context.AfterFunc(ctx, func() { pr.CloseWithError(ctx.Err()) })
		r, err := seeds.Decompress(pr, "standard input")
		if err != nil {
			stop()
			return nil, 0, err
		}
		return &stdinSeeds{ReadCloser: r, stop: stop}, 0, nil
	}
	// The lines are counted in one pass (for the progress bar), read in
	// another: a compressed list is decompressed twice.
	f, err := seeds.Open(opts.SeedsPath)
	if err != nil {
		return nil, 0, err
	}
	n, err := countLines(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, 0, fmt.Errorf("seeds: %s: %w", opts.SeedsPath, err)
	}
	f, err = seeds.Open(opts.SeedsPath)
	if err != nil {
		return nil, 0, err
	}
	return f, n, nil
}

// stdinSeeds is standard input's seeds, which stop being closed when the
// crawl's context ends once they are closed.
type stdinSeeds struct {
	io.ReadCloser
	stop func() bool
}

// Close closes the seeds.
func (s *stdinSeeds) Close() error {
	s.stop()
	return s.ReadCloser.Close()
}

// countLines counts the lines of r, a last line without its newline
// included.
func countLines(r io.Reader) (int64, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	buf := make([]byte, 1<<20)
	var n int64
	var last byte = '\n'
	for {
		k, err := br.Read(buf)
		n += int64(bytes.Count(buf[:k], []byte{'\n'}))
		if k > 0 {
			last = buf[k-1]
		}
		if err == io.EOF {
			if last != '\n' {
				n++
			}
			return n, nil
		}
		if err != nil {
			return 0, err
		}
	}
}
