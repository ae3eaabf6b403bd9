package assets

import (
	_ "embed"
	"slices"
)

// moveModel is the report of
//
//	moyo fit --move-model --holdout 0.3 --format json FILES
//
// on the counted games of the AI collection (docs/data.md) whose final
// ownership GNU Go had judged, 419 games of 441 files (301 fitted, 118
// held out), moves 20, 80 and 150 pooled: the β of Stern et al.'s move model
// for each estimator at its defaults. seds's gains predict the move
// played (β 0.91, 0.30 nats per move better than choosing uniformly on
// the held-out games); symmetric's and bp's hardly (β about 0), and
// propagate's and gnugo's inversely (β −0.11 and −0.08): the players
// choose against the moves that gain most by them.
//
//go:embed movemodel/ai-games.json
var moveModel []byte

// MoveModel returns the report of 'moyo fit --move-model --format json'
// that the app's ranking takes the move model's β from, one per estimator
// at its defaults, fitted on the AI collection's counted games. The
// returned slice is the caller's.
func MoveModel() []byte { return slices.Clone(moveModel) }
