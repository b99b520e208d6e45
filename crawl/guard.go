package crawl

import (
	"fmt"
	"net/netip"
)

// GuardError is returned when the crawler refuses to connect to an address.
type GuardError struct {
	Host string     // the host name or literal being connected to
	Addr netip.Addr // the refused address
	Why  string     // e.g. "loopback", "private"
}

func (e *GuardError) Error() string {
	if e.Host != "" && e.Host != e.Addr.String() {
		return fmt.Sprintf("address guard: %s resolves to %s address %s", e.Host, e.Why, e.Addr)
	}
	return fmt.Sprintf("address guard: refusing to connect to %s address %s", e.Why, e.Addr)
}

// guard decides which addresses may be connected to.
type guard struct {
	allowPrivate bool
	allowed      netip.AddrPort // the --connect-to address, always allowed
}

// nonPublic lists the special-purpose ranges (RFC 6890 and successors,
// IANA's special-purpose address registries) that are not reachable on the
// public Internet and that a crawler given untrusted names must never be
// steered into, besides those netip classifies (loopback, private,
// link-local, multicast, unspecified). IPv6 outside 2000::/3 (global
// unicast) is refused as a whole below, so only ranges inside it are here.
//
// The IPv4 documentation ranges (192.0.2.0/24, 198.51.100.0/24,
// 203.0.113.0/24) are not refused: they are never routed, so nothing can be
// reached through them, and the simulated web (testweb) hands them out as
// its sites' public addresses. The IPv6 documentation ranges, which nothing
// uses so, are refused.
var nonPublic = []struct {
	prefix netip.Prefix
	why    string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this-network"},
	{netip.MustParsePrefix("100.64.0.0/10"), "shared (CGNAT)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF protocol"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved"},
	{netip.MustParsePrefix("2001::/32"), "Teredo"},
	{netip.MustParsePrefix("2001:2::/48"), "benchmarking"},
	{netip.MustParsePrefix("2001:10::/28"), "ORCHID"},
	{netip.MustParsePrefix("2001:20::/28"), "ORCHID"},
	{netip.MustParsePrefix("2001:db8::/32"), "documentation"},
	{netip.MustParsePrefix("3fff::/20"), "documentation"},
}

// IPv6 ranges that embed an IPv4 address, which classifyAddr judges.
var (
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	nat64          = netip.MustParsePrefix("64:ff9b::/96") // RFC 6052: the v4 address in the last 32 bits
	sixToFour      = netip.MustParsePrefix("2002::/16")    // RFC 3056: the v4 address in bits 16-47
	v4Compatible   = netip.MustParsePrefix("::/96")        // RFC 4291 §2.5.5.1, deprecated
)

// classifyAddr returns why an address is not public, or "". An IPv6
// address that embeds an IPv4 one (IPv4-mapped, IPv4-compatible, NAT64,
// 6to4) is judged by the IPv4 address too: on a host with a NAT64 gateway
// or a 6to4 tunnel, 64:ff9b::a00:1 and 2002:a00:1:: lead to 10.0.0.1.
func classifyAddr(a netip.Addr) string {
	// A zone is only meaningful on link-local addresses, which are refused
	// whatever their zone; a prefix never contains a zoned address.
	a = a.Unmap().WithZone("")
	switch {
	case a.IsLoopback():
		return "loopback"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return "multicast"
	case a.IsUnspecified():
		return "unspecified"
	case a.Is4() && a == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return "broadcast"
	}
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			if why := classifyAddr(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})); why != "" {
				return "NAT64 of " + why
			}
			return ""
		case sixToFour.Contains(a):
			if why := classifyAddr(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})); why != "" {
				return "6to4 of " + why
			}
		case v4Compatible.Contains(a):
			return "IPv4-compatible"
		case !globalUnicast6.Contains(a):
			// Site-local fec0::/10, discard-only 100::/64, IPv4-translated
			// ::ffff:0:0:0/96, local-use NAT64 64:ff9b:1::/48, SRv6
			// 5f00::/16, and the rest of the space IANA has not allocated
			// for global unicast.
			return "reserved"
		}
	}
	for _, p := range nonPublic {
		if p.prefix.Contains(a) {
			return p.why
		}
	}
	return ""
}

// check returns a *GuardError when the crawler may not connect to addr:port.
func (g guard) check(host string, addr netip.Addr, port uint16) error {
	if g.allowPrivate {
		return nil
	}
	if g.allowed.IsValid() && g.allowed.Addr() == addr.Unmap() && g.allowed.Port() == port {
		return nil
	}
	if why := classifyAddr(addr); why != "" {
		return &GuardError{Host: host, Addr: addr.Unmap(), Why: why}
	}
	return nil
}

// checkResolved is check for an address obtained from DNS, before any
// rerouting; the port does not matter.
func (g guard) checkResolved(host string, addr netip.Addr) error {
	if g.allowPrivate {
		return nil
	}
	if why := classifyAddr(addr); why != "" {
		return &GuardError{Host: host, Addr: addr.Unmap(), Why: why}
	}
	return nil
}
