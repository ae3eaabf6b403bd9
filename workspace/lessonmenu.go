package workspace

import "strings"

// MenuEntry is an entry of the Lessons menu: a lesson, or a group of
// lessons under a name.
type MenuEntry struct {
	Label string
	// Lesson is the lesson's index in Lessons, for a lesson.
	Lesson int
	// Group lists the lessons of a group; nil for a lesson.
	Group []MenuEntry
}

// LessonMenu groups lessons by what their titles start with: "Open at
// one end: three points" is "three points" under "Open at one end". A
// title without a colon goes in a group named by a word or more it
// starts with ("Width two with a supporting stone" under "Width two"), or
// on its own. The entries are in the order of the lessons.
func LessonMenu(titles []string) []MenuEntry {
	var menu []MenuEntry
	group := func(name string) *MenuEntry {
		for k := range menu {
			if menu[k].Group != nil && menu[k].Label == name {
				return &menu[k]
			}
		}
		menu = append(menu, MenuEntry{Label: name, Group: []MenuEntry{}})
		return &menu[len(menu)-1]
	}
	for i, title := range titles {
		name, rest, ok := strings.Cut(title, ": ")
		if ok {
			g := group(name)
			g.Group = append(g.Group, MenuEntry{Label: rest, Lesson: i})
			continue
		}
		for k := range menu {
			if g := &menu[k]; g.Group != nil && strings.HasPrefix(title, g.Label+" ") {
				g.Group = append(g.Group, MenuEntry{Label: title, Lesson: i})
				ok = true
				break
			}
		}
		if !ok {
			menu = append(menu, MenuEntry{Label: title, Lesson: i})
		}
	}
	return menu
}
