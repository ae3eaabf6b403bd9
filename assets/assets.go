// Package assets holds the files moyo ships inside its binary: sample game
// records, lessons and parameter presets, and later icons.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed games/*.sgf
var games embed.FS

//go:embed lessons/*.txt
var lessons embed.FS

//go:embed lessons/semeai/*.txt
var raceLessons embed.FS

// The presets' file names are their names, spaces and all, as package
// preset requires; one folder per estimator lets every estimator have a
// preset of the same name.
//
//go:embed presets/*/*.json
var presets embed.FS

// SampleName is the file name of the record the app opens when it starts
// without one: AlphaGo Master (White) against Gu Li 9p, the 60th and last
// game of Master's online series, 4 January 2017, White won by 2.5 points.
const SampleName = "60-2017.01.04-Master-Gu_Li.sgf"

// SampleMove is the move the sample opens at: far enough into the game for
// every estimator to have something to say.
const SampleMove = 100

// Sample returns the bytes of the sample record.
func Sample() []byte {
	b, err := games.ReadFile("games/" + SampleName)
	if err != nil {
		// The file is embedded at build time; its absence is a build bug.
		panic("assets: sample record missing: " + err.Error())
	}
	return b
}

// CorridorLessons returns the corridor lessons' files, one per lesson, at
// the root of the returned file system; package lesson reads them.
func CorridorLessons() fs.FS {
	return sub(lessons, "lessons")
}

// RaceLessons returns the capturing-race lessons' files, one per lesson,
// at the root of the returned file system; package lesson reads them.
func RaceLessons() fs.FS {
	return sub(raceLessons, "lessons/semeai")
}

// Presets returns the parameter presets moyo ships, fitted on the
// real-game corpus, so that the app offers them without the user running
// 'moyo fit'. The returned file system holds one folder per estimator,
// named as catalog.ByName takes it, holding that estimator's presets in
// the files package preset reads (preset.ListFS, preset.LoadFS).
func Presets() fs.FS {
	return sub(presets, "presets")
}

// sub returns the folder dir of fsys as a file system of its own. The
// folders are embedded at build time and named here, so fs.Sub cannot
// fail but for a bug in this file.
func sub(fsys fs.FS, dir string) fs.FS {
	s, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("assets: " + dir + ": " + err.Error())
	}
	return s
}
