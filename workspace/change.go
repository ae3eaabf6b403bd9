package workspace

// Change is a set of the parts of a Workspace that changed. A panel
// subscribes to the parts it shows (Workspace.Subscribe) and is told of
// nothing else. Each part belongs to one concern: the record and its line
// (ChangeRecord, ChangeStep), the mode (ChangeMode, and ChangeEdit and
// ChangeLesson for the modes' own state), the estimator's settings
// (ChangeEstimator, ChangeParams), the overlay, the run shown
// (ChangeResult, ChangeLatency), the ranking and the final outcome.
type Change uint

// The parts of a Workspace.
const (
	// ChangeRecord: another record, or another line of its tree.
	ChangeRecord Change = 1 << iota
	// ChangeStep: another position of the line: the record's, or the
	// sequence of a race lesson.
	ChangeStep
	// ChangeMode: another mode (record, edit, lesson, race) was entered.
	ChangeMode
	// ChangeEdit: edit mode was entered or left, or the edited position,
	// the tool or the komi changed.
	ChangeEdit
	// ChangeLesson: a lesson was opened or left.
	ChangeLesson
	// ChangeEstimator: another estimator (its parameters change with it).
	ChangeEstimator
	// ChangeParams: a parameter value, or the preset applied.
	ChangeParams
	// ChangeOverlay: how the values are drawn.
	ChangeOverlay
	// ChangeResult: a new run is shown, or a run was asked for.
	ChangeResult
	// ChangeLatency: the update latency of the shown run was measured,
	// after every subscriber to its ChangeResult had run.
	ChangeLatency
	// ChangeRank: ranking was turned on or off, or a ranking was asked
	// for, progressed, was shown or was dropped.
	ChangeRank
	// ChangeFinal: the search for the record's final ownership started,
	// or ended (see FinalSearch).
	ChangeFinal
	// ChangeFixedPoint: the search for the fixed point of the run shown
	// started, ended or was dropped (see FixedPointCheck).
	ChangeFixedPoint
	// ChangeScoreDist: the sampling of the score distribution of the run
	// shown started, progressed, ended or was dropped (see ScoreDist).
	ChangeScoreDist
	// ChangeReference: the reference chosen, its settings, or its map of
	// the position shown (see Reference).
	ChangeReference
	// ChangeRace: the race mode's blocks, analysis, region chosen or
	// options changed (see RaceMode).
	ChangeRace
	// ChangeGraph: a curve of the game graph was asked for, progressed,
	// ended or was dropped, or what it shows was chosen (see Graph).
	ChangeGraph
	// ChangeCount: the count mode's judgement, marks or rules changed
	// (see CountMode).
	ChangeCount

	// ChangeAll is every part: what a panel is first shown with.
	ChangeAll = ChangeCount<<1 - 1
)

// runsOn are the parts a run of the estimator depends on: a change of any
// of them asks for a new run.
const runsOn = ChangeRecord | ChangeStep | ChangeMode | ChangeEdit | ChangeLesson | ChangeEstimator | ChangeParams | ChangeRace

// positionChanges are the parts that change the position shown: the
// reference follows them.
const positionChanges = ChangeRecord | ChangeStep | ChangeMode | ChangeEdit | ChangeLesson

// Store keeps settings between sessions. fyne.Preferences is one.
type Store interface {
	String(key string) string
	SetString(key, value string)
}

// load returns the value of key in s, "" without a store.
func load(s Store, key string) string {
	if s == nil {
		return ""
	}
	return s.String(key)
}

// save sets key to value in s, if there is a store.
func save(s Store, key, value string) {
	if s != nil {
		s.SetString(key, value)
	}
}
