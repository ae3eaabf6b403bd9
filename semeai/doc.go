// Package semeai judges capturing races (semeai) with combinatorial game
// theory, as Nakamura's "Evaluating territories of Go positions with
// capturing races" (seeds/004) teaches: each liberty region around the
// two essential blocks is played out into a liberty counting game, the
// games are summed and cooled by 2, and the cooled sum says who wins the
// race moving first and moving second, and which move gets the last
// profitable play (tedomari). Solve is an independent check: an
// exhaustive search of the race under the rules of Go, with no game
// theory.
//
// # Terms (the seed's)
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
// The seed's diagrams are lost, and its slides leave some things to the
// reader. What this package decides:
//
//   - Points in play are the empty points and the stones of loose chains:
//     chains other than the essential blocks with at most 2 liberties that
//     are not alive by Benson's test (throw-in stones, stones inside an
//     eye, cutting stones in atari). Every other chain is a wall, taken to
//     be safe: regions end at walls, and the region games never move on
//     wall points.
//   - A region's game is played on its points only, everything else as it
//     stands. Every legal move of both sides is played out (simple ko; a
//     move repeating a position of the line being played out is not
//     made, so that every line ends) until the defender's block has no
//     liberty left in the region. The attacker's move that takes that last
//     liberty is a leaf of value 0 and is legal even where the rest of the
//     board would make it suicide, since in the sum it is played when no
//     liberty is left elsewhere (the seed: "suicidal moves are forbidden
//     except for the last winning move"). The defender's filling of his
//     own last liberty in the region is not a move of the game.
//   - Terminal scores are assigned bottom up exactly as the seed says: at
//     a node of temperature ≤ 1 the defender's options are dropped, and
//     {|n} becomes n+1 ({−n|} becomes −n−1 for White). Three cases the
//     slides do not meet: when the attacker is then left without a move
//     the block cannot be captured in the region and the node is worth
//     AliveCount liberties; a defender's option worth AliveCount or more
//     (a move that makes the block uncapturable, as in a straight four) is
//     not a filling of his own liberty and is never dropped; and when the
//     attacker's options are not all numbers, his best one (the one below
//     all others, or failing that the one of least mean) plus one
//     liberty is taken, and the region is marked Irregular.
//   - When a region's liberties become plain liberties only (every empty
//     point a liberty of the block next to a wall of the attacker, every
//     stone in it the block's) its value is its number of empty points,
//     which is what the procedure gives there ("we can count the number
//     of liberties when they become plain liberties"); this is only a
//     shortcut.
//   - Shared regions: the seed assumes each summand has one essential
//     block. A shared region counts for the side with an eye when only one
//     side has one (the rule of thumb "shared liberties count for the side
//     with the eye"): its game is that block's liberty counting game. When
//     neither side or both have an eye, the shared liberties are liberties
//     of both blocks, so the region's game is the sum of its game for
//     Black and for White (0 for plain shared liberties), and the verdict
//     asks more of the capturer: with s shared liberties, a count of s − 1
//     (no eyes: the last shared liberty is the capturing move) or s (both
//     eyes: every shared liberty is filled first, each fill costing the
//     filler a liberty too). A count short of that on both sides is a
//     seki: Neither. An eye is an external region of the block that no
//     stone of the attacker touches.
//   - The verdict (Verdict) follows the seed's cases 1–3 on the cooled sum
//     g: the first player rounds g to an integer keeping the move, and
//     wins when the result is on his side of the threshold. A sum still
//     hot after cooling (a region where the defender can live) is played
//     out on its options until its cooled value is close to a number.
//   - Tedomari: the move, among all the first player's moves in all
//     regions, after which he still wins with the other side to move, in
//     the hottest region that has one.
//   - Territory (Territory): per region, Gwin and Glose are the region's
//     territory score supposing the defender wins or loses the whole race,
//     counted on the region's final position as area (points of the
//     region and the stones of the essential block next to it), see
//     territory.go.
//
// Ko is not a combinatorial game: a region with a ko is played out under
// simple ko and the repetition rule above, and Solve treats ko the same
// way; the two can then disagree, since neither models ko threats.
package semeai
