# The review of a hand (bot/render/review.py): the cards dealt, the bidding, each trick and why it
# was won, and where each point came from. Every language's review.ftl has the same message ids
# with the same variables. Cards and suits arrive already written (A♠, ♥); names arrive as names.

hand-review-title = { $game } — hand { $hand }, reviewed
hand-review-title-salad = { $game } — hand { $hand } of 6 ({ $contract }), reviewed
hand-review-seat = Seat { $n }
hand-review-dealer = Dealer: { $name }
hand-review-penalty = Penalty this hand: { $penalty }
hand-review-dealt = Cards dealt
hand-review-bidding = Bidding
hand-review-bids = Bids: { $bids }
hand-review-no-turn = No turn after the 4: { $names }
hand-review-tricks = Tricks
hand-review-trick = { $n }. { $cards } → { $name }: { $why }
hand-review-trick-column = #
hand-review-not-played = Not played, the hand stopped early: { $cards }
hand-review-points = Points
hand-review-penalties = Penalties
hand-review-point-high = High
hand-review-point-low = Low
hand-review-point-jack = Jack
hand-review-point-game = Game
hand-review-game-counts = Card points for Game: { $counts }
hand-review-scores = Scores: { $scores }
hand-review-score = { $name } { $before } → { $after }
hand-review-penalty-line = { $name }: { $points } — { $items }
hand-review-penalty-none = { $name }: 0
hand-review-rule = { $text } (rule { $rule })

## Why a trick was won, in a few words (the list of tricks)

hand-review-why-highest-trump = highest trump
hand-review-why-only-trump = only trump
hand-review-why-highest-of-led = highest { $led }
hand-review-why-only-of-led = only { $led }
hand-review-why-highest-of-led-no-trump = highest { $led }, no trump
hand-review-why-only-of-led-no-trump = only { $led }, no trump

## Why, in full (the points, and the coach)

hand-review-reason-highest-trump = { $card } is the highest trump ({ $trump }) in the trick
hand-review-reason-only-trump = { $card } is the only trump ({ $trump }) in the trick
hand-review-reason-highest-of-led = { $card } is the highest card of the suit led ({ $led })
hand-review-reason-only-of-led = nobody else followed { $led }, so { $card } wins
hand-review-reason-highest-of-led-no-trump = nobody played trump ({ $trump }), and { $card } is the highest card of the suit led ({ $led })
hand-review-reason-only-of-led-no-trump = nobody else followed { $led } or played trump ({ $trump }), so { $card } wins
hand-review-reason-highest-bid = { $seat } made the highest bid, { $bid }, and is the bidder
hand-review-reason-bid-four = { $seat } bid 4, which ends the bidding at once
hand-review-reason-dealer-stuck = everyone else passed, so { $seat }, the dealer, had to bid: { $bid }
hand-review-reason-passed-out = everyone passed: { $seat } shuffles and deals again
hand-review-reason-trump-named = { $seat } led { $card } first, so { $suit } is trump
hand-review-reason-high = { $seat } played { $card }, the highest trump dealt
hand-review-reason-high-and-low = { $seat } played { $card }, the only trump dealt: it is both High and Low
hand-review-reason-low = { $seat } played { $card }, the lowest trump dealt
hand-review-reason-low-not-taker = { $seat } played { $card }, the lowest trump dealt: Low goes to who played it, not to { $winner }, who won the trick
hand-review-reason-jack-kept = { $seat } played { $card } and won its trick ({ $trick })
hand-review-reason-jack-captured = { $seat } won trick { $trick }, in which { $owner } played { $card }
hand-review-reason-jack-not-dealt = nobody: { $card } was not dealt
hand-review-reason-game-highest = { $seat } won the most card points, { $count } (next best: { $next })
hand-review-reason-game-tie = nobody: the most card points, { $count }, is a tie
hand-review-reason-made = { $seat } bid { $bid } and took { $points ->
    [one] 1 point
   *[other] { $points } points
}: made, and every point counts
hand-review-reason-set = { $seat } bid { $bid } but took { $points ->
    [0] no points
    [one] only 1 point
   *[other] only { $points } points
}: set, and loses { $bid }
hand-review-reason-won-target = { $seat } made the bid and reached { $score } (the target is { $target }): game won
hand-review-reason-won-four = { $seat } made a bid of 4 with { $before ->
    [one] 1 point
   *[other] { $before } points
} before the hand: game won
hand-review-reason-trick-taken = { $seat } took trick { $trick }
hand-review-reason-heart-taken = { $seat } took { $card } in trick { $trick }
hand-review-reason-queen-taken = { $seat } took { $card } in trick { $trick }
hand-review-reason-king-of-spades-taken = { $seat } took { $card } in trick { $trick }
hand-review-reason-last-trick-taken = { $seat } took the last trick ({ $trick })
hand-review-reason-ended-early = every penalty card was taken by trick { $trick }, so the hand stopped there

## A seat's penalties, summed up (Salad)

hand-review-sum-trick-taken = { $count ->
    [one] trick { $tricks }
   *[other] tricks { $tricks }
} ({ $points })
hand-review-sum-heart-taken = { $count ->
    [one] 1 heart
   *[other] { $count } hearts
} { $cards } ({ $points })
hand-review-sum-queen-taken = { $count ->
    [one] 1 queen
   *[other] { $count } queens
} { $cards } ({ $points })
hand-review-sum-king-of-spades-taken = the king of spades { $cards } ({ $points })
hand-review-sum-last-trick-taken = the last trick ({ $points })

## The menu of a game's hands

hand-review-choose = Review a hand…
hand-review-option-smear = Hand { $hand }: { $name } bid { $bid }, { $made ->
    [yes] made
   *[no] set
}
hand-review-option-passed = Hand { $hand }: everyone passed
hand-review-option-salad = Hand { $hand }: { $contract }
