# Learn to play (/smear learn, /salad learn): a first game against computers, the coach explaining
# each step in one sentence that cites its rule in RULES.md (docs/rules.md).
name-learn = learn
cmd-smear-learn = Your first game of Smear: you and 2 computers, the coach explains every step
cmd-salad-learn = Your first game of Salad: you and 3 computers, the coach explains every step
option-learn = Learning to play: the coach explains every step on your hand
learn-nobody = nobody
learn-penalty = { $name } { $points }

# Your turn to bid (Smear)
learn-bid-open = 🎓 A bid of 2, 3 or 4 promises that many of the hand's 4 points (High, Low, Jack, Game): the highest bidder leads and names trump, and if they take fewer points the bid comes off their score (S10).
learn-bid-raise = 🎓 { $bid } is bid already: bid { $lowest } or more to promise that many of the 4 points (High, Low, Jack, Game) and name trump yourself, or pass (S1).
learn-bid-last = 🎓 Everyone else passed: bid { $lowest } or more to name trump and promise that many of the 4 points (High, Low, Jack, Game), or pass and the cards are dealt again (S2).
learn-bid-dealer-must = 🎓 Everyone else passed, so you, the dealer, must bid at least { $lowest } and promise that many of the 4 points (High, Low, Jack, Game) (S2).

# Why cards are greyed out
learn-follow-or-trump = 🎓 The grey cards can't be played: you hold { $led }, the suit led, so you must follow it or play trump { $trump } (S4).
learn-follow-trump = 🎓 The grey cards can't be played: trump { $suit } was led and you hold trump, so you must play trump (S4).
learn-follow-suit = 🎓 The grey cards can't be played: you hold { $led }, the suit led, so you must follow it (C3).

# Who won the last trick, and why
learn-highest-trump = 🎓 Trick { $trick }: { $seat } won with { $card }, the highest trump ({ $trump }) in it (S5).
learn-only-trump = 🎓 Trick { $trick }: { $seat } won with { $card }, the only trump ({ $trump }) in it (S5).
learn-highest-of-led-no-trump = 🎓 Trick { $trick }: nobody played trump ({ $trump }), so { $seat } won with { $card }, the highest card of the suit led ({ $led }) (S5).
learn-only-of-led-no-trump = 🎓 Trick { $trick }: nobody else followed { $led } or played trump ({ $trump }), so { $seat } won with { $card } (S5).
learn-highest-of-led = 🎓 Trick { $trick }: { $seat } won with { $card }, the highest card of the suit led ({ $led }) (C3).
learn-only-of-led = 🎓 Trick { $trick }: nobody else followed { $led }, so { $seat } won with the card led, { $card } (C3).

# How the last hand was scored
learn-made = 🎓 Hand scored: High to { $high }, Low to { $low }, Jack to { $jack }, Game to { $game }; { $bidder } bid { $bid } and took { $points }, so keeps them all (S6-S9, S10).
learn-set = 🎓 Hand scored: High to { $high }, Low to { $low }, Jack to { $jack }, Game to { $game }; { $bidder } bid { $bid } but took only { $points }, so is set and loses { $bid } (S6-S9, S10).
learn-passed-out = 🎓 Everyone passed, so { $seat } deals again (S2).
learn-penalties = 🎓 Hand { $contract } ({ $name }) scored these penalty points: { $list } (C5).
