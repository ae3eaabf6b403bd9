package ui

import (
	"math"
	"strings"
	"testing"

	"moyo/workspace"
)

func TestReferenceChooser(t *testing.T) {
	u, _, q := newTestApp(t)
	ws := u.ws
	ref := ws.Reference()
	p := &u.ref
	if ref.Kind() != workspace.RefFinal || p.kind.Selected != "Final outcome" || p.est.Visible() || p.visits.Visible() || p.params.Visible() {
		t.Fatalf("starts with %v, %q", ref.Kind(), p.kind.Selected)
	}
	// The sample is resigned: no final outcome, said so.
	if !strings.Contains(p.status.Text, "not a count") || p.measures.Text != "" {
		t.Errorf("status %q, measures %q", p.status.Text, p.measures.Text)
	}

	// KataGo without KataGo: the visits, and why there is no map.
	p.kind.SetSelected("KataGo")
	if ref.Kind() != workspace.RefKataGo || !p.visits.Visible() || p.est.Visible() || p.visits.Selected != "200 visits" {
		t.Errorf("KataGo: kind %v, visits shown %v (%q)", ref.Kind(), p.visits.Visible(), p.visits.Selected)
	}
	p.visits.SetSelected("network only")
	if ref.Visits() != 0 || !strings.Contains(p.status.Text, "KataGo not found") {
		t.Errorf("visits %d, status %q", ref.Visits(), p.status.Text)
	}

	// Another estimator with settings of its own.
	p.kind.SetSelected("Estimator")
	p.est.SetSelected("propagate")
	if ref.Settings().Estimator().Info().Name != "propagate" || !p.params.Visible() {
		t.Fatalf("chose %s", ref.Settings().Estimator().Info().Name)
	}
	var att *paramControl
	for _, c := range p.controls {
		if c.spec.Name == "attenuation" {
			att = c
		}
		if c.spec.Name == "lambda" && c.label.Visible() {
			t.Error("λ shown for propagate")
		}
	}
	if att == nil || !att.slider.Visible() {
		t.Fatal("no attenuation slider for propagate")
	}
	att.slider.SetValue(workspace.ToSlider(att.spec, 3))
	q.Until(t, func() bool { return !ref.Running() && !ws.Runs().Running() })
	want := workspace.FromSlider(att.spec, workspace.ToSlider(att.spec, 3))
	if a := ref.Settings().Params().Num("attenuation"); a != want || math.Abs(a-3) > 0.01 || ws.Settings().Estimator().Info().Name != "symmetric" {
		t.Errorf("reference attenuation %v; estimate %s", ref.Settings().Params().Num("attenuation"), ws.Settings().Estimator().Info().Name)
	}
	m, ok := ws.RefMeasures()
	if !ok || !strings.HasPrefix(p.measures.Text, "MAE ") || !strings.Contains(p.measures.Text, "decided") || !(m.Correlation > 0.5) {
		t.Errorf("measures %+v, %q", m, p.measures.Text)
	}
	if got := ws.RefView().Summary; !strings.HasPrefix(got, "propagate · MAE ") {
		t.Errorf("summary %q", got)
	}

	// The bar shows the difference: (v − r)/2 on the board.
	u.bar.show.SetSelected("Difference")
	o, _ := ws.Runs().Shown()
	r := ws.RefValues()
	if ws.View() != workspace.ShowDifference || len(u.board.values) != 361 || len(r) != 361 ||
		math.Abs(u.board.values[60]-(o.Result.Values[60]-r[60])/2) > 1e-12 || !u.board.opt.NoDeadMarks {
		t.Errorf("difference view %v", ws.View())
	}
	if !strings.Contains(u.legend.Title(), "symmetric - propagate") {
		t.Errorf("legend %q", u.legend.Title())
	}

	// Side by side: the reference's board beside the estimate's.
	p.split.SetChecked(true)
	if !ws.Overlay().Split || u.split.Aspect != 2 || !p.right.Visible() || len(p.board.values) != 361 || p.board.values[60] != r[60] {
		t.Errorf("split: %v, aspect %v, shown %v", ws.Overlay().Split, u.split.Aspect, p.right.Visible())
	}
	if !strings.HasPrefix(p.caption.Text, "propagate: ") || p.left.Text != "symmetric - propagate" {
		t.Errorf("captions %q, %q", p.left.Text, p.caption.Text)
	}
	// Both follow the record.
	ws.Record().Forward(1)
	q.Until(t, func() bool { return !ref.Running() && !ws.Runs().Running() })
	if p.board.pos != ws.Position() || u.board.pos != ws.Position() {
		t.Error("the boards do not follow the record")
	}
	p.split.SetChecked(false)
	if u.split.Aspect != 1 || p.right.Visible() {
		t.Errorf("split off: aspect %v", u.split.Aspect)
	}
}
