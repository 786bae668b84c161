# Mga rekord sa paglipas ng panahon: ang leaderboard ng linggo at ng buwan, sunod-sunod na
# panalo at mga average sa /stats show, at ang tsart ng rating.

name-period = panahon
opt-period = Aling panahon (default: lahat ng panahon)
period-week = ngayong linggo
period-month = ngayong buwan
period-all = lahat ng panahon
board-title-week = **Leaderboard ng { $game }, ngayong linggo ({ $first } hanggang { $last })**
board-title-month = **Leaderboard ng { $game }, ngayong buwan ({ $first } hanggang { $last })**
board-period-row = { $rank }. { $name } — **{ $wins } panalo** · { $games } laro ({ $rate }%){ $you ->
    [yes] {" "}← ikaw
   *[no] {""}
}
board-period-empty = Wala pang natapos na rated na laro sa panahong ito.
board-period-you-none = Wala ka pang rated na laro sa panahong ito.
board-period-how = Nakaayos ayon sa mga rated na larong napanalunan sa panahong ito, sunod ang porsiyento ng panalo, sunod ang bilang ng laro. Nagsisimula ang linggo tuwing Lunes 00:00 UTC; ang buwan ay buwan ng kalendaryo sa UTC. Hindi binibilang ang mga larong may coach.
stats-bids-set = natupad na bid { $made } sa { $bids }, nabigo { $set }
stats-penalty-per-hand = karaniwang multa bawat kamay { $average }
stats-streaks = pinakamahabang sunod na panalo { $best }, kasalukuyang sunod { $current }
chart-rating-title = { $name }: rating pagkatapos ng bawat rated na laro
chart-rating-x = Rated na laro
chart-rating-y = Rating
refusal-period = Walang ganyang panahon: piliin ang ngayong linggo, ngayong buwan o lahat ng panahon.
refusal-game = Walang ganyang laro: piliin ang Smear o Salad.
