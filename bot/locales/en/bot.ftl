# Everything the bot says, in English. Each language's bot.ftl has the same message ids with the
# same variables ($name, $count, ...); `make test` checks it. Numbers are formatted by Fluent,
# and plural forms are chosen with [one] / *[other] (each language has its own categories).

## Games, cards and names

game-smear = Cutthroat Canadian Smear
game-salad = Canadian Salad
game-smear-short = Smear
game-salad-short = Salad

rank-2 = 2
rank-3 = 3
rank-4 = 4
rank-5 = 5
rank-6 = 6
rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-J = J
rank-Q = Q
rank-K = K
rank-A = A

seat-computer = 🤖 { $name }
seat-away = { $name } (away)
nobody = nobody
on = on
off = off

bid-pass = pass
bid-n = bid { $bid }

timer-off = off
timer-seconds = { $seconds } s
timer-minutes = { $minutes } min

table-footer = table { $table }

## Computer levels (the lobby's "Add a computer" menu)

level-random = Random
level-random-about = Plays any legal card: for a laugh
level-easy = Easy
level-easy-about = A beginner's rules of thumb
level-normal = Normal
level-normal-about = Solid play; bids what its hand can make
level-hard = Hard
level-hard-about = Thinks ahead by trying out the deals it cannot see
level-expert = Expert
level-expert-about = The strongest: reads the bidding and plays the end exactly

## The lobby

lobby-title-open = { $game } — table open
lobby-title-started = { $game } — game started
lobby-title-closed = { $game } — table closed
lobby-host = Host: { $name }
option-seats = Seats: { $seats }
option-target = Target: { $value }
option-stuck_dealer = Stuck dealer: { $on }
option-turn-timer = Turn timer: { $timer }
option-coach = Coach on (Hint button; the game is unrated)
lobby-seat = { $n }. { $name }
lobby-seat-computer = { $n }. { $name } ({ $level })
lobby-seat-open = { $n }. (open)
lobby-invited = Invited back: { $people } — press Join.
lobby-help = The host starts once { $least } or more seats are taken; the game starts by itself when every seat is taken.
lobby-join = Join
lobby-leave = Leave
lobby-start = Start
lobby-cancel = Cancel
lobby-add-computer = Add a computer player…
lobby-remove-seat = Remove a seat (host or Manage Server)
lobby-remove-option = Seat { $n }: { $name }

## The table message

show-hand = Show my hand
line-dealer = Dealer: { $name }
line-trick = Trick { $n }: { $cards }
line-last-trick = Last trick: { $cards } → { $name } took it
line-scores = Scores: { $scores }
turn-bid = ▶ **{ $name }** to bid
turn-play = ▶ **{ $name }** to play
turn-timed-bid = ▶ **{ $name }** to bid (time runs out { $when })
turn-timed-play = ▶ **{ $name }** to play (time runs out { $when })
turn-computer-bid = ▶ { $name } is bidding
turn-computer-play = ▶ { $name } is playing
turn-away-bid = ▶ { $name }: the computer bids for them while they are away
turn-away-play = ▶ { $name }: the computer plays for them while they are away
hand-over-title = { $game } — hand { $hand } (over)
hand-over-below = This hand is over: the result is below.
table-closed-title = { $game } — table closed
table-closed-unrated = This game ended without a result: nothing counts for the leaderboard.

smear-table-title = Smear — hand { $hand }
smear-line-bids = Bids: { $bids }
smear-line-bidder = Bidder: { $name } bid **{ $bid }** · Trump: { $trump }
smear-trump-unknown = set by the first card led
smear-line-tally = So far — High: { $high } · Low: { $low } · Jack: { $jack } · Game counts: { $counts }
tally-open = ?
smear-line-needs = { $need ->
    [0] { $name } has all the points the bid needs (if the bid is made, every point counts).
    [one] { $name } needs 1 more point of High, Low, Jack and Game.
   *[other] { $name } needs { $need } more points of High, Low, Jack and Game.
}
smear-line-scores = Scores (to { $target }): { $scores }

