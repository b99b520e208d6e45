package report

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"
)

// chromiumPath is where Debian's chromium package installs the browser.
const chromiumPath = "/usr/bin/chromium"

// findChromium returns the browser to test with, skipping the test when
// there is none, unless SURVEY_REQUIRE_BROWSER=1 (CI) makes that a
// failure.
func findChromium(t *testing.T) string {
	t.Helper()
	path := chromiumPath
	if _, err := os.Stat(path); err != nil {
		if p, lerr := exec.LookPath("chromium"); lerr == nil {
			path = p
		} else {
			if os.Getenv("SURVEY_REQUIRE_BROWSER") == "1" {
				t.Fatalf("SURVEY_REQUIRE_BROWSER=1 but chromium is not installed (%s: %v); apt-get install chromium", chromiumPath, err)
			}
			t.Skipf("chromium is not installed (%s); set SURVEY_REQUIRE_BROWSER=1 to fail instead", chromiumPath)
		}
	}
	return path
}

// browser is a headless Chromium driven over the DevTools protocol on a
// pipe (--remote-debugging-pipe: commands on its fd 3, answers on fd 4),
// with one page attached.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      *os.File // our end of the browser's fd 3
	out     *os.File // our end of the browser's fd 4
	r       *bufio.Reader
	stderr  *bytes.Buffer
	nextID  int
	session string
	events  []cdpMessage // events read while waiting for answers
}

