package estimators

import "strings"

// Paper is a published text an estimator follows, cited as the app shows
// it to a reader who has none of moyo's source texts. Empty fields are left
// out of the citation.
type Paper struct {
	// Authors as the text names them: "David H. Stern, Thore Graepel,
	// David J. C. MacKay".
	Authors string
	// Title of the text, without quotes.
	Title string
	// Year, or years, of publication: "2004", "2009–2010".
	Year string
	// Where it appeared: a journal, proceedings, institution or site.
	Where string
	// Section of the text the estimator follows: "§3".
	Section string
	// URL where the text can be read, or "" when moyo knows of none.
	URL string
	// Short names the text in a few words, for the preset of its
	// settings: "Stern, Graepel & MacKay 2004".
	Short string
}

// Cite writes the paper as a reference: authors, “title”, where, year,
// section, as in "David H. Stern, Thore Graepel, David J. C. MacKay,
// “Modelling Uncertainty in the Game of Go”, Advances in Neural
// Information Processing Systems 17 (NIPS 2004), 2004, §2–4".
func (p Paper) Cite() string {
	var parts []string
	add := func(s string) {
		if s != "" {
			parts = append(parts, s)
		}
	}
	add(p.Authors)
	if p.Title != "" {
		add("“" + p.Title + "”")
	}
	add(p.Where)
	add(p.Year)
	add(p.Section)
	return strings.Join(parts, ", ")
}

// The texts the estimators of this package follow, with the section each
// takes. (Stern, Graepel and MacKay's, which the random fields follow, is
// cited in package randfield.)

// symmetryArticle is the article on control estimates from symmetry that
// propagate and symmetric follow: moyo's copy lost its title page, so its
// author and title are not known.
func symmetryArticle(section string) Paper {
	return Paper{
		Where:   "an article on control estimates derived from symmetry, of unknown author and title (see Sources in the README)",
		Section: section,
		Short:   "the article on control from symmetry",
	}
}

// wolfSEDS is Thomas Wolf's static evaluation by a dynamical system.
func wolfSEDS(section string) Paper {
	return Paper{
		Authors: "Thomas Wolf",
		Title:   "A Dynamical Systems Approach for Static Evaluation in Go",
		Where:   "ZIB-Report 10-15, Zuse Institute Berlin",
		Year:    "2010",
		Section: section,
		URL:     "http://lie.math.brocku.ca/twolf/papers/WoSE2010/",
		Short:   "Wolf 2010",
	}
}

// gnuGoManual is the GNU Go manual's chapter on its influence function.
func gnuGoManual(section string) Paper {
	return Paper{
		Authors: "the GNU Go team",
		Title:   "Influence Function",
		Where:   "GNU Go 3.8 documentation, chapter 13",
		Section: section,
		URL:     "https://www.gnu.org/software/gnugo/gnugo_13.html",
		Short:   "GNU Go 3.8 manual",
	}
}
