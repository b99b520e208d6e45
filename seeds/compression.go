package seeds

import "bytes"

// Compression is a compressed form a file may be in, told by its first
// bytes (its magic number).
type Compression struct {
	// Name names the form: gzip, zstd, bzip2, zip, xz, 7-Zip, RAR, LZ4.
	Name string
	// Read is true for the forms Open reads a seed list in.
	Read bool
	// Pipe is the command that writes the content to standard output
	// ("gzip -dc"), for a message saying how to read it.
	Pipe string
	// magic is the form's magic number; extract the command that
	// decompresses a file of a form Open does not read ("xz -d").
	magic   []byte
	extract string
}

// compressions are the forms DetectCompression tells: those in which
// ranked lists are published (Tranco and Cisco Umbrella as a zip archive
// of one CSV, the CrUX top lists as gzip) and researchers keep them (zstd,
// bzip2), which Open reads, and others it refuses by name rather than read
// as lines of binary data.
var compressions = []Compression{
	{Name: "gzip", Read: true, Pipe: "gzip -dc", magic: []byte{0x1f, 0x8b}},
	{Name: "zstd", Read: true, Pipe: "zstd -dc", magic: []byte{0x28, 0xb5, 0x2f, 0xfd}},
	{Name: "bzip2", Read: true, Pipe: "bzip2 -dc", magic: []byte("BZh")},
	{Name: "zip", Read: true, Pipe: "unzip -p", magic: []byte("PK\x03\x04")},
	{Name: "xz", Pipe: "xz -dc", magic: []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}, extract: "xz -d"},
	{Name: "7-Zip", Pipe: "7z x -so", magic: []byte{'7', 'z', 0xbc, 0xaf, 0x27, 0x1c}, extract: "7z x"},
	{Name: "RAR", Pipe: "unrar p", magic: []byte("Rar!\x1a\x07"), extract: "unrar x"},
	{Name: "LZ4", Pipe: "lz4 -dc", magic: []byte{0x04, 0x22, 0x4d, 0x18}, extract: "lz4 -d"},
}

// DetectCompression returns the compressed form a file whose first bytes
// are head is in, when it is in one. A bzip2 stream is told by more than
// its magic number (isBzip2), so that a line of text cannot pass for one.
func DetectCompression(head []byte) (Compression, bool) {
	for _, c := range compressions {
		if bytes.HasPrefix(head, c.magic) && (c.Name != "bzip2" || isBzip2(head)) {
			return c, true
		}
	}
	return Compression{}, false
}
