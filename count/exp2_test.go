package count

import (
	"context"
	"fmt"
	"testing"

	"moyo/internal/testenv"
	"moyo/semeai"
)

func TestSekiDebug(t *testing.T) {
	for _, o := range testenv.OGSPositions(t) {
		if o.Name != "patterns/seki_1.game" && o.Name != "patterns/seki_one_false_eye.game" {
			continue
		}
		for _, r := range semeai.CandidateRaces(o.Pos) {
			a, err := semeai.Analyze(context.Background(), r, semeai.Limits{MaxNodes: 20000})
			if err != nil {
				fmt.Println(err)
				continue
			}
			fmt.Println(o.Pos.PointOf(r.Black.Anchor()).Label(9), o.Pos.PointOf(r.White.Anchor()).Label(9), r.MostEmpty(), a.Verdict.BlackFirst, a.Verdict.WhiteFirst, a.Verdict.BothLive)
		}
	}
}
