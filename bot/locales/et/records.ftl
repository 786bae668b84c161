# Tulemused ajas: nädala ja kuu edetabelid, seeriad ja keskmised käsus /stats show ning
# reitingu graafik.

name-period = periood
opt-period = Milline periood (vaikimisi: kogu aeg)
period-week = see nädal
period-month = see kuu
period-all = kogu aeg
board-title-week = **{ $game } edetabel, see nädal ({ $first } kuni { $last })**
board-title-month = **{ $game } edetabel, see kuu ({ $first } kuni { $last })**
board-period-row = { $rank }. { $name } — **{ $wins ->
    [one] 1 võit
   *[other] { $wins } võitu
}** · { $games ->
    [one] 1 mäng
   *[other] { $games } mängu
} ({ $rate }%){ $you ->
    [yes] {" "}← sina
   *[no] {""}
}
board-period-empty = Selles perioodis pole veel ühtegi reitingumängu lõppenud.
board-period-you-none = Sul pole selles perioodis veel ühtegi reitingumängu.
board-period-how = Järjestus: perioodi reitingumängude võidud, siis võiduprotsent, siis mängude arv. Nädal algab esmaspäeval kell 00:00 UTC; kuu on kalendrikuu UTC järgi. Treeneriga mängud ei lähe arvesse.
stats-bids-set = täidetud pakkumised { $made }/{ $bids }, kukkunud { $set }
stats-penalty-per-hand = keskmine karistus jaotuse kohta { $average }
stats-streaks = pikim võiduseeria { $best }, praegune seeria { $current }
chart-rating-title = { $name }: reiting pärast iga reitingumängu
chart-rating-x = Reitingumäng
chart-rating-y = Reiting
refusal-period = Sellist perioodi pole: vali see nädal, see kuu või kogu aeg.
refusal-game = Sellist mängu pole: vali Smear või Salad.