salad-table-title = Salad — hand { $contract } of 6: { $name }
salad-line-rule = Penalty this hand: { $penalty }
salad-taken = { $name } { $tricks ->
    [one] 1 trick
   *[other] { $tricks } tricks
} ({ $penalty })
salad-line-taken = Taken this hand: { $taken }
salad-line-totals = Totals (lowest wins): { $scores }

salad-contract-1 = no tricks
salad-contract-2 = no hearts
salad-contract-3 = no queens
salad-contract-4 = no king of spades
salad-contract-5 = no last trick
salad-contract-6 = salad: all of them
salad-penalty-1 = 10 for each trick taken
salad-penalty-2 = 10 for each heart taken
salad-penalty-3 = 25 for each queen taken
salad-penalty-4 = 100 for taking the king of spades
salad-penalty-5 = 100 for taking the last trick
salad-penalty-6 = all five penalties at once

## Pings

ping-turn-bid = { $who }, your turn to bid in { $game }.
ping-turn-play = { $who }, your turn to play in { $game }.
ping-reminder-bid = { $who }, the table is waiting for your bid.
ping-reminder-play = { $who }, the table is waiting for your card.
ping-time = Time runs out { $when }.
ping-way-back = Your hand is at the bottom of the channel, or press Show my hand.

## Notes

note-timeout = ⏰ { $name }'s time ran out: the computer played { $move } for them.
note-timeout-autopilot = ⏰ { $name }'s time ran out again: the computer played { $move } and keeps playing for them until they click again.
note-back = { $name } is back.
note-left = { $name } left the table; { $computer } plays their seat.
note-replaced = { $by } handed { $name }'s seat to a computer: { $computer } plays it.
note-cancelled = The table was cancelled by { $who }. No result is recorded.
note-everyone-left = Everyone left the table: the game ends without a result (unrated).
note-host-left = The host left and nobody else had joined: the table is closed.
note-lobby-expired = This table closed after { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} without anyone joining or starting it.

## A hand (only its owner sees it)

smear-hand-head = **Your hand** — Smear hand { $hand }, seat { $seat }
salad-hand-head = **Your hand** — Salad hand { $contract } of 6: { $name } ({ $penalty }), seat { $seat }
smear-turn-bid = **Your turn to bid**: { $high }.
smear-turn-play = **Your turn to play.** { $trump }.
smear-wait-bid = Bidding: { $high }. Waiting for { $name }.
smear-wait-play = { $trump }. Waiting for { $name }.
hand-trick = Trick: { $cards }.
smear-no-bid-yet = no bid yet
smear-high-bid = the high bid is { $bid } ({ $name })
smear-trump = Trump { $suit }
smear-trump-first-card = Trump: the first card led sets it
smear-bid-help = A bid of 2, 3 or 4 promises that many of the hand's 4 points (High, Low, Jack, Game). Make it and you score all you take; fall short and you lose your bid. First to { $target } by making a bid wins.
bid-button-pass = Pass
bid-button = { $bid ->
    [2] Bid 2: take 2 of 4 points
    [3] Bid 3: take 3 of 4 points
   *[4] Bid 4: take all 4
}
salad-turn = **Your turn to play.**
salad-wait = Waiting for { $name }.
hand-game-over = The game is over.
hand-time-left = Your time runs out { $when }.
hand-empty = (no cards)
hand-refresh = Refresh
hand-hint = Hint
hand-expired = This view of your hand has expired (Discord allows 15 minutes). Press **Show my hand** on the table message to see it again.
hand-moved = Your hand moved down: the newest copy is below.
restriction-follow-or-trump = Follow { $led } or play trump { $trump }: the other cards are greyed out.
restriction-follow-trump = Trump { $suit } was led: follow with trump. The other cards are greyed out.
restriction-follow-suit = Follow { $led }: the other cards are greyed out.
stale-hand = That button was from hand { $hand }, which is over: nothing was played. Here is your hand now.
stale-move = The table moved on since that button was shown, so nothing was played. Here is your hand now.

