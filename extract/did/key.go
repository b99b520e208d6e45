package did

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/multiformats/go-multibase"
)

// KeyForm says how a publicKeyMultibase value carried its Ed25519 key.
type KeyForm string

// The key forms accepted (specs README: agent-feed).
const (
	// KeyRaw is the raw 32-byte key §3.3 asks for.
	KeyRaw KeyForm = "raw"
	// KeyMulticodec is 34 bytes: the multicodec Ed25519 prefix 0xed 0x01
	// followed by the key, as Ed25519VerificationKey2020 is used in
	// practice. Accepted with a warning.
	KeyMulticodec KeyForm = "multicodec"
)

// maxMultibaseLen bounds the encoded key length before decoding: base58
// decoding is quadratic in its input, and a 34-byte key is at most 48
// base58 characters.
const maxMultibaseLen = 128

// Key decoding errors, for errors.Is.
var (
	// ErrKeyPrefix: the value does not start with 'z' or 'u'.
	ErrKeyPrefix = errors.New("multibase prefix is neither 'z' (base58btc) nor 'u' (base64url)")
	// ErrKeyEncoding: the value does not decode.
	ErrKeyEncoding = errors.New("multibase value does not decode")
	// ErrKeyLength: the decoded value is not an Ed25519 key.
	ErrKeyLength = errors.New("decoded key is neither 32 bytes nor 0xed 0x01 + 32 bytes")
)

// DecodePublicKeyMultibase decodes a publicKeyMultibase value into an
// Ed25519 public key: multibase prefix 'z' (base58btc) or 'u' (base64url
// without padding), decoding to 32 raw bytes, or to 34 bytes whose first
// two are the multicodec Ed25519 prefix 0xed 0x01. The error wraps
// ErrKeyPrefix, ErrKeyEncoding or ErrKeyLength.
func DecodePublicKeyMultibase(s string) (ed25519.PublicKey, KeyForm, error) {
	if s == "" || (s[0] != 'z' && s[0] != 'u') {
		return nil, "", ErrKeyPrefix
	}
	if len(s) > maxMultibaseLen {
		return nil, "", fmt.Errorf("%w: %d characters is too long for an Ed25519 key", ErrKeyEncoding, len(s))
	}
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		// Decoders skip line breaks; a key is one unbroken string.
		return nil, "", fmt.Errorf("%w: a line break at character %d", ErrKeyEncoding, i+1)
	}
	var data []byte
	var err error
	if s[0] == 'u' {
		// Strict: the last character's unused bits are zero, so that one
		// key has one form.
		data, err = base64.RawURLEncoding.Strict().DecodeString(s[1:])
	} else {
		_, data, err = multibase.Decode(s)
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", ErrKeyEncoding, err)
	}
	switch {
	case len(data) == ed25519.PublicKeySize:
		return ed25519.PublicKey(data), KeyRaw, nil
	case len(data) == ed25519.PublicKeySize+2 && data[0] == 0xed && data[1] == 0x01:
		return ed25519.PublicKey(data[2:]), KeyMulticodec, nil
	}
	return nil, "", fmt.Errorf("%w: %d bytes", ErrKeyLength, len(data))
}

// EncodePublicKeyMultibase encodes a public key as §3.3 asks: the raw 32
// bytes in base58btc with the multibase prefix 'z'. It is a producer-side
// utility for writing did.json documents.
func EncodePublicKeyMultibase(pub ed25519.PublicKey) string {
	// Encode fails only for an unknown encoding; Base58BTC is known.
	s, _ := multibase.Encode(multibase.Base58BTC, pub)
	return s
}

// prefixHint says what a publicKeyMultibase value without the 'z' or 'u'
// prefix most likely is, for the message: plain base64 or base64url of an
// Ed25519 key (no multibase prefix at all: its first character is the
// data's), or a multibase encoding v0 does not accept. It returns "" when
// it cannot tell, and for a value too long to be a key (maxMultibaseLen:
// some multibase decoders are quadratic too).
func prefixHint(s string) string {
	if len(s) > maxMultibaseLen {
		return ""
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil && (len(b) == ed25519.PublicKeySize || len(b) == ed25519.PublicKeySize+2 && b[0] == 0xed && b[1] == 0x01) {
			return fmt.Sprintf(": the value is the %d-byte key in base64 with no multibase prefix; write it in base58btc with prefix z", len(b))
		}
	}
	if enc, _, err := multibase.Decode(s); err == nil {
		if name, ok := multibase.EncodingToStr[enc]; ok {
			return fmt.Sprintf(" (the value is multibase %s, which v0 readers do not decode)", name)
		}
	}
	return ""
}
