# Records over time (bot/render/board.py, bot/render/chart.py, cogs/stats.py): the week's and
# the month's leaderboards, streaks and averages in /stats show, and the rating chart.

name-period = period
opt-period = Which period (default: all time)
period-week = this week
period-month = this month
period-all = all time
board-title-week = **{ $game } leaderboard, this week ({ $first } to { $last })**
board-title-month = **{ $game } leaderboard, this month ({ $first } to { $last })**
board-period-row = { $rank }. { $name } — **{ $wins ->
    [one] 1 win
   *[other] { $wins } wins
}** · { $games ->
    [one] 1 game
   *[other] { $games } games
} ({ $rate }%){ $you ->
    [yes] {" "}← you
   *[no] {""}
}
board-period-empty = No rated game finished in this period yet.
board-period-you-none = You have no rated game in this period yet.
board-period-how = Ranked by rated games won in the period, then win rate, then games played. Weeks start on Monday 00:00 UTC; months are calendar months in UTC. Coached games do not count.
stats-bids-set = bids made { $made } of { $bids }, set { $set }
stats-penalty-per-hand = average penalty per hand { $average }
stats-streaks = best streak { $best }, current streak { $current }
chart-rating-title = { $name }: rating after each rated game
chart-rating-x = Rated game
chart-rating-y = Rating
refusal-period = There is no such period: choose this week, this month or all time.
refusal-game = There is no such game: choose Smear or Salad.
