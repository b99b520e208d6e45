package seeds

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// readAll reads every seed and line error from r.
func readAll(t *testing.T, r *Reader) ([]Seed, []*LineError) {
	t.Helper()
	var seeds []Seed
	var bad []*LineError
	for {
		s, err := r.Next()
		if err == io.EOF {
			return seeds, bad
		}
		var le *LineError
		if errors.As(err, &le) {
			bad = append(bad, le)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, s)
	}
}

func TestReader_MixedFile(t *testing.T) {
	f, err := os.Open("testdata/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, "testdata/mixed.txt")
	seeds, bad := readAll(t, r)

	var got []string
	for _, s := range seeds {
		got = append(got, s.Scheme+"|"+s.Authority()+"|"+itoa(s.Rank)+"|"+itoa(s.Line))
	}
	want := []string{
		"|example.com|0|2",
		"https|xn--bcher-kva.de|0|5",
		"|google.com|1|6",
		"|www.google.com|2|7",
		"https|[2001:db8::1]:8443|0|8",
		"http|example.net|0|15",
		"|example.org|0|16",
		"|example.edu|0|18",
		"|example.info|0|19",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("seeds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	var msgs []string
	for _, e := range bad {
		msgs = append(msgs, e.Error())
	}
	wantBad := []string{
		`testdata/mixed.txt:9: IP literal where a domain name is expected (give an origin such as https://192.0.2.1 to crawl an address): "10.0.0.1"`,
		`testdata/mixed.txt:10: has a path, query or fragment (give a domain or an origin): "example.com/path"`,
		`testdata/mixed.txt:11: contains white space: "exam ple.com"`,
		`testdata/mixed.txt:12: invalid domain name: label "-bad-" starts or ends with a hyphen: "-bad-.com"`,
		`testdata/mixed.txt:13: single-label name (not a public domain): "localhost"`,
		`testdata/mixed.txt:14: scheme is not http or https: "ftp://example.org"`,
		`testdata/mixed.txt:17: has a path, query or fragment (give a domain or an origin): "example.com//"`,
	}
	if strings.Join(msgs, "\n") != strings.Join(wantBad, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(wantBad, "\n"))
	}
	st := r.Stats()
	if st.Lines != 19 || st.Seeds != 9 || st.Bad != 7 || st.Duplicates != 1 {
		t.Errorf("stats = %+v, want 19 lines, 9 seeds, 7 bad, 1 duplicate", st)
	}
}

func TestReader_CSVHeaderAndCrUX(t *testing.T) {
	in := "origin,rank\nhttps://www.example.com,1000\nhttps://example.org,5000\nrank,domain\n"
	seeds, bad := readAll(t, NewReader(strings.NewReader(in), "crux.csv"))
	if len(seeds) != 2 || seeds[0].Host != "www.example.com" || seeds[0].Rank != 1000 || seeds[1].Rank != 5000 {
		t.Fatalf("seeds = %+v", seeds)
	}
	// Only the first data line may be a header; a later one is an error
	// that says so.
	if len(bad) != 1 || bad[0].Line != 4 || bad[0].Error() != `crux.csv:4: no domain and no rank, as in a header line, which only the first line may be: "rank,domain"` {
		t.Fatalf("bad = %v, want one error on line 4, saying that only the first line may be a header", bad)
	}
}

func TestReader_LongLineIsReportedAndSkipped(t *testing.T) {
	in := "a.example\n" + strings.Repeat("x", 3*MaxLineLength) + ".example\nb.example"
	seeds, bad := readAll(t, NewReader(strings.NewReader(in), "long.txt"))
	if len(seeds) != 2 || seeds[1].Host != "b.example" || seeds[1].Line != 3 {
		t.Fatalf("seeds = %+v", seeds)
	}
	if len(bad) != 1 || bad[0].Line != 2 || !strings.Contains(bad[0].Reason, "longer than") {
		t.Fatalf("bad = %v", bad)
	}
}

// TestReader_BinaryAndLongBadLines: a line with a NUL byte is reported as
// binary data, and a bad line's text is quoted clipped (diag.Clip: 80
// bytes, at a rune boundary), so that a binary file given as a seed list
// does not print kilobytes per line.
func TestReader_BinaryAndLongBadLines(t *testing.T) {
	long := strings.Repeat("é", 100) + " .example" // 209 bytes, white space
	in := "\x7fELF\x00\x01\nok.example\n" + long + "\n"
	seeds, bad := readAll(t, NewReader(strings.NewReader(in), "s.bin"))
	if len(seeds) != 1 || seeds[0].Host != "ok.example" || len(bad) != 2 {
		t.Fatalf("seeds %+v, errors %v", seeds, bad)
	}
	if want := `s.bin:1: binary data (a NUL byte), not a line of text: is this a seed list?: "\x7fELF\x00\x01"`; bad[0].Error() != want {
		t.Errorf("got  %s\nwant %s", bad[0].Error(), want)
	}
	if want := strings.Repeat("é", 40) + "…"; bad[1].Input != want || bad[1].Reason != "contains white space" {
		t.Errorf("long line: input %q (%d bytes), reason %q; want %q", bad[1].Input, len(bad[1].Input), bad[1].Reason, want)
	}
}

// TestReader_UTF16: a list saved as UTF-16 with its byte-order mark, little
// or big endian, reads as its UTF-8 text; the digest stays that of the bytes
// as given.
func TestReader_UTF16(t *testing.T) {
	text := "rank,domain\r\n1,Bücher.example\r\n2,example.org\r\n"
	for _, order := range []string{"LE", "BE"} {
		var b []byte
		if order == "LE" {
			b = append(b, 0xff, 0xfe)
		} else {
			b = append(b, 0xfe, 0xff)
		}
		for _, u := range utf16.Encode([]rune(text)) {
			if order == "LE" {
				b = append(b, byte(u), byte(u>>8))
			} else {
				b = append(b, byte(u>>8), byte(u))
			}
		}
		r := NewReader(bytes.NewReader(b), "list.csv")
		seeds, bad := readAll(t, r)
		if len(bad) != 0 || len(seeds) != 2 || seeds[0].Host != "xn--bcher-kva.example" || seeds[0].Rank != 1 || seeds[1].Host != "example.org" {
			t.Errorf("UTF-16%s: seeds %+v, errors %v", order, seeds, bad)
		}
		if sum := sha256.Sum256(b); r.Digest() != hex.EncodeToString(sum[:]) {
			t.Errorf("UTF-16%s: digest %s, want that of the bytes given", order, r.Digest())
		}
	}
}

// TestReader_CSVWithNamedColumns: a CSV list of more than two columns whose
// header line names them (the Majestic Million) is read by the columns
// named domain or origin and rank or GlobalRank; a line of another shape
// or without a rank is reported.
func TestReader_CSVWithNamedColumns(t *testing.T) {
	in := "GlobalRank,TldRank,Domain,TLD,RefSubNets,RefIPs\n" +
		"1,1,Google.com,com,509637,2439528\n" +
		"2,2,facebook.com,com,500000,2300000\n" +
		"3,1,x.org,org\n" +
		"-,2,y.org,org,5,6\n"
	seeds, bad := readAll(t, NewReader(strings.NewReader(in), "majestic.csv"))
	if len(seeds) != 2 || seeds[0].Host != "google.com" || seeds[0].Rank != 1 || seeds[1].Host != "facebook.com" || seeds[1].Rank != 2 {
		t.Errorf("seeds %+v", seeds)
	}
	want := []string{
		`majestic.csv:4: CSV line has 4 fields, not the 6 of the header line: "3,1,x.org,org"`,
		`majestic.csv:5: the rank column holds "-", not a positive integer: "-,2,y.org,org,5,6"`,
	}
	if len(bad) != 2 || bad[0].Error() != want[0] || bad[1].Error() != want[1] {
		t.Errorf("errors %v\nwant %v", bad, want)
	}
	// Without a rank column the seeds are unranked; origins are read too.
	seeds, bad = readAll(t, NewReader(strings.NewReader("category,origin,visits\nnews,https://a.example:8443,12\n"), "o.csv"))
	if len(bad) != 0 || len(seeds) != 1 || seeds[0].Scheme != "https" || seeds[0].Port != "8443" || seeds[0].Rank != 0 {
		t.Errorf("seeds %+v, errors %v", seeds, bad)
	}
}

// endless yields "siteN.example" lines forever ("N,siteN.example" when
// ranked): a Reader that read its input whole would never return.
type endless struct {
	n      int
	buf    []byte
	ranked bool
}

func (e *endless) Read(p []byte) (int, error) {
	for len(e.buf) < len(p) {
		e.n++
		if e.ranked {
			e.buf = append(e.buf, itoa(int64(e.n))+","...)
		}
		e.buf = append(e.buf, []byte("site"+itoa(int64(e.n))+".example\n")...)
	}
	n := copy(p, e.buf)
	e.buf = e.buf[n:]
	return n, nil
}

func TestReader_Streams(t *testing.T) {
	r := NewReader(&endless{}, "endless")
	for i := 1; i <= 5000; i++ {
		s, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if want := "site" + itoa(int64(i)) + ".example"; s.Host != want {
			t.Fatalf("seed %d = %q, want %q", i, s.Host, want)
		}
	}
}

func TestReader_Digest(t *testing.T) {
	r := NewReader(strings.NewReader("a.example\n"), "-")
	readAll(t, r)
	sum := sha256.Sum256([]byte("a.example\n"))
	if got, want := r.Digest(), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("digest %q, want %q", got, want)
	}
}

func TestShard_SplitsByRegistrableDomain(t *testing.T) {
	const n = 4
	counts := make([]int, n)
	for i := 0; i < 4000; i++ {
		apex := Seed{Host: "site" + itoa(int64(i)) + ".co.uk"}
		www := Seed{Host: "www." + apex.Host}
		hits := 0
		for k := 0; k < n; k++ {
			sh := Shard{Index: k, Count: n}
			if sh.Contains(apex) {
				hits++
				counts[k]++
				if !sh.Contains(www) {
					t.Fatalf("%s and its www are in different shards", apex.Host)
				}
			}
		}
		if hits != 1 {
			t.Fatalf("%s is in %d shards", apex.Host, hits)
		}
	}
	for k, c := range counts {
		if c < 800 || c > 1200 {
			t.Errorf("shard %d holds %d of 4000 seeds; the split is uneven", k, c)
		}
	}
}

func TestParseShardAndEnv(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s.Index != 2 || s.Count != 4 {
		t.Fatalf("ParseShard(2/4) = %+v, %v", s, err)
	}
	for _, bad := range []string{"4/4", "-1/2", "a/b", "3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "3"}
	if s, err := ShardFromEnv(8, func(k string) string { return env[k] }); err != nil || s.Index != 3 || s.Count != 8 {
		t.Fatalf("ShardFromEnv = %+v, %v", s, err)
	}
	env = map[string]string{"JOB_COMPLETION_INDEX": "9"}
	if _, err := ShardFromEnv(8, func(k string) string { return env[k] }); err == nil {
		t.Fatal("index 9 of 8 accepted")
	}
	// Both schedulers' variables: the same index is taken, two are refused.
	env = map[string]string{"JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "2"}
	if s, err := ShardFromEnv(8, func(k string) string { return env[k] }); err != nil || s.Index != 2 {
		t.Errorf("both set to 2: %+v, %v", s, err)
	}
	env["SLURM_ARRAY_TASK_ID"] = "1"
	if _, err := ShardFromEnv(8, func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "disagree") {
		t.Errorf("JOB_COMPLETION_INDEX=2 and SLURM_ARRAY_TASK_ID=1: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestNormalizeHost_MappedRootDotAndBadBytes: a trailing dot that IDNA
// mapping makes (an ideographic full stop, a soft hyphen after the last
// dot) is removed like a written one, so the host is a duplicate of its
// plain spelling; bytes that are not UTF-8 are an error, not U+FFFD
// encoded as xn--zn7c (found by FuzzReader).
func TestNormalizeHost_MappedRootDotAndBadBytes(t *testing.T) {
	for in, want := range map[string]string{
		"example.com。":       "example.com",
		"example.com．":       "example.com",
		"example.com.\u00ad": "example.com",
		"Example.COM..":      "example.com",
		"example。com":        "example.com",
	} {
		if got, err := normalizeHost(in); got != want || err != nil {
			t.Errorf("normalizeHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"\xc2.com", "a\xff.example.com", "\u00ad", "。"} {
		if got, err := normalizeHost(in); err == nil {
			t.Errorf("normalizeHost(%q) = %q, want an error", in, got)
		}
	}
	r := NewReader(strings.NewReader("example.com\nexample.com。\n\xc2.com\n"), "s.txt")
	seeds, bad := readAll(t, r)
	if len(seeds) != 1 || r.Stats().Duplicates != 1 || len(bad) != 1 ||
		bad[0].Error() != `s.txt:3: not valid UTF-8 (save the seed list as UTF-8): "\xc2.com"` {
		t.Errorf("seeds %v, stats %+v, errors %v", seeds, r.Stats(), bad)
	}
}

// TestReader_OneColumnHeader: a list of one column under a header line
// naming it (Cloudflare Radar's top domains: "domain", then a domain a
// line) is read without reporting the header as a bad seed; only the
// first line other than comments may be one.
func TestReader_OneColumnHeader(t *testing.T) {
	for _, in := range []string{
		"domain\ngoogle.com\nfacebook.com\n",
		"\ufeffDomain\r\ngoogle.com\r\nfacebook.com\r\n",
		"# Cloudflare Radar\n\n\"origin\"\ngoogle.com\nhttps://facebook.com\n",
	} {
		seeds, bad := readAll(t, NewReader(strings.NewReader(in), "radar.csv"))
		if len(bad) != 0 || len(seeds) != 2 || seeds[0].Host != "google.com" || seeds[1].Host != "facebook.com" {
			t.Errorf("%q: seeds %+v, errors %v", in, seeds, bad)
		}
	}
	_, bad := readAll(t, NewReader(strings.NewReader("google.com\ndomain\n"), "radar.csv"))
	if len(bad) != 1 || bad[0].Line != 2 {
		t.Errorf("a later domain line: errors %v, want one on line 2", bad)
	}
}

// TestReader_QuotedCSVFields: a quoted field may hold a comma (a category
// column written by a spreadsheet or pandas), and the line still has the
// header's number of fields.
func TestReader_QuotedCSVFields(t *testing.T) {
	in := "Domain,Rank,Category\n" +
		"example.com,1,news\n" +
		"\"example.org\",\"2\",\"news, sport\"\n" +
		"example.net , 3 ,\"say \"\"hi\"\", twice\"\n"
	seeds, bad := readAll(t, NewReader(strings.NewReader(in), "q.csv"))
	if len(bad) != 0 || len(seeds) != 3 || seeds[1].Host != "example.org" || seeds[1].Rank != 2 || seeds[2].Host != "example.net" || seeds[2].Rank != 3 {
		t.Errorf("seeds %+v, errors %v", seeds, bad)
	}
	// Two fields, quoted, as a spreadsheet writes a ranked list.
	seeds, bad = readAll(t, NewReader(strings.NewReader("\"1\",\"example.com\"\n\"https://example.org\",\"1000\"\n"), "q2.csv"))
	if len(bad) != 0 || len(seeds) != 2 || seeds[0].Rank != 1 || seeds[1].Scheme != "https" || seeds[1].Rank != 1000 {
		t.Errorf("seeds %+v, errors %v", seeds, bad)
	}
}

// TestReader_CROnlyLineEnds: a list whose lines end in CR alone (Excel for
// Mac's "CSV (Macintosh)") is read line by line, not as one line too long
// to read, in UTF-8 and in UTF-16; a list with LFs keeps a lone CR as
// part of its line.
func TestReader_CROnlyLineEnds(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 500; i++ {
		b.WriteString(itoa(int64(i)) + ",site" + itoa(int64(i)) + ".example\r")
	}
	text := b.String()
	u16 := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(text)) {
		u16 = append(u16, byte(u), byte(u>>8))
	}
	for name, in := range map[string][]byte{"utf-8": []byte(text), "utf-16": u16} {
		r := NewReader(bytes.NewReader(in), "mac.csv")
		seeds, bad := readAll(t, r)
		if len(bad) != 0 || len(seeds) != 500 || seeds[499].Host != "site500.example" || seeds[499].Line != 500 || seeds[499].Rank != 500 {
			t.Errorf("%s: %d seeds, errors %v", name, len(seeds), bad)
		}
		if sum := sha256.Sum256(in); r.Digest() != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: digest %s, want that of the bytes given", name, r.Digest())
		}
	}
	_, bad := readAll(t, NewReader(strings.NewReader("a.example\nb.example\rc.example\n"), "mixed.txt"))
	if len(bad) != 1 || bad[0].Line != 2 {
		t.Errorf("LF list with a lone CR: errors %v, want one on line 2", bad)
	}
}

// TestReader_UTF16WithoutBOM: UTF-16 without its byte-order mark cannot be
// told from binary data for sure, but its lines say what it likely is.
func TestReader_UTF16WithoutBOM(t *testing.T) {
	var b []byte
	for _, u := range utf16.Encode([]rune("example.com\nexample.org\n")) {
		b = append(b, byte(u), byte(u>>8))
	}
	_, bad := readAll(t, NewReader(bytes.NewReader(b), "le.csv"))
	if len(bad) == 0 || !strings.HasPrefix(bad[0].Reason, "UTF-16 text without a byte-order mark") {
		t.Errorf("errors %v", bad)
	}
}