## Engine refusals (with the rule of RULES.md)

illegal-follow-or-trump = You can't play that: you must follow { $led } or play trump { $trump } (rule { $rule }).
illegal-follow-trump = You can't play that: trump { $suit } was led, so you must play trump (rule { $rule }).
illegal-follow-suit = You can't play that: you must follow { $led } (rule { $rule }).
illegal-not-in-hand = You can't play { $card }: it is not in your hand (rule { $rule }).
illegal-bid-too-low = Your bid must be higher than { $bid } (rule { $rule }).
illegal-dealer-must-bid = Everyone else passed, so the dealer must bid (rule { $rule }).
illegal-bid-values = A bid is pass, 2, 3 or 4 (rule { $rule }).
illegal-bidding-not-over = The bidding is not over: pass or bid (rule { $rule }).
illegal-bidding-over = The bidding is over: play a card (rule { $rule }).
illegal-no-bidding = Salad has no bidding: play a card (rule { $rule }).
illegal-not-your-turn = It is not your turn (rule { $rule }).
illegal-game-over = The game is over (rule { $rule }).
illegal-not-dealt = The cards are not dealt yet (rule { $rule }).
illegal-already-dealt = The cards are already dealt (rule { $rule }).
illegal-bad-deal = That deal is not possible (rule { $rule }).
illegal-illegal = That move is not allowed (rule { $rule }).

## Results

smear-result-passed = **Hand { $hand }**: everyone passed. { $name } shuffles and deals again.
smear-result-head = **Hand { $hand }** — trump { $trump }. { $verdict }.
smear-made = **{ $name }** bid { $bid } and made it (+{ $points })
smear-set = **{ $name }** bid { $bid } and was set (−{ $bid }: { $points ->
    [0] no points taken
    [one] the 1 point taken counts for nothing
   *[other] the { $points } points taken count for nothing
})
smear-result-points = High: { $high } · Low: { $low } · Jack: { $jack } · Game: { $game } (counts: { $counts })
smear-point-card = { $name } ({ $card })
smear-jack-not-dealt = not dealt ({ $card })
smear-game-tie = nobody (a tie)
salad-result-head = **Hand { $contract } — { $name }** ({ $penalty })
salad-result-penalties = Penalties: { $penalties }

standings-title = { $game } — final standings
standings-line = { $place }. { $name } — { $score }
standings-by-hand = Score after each hand
standings-hand-column = Hand
standings-rematch = Rematch
standings-review = Review my game
standings-export = Export game record
standings-unrated-coach = The coach was on, so this game does not count for the leaderboard.
smear-won-by-target = 🏆 **{ $name }** wins: bid { $bid }, made it, and reached { $score } (the target is { $target }). Only the bidder can go out (rule S12).
smear-won-by-four = 🏆 **{ $name }** wins: made a bid of 4 with { $before ->
    [one] 1 point
   *[other] { $before } points
} before the hand. A made 4 wins outright from 1 point up (rule S13).
salad-won = { $count ->
    [one] 🏆 { $names } wins with the lowest total, { $total }.
   *[other] 🏆 { $names } share the win with the lowest total, { $total }.
}
chart-title = { $game }: score after each hand
chart-x = Hand
chart-y = Score

## Leaderboard and stats

