package workspace

import (
	"bytes"
	"image/png"
	"testing"

	"moyo/board"
	"moyo/render"
)

// TestPicture checks the picture File → Export Picture saves: the board
// as shown, kept as it was when asked for, the legend named for the
// values and left out with them, and the file name saying what it shows.
func TestPicture(t *testing.T) {
	q := newQueue()
	ws := openFake(t, q)
	q.until(t, func() bool { return !ws.Runs().Running() })

	pic, err := ws.Picture()
	if err != nil {
		t.Fatal(err)
	}
	if pic.Legend != "fake" || len(pic.Values) != 25 || pic.Options.LastMove == nil {
		t.Errorf("picture: legend %q, %d values, last move %v", pic.Legend, len(pic.Values), pic.Options.LastMove)
	}
	if got, want := ws.PictureFileName(), "test-move-2-fake.png"; got != want {
		t.Errorf("file name %q, want %q", got, want)
	}
	// The caption says what the window's title and panels say.
	want := render.Heading{Game: "B v W", File: "test.sgf", Move: "move 2", Estimator: "fake", Estimate: "estimate B+6.0 (sum of control)"}
	if pic.Heading != want {
		t.Errorf("caption %+v, want %+v", pic.Heading, want)
	}
	// Stepping back, or editing, after asking leaves the picture as it
	// was.
	ws.Record().SetMove(1)
	q.until(t, func() bool { return !ws.Runs().Running() })
	ws.StartEdit()
	if err := ws.TapPoint(pt("ee"), false); err != nil {
		t.Fatal(err)
	}
	if pic.Position.At(pt("dd")) != board.White || pic.Position.At(pt("ee")) != board.Empty {
		t.Errorf("the picture's position changed after a step back and an edit:\n%s", pic.Position)
	}
	ws.StopEdit()
	assertSize(t, pic, PictureWidth+render.LegendHeight(PictureWidth)+render.CaptionHeight(PictureWidth, 2))

	// The difference from another run of the estimator: a name of words
	// and a minus sign, which the file name joins with hyphens.
	ws.Reference().SetKind(RefEstimator)
	o := ws.Overlay()
	o.Show = ShowDifference
	ws.SetOverlay(o)
	q.until(t, func() bool { return ws.View() == ShowDifference })
	if got, want := ws.ValuesName(), "fake - "+ws.Reference().Name(); got != want {
		t.Errorf("difference: values named %q, want %q", got, want)
	}
	if got, want := ws.PictureFileName(), "test-move-1-fake-fake.png"; got != want {
		t.Errorf("difference: file name %q, want %q", got, want)
	}
	o.Show, o.Hidden = ShowEstimate, true
	ws.SetOverlay(o)
	pic, err = ws.Picture()
	if err != nil {
		t.Fatal(err)
	}
	if pic.Legend != "" || pic.Values != nil || pic.Heading.Estimator != "" || pic.Heading.Estimate != "" || pic.Heading.Move != "move 1" {
		t.Errorf("overlay hidden: legend %q, %d values, caption %+v", pic.Legend, len(pic.Values), pic.Heading)
	}
	if got, want := ws.PictureFileName(), "test-move-1.png"; got != want {
		t.Errorf("overlay hidden: file name %q, want %q", got, want)
	}
	assertSize(t, pic, PictureWidth+render.CaptionHeight(PictureWidth, 1))
}

// assertSize checks that pic encodes as a PNG PictureWidth wide and h
// high.
func assertSize(t *testing.T, pic Picture, h int) {
	t.Helper()
	data, err := pic.PNG()
	if err != nil {
		t.Fatal(err)
	}
	c, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if c.Width != PictureWidth || c.Height != h {
		t.Errorf("picture %d×%d, want %d×%d", c.Width, c.Height, PictureWidth, h)
	}
}
