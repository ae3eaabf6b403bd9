// Package semeai judges capturing races (semeai) with combinatorial game
// theory, as Nakamura's "Evaluating territories of Go positions with
// capturing races" (Nakamura 2008) teaches: each liberty region around the
// two essential blocks is played out into a liberty counting game, the
// games are summed and cooled by 2, and the cooled sum says who wins the
// race moving first and moving second, and which move gets the last
// profitable play (tedomari). That count is the explanation; the verdict
// is the search's where it settles the race: Settle plays the race out
// under the rules of Go, with no game theory (a depth-first search of
// two yes/no questions with a transposition table, taking turns with a
// proof-number search, life and death at its leaves, kos searched with each
// side winning them), and says who is captured, seki, both live or ko,
// with the first move that matters; where it stops at its limit, what it
// did settle (Bound).
// Analyze runs it before the count, which then has a few seconds to
// explain a race the search settled (Limits.CountTime); a caller that
// shows the search's answer while the count is made runs Analyze's
// halves itself (SearchRace, Searched.Count). Where the count
// cannot be made, the race is answered by the search alone
// (CountError, Refusal.Answered); where the two differ,
// Analysis.Differences names the region and the assumption of the
// count's model it breaks (Assumption). A wall is taken for safe, and
// the search never plays beyond the regions; so where one move there, on
// the last liberty outside them of a wall that Benson's test does not
// find alive, changes the end the search found, the answer depends on
// play elsewhere on the board, and SearchRace and SearchBoth refuse the
// race (RefusedWallBeyond), saying both ends; where that check stops at
// its limit, the end stands and the move is noted (Search.Unchecked,
// Report.UncheckedLine). Every refusal has a reason code (RefusalCode,
// RefusalCodeOf). Solve, SearchBoth and CheckMove are Settle's answers
// in the shape the callers used before it.
//
// # Terms (the paper's)
//
// An essential block is a chain whose capture decides the race; a race
// has one Black and one White (NewRace takes a stone of each; Find
// proposes them: opposing chains that touch or share a liberty, 1 to
// MaxFoundLiberties liberties each, neither alive by Benson's test, with
// enclosed regions preferred). A liberty region is a maximal 4-connected
// set of points in play that touches an essential block; it is external
// when only one essential block borders it, shared when both do. A plain
// liberty is a liberty next to a stone of the attacker, which the
// attacker fills without an approach move. In an external region the
// owner of the block is the defender and the other side the attacker.
//
// # Judgement calls
//
// The paper's diagrams are lost, and its slides leave some things to the
// reader. What this package decides:
//
//   - Points in play are the empty points and the stones of loose chains:
//     chains other than the essential blocks, not alive by Benson's test,
//     that have at most 2 liberties (throw-in stones, cutting stones in
//     atari) or lie inside an eye of a block, an area of at most
//     DefaultMaxPoints points bordered by that block's stones alone
//     (stones played inside a big eye, whatever their liberties), or that
//     touch a region and have every liberty outside the regions next to
//     a wall of the opponent's, in an area that only the opponent's
//     stones and the chain enclose, the chain and those areas holding at
//     most DefaultMaxEmpty points (his corner or pocket: he fills those
//     liberties at leisure, joining his walls), the areas then joining
//     the region. Every other chain is a wall, taken to be safe: regions
//     end at walls, and the region games never move on wall points.
//   - A region's game is played on its points only, everything else as it
//     stands (in particular the blocks keep their liberties in the other
//     regions). Every legal move of both sides is played out (simple ko;
//     a move repeating a position of the line being played out is not
//     made, so that every line ends) until the defender's block has no
//     liberty left in the region. The attacker's move that takes that last
//     liberty is a leaf of value 0 when it is legal on the board. The
//     defender's filling of his own last liberty in the region is not a
//     move of the game.
//   - Two cases the paper's trees do not meet, where the last liberty of a
//     region cannot simply be taken. (a) The attacker's stone there would
//     be a suicide until it captures (an eye point): the paper's rule
//     ("suicidal moves are forbidden except for the last winning move")
//     makes it the capture, 0, when the defender has no move there; when
//     he has one (he can capture stones to gain liberties, say), the
//     attacker cannot take the liberty early and the defender keeps his
//     move for when he must play it, a tempo late: the attacker's option
//     is the defender's best option less 2, which the rule {|n} → n+1
//     turns into that option less 1, but never less than the node is
//     worth without the move (1 while the capture is still to be played,
//     0 once the liberty is filled), since the defender need not play
//     it: a two-point eye whose first point the attacker has filled
//     counts 1, the capture of that stone bringing back one point only. Such options are marked LastOnly and
//     are never proposed as moves. (b) The attacker's filling stone is
//     legal (it has liberties of its own) but the defender can capture
//     stones in the region to take liberties back: the position is not a
//     leaf; it is valued as in (a). Without these two rules the
//     brute-force solver disagreed with the verdict on pockets with
//     captures inside; with them it agrees on every race of the tests.
//   - Threats to live: a defender's move that does not make his block
//     uncapturable but threatens to (a line where he moves again reaches a
//     count of life, AliveCount/2 or more) is answered by the attacker at
//     once: it is a move in sente, worth the count the answer leaves (its
//     stop with the attacker moving first), and is not an option of the
//     node. The node counts that, where it is more than the node is worth
//     without such moves and the defender can do no better moving first.
//     Kept as options, such threats made the nodes of a dead eye shape hot
//     with AliveCount in them: a squared four, dead whoever moves first,
//     cooled to 5 plus a tiny instead of 5.
//   - Repetitions: a value found under the ban on repeating the line above
//     depends on that line (the graph history problem). The region games
//     remember it all the same, since forgetting such values makes a
//     region with captures and recaptures exponential, and count it in
//     RegionValue.Cycles; the solver does not remember such results. A
//     region's game can so depend on the order in which its points are
//     tried (the order of Region.Points): tried the other way round, 22 of
//     2,925 region games of the tests differ, the paper's second {4|0}
//     pocket (races_test.go) becoming {5|0}. For the same reason the search
//     of one region is neither pruned nor split across cores. Against the
//     exact game under the ban (exact_test.go: every line played out, a
//     value remembered only with the keys of the line it can meet again),
//     the order used gives the exact game on the {4|0} pockets, the White
//     {0|-4} race, the nearest to {6|{4|0}} and every lesson's region but
//     one: the four-row pocket taken for the paper's {{6|3}|1} (nakamura_test.go,
//     lesson 10) is exactly {4|1} (2½ cooled, not 2¾), in either order. Of
//     1,376 region games (the test races, the lessons' positions, random
//     pockets), 16 differ from the exact ones. Remembering only the values
//     that met no position of the line above them is not exact either
//     (such a value is reused under lines holding positions it reaches);
//     remembering only those that met no repetition at all is, but is
//     exponential.
//   - A block that joins a wall of its own colour with a liberty outside
//     every region of the race (a safe wall) can no longer be captured in
//     the race: such a position is worth AliveCount to the defender, and
//     a defender's move that fills his block's last liberty in the region
//     is a move of its game when it joins such a wall. A wall whose
//     liberties all lie in the race's regions, as a stone inside a pocket,
//     is not safe: its liberties are counted with the regions'. Without
//     this the paper's model, whose walls are taken as safe but whose
//     blocks are not, called races where a block connects out (found
//     where the search disagreed on real games' races).
//   - When both blocks live whoever moves first, each in a region whose
//     cooled game is a count of life for its side, neither can be
//     captured (Verdict.BothLive, outcomes Neither): the two counts of
//     life cancel in the sum, which is then not read as a count.
//   - When a region's liberties become plain liberties only (every empty
//     point a liberty of the block next to a wall of the attacker and to
//     no safe wall of the block's colour, which the block would join by
//     playing there; every stone in it the block's) its value is its
//     number of empty points, which is what the procedure gives there
//     ("we can count the number of liberties when they become plain
//     liberties"); this is only a shortcut.
//   - Shared regions: the paper assumes each summand has one essential
//     block. A shared region counts for the side with an eye when only one
//     side has one (the rule of thumb "shared liberties count for the side
//     with the eye"), or with a big eye, of 4 points or more, against a
//     small one (the textbooks' "big eye against small eye": the other side
//     cannot fill the shared liberties before the big eye's, whose count
//     outgrows its points): its game is that block's liberty counting game.
//     Otherwise the shared liberties are liberties
//     of both blocks, so the region's game is the sum of its game for
//     Black and for White (0 for plain shared liberties), and the verdict
//     asks more of the capturer: with s shared liberties, a count of s − 1
//     (no eyes: the last shared liberty is the capturing move) or s (both
//     eyes: every shared liberty is filled first, each fill costing the
//     filler a liberty too). A count short of that on both sides is a
//     seki: Neither. An eye is an external region of the block that no
//     stone of the attacker outside it touches (stones of his inside it
//     are in play, and the block can capture them). With a three-point
//     eye the search finds the shared liberties counting for both, as
//     with a small eye (TestEyeShapesShared). A shared region given to the side
//     with an eye is played for the other block too, and where that block
//     can live in it moving first (its game there, cooled, reaches a count
//     of life) it counts for both blocks after all: the rule of thumb
//     takes it that the other block cannot live there (see sharedLife).
//     The sum of a region's two games can hide a block's life there, so
//     the blocks both live (Verdict.BothLive) also where each lives in a
//     region of its own or by its own game in a shared one, whoever moves
//     first, or in two such regions where a move of its lives (miai: the
//     other side can take away one), the regions of the two blocks
//     different (see livesApart). The sum can hide a life in one move too: a
//     side moving first whose block the sum has captured, but which has a
//     move in its own game of a region (one it defends, or its part of one
//     counting for both) after which that game is a count of life, lives
//     instead, and neither block is captured (Verdict.BlackLives); its
//     move is that one. The rule is applied to the verdicts after each
//     first move too, so a tedomari that leaves the other side such a
//     move does not win; and where the sum has a side moving first
//     capture but, so judged, none of its moves captures, it reaches the
//     best end those verdicts give (see livesAfter).
//   - A block in atari whose last liberty the other side may take now is
//     captured by that side moving first, whatever the sum says
//     (Analysis.captureAtOnce): the sum still counts the liberties another
//     region's game would give the block, which the capture ends. So
//     the side whose block it is, moving first, must give it a second
//     liberty at once (or leave its last where a ko forbids the other
//     side to play) unless it takes the other's block first: a move that
//     does not loses the block, and its outcome is the best end of the
//     moves that do, judged after each (Analysis.escape, Move.Saves).
//   - A side moving first whose block the verdict still has captured, but
//     which has a move after which its block is alive on the board by
//     Benson's algorithm, lives instead (Verdict.BlackLives, its move that
//     one; Analysis.livesOnBoard): the regions' games take a wall whose
//     liberties all lie in a region for one the attacker may fill, and so
//     miss the eyes a move makes with it (a capture that splits the
//     wall's region in two). A first move after which the other side
//     has such a move does not win (Race.livesOnBoardAfter, in tedomari).
//   - The verdict (Verdict) follows the paper's cases 1–3 on the cooled sum
//     g: the first player rounds g to an integer keeping the move, and
//     wins when the result is on his side of the threshold. A sum still
//     hot after cooling (a region where the defender can live) is played
//     out on its options until its cooled value is close to a number.
//   - Tedomari: the move, among all the first player's moves in all
//     regions, after which he still wins with the other side to move, in
//     the hottest region that has one.
//   - Territory (Analysis.Territory): territory counting, as the paper
//     counts (its 13 captured stones count 26): each side's empty points
//     and the stones it captures, a captured stone 2 (a point and a
//     prisoner), a living one 0; Black positive, games cooled by 1 as the
//     paper gives them. Per region, Gwin supposes the region's defender
//     wins the whole race: the region is his, its empty points and the
//     attacker's stones, which end captured, but for the points the
//     attacker's stones reach from a wall of his (RegionTerritory.Open):
//     his stone there joins the wall and lives whoever wins, and the point
//     is not the defender's (lesson 01's Black liberties, along White's
//     wall, were counted Black's where the board after its correct
//     sequence has White's stones on them). Glose supposes he loses: the
//     paper's formula Cool(Glose, 1) = BaseValue + Cool(Glc, 2), with
//     BaseValue the region as the attacker's (its empty points and the
//     defender's stones) and the cooled liberty count the moves the
//     attacker makes inside his own territory to capture. The race's
//     winner (from the Glc sum, with the position's side to move) picks
//     Gwin or Glose per region; a region counting for both blocks is left
//     to neither; the loser's essential block is the winner's prisoners
//     and points, and in a seki neither block counts. Semedori are the
//     first moves, of either side, in any region, that leave the winner
//     as he is but change this count, less the attacker's plain
//     fills (the race itself), LastOnly options, and moves gaining a
//     quarter of AliveCount or more (they make a block live, and the
//     count then mixes AliveCount into the points).
//   - Limits: a region with more than MaxEmpty empty points or MaxPoints
//     points with its loose stones is refused with its size and the limit
//     (ErrTooLarge), as is one that needs more than MaxNodes positions,
//     and a race whose games and sums need a table of more than MaxGames
//     entries (some 300 bytes each): in real games a region where a block
//     can live gives games mixing AliveCount with small counts, whose sums
//     grow fast (the comparisons are a cache of fixed size, which forgets
//     rather than refuses). A region's refusal is a RegionError,
//     which says which region, and says when a line of play there lets
//     the block live. A region whose game comes out as a count for the
//     attacker (above 0 for a White defender, below for a Black one) is
//     refused too, with ErrUnsound: the two rules above for a last
//     liberty taken by a capture add a tempo each, and in a region where
//     captures and recaptures follow one another they can add up past
//     the capture itself (TestJoinedWall, a real game's corner, until its
//     block's joining a safe wall was counted). None
//     of the tests' races, lessons or pockets does this. A refused race
//     can still be searched: SolveBoth says who captures with each side
//     moving first, without values, and SearchBoth also by what first
//     move.
//     Its alpha-beta cut settles many real races at once (a block with
//     one liberty left, or no way to gain one), since a search need not
//     value every position as the paper's procedure must; others stop at
//     its own limit of positions (QuickSearchNodes). The app and 'moyo
//     semeai' also check each verdict with it (CheckNodes): on real
//     games' races the two disagree where the paper's model does not hold
//     (an essential block that connects out to a wall, or lives), and
//     the search, which plays the race out under the rules, is the one
//     to trust. Where the two agree, CheckMove searches the count's
//     tedomari, which the paper's model can get wrong in a shared region
//     while right about the outcome. Analyze, Territory and Solve stop
//     with the context's error when it is cancelled, within milliseconds
//     (the tables check it as they work, see cgt.Table.Interrupt).
//
// Positions are keyed, in both engines, by the stones on the region's
// points, the captive stones still on the board and the ko point. The
// captive stones were once left out of the key (their points are no
// one's to play), and a position with a captive chain taken shared its
// memo entry with the same one with the chain on the board: on the
// pocket of TestCaptiveAlias the engines' game was smaller than the game
// tree played out in full, with no repetition met.
//
// Ko is not a combinatorial game: a region with a ko is played out under
// simple ko and the repetition rule above. Settle searches a race with
// a ko twice, once with each side able to retake it at once (as after an
// exchange of ko threats), and reports a ko where the two ends differ.
package semeai