// cdpMessage is a DevTools protocol message: an answer (ID set) or an
// event (Method set).
type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *cdpError       `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

type cdpError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// cdpTimeout bounds every wait for the browser.
const cdpTimeout = 60 * time.Second

// startBrowser starts headless Chromium with a fresh profile and opens a
// page of the given size. The browser is closed when the test ends.
func startBrowser(t *testing.T, width, height int) *browser {
	t.Helper()
	path := findChromium(t)
	profile := t.TempDir()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	resR, resW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, in: cmdW, out: resR, r: bufio.NewReader(resR), stderr: &bytes.Buffer{}}
	b.cmd = exec.Command(path,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars",
		"--user-data-dir="+profile, "--remote-debugging-pipe", "about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, resW} // fd 3 and fd 4
	b.cmd.Stderr = b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	cmdR.Close()
	resW.Close()
	t.Cleanup(b.close)

	var target struct {
		TargetID string `json:"targetId"`
	}
	b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.call(b.session, "Page.enable", nil, nil)
	b.call(b.session, "Network.enable", nil, nil)
	b.call(b.session, "Runtime.enable", nil, nil)
	b.resize(width, height)
	return b
}

// close ends the browser: politely, then by killing its process.
func (b *browser) close() {
	if b.cmd.Process == nil {
		return
	}
	b.nextID++
	msg, _ := json.Marshal(cdpMessage{ID: b.nextID, Method: "Browser.close"})
	b.in.Write(append(msg, 0))
	b.in.Close()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
	b.out.Close()
}

// read reads the next message from the browser.
func (b *browser) read() cdpMessage {
	b.t.Helper()
	b.out.SetReadDeadline(time.Now().Add(cdpTimeout))
	raw, err := b.r.ReadBytes(0)
	if err != nil {
		b.t.Fatalf("reading from chromium: %v\nchromium's stderr:\n%s", err, tail(b.stderr.String(), 2000))
	}
	var m cdpMessage
	if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
		b.t.Fatalf("chromium sent %q: %v", raw, err)
	}
	return m
}

// call sends a command (to the browser when session is empty, else to
// the page) and decodes its result into result, keeping the events that
// arrive meanwhile.
func (b *browser) call(session, method string, params any, result any) {
	b.t.Helper()
	b.nextID++
	id := b.nextID
	var p json.RawMessage
	if params != nil {
		var err error
		if p, err = json.Marshal(params); err != nil {
			b.t.Fatal(err)
		}
	}
	msg, err := json.Marshal(cdpMessage{ID: id, Method: method, Params: p, SessionID: session})
	if err != nil {
		b.t.Fatal(err)
	}
	b.in.SetWriteDeadline(time.Now().Add(cdpTimeout))
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		b.t.Fatalf("sending %s to chromium: %v", method, err)
	}
	for {
		m := b.read()
		if m.ID != id {
			if m.Method != "" {
				b.events = append(b.events, m)
			}
			continue
		}
		if m.Error != nil {
			b.t.Fatalf("chromium: %s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				b.t.Fatalf("chromium: %s: decoding %s: %v", method, m.Result, err)
			}
		}
		return
	}
}

// waitEvent returns the first event named method, reading on until it
// arrives.
func (b *browser) waitEvent(method string) cdpMessage {
	b.t.Helper()
	for i, e := range b.events {
		if e.Method == method {
			b.events = append(b.events[:i:i], b.events[i+1:]...)
			return e
		}
	}
	for {
		m := b.read()
		if m.Method == method {
			return m
		}
		if m.Method != "" {
			b.events = append(b.events, m)
		}
	}
}

// resize sets the page's viewport in CSS pixels.
func (b *browser) resize(width, height int) {
	b.t.Helper()
	b.call(b.session, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil)
}

// navigate loads url and waits for its load event.
func (b *browser) navigate(url string) {
	b.t.Helper()
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	b.call(b.session, "Page.navigate", map[string]any{"url": url}, &nav)
	if nav.ErrorText != "" {
		b.t.Fatalf("chromium could not load %s: %s", url, nav.ErrorText)
	}
	b.waitEvent("Page.loadEventFired")
}

// requestedURLs returns the URL of every request the page made, from the
// Network.requestWillBeSent events so far.
func (b *browser) requestedURLs() []string {
	var urls []string
	for _, e := range b.events {
		if e.Method != "Network.requestWillBeSent" {
			continue
		}
		var p struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		if err := json.Unmarshal(e.Params, &p); err != nil {
			b.t.Fatalf("decoding %s: %v", e.Params, err)
		}
		urls = append(urls, p.Request.URL)
	}
	return urls
}

// eval evaluates a JavaScript expression in the page and decodes its
// value (returned by value) into v.
func (b *browser) eval(expr string, v any) {
	b.t.Helper()
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res)
	if res.ExceptionDetails != nil {
		b.t.Fatalf("evaluating in the page: %s %s", res.ExceptionDetails.Text, res.ExceptionDetails.Exception.Description)
	}
	if err := json.Unmarshal(res.Result.Value, v); err != nil {
		b.t.Fatalf("decoding %s: %v", res.Result.Value, err)
	}
}

// pageSize returns the size of the page's content in CSS pixels.
func (b *browser) pageSize() (width, height float64) {
	b.t.Helper()
	var metrics struct {
		CSSContentSize struct {
			Width, Height float64
		} `json:"cssContentSize"`
	}
	b.call(b.session, "Page.getLayoutMetrics", nil, &metrics)
	return metrics.CSSContentSize.Width, metrics.CSSContentSize.Height
}

// screenshot captures the whole page (not just the viewport) as PNG.
func (b *browser) screenshot() []byte {
	b.t.Helper()
	w, h := b.pageSize()
	return b.screenshotClip(0, w, h)
}

// screenshotClip captures a band of the page, from y down h pixels, as
// PNG.
func (b *browser) screenshotClip(y, w, h float64) []byte {
	b.t.Helper()
	var shot struct {
		Data string `json:"data"`
	}
	b.call(b.session, "Page.captureScreenshot", map[string]any{
		"format": "png", "captureBeyondViewport": true,
		"clip": map[string]any{"x": 0, "y": y, "width": w, "height": h, "scale": 1},
	}, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		b.t.Fatalf("decoding the screenshot: %v", err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		b.t.Fatalf("the screenshot is not a PNG (%d bytes)", len(png))
	}
	return png
}

// tail returns the last n bytes of s.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// version returns the browser's product name and version.
func (b *browser) version() string {
	b.t.Helper()
	var v struct {
		Product string `json:"product"`
	}
	b.call("", "Browser.getVersion", nil, &v)
	return v.Product
}

// emulateMedia makes the page's CSS media type media ("print", or "" for
// the screen again).
func (b *browser) emulateMedia(media string) {
	b.t.Helper()
	b.call(b.session, "Emulation.setEmulatedMedia", map[string]any{"media": media}, nil)
}

// printToPDF prints the page as Chromium's print to PDF does, on US
// Letter paper, honouring the style sheet's page sizes and margins.
func (b *browser) printToPDF() []byte {
	b.t.Helper()
	var res struct {
		Data string `json:"data"`
	}
	b.call(b.session, "Page.printToPDF", map[string]any{"preferCSSPageSize": true}, &res)
	pdf, err := base64.StdEncoding.DecodeString(res.Data)
	if err != nil {
		b.t.Fatalf("decoding the PDF: %v", err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		b.t.Fatalf("the printed page is not a PDF (%d bytes)", len(pdf))
	}
	return pdf
}
