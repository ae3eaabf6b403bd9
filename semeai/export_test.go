package semeai

import (
	"context"

	"moyo/board"
	"moyo/cgt"
)

// What the tests of package semeai_test, which read the race lessons
// through package lesson, use of the package's insides.

// ExactValue is exactValue: the exact game of region g for defender def.
var ExactValue = exactValue

// EngineValue is the liberty counting game the analysis finds for region
// g with def defending, without limits.
func EngineValue(ctx context.Context, tb *cgt.Table, r *Race, g Region, def board.Color) (*cgt.Game, error) {
	game, _, _, err := lcg(ctx, tb, r, g, def, Limits{})
	return game, err
}
