# The daily deal (bot/render/daily.py, bot/tables/service/daily.py): /smear daily and
# /salad daily, the same cards for everyone who plays on a day, and its boards. Results arrive
# already written ("+3", "240"); names and links arrive as they are shown.

name-daily = daily
cmd-smear-daily = Today's Smear deal: the same cards for everyone, against Expert computers
cmd-salad-daily = Today's Salad deal: the same cards for everyone, against Expert computers

daily-title = Daily { $game } — { $day }
daily-intro = **{ $name }** is playing today's { $game } deal: { $hands } hands against { $computers }. Everyone who plays it today gets the same cards in the same seat.
daily-hidden = The cards stay hidden here: play the same deal yourself with { $command } (once a day).
daily-table-title = Daily { $game } — hand { $hand } of { $hands }
daily-table-who = **{ $name }** is playing today's deal against { $computers }.
daily-scores-smear = Scores: { $scores }
daily-scores-salad = Penalty totals (lowest wins): { $scores }
daily-hand-over-title = Daily { $game } — hand { $hand } of { $hands } (over)
daily-stopped-here = The deal was stopped during this hand.
daily-final-title = Daily { $game } — { $day }: the result
daily-final-smear = **{ $name }** played today's deal to the end: **{ $result }** (their points minus the best computer's).
daily-final-salad = **{ $name }** played today's deal to the end: **{ $result }** penalty points (lower is better).
daily-final-stopped = **{ $name }** stopped after { $hands } of { $of } hands: **{ $result }** as it stood, ranked after everyone who played to the end.
daily-final-board = How everyone did, with par (what an Expert computer got in the same seat): the button below, or { $command }.
daily-board-button = Board of the day
daily-hand-done = Your daily deal is over: your result is **{ $result }**. The board of the day is one button away, on the result in the channel.

daily-board-day = Day
daily-board-week = Week
daily-board-title = Daily { $game } — board of { $day }
daily-board-how-smear = Your points minus the best computer's, highest first. **Par** is what an Expert computer got in your seat.
daily-board-how-salad = Your penalty total, lowest first. **Par** is what an Expert computer got in your seat.
daily-board-row = { $rank }. { $name } **{ $result }**
daily-board-left = (stopped after { $hands ->
    [one] { $hands } hand
   *[other] { $hands } hands
})
daily-board-you = ← you
daily-board-par = — 🤖 par **{ $result }** —
daily-board-par-pending = Par is still being worked out: look again in a minute.
daily-board-playing = Still playing: { $names }
daily-board-empty = Nobody has played it yet.
daily-week-title = Daily { $game } — week of { $first } to { $last }
daily-week-how = Each day's result against par, added up (a deal not played to its end never counts better than par).
daily-week-row = { $rank }. { $name } **{ $points }** ({ $days ->
    [one] { $days } day
   *[other] { $days } days
})
daily-week-pending = Some days' par is still being worked out: their results count once it is known.

daily-played = You have played today's deal: your result is **{ $result }**. One try a day; here is the board.
daily-playing = You are playing today's deal already: finish it at its table.
daily-playing-link = You are playing today's deal already: { $link }
daily-dealing = Your daily deal is being dealt: a moment.
daily-channel-busy = There is already a table in this channel: play your daily deal once this game is over.
daily-channel-busy-link = There is already a table in this channel ({ $link }): play your daily deal once this game is over.
daily-export-later = This is a daily deal: its record shows that day's cards, so you can have it once you have played that deal yourself, or from the next day (UTC).

daily-confirm-leave = Leave today's deal? It counts as your one try of the day, with your score as it stands.
daily-confirm-cancel = End this daily deal? It counts as its player's one try of the day, with the score as it stands.
daily-left = You left today's deal: your result counts as it stood.
daily-ended = The daily deal is over: its player's result counts as it stood.
daily-no-replace = A daily deal is played alone against the computers: leaving it (or /table cancel) ends it.
