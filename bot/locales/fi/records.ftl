# Tulokset ajan mittaan: viikon ja kuukauden tulostaulut, putket ja keskiarvot /stats show
# -komennossa sekä luokituskaavio.

name-period = jakso
opt-period = Mikä jakso (oletus: kaikki ajat)
period-week = tämä viikko
period-month = tämä kuukausi
period-all = kaikki ajat
board-title-week = **{ $game }-tulostaulu, tämä viikko ({ $first } – { $last })**
board-title-month = **{ $game }-tulostaulu, tämä kuukausi ({ $first } – { $last })**
board-period-row = { $rank }. { $name } — **{ $wins ->
    [one] 1 voitto
   *[other] { $wins } voittoa
}** · { $games ->
    [one] 1 peli
   *[other] { $games } peliä
} ({ $rate } %){ $you ->
    [yes] {" "}← sinä
   *[no] {""}
}
board-period-empty = Tällä jaksolla ei ole vielä päättynyt yhtään luokiteltua peliä.
board-period-you-none = Sinulla ei ole vielä luokiteltua peliä tällä jaksolla.
board-period-how = Järjestys: jakson luokitellut voitot, sitten voittoprosentti, sitten pelien määrä. Viikko alkaa maanantaina klo 00.00 UTC; kuukausi on kalenterikuukausi UTC-ajassa. Valmennetut pelit eivät lasketa.
stats-bids-set = pidetyt tarjoukset { $made }/{ $bids }, kaatuneet { $set }
stats-penalty-per-hand = keskimääräinen sakko jakoa kohden { $average }
stats-streaks = pisin voittoputki { $best }, nykyinen putki { $current }
chart-rating-title = { $name }: luokitus jokaisen luokitellun pelin jälkeen
chart-rating-x = Luokiteltu peli
chart-rating-y = Luokitus
refusal-period = Tällaista jaksoa ei ole: valitse tämä viikko, tämä kuukausi tai kaikki ajat.
refusal-game = Tällaista peliä ei ole: valitse Smear tai Salad.