board-title = **{ $game } leaderboard**
board-empty = No finished games yet.
board-row = { $rank }. { $name } — **{ NUMBER($rating, useGrouping: 0) }** · { $games ->
    [one] 1 game
   *[other] { $games } games
} · { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} ({ $rate }%){ $you ->
    [yes] {" "}← you
   *[no] {""}
}
board-you-unrated = You have no rated game here yet.
board-how = Everyone starts at 1000; winning moves you up, more when you beat stronger players. Games against computers count too: each level plays at a fixed strength. Coached games do not count.
stats-none = { $name } has not finished a game in this server yet.
stats-games = { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
} ({ $rate }%)
stats-bids = bids made { $made } of { $bids }
stats-average = average final score { $average }
stats-average-lowest = average total { $average } (lower is better)
stats-rating = rating { NUMBER($rating, useGrouping: 0) } (#{ $rank })
stats-form = last games { $form }

## Commands

name-smear = smear
name-salad = salad
name-start = start
name-rules = rules
name-seats = seats
name-target = target
name-stuck-dealer = stuck_dealer
name-turn-timer = turn_timer
name-coach = coach
name-table = table
name-hand = hand
name-leave = leave
name-cancel = cancel
name-replace = replace
name-export = export
name-player = player
name-leaderboard = leaderboard
name-game = game
name-stats = stats
name-show = show
name-forget = forget
name-settings = settings
name-language = language
name-my-language = my-language
name-forget-server = forget-server
cmd-smear = Cutthroat Canadian Smear (2-3 players)
cmd-salad = Canadian Salad (3-6 players)
cmd-smear-start = Open a Smear table in this channel
cmd-salad-start = Open a Salad table in this channel
cmd-smear-rules = The rules of Cutthroat Canadian Smear (only you see them)
cmd-salad-rules = The rules of Canadian Salad (only you see them)
opt-seats-smear = Number of players, 2 or 3 (default 3)
opt-seats-salad = Number of players, 3 to 6 (default 4)
opt-target = Points to win (default 11)
opt-stuck-dealer = The dealer must bid when everyone else passed (default off)
opt-turn-timer = Time for each turn before the computer plays for you (default 2 min)
opt-coach = A Hint button for everyone; the game does not count for the leaderboard
timer-choice-0 = off
timer-choice-30 = 30 s
timer-choice-60 = 1 min
timer-choice-120 = 2 min
timer-choice-300 = 5 min
cmd-table = The card table in this channel
cmd-hand = Your hand at this channel's table (only you see it)
cmd-table-leave = Leave the table; a computer takes your seat
cmd-table-cancel = Cancel the table (host or Manage Server)
cmd-table-replace = Hand a player's seat to a computer (host or Manage Server)
opt-replace-player = The player whose seat a computer takes
cmd-table-export = The record of this channel's last game (a JSON file)
cmd-leaderboard = This server's players by rating
opt-game = Which game (default: both)
cmd-stats = Players' records in this server
cmd-stats-show = A player's record in this server (only you see it)
opt-stats-user = Whose record (default: yours)
cmd-stats-forget = Delete your results and ratings from this bot
cmd-settings = The bot's settings
cmd-settings-language = The language of this server's tables (Manage Server)
cmd-settings-my-language = The language of your hands and answers
cmd-settings-forget-server = Delete everything this bot keeps about this server (owner or Manage Server)
opt-language-server = Language for tables in this server
opt-language-mine = Language for your hands and answers
language-auto = Automatic (from Discord)
settings-language-set = Tables in this server now speak { $language }.
settings-my-language-set = Your hands and answers now use { $language }.
settings-my-language-app-first = Saved: { $choice }. Your Discord app is in { $language }, which comes first while it is set to a language we speak; { $choice } is used whenever it is not.

## Answers

export-ready = The game record of table { $table } (the format is in the docs).
left-lobby = You left the table.
left-game = You left the table; a computer plays your seat and the game goes on.
left-last = You left. Nobody else was at the table, so the game ended without a result (unrated).
replaced = Done: a computer plays that seat now.
cancelled-done = The table is cancelled; no result is recorded.
confirm-leave = Leave this game? A computer takes your seat and plays it to the end; you cannot come back to this game.
confirm-leave-last = Leave this game? You are the last person at the table, so the game ends without a result (unrated).
confirm-leave-button = Leave the game
confirm-cancel = Cancel this game for everyone? It ends without a result; nothing counts for the leaderboard.
confirm-cancel-button = Cancel the game
confirm-replace = Hand { $name }'s seat to a computer? It plays that seat to the end of the game.
confirm-replace-button = Hand the seat to a computer
confirm-forget-me = Delete your results, ratings and settings from this bot, in every server? Your past games stay, with your name removed. This cannot be undone.
confirm-forget-button = Delete my data
confirm-forget-server = Delete everything this bot keeps about this server: its tables, games, results, leaderboard and settings? Live tables are cancelled. This cannot be undone.
confirm-forget-server-button = Delete this server's data
forgot-me = Done: your results ({ $games ->
    [one] 1 game
   *[other] { $games } games
}) and ratings are deleted.
forgot-server = Done: everything this bot kept about this server ({ $games ->
    [one] 1 game
   *[other] { $games } games
}) is deleted.

## Refusals

refusal-table-closed = That table is closed: its game is over or was cancelled.
refusal-wrong-channel = That button belongs to a table in another channel, so nothing was done.
refusal-restarting = The bot is restarting: try again in a moment.
refusal-starting-up = This table is starting up again, so nothing was played: try again in a moment.
refusal-database-busy = The bot's database is not answering right now, so nothing was played: try again in a moment.
refusal-already-started = This game has already started.
refusal-not-started = The game has not started yet.
refusal-not-saved = Sorry, that could not be saved, so nothing was changed. Please try again in a moment.
refusal-storage-lost = The bot's database is unavailable, so nothing was changed. The people who run the bot have been told.
refusal-unknown-game = The games are Smear and Salad.
refusal-seats = That game is for { $low } to { $high } players.
refusal-option = That option is not allowed: { $reason }.
refusal-timer = The turn timer is off, 30 s, 1 min, 2 min or 5 min.
refusal-table-here = There is already a table in this channel.
refusal-table-here-link = There is already a table in this channel: { $link }
refusal-table-here-reposted = There is already a game in this channel; its table message is posted again below.
refusal-seated-already = You already have a seat at this table.
refusal-full = This table is full.
refusal-no-seat = You have no seat at this table.
refusal-level = Pick a computer level from the menu.
refusal-take-seat-first = Take a seat first: only players at the table add computers.
refusal-host-only = Only the host or someone with Manage Server may do that.
refusal-seat-empty = That seat is already empty.
refusal-host-stays = The host's seat stays; to close the table, use Cancel.
refusal-too-few = This game needs at least { $least } players: wait for more, or add a computer.
refusal-not-seated = You are not seated at this table: only its players have a hand.
refusal-not-your-hand = That button is not from your hand, so it was not played.
refusal-not-your-turn = It is not your turn: waiting for { $name }.
refusal-illegal = { $reason }
refusal-not-a-move = That is not a card or bid of this game.
refusal-replace-person = Pick a person seated at this table.
refusal-rematch-not-over = A rematch opens once the game is over.
refusal-rematch-players = Only the players of that game can start its rematch.
refusal-rematch-open = There is already a table in this channel: join it.
refusal-export-live = The record shows every hand dealt, so it is available once the game is over.
refusal-no-record = That table has no game record.
refusal-no-game-here = No game has been played in this channel yet.
refusal-no-table = There is no table in this channel. Open one with /smear start or /salad start.
refusal-server-only = This works in a server channel.
refusal-manage-server = You need the Manage Server permission for that.
refusal-bad-option = That option is not valid here.
refusal-pick-one = Pick one from the menu.
refusal-unknown-button = That button is not one of mine (or is from an old version): nothing was done.
refusal-not-yours = That button is someone else's.
refusal-language = Pick a language from the list.
error-generic = Sorry, something went wrong on my side; nothing was changed. Please try again.

## Rules (/smear rules, /salad rules)

rules-smear =
    {""}**Cutthroat Canadian Smear** — 2 or 3 players, each for themselves; the first to the target (11 by default) wins.
    • **Deal**: 6 cards each. The deal passes left after each hand played.
    • **Bidding**: starting left of the dealer, each player once: pass, or bid higher (2, 3 or 4). A 4 ends the bidding. If everyone passes, the same dealer deals again (or, with *stuck dealer*, the dealer must bid).
    • **Play**: the bidder leads; the first card led sets **trump**. Follow suit or play trump; with none of the suit led, play anything. The highest trump wins the trick, else the highest card of the suit led.
    • **Points** (up to 4 a hand): **High** (the highest trump dealt, to who played it), **Low** (the lowest trump dealt, to who played it), **Jack** of trump (to who wins its trick), **Game** (the most card points won: A 4, K 3, Q 2, J 1, 10 ten; a tie gives nobody the point).
    • **Scoring**: the bidder scores all their points if they reach the bid, otherwise loses the bid (scores can go below zero). The others score what they took.
    • **Winning**: only the bidder can win, by making the bid and reaching the target, or by making a bid of 4 with at least 1 point before the hand.
    Press **Show my hand** (or use /hand) to see and play your cards.
rules-salad =
    {""}**Canadian Salad** — 3 to 6 players, each for themselves; six hands, and the **lowest** total wins.
    • **Deck**: all cards are dealt (3 players: without 2♣; 5: without 2♣ 2♦; 6: without 2♣ 3♣ 2♦ 3♦).
    • **Play**: left of the dealer leads; follow suit if you can, else play anything. No trump: the highest card of the suit led wins the trick and leads next.
    • **The hands**, in order (penalties): 1. no tricks — 10 per trick taken; 2. no hearts — 10 per heart; 3. no queens — 25 per queen; 4. no king of spades — 100; 5. no last trick — 100; 6. salad — all five at once.
    Hands 2 to 4 stop once every penalty card is taken. Players tied for the lowest total all win.
    Press **Show my hand** (or use /hand) to see and play your cards.

## The coach (a table option: Hint on your turn; Review my game after the game)

hint-line = 💡 Hint: { $move }. { $reason }
review-title = **Your game, reviewed**: the decisions that cost you most, in expected points.
review-line = Hand { $hand }, your decision { $decision }: you chose { $chosen }; better was { $better } (about { $loss ->
    [one] 1 point
   *[other] { $loss } points
}). { $reason }
review-none = No costly decision in this game: well played!
review-not-player = Only the players of that game have a review.
review-busy = Reviewing your game takes a few seconds…
refusal-coach-off = The coach is off at this table (choose it with `coach` when you open a table).
refusal-hint-not-your-turn = A hint is for your turn.
coach-bid-makes = Bid { $bid }: this hand makes it about { $chance }% of the time (trump { $suit }).
coach-bid-go-out = Bid { $bid }: making it wins the game, and this hand makes it about { $chance }% of the time.
coach-bid-stop = Outbid: the other bidder would win the game by making their bid.
coach-pass-weak = Pass: this hand makes a bid of { $bid } only about { $chance }% of the time.
coach-name-trump = Leading { $card } names { $suit } trump: your strongest suit.
coach-draw-trump = Lead trump ({ $card }) to pull the others' trumps.
coach-cash-winner = Lead { $card }: nobody can beat it.
coach-lead-low = Lead { $card }, a cheap card, and keep the strong ones.
coach-take-jack = Win this trick with { $card }: it holds the jack of trump.
coach-save-jack = Play the jack ({ $card }) where it wins its own trick.
coach-save-ten = Take the ten home with { $card }: it is worth 10 for Game.
coach-take-points = Win this trick with { $card }: it is worth { $points } for Game.
coach-trump-in = Trump in with { $card } to win the trick.
coach-duck = Let this trick go with { $card }.
coach-dump-low = Nothing to win here: throw { $card }, the card that costs least.
coach-dump-penalty = Drop { $card } on someone else's trick ({ $points } penalty points you will not take).
coach-shed-danger = You cannot follow: get rid of { $card }, the card most likely to win a trick later.
coach-take-safe = Take this trick with { $card }: it costs nothing and gives you the lead.
coach-take-cheap = Take the trick now with { $card }, while it costs least ({ $points }).
coach-lead-safe = Lead { $card }: it cannot take a penalty.
coach-only-move = It is the only card you may play.
coach-best-odds = The search found it the best, all things weighed.
